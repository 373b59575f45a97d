// The pieces the React form islands (sign-in, password reset) share, so they look and behave alike.

export const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';
export const inputClass =
  'mt-1.5 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-500 hover:border-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-600 aria-invalid:ring-2 aria-invalid:ring-red-600/20 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400 dark:hover:border-slate-500 dark:focus:border-brand-400 dark:focus:ring-brand-400/30 dark:aria-invalid:border-red-400';

export function Spinner() {
  return (
    <svg className="size-5 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A failure the visitor must read: announced at once (role="alert"). */
export function ErrorAlert({ id, message }: { id?: string; message: string }) {
  return (
    <div
      id={id}
      role="alert"
      className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
    >
      <svg
        className="mt-0.5 size-5 shrink-0"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M12 3.5 21.5 20h-19Z" />
        <path d="M12 10v4.5" />
        <path d="M12 17.5h.01" />
      </svg>
      <p>{message}</p>
    </div>
  );
}
