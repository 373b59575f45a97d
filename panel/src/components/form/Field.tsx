import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

interface FieldFrameProps {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
}

/** Label, control and its message, wired together for assistive technology. */
function FieldFrame({
  label,
  error,
  hint,
  required,
  className,
  children,
}: FieldFrameProps & { children: (ids: { id: string; describedBy?: string }) => ReactNode }) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        {required && (
          <span className="text-red-700 dark:text-red-400" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, describedBy: message ? messageId : undefined })}
      {message && (
        <p
          id={messageId}
          className={`mt-1.5 text-xs ${error ? 'font-medium text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
          data-testid={error ? 'field-error' : undefined}
        >
          {message}
        </p>
      )}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  className,
  ...input
}: FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={input.required} className={className}>
      {({ id, describedBy }) => (
        <input
          id={id}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className,
  children,
  ...select
}: FieldFrameProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={select.required} className={className}>
      {({ id, describedBy }) => (
        <select
          id={id}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...select}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={textarea.required} className={className}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          className="input min-h-24"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}
