import { type ReactNode } from 'react';

/** A 24×24 outline icon drawn in the current text colour; decorative, so hidden from assistive technology. */
export function StrokeIcon({
  className,
  strokeWidth = 1.8,
  children,
}: {
  className: string;
  strokeWidth?: number;
  children: ReactNode;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

/** The delete action's icon, the same wherever something can be deleted. */
export function TrashIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <path d="m14.74 9-.35 9m-4.78 0-.35-9m9.97-3.21c.34.05.68.1 1.02.16m-1.02-.16L18.16 19.67A2.25 2.25 0 0 1 15.916 21.75H8.084a2.25 2.25 0 0 1-2.244-2.08L4.77 5.79m14.46 0a48.1 48.1 0 0 0-3.48-.4m-12 .56c.34-.06.68-.11 1.02-.16m0 0a48.1 48.1 0 0 1 3.48-.4m7.5 0v-.92c0-1.18-.91-2.16-2.09-2.2a52 52 0 0 0-3.32 0c-1.18.04-2.09 1.02-2.09 2.2v.92m7.5 0a48.7 48.7 0 0 0-7.5 0" />
    </StrokeIcon>
  );
}
