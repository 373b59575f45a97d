import { type PlannableFinding, repairHolding } from './plan-repair';

/** Findings picked for one repair, by id; the findings themselves are kept, so a pick survives a filter change. */
export type FindingSelection = ReadonlyMap<number, PlannableFinding>;

export const NO_SELECTION: FindingSelection = new Map();

/** A finding another repair holds cannot be picked: the server would refuse it (README "Repairs"). */
export function selectable(finding: PlannableFinding): boolean {
  return repairHolding(finding) === null;
}

/** The selection with the finding added, or taken out when it was in; a held finding is never added. */
export function toggleFinding(selection: FindingSelection, finding: PlannableFinding): FindingSelection {
  const next = new Map(selection);
  if (next.has(finding.id)) next.delete(finding.id);
  else if (selectable(finding)) next.set(finding.id, finding);
  return next;
}

/** Whether the selectable findings shown are all, some or none of them selected (a tri-state "select all"). */
export function shownSelection(
  selection: FindingSelection,
  shown: readonly PlannableFinding[],
): 'all' | 'some' | 'none' {
  const candidates = shown.filter(selectable);
  const picked = candidates.filter((finding) => selection.has(finding.id)).length;
  if (picked === 0) return 'none';
  return picked === candidates.length ? 'all' : 'some';
}

/**
 * "Select all" over the findings shown: picks every selectable one, or, when they all are already, takes them out
 * (keeping what was picked under other filters).
 */
export function toggleShown(selection: FindingSelection, shown: readonly PlannableFinding[]): FindingSelection {
  const next = new Map(selection);
  const candidates = shown.filter(selectable);
  if (shownSelection(selection, shown) === 'all') for (const finding of candidates) next.delete(finding.id);
  else for (const finding of candidates) next.set(finding.id, finding);
  return next;
}
