import { type ReactNode } from 'react';

/** A centred message for states that replace the whole page (loading, redirecting). */
export function FullPageMessage({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className="flex min-h-screen items-center justify-center p-8" role="status" aria-busy={busy}>
      <div className="flex items-center gap-3 text-slate-600 dark:text-slate-300">
        {busy && (
          <span
            className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600 dark:border-slate-700 dark:border-t-brand-300"
            aria-hidden="true"
          />
        )}
        <p className="text-sm font-medium">{children}</p>
      </div>
    </div>
  );
}
