import { REPAIR_TRANSITIONS, type Repair, type RepairStatus } from '@kanat360/contracts';

/** The board's columns, the status graph's order. */
export const BOARD_COLUMNS = [
  'planned',
  'scheduled',
  'in_progress',
  'done',
  'verified',
  'cancelled',
] as const satisfies readonly RepairStatus[];

/** A move the board may make: the graph's step and the route that makes it. */
export type BoardMove = (typeof REPAIR_TRANSITIONS)[number];

/**
 * The step that moves a repair to `to`, when the graph has one from its status and the server allows the caller that
 * action on it now (its `allowed_actions`, which already weigh role, assignee and status); else null.
 */
export function boardMove(repair: Pick<Repair, 'status' | 'allowed_actions'>, to: RepairStatus): BoardMove | null {
  if (repair.status === to) return null;
  return (
    REPAIR_TRANSITIONS.find(
      (step) =>
        (step.from as readonly RepairStatus[]).includes(repair.status) &&
        step.to === to &&
        repair.allowed_actions.includes(step.action),
    ) ?? null
  );
}

/** The columns a card may be dropped on (for the keyboard menu and the drop targets' highlight). */
export function boardTargets(repair: Pick<Repair, 'status' | 'allowed_actions'>): RepairStatus[] {
  return BOARD_COLUMNS.filter((column) => boardMove(repair, column) !== null);
}

/** The repairs by column, each column in the order given. */
export function boardColumns(repairs: readonly Repair[]): Record<RepairStatus, Repair[]> {
  const columns = Object.fromEntries(BOARD_COLUMNS.map((status) => [status, [] as Repair[]])) as Record<
    RepairStatus,
    Repair[]
  >;
  for (const repair of repairs) columns[repair.status].push(repair);
  return columns;
}
