import { type ReactNode } from 'react';

/** A screen's title with its counts on the left and its own actions on the right. */
export function PageHeading({ title, summary, actions }: { title: string; summary?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {summary && (
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="page-summary">
            {summary}
          </p>
        )}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
