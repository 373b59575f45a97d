import { type ReactNode } from 'react';
import { StrokeIcon } from './StrokeIcon';

/** What a list shows when it has nothing: why, and (optionally) what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div
      className="card flex flex-col items-center justify-center gap-3 px-8 py-16 text-center"
      data-testid="empty-state"
    >
      <StrokeIcon className="size-10 text-slate-400 dark:text-slate-500" strokeWidth={1.4}>
        <path d="M20.25 7.5l-.625 10.632a2.25 2.25 0 0 1-2.247 2.118H6.622a2.25 2.25 0 0 1-2.247-2.118L3.75 7.5m8.25 3v6.75m0 0-3-3m3 3 3-3M3.375 7.5h17.25c.621 0 1.125-.504 1.125-1.125v-1.5c0-.621-.504-1.125-1.125-1.125H3.375c-.621 0-1.125.504-1.125 1.125v1.5c0 .621.504 1.125 1.125 1.125Z" />
      </StrokeIcon>
      <p className="text-base font-medium">{title}</p>
      {children}
    </div>
  );
}
