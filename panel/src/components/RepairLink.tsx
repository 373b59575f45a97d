import { Link } from '@tanstack/react-router';
import { type ReactNode } from 'react';

/**
 * A link to a repair's page. The API reaches a repair through its turbine, so the address names both
 * (`/dashboard/repairs/12?turbine=3`).
 */
export function RepairLink({
  id,
  turbineId,
  className,
  title,
  testId,
  children,
}: {
  id: number;
  turbineId: number;
  className?: string;
  title?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to="/repairs/$repairId"
      params={{ repairId: String(id) }}
      search={{ turbine: turbineId }}
      className={className}
      title={title}
      // A card of the board is dragged by its title: the link must not start a drag of its own.
      draggable={false}
      data-testid={testId}
    >
      {children}
    </Link>
  );
}
