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
