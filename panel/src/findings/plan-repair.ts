import {
  ACTIVE_REPAIR_STATUSES,
  type Finding,
  FINDING_NAME_KEYS,
  type FindingRepairRef,
  METHOD_OF_FINDING_TYPE,
  type RepairMethod,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n/core';

/** What "plan repair" needs of a finding. */
export type PlannableFinding = Pick<Finding, 'id' | 'turbine_id' | 'type' | 'severity' | 'blade' | 'zone' | 'repair'>;

/**
 * The finding among them a repair is named and prioritised after: the gravest, the oldest (lowest id) of equals, as
 * the server picks it (repairs.service), so the dialog's prefilled values are what leaving them out would give.
 */
export function worstFinding<F extends PlannableFinding>(findings: readonly F[]): F | undefined {
  return [...findings].sort((a, b) => b.severity - a.severity || a.id - b.id)[0];
}

/**
 * The repair that holds a finding: one still open or done and not yet verified (README "Repairs": a finding is in
 * one such repair at most, so the server refuses a second one).
 */
export function repairHolding(finding: Pick<Finding, 'repair'>): FindingRepairRef | null {
  const repair = finding.repair;
  return repair && (ACTIVE_REPAIR_STATUSES as readonly string[]).includes(repair.status) ? repair : null;
}

/**
 * Why a selection cannot become one repair, or null when it can: a repair is the work of one visit to one turbine
 * (README "Repairs"), so findings of several turbines are refused; so is a finding another repair holds.
 */
export function planRepairProblem(findings: readonly PlannableFinding[]): 'empty' | 'turbines' | 'in_repair' | null {
  if (findings.length === 0) return 'empty';
  if (new Set(findings.map((finding) => finding.turbine_id)).size > 1) return 'turbines';
  if (findings.some((finding) => repairHolding(finding) !== null)) return 'in_repair';
  return null;
}

/** The dialog's first values: the server's defaults, in the user's language. */
export function repairDefaults(
  findings: readonly PlannableFinding[],
  t: Translate,
): { title: string; method: RepairMethod; priority: number } | null {
  const worst = worstFinding(findings);
  if (!worst) return null;
  const params = { type: t(FINDING_NAME_KEYS.type(worst.type)), blade: worst.blade, zone: worst.zone };
  return {
    title:
      findings.length > 1
        ? t('repairs.defaultTitleMore', { ...params, more: findings.length - 1 })
        : t('repairs.defaultTitle', params),
    method: METHOD_OF_FINDING_TYPE[worst.type],
    priority: worst.severity,
  };
}
