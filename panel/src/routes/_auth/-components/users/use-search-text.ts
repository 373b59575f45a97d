import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A search box's text kept in the URL. The box shows local state, so typing never waits for the router; what the
 * URL says is adopted only when it changes for another reason (a link, back and forward), not when it catches up
 * with what was typed.
 */
export function useSearchText(urlValue: string, pushToUrl: (value: string) => void) {
  const [text, setText] = useState(urlValue);
  // Values sent to the URL and not yet seen back, oldest first.
  const pending = useRef<string[]>([]);

  useEffect(() => {
    const index = pending.current.indexOf(urlValue);
    if (index >= 0) {
      pending.current.splice(0, index + 1);
      return;
    }
    pending.current = [];
    setText(urlValue);
  }, [urlValue]);

  const change = useCallback(
    (value: string) => {
      setText(value);
      pending.current.push(value);
      pushToUrl(value);
    },
    [pushToUrl],
  );

  return [text, change] as const;
}
