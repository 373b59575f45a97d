import { type FindingStatus, type FindingType } from './findings.js';
import { can } from './permissions.js';
import { type Role } from './roles.js';

/*
 * Repairs (work orders, DESIGN "Repairs"): a repair covers findings of one turbine and drives their status. The
 * vocabulary, the status graph, what may change in each status and who may do what are data here: the bff enforces
 * them, the panel shows exactly the buttons they allow (`allowed_actions` in every answer, made by repairActions).
 */

export const REPAIR_METHODS = [
  'coating',
  'filler',
  'laminate',
  'leading_edge_protection',
  'lightning_system',
  'bond_line',
  'replacement',
  'other',
] as const;
export type RepairMethod = (typeof REPAIR_METHODS)[number];

export const REPAIR_STATUSES = ['planned', 'scheduled', 'in_progress', 'done', 'verified', 'cancelled'] as const;
export type RepairStatus = (typeof REPAIR_STATUSES)[number];

/** Work still to be done: a finding in such a repair reads `repair_planned`; overdue and due counts are of these. */
export const OPEN_REPAIR_STATUSES = ['planned', 'scheduled', 'in_progress'] as const satisfies readonly RepairStatus[];
export type OpenRepairStatus = (typeof OPEN_REPAIR_STATUSES)[number];

/**
 * A repair that holds its findings: open, or done and waiting for verification. A finding is in at most one such
 * repair (the database holds the rule); verifying or cancelling lets the findings go.
 */
export const ACTIVE_REPAIR_STATUSES = [...OPEN_REPAIR_STATUSES, 'done'] as const satisfies readonly RepairStatus[];

export const REPAIR_CURRENCIES = ['TRY', 'EUR', 'USD'] as const;
export type RepairCurrency = (typeof REPAIR_CURRENCIES)[number];

/** Due dates and "today" are Turkish calendar days, whatever the server's time zone. */
export const REPAIR_TIME_ZONE = 'Europe/Istanbul';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: REPAIR_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Turkish calendar day (`YYYY-MM-DD`) an instant falls on: what due dates are compared with. */
export function repairDay(instant: Date): string {
  return dayFormat.format(instant);
}

/** The calendar day `days` after `day` (both `YYYY-MM-DD`; negative goes back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** How far ahead the daily mail and the summary look: "due this week", "due in 30 days". */
export const REPAIR_HORIZONS = { digestDays: 7, summaryDays: 30 } as const;

/** The finding status a repair's status gives its findings (cancelled: each gets back the status it had). */
export const FINDING_STATUS_OF_REPAIR = {
  planned: 'repair_planned',
  scheduled: 'repair_planned',
  in_progress: 'repair_planned',
  done: 'repaired',
  verified: 'closed',
} as const satisfies Record<Exclude<RepairStatus, 'cancelled'>, FindingStatus>;

/** A new repair's method when none is given: what its worst finding's damage usually takes. */
export const METHOD_OF_FINDING_TYPE = {
  erosion: 'leading_edge_protection',
  crack: 'laminate',
  delamination: 'laminate',
  lightning: 'lightning_system',
  hole: 'filler',
  bond_line: 'bond_line',
  coating: 'coating',
  contamination: 'other',
  other: 'other',
} as const satisfies Record<FindingType, RepairMethod>;

/**
 * What a caller may do to a repair. `edit` saves its texts, method, priority and findings; `schedule` sets the
 * window and due date (and moves planned ↔ scheduled); `assign` picks the assignee; `edit_costs` the costs and hours;
 * the others are status changes.
 */
export const REPAIR_ACTIONS = [
  'edit',
  'schedule',
  'assign',
  'edit_costs',
  'start',
  'postpone',
  'complete',
  'verify',
  'reopen',
  'cancel',
  'delete',
] as const;
export type RepairAction = (typeof REPAIR_ACTIONS)[number];

/**
 * Who may take a step: `edit` — whoever may create repairs (repair.create); `manage` — repair.manage; `assignee`
 * — the repair's assignee, or a holder of repair.manage (both need repair.complete).
 */
export type RepairActor = 'edit' | 'manage' | 'assignee';

/**
 * The status graph: every change of status there is, the action that makes it and who may. PUT makes the ones
 * marked `put` (its `status` field); complete, verify and cancel have routes of their own.
 */
export const REPAIR_TRANSITIONS = [
  { action: 'schedule', from: ['planned'], to: 'scheduled', by: 'manage', via: 'put' },
  { action: 'schedule', from: ['scheduled'], to: 'planned', by: 'manage', via: 'put' },
  { action: 'start', from: ['scheduled'], to: 'in_progress', by: 'assignee', via: 'put' },
  { action: 'postpone', from: ['in_progress'], to: 'scheduled', by: 'manage', via: 'put' },
  { action: 'complete', from: ['in_progress'], to: 'done', by: 'assignee', via: 'complete' },
  { action: 'verify', from: ['done'], to: 'verified', by: 'manage', via: 'verify' },
  { action: 'reopen', from: ['done'], to: 'in_progress', by: 'manage', via: 'put' },
  { action: 'cancel', from: OPEN_REPAIR_STATUSES, to: 'cancelled', by: 'manage', via: 'cancel' },
] as const satisfies readonly {
  action: RepairAction;
  from: readonly RepairStatus[];
  to: RepairStatus;
  by: RepairActor;
  via: 'put' | 'complete' | 'verify' | 'cancel';
}[];

/** The transition from `from` to `to`, or null when the graph has none. */
export function repairTransition(from: RepairStatus, to: RepairStatus) {
  return (
    REPAIR_TRANSITIONS.find((step) => (step.from as readonly RepairStatus[]).includes(from) && step.to === to) ?? null
  );
}

const OPEN = OPEN_REPAIR_STATUSES;

/**
 * What PUT may change, by field: the statuses in which it may change and who may change it. A field sent with the
 * value it already has is no change, whoever sends it (a client may send the repair back as it read it).
 */
export const REPAIR_FIELD_RULES = {
  title: { statuses: OPEN, by: 'edit' },
  method: { statuses: OPEN, by: 'edit' },
  priority: { statuses: OPEN, by: 'edit' },
  note: { statuses: [...OPEN, 'done'], by: 'edit' },
  finding_ids: { statuses: ['planned', 'scheduled'], by: 'edit' },
  assignee_id: { statuses: OPEN, by: 'manage' },
  due_date: { statuses: OPEN, by: 'manage' },
  window_start: { statuses: OPEN, by: 'manage' },
  window_end: { statuses: OPEN, by: 'manage' },
  estimated_cost: { statuses: OPEN, by: 'manage' },
  currency: { statuses: [...OPEN, 'done'], by: 'manage' },
  actual_cost: { statuses: ['in_progress', 'done'], by: 'manage' },
  labour_hours: { statuses: ['in_progress', 'done'], by: 'manage' },
} as const satisfies Record<string, { statuses: readonly RepairStatus[]; by: Exclude<RepairActor, 'assignee'> }>;
export type RepairEditableField = keyof typeof REPAIR_FIELD_RULES;

/** The action that allows changing each field of PUT: the panel's form shows a field when its action is allowed. */
export const REPAIR_FIELD_ACTION = {
  title: 'edit',
  method: 'edit',
  priority: 'edit',
  note: 'edit',
  finding_ids: 'edit',
  assignee_id: 'assign',
  due_date: 'schedule',
  window_start: 'schedule',
  window_end: 'schedule',
  estimated_cost: 'edit_costs',
  currency: 'edit_costs',
  actual_cost: 'edit_costs',
  labour_hours: 'edit_costs',
} as const satisfies Record<RepairEditableField, RepairAction>;

/** Who is asking, as far as the rules need: the role, and whether they are the repair's assignee or its author. */
export interface RepairViewer {
  role: Role;
  userId: number;
}

/** Whether `viewer` is the kind of actor `by` names for this repair. */
export function actsAs(viewer: RepairViewer, by: RepairActor, repair: { assignee_id: number | null }): boolean {
  if (by === 'edit') return can(viewer.role, 'repair.create');
  if (by === 'manage') return can(viewer.role, 'repair.manage');
  return (
    can(viewer.role, 'repair.complete') &&
    (can(viewer.role, 'repair.manage') || (repair.assignee_id !== null && repair.assignee_id === viewer.userId))
  );
}

/**
 * Every action `viewer` may take on the repair now, as the server will allow it: the panel shows these buttons and
 * no other. Deleting is for a planned repair only (created by mistake), by its author or a manager.
 */
export function repairActions(
  repair: { status: RepairStatus; assignee_id: number | null; created_by: number | null },
  viewer: RepairViewer,
): RepairAction[] {
  const actions = new Set<RepairAction>();
  for (const [field, rule] of Object.entries(REPAIR_FIELD_RULES) as [
    RepairEditableField,
    (typeof REPAIR_FIELD_RULES)[RepairEditableField],
  ][]) {
    if ((rule.statuses as readonly RepairStatus[]).includes(repair.status) && actsAs(viewer, rule.by, repair)) {
      actions.add(REPAIR_FIELD_ACTION[field]);
    }
  }
  for (const step of REPAIR_TRANSITIONS) {
    if ((step.from as readonly RepairStatus[]).includes(repair.status) && actsAs(viewer, step.by, repair)) {
      actions.add(step.action);
    }
  }
  if (
    repair.status === 'planned' &&
    can(viewer.role, 'repair.create') &&
    (can(viewer.role, 'repair.manage') || repair.created_by === viewer.userId)
  ) {
    actions.add('delete');
  }
  return REPAIR_ACTIONS.filter((action) => actions.has(action));
}

/** The catalog keys of the vocabulary's names (TR/EN in locales/). */
export const REPAIR_NAME_KEYS = {
  method: (method: RepairMethod) => `repairs.method.${method}` as const,
  status: (status: RepairStatus) => `repairs.status.${status}` as const,
  action: (action: RepairAction) => `repairs.action.${action}` as const,
};

/** Lists page like the findings: 50 a page by default, 1,000 at most. */
export const REPAIR_PAGE = { defaultLimit: 50, maxLimit: 1000 } as const;
/** Findings one repair may cover, after photos one completion may name. */
export const REPAIR_LIMITS = { findings: 200, afterPhotos: 50, title: 200, note: 4000 } as const;

export const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 2100 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}
