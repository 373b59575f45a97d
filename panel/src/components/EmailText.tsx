import { Fragment } from 'react';

/**
 * An email address that wraps where a reader expects: after the @ and the dots (never in the middle of a name, as
 * `break-all` did), and only inside a part when that part alone is wider than its box.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
