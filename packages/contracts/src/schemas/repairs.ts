import { z } from 'zod';
import { type ErrorCode } from '../errors.js';
import { can } from '../permissions.js';
import { type Role } from '../roles.js';
import { FINDING_STAGES, FINDING_STATUSES, FINDING_SURFACES, FINDING_TYPES, type FindingType } from './findings.js';
import { BLADES } from './media.js';

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
} as const satisfies Record<Exclude<RepairStatus, 'cancelled'>, (typeof FINDING_STATUSES)[number]>;

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
  const fieldAction: Record<RepairEditableField, RepairAction> = {
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
  };
  for (const [field, rule] of Object.entries(REPAIR_FIELD_RULES) as [
    RepairEditableField,
    (typeof REPAIR_FIELD_RULES)[RepairEditableField],
  ][]) {
    if ((rule.statuses as readonly RepairStatus[]).includes(repair.status) && actsAs(viewer, rule.by, repair)) {
      actions.add(fieldAction[field]);
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

// ---------------------------------------------------------------------------------------------------------------
// Fields

const optionalBlank = (value: unknown) => (value === '' || value === null ? undefined : value);

const positiveId = (code: ErrorCode) =>
  z.number({ error: code }).int({ error: code }).positive({ error: code }).max(2_147_483_647, { error: code });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
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

const dateField = z.string({ error: 'REPAIR_DATE_INVALID' }).refine(isCalendarDate, { error: 'REPAIR_DATE_INVALID' });

/** An instant with its offset (`2026-05-04T08:00:00+03:00`), answered as UTC ISO text. */
const instantField = z
  .string({ error: 'REPAIR_WINDOW_INVALID' })
  .pipe(z.iso.datetime({ offset: true, error: 'REPAIR_WINDOW_INVALID' }))
  .transform((value) => new Date(value).toISOString())
  .refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= 2000 && year <= 2100;
    },
    { error: 'REPAIR_WINDOW_INVALID' },
  );

const money = z
  .number({ error: 'REPAIR_COST_INVALID' })
  .min(0, { error: 'REPAIR_COST_INVALID' })
  .max(9_999_999_999.99, { error: 'REPAIR_COST_INVALID' })
  .multipleOf(0.01, { error: 'REPAIR_COST_INVALID' });

const hours = z
  .number({ error: 'REPAIR_HOURS_INVALID' })
  .min(0, { error: 'REPAIR_HOURS_INVALID' })
  .max(100_000, { error: 'REPAIR_HOURS_INVALID' })
  .multipleOf(0.01, { error: 'REPAIR_HOURS_INVALID' });

const priorityField = z
  .number({ error: 'REPAIR_PRIORITY_INVALID' })
  .int({ error: 'REPAIR_PRIORITY_INVALID' })
  .min(1, { error: 'REPAIR_PRIORITY_INVALID' })
  .max(5, { error: 'REPAIR_PRIORITY_INVALID' });

const titleField = z
  .string({ error: 'REPAIR_TITLE_REQUIRED' })
  .trim()
  .min(1, { error: 'REPAIR_TITLE_REQUIRED' })
  .max(REPAIR_LIMITS.title, { error: 'VALUE_TOO_LONG' });

const noteField = z
  .string({ error: 'VALIDATION_ERROR' })
  .trim()
  .max(REPAIR_LIMITS.note, { error: 'VALUE_TOO_LONG' })
  .nullable()
  .transform((value) => (value ? value : null));

/** The findings a repair covers: 1–200 ids of the turbine's findings; repeated ids count once. */
const findingIdsField = z
  .array(positiveId('REPAIR_FINDINGS_INVALID'), { error: 'REPAIR_FINDINGS_REQUIRED' })
  .min(1, { error: 'REPAIR_FINDINGS_REQUIRED' })
  .max(REPAIR_LIMITS.findings, { error: 'REPAIR_FINDINGS_INVALID' })
  .transform((ids) => [...new Set(ids)]);

const methodField = z.enum(REPAIR_METHODS, { error: 'REPAIR_METHOD_INVALID' });
const currencyField = z.enum(REPAIR_CURRENCIES, { error: 'REPAIR_CURRENCY_INVALID' });

/** Both ends of a window or neither, the end after the start. */
function windowRule(body: { window_start?: string | null; window_end?: string | null }, ctx: z.RefinementCtx): void {
  const start = body.window_start;
  const end = body.window_end;
  if (start === undefined && end === undefined) return;
  if ((start === null) !== (end === null) || (start && end && Date.parse(end) <= Date.parse(start))) {
    ctx.addIssue({ code: 'custom', message: 'REPAIR_WINDOW_INVALID', path: ['window_end'] });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

/**
 * POST /turbines/{id}/repairs: a work order from findings of the turbine. Left out: the title (made from the worst
 * finding), the method (what the worst finding's damage takes: METHOD_OF_FINDING_TYPE), the priority (the worst
 * severity), the currency (TRY), the status (planned; `scheduled` with a window or due date).
 */
export const createRepairBody = z
  .strictObject({
    finding_ids: findingIdsField,
    title: titleField.optional(),
    method: methodField.optional(),
    priority: priorityField.optional(),
    status: z.enum(['planned', 'scheduled'], { error: 'REPAIR_STATUS_INVALID' }).default('planned'),
    assignee_id: positiveId('REPAIR_ASSIGNEE_INVALID').nullable().default(null),
    due_date: dateField.nullable().default(null),
    window_start: instantField.nullable().default(null),
    window_end: instantField.nullable().default(null),
    estimated_cost: money.nullable().default(null),
    currency: currencyField.default('TRY'),
    note: noteField.default(null),
  })
  .superRefine(windowRule);
export type CreateRepairBody = z.output<typeof createRepairBody>;

/**
 * PUT /turbines/{id}/repairs/{repairId}: the fields to change (those left out stay). REPAIR_FIELD_RULES says which
 * may change in the repair's status and by whom; `status` makes the transitions of the graph marked `put`.
 */
export const updateRepairBody = z
  .strictObject({
    finding_ids: findingIdsField.optional(),
    title: titleField.optional(),
    method: methodField.optional(),
    priority: priorityField.optional(),
    status: z.enum(REPAIR_STATUSES, { error: 'REPAIR_STATUS_INVALID' }).optional(),
    assignee_id: positiveId('REPAIR_ASSIGNEE_INVALID').nullable().optional(),
    due_date: dateField.nullable().optional(),
    window_start: instantField.nullable().optional(),
    window_end: instantField.nullable().optional(),
    estimated_cost: money.nullable().optional(),
    actual_cost: money.nullable().optional(),
    currency: currencyField.optional(),
    labour_hours: hours.nullable().optional(),
    note: noteField.optional(),
  })
  .superRefine(windowRule);
export type UpdateRepairBody = z.output<typeof updateRepairBody>;

/**
 * POST …/{repairId}/complete: the work is done. A note and at least one after-repair photo (uploaded with category
 * `repair` on a blade of the repair's findings) are required; the cost and hours are optional.
 */
export const completeRepairBody = z.strictObject({
  note: z
    .string({ error: 'REPAIR_NOTE_REQUIRED' })
    .trim()
    .min(1, { error: 'REPAIR_NOTE_REQUIRED' })
    .max(REPAIR_LIMITS.note, { error: 'VALUE_TOO_LONG' }),
  after_media_ids: z
    .array(positiveId('REPAIR_MEDIA_INVALID'), { error: 'REPAIR_AFTER_PHOTOS_REQUIRED' })
    .min(1, { error: 'REPAIR_AFTER_PHOTOS_REQUIRED' })
    .max(REPAIR_LIMITS.afterPhotos, { error: 'REPAIR_MEDIA_INVALID' })
    .transform((ids) => [...new Set(ids)]),
  actual_cost: money.nullable().optional(),
  labour_hours: hours.nullable().optional(),
});
export type CompleteRepairBody = z.output<typeof completeRepairBody>;

/** POST …/verify and POST …/cancel take no fields (an empty JSON object, or no body). */
export const repairStepBody = z.strictObject({});
export type RepairStepBody = z.output<typeof repairStepBody>;

const queryInt = (code: ErrorCode, min: number, max: number) =>
  z.preprocess(
    optionalBlank,
    z.coerce
      .number({ error: code })
      .int({ error: code })
      .min(min, { error: code })
      .max(max, { error: code })
      .optional(),
  );

/** Filters of the fleet list, its summary and its exports. */
const repairFilterFields = {
  /** A superadmin's filter; ignored for everyone else (they see their own company). */
  company_id: queryInt('COMPANY_INVALID', 1, 2_147_483_647),
  turbine_id: queryInt('TURBINE_NOT_FOUND', 1, 2_147_483_647),
  /** One status or several, comma-separated (`planned,scheduled`). */
  status: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.split(',').map((s) => s.trim()) : undefined),
    z
      .array(z.enum(REPAIR_STATUSES, { error: 'REPAIR_STATUS_INVALID' }))
      .max(6)
      .optional(),
  ),
  /** A user id, or `me`. */
  assignee_id: z.preprocess(
    optionalBlank,
    z
      .union([z.literal('me'), z.coerce.number().int().min(1).max(2_147_483_647)], { error: 'REPAIR_ASSIGNEE_INVALID' })
      .optional(),
  ),
  /** Open repairs due before this day (`YYYY-MM-DD`, not included). */
  due_before: z.preprocess(optionalBlank, dateField.optional()),
  /** `true`: open repairs whose due date has passed; `false`: the others. */
  overdue: z.preprocess(
    optionalBlank,
    z
      .enum(['true', 'false'], { error: 'VALIDATION_ERROR' })
      .transform((value) => value === 'true')
      .optional(),
  ),
  priority_min: queryInt('REPAIR_PRIORITY_INVALID', 1, 5),
};

export const repairFilterQuery = z.object(repairFilterFields);
export type RepairFilters = z.output<typeof repairFilterQuery>;

export const repairListQuery = z.object({
  ...repairFilterFields,
  limit: z.preprocess(
    optionalBlank,
    z.coerce
      .number({ error: 'LIMIT_INVALID' })
      .int({ error: 'LIMIT_INVALID' })
      .min(1, { error: 'LIMIT_INVALID' })
      .max(REPAIR_PAGE.maxLimit, { error: 'LIMIT_INVALID' })
      .default(REPAIR_PAGE.defaultLimit),
  ),
  cursor: z.preprocess(
    optionalBlank,
    z
      .string({ error: 'CURSOR_INVALID' })
      .max(200, { error: 'CURSOR_INVALID' })
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'CURSOR_INVALID' })
      .optional(),
  ),
});
export type RepairListQuery = z.output<typeof repairListQuery>;

/** GET /repairs/calendar.ics: the feed's token (what calendar-token answered in its url). */
export const repairCalendarQuery = z.object({
  token: z.preprocess(optionalBlank, z.string({ error: 'NOT_FOUND' }).max(200, { error: 'NOT_FOUND' })),
});
export type RepairCalendarQuery = z.output<typeof repairCalendarQuery>;

// ---------------------------------------------------------------------------------------------------------------
// Answers

const rowId = z.int().min(1).max(2_147_483_647);
const timestamp = z.iso.datetime({ offset: true });
const calendarDate = z.string().regex(DATE);

/** A person as an answer names them. */
export const repairPerson = z.strictObject({ id: rowId, name: z.string() }).meta({ id: 'RepairPerson' });
export type RepairPerson = z.infer<typeof repairPerson>;

/** A photo as the repair screens show it: signed addresses of its derivatives (null until they exist). */
export const repairPhoto = z
  .strictObject({
    id: rowId,
    blade: z.enum(BLADES).nullable(),
    year: z.int(),
    original_name: z.string(),
    is_panorama: z.boolean(),
    width: z.int().nullable(),
    height: z.int().nullable(),
    status: z.enum(['pending', 'ready', 'failed']),
    url: z.string(),
    thumbnail_url: z.string().nullable(),
    preview_url: z.string().nullable(),
    tiles_url: z.string().nullable(),
  })
  .meta({ id: 'RepairPhoto' });
export type RepairPhoto = z.infer<typeof repairPhoto>;

/** A finding of a repair, with the photo it was marked on (the "before" of a before/after compare). */
export const repairFinding = z
  .strictObject({
    id: rowId,
    year: z.int(),
    blade: z.enum(BLADES),
    surface: z.enum(FINDING_SURFACES),
    zone: z.int(),
    type: z.enum(FINDING_TYPES),
    severity: z.int().min(1).max(5),
    status: z.enum(FINDING_STATUSES),
    stage: z.enum(FINDING_STAGES),
    media_id: rowId,
    media_version: z.int(),
    /** The region marked (a W3C Web Annotation target), as the finding holds it. */
    target: z.unknown(),
    photo: repairPhoto.nullable(),
  })
  .meta({ id: 'RepairFinding' });
export type RepairFinding = z.infer<typeof repairFinding>;

/** A repair (work order): the fixed fields of issue #24 first, then what the screens need beside them. */
export const repair = z
  .strictObject({
    id: rowId,
    turbine_id: rowId,
    finding_ids: z.array(rowId),
    title: z.string(),
    method: z.enum(REPAIR_METHODS),
    priority: z.int().min(1).max(5),
    status: z.enum(REPAIR_STATUSES),
    assignee_id: rowId.nullable(),
    due_date: calendarDate.nullable(),
    window_start: timestamp.nullable(),
    window_end: timestamp.nullable(),
    estimated_cost: z.number().nullable(),
    actual_cost: z.number().nullable(),
    currency: z.enum(REPAIR_CURRENCIES),
    labour_hours: z.number().nullable(),
    note: z.string().nullable(),
    after_media_ids: z.array(rowId),
    completed_at: timestamp.nullable(),
    completed_by: rowId.nullable(),
    verified_at: timestamp.nullable(),
    verified_by: rowId.nullable(),
    created_by: rowId.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    turbine: z.strictObject({
      id: rowId,
      name: z.string(),
      code: z.string(),
      company_id: rowId,
      company_name: z.string(),
    }),
    assignee: repairPerson.nullable(),
    completed_by_user: repairPerson.nullable(),
    verified_by_user: repairPerson.nullable(),
    created_by_user: repairPerson.nullable(),
    findings: z.array(repairFinding),
    after_photos: z.array(repairPhoto),
    /** Open, and its due date has passed (Turkish calendar days). */
    overdue: z.boolean(),
    /** False when the caller may not see costs: estimated_cost and actual_cost are then null whatever they hold. */
    costs_visible: z.boolean(),
    /** What the caller may do to it now (repairActions): the panel's buttons. */
    allowed_actions: z.array(z.enum(REPAIR_ACTIONS)),
  })
  .meta({ id: 'Repair' });
export type Repair = z.infer<typeof repair>;

/** A finding's repair, as its list entry carries it: the latest one that was not cancelled. */
export const findingRepairRef = z
  .strictObject({ id: rowId, status: z.enum(REPAIR_STATUSES) })
  .meta({ id: 'FindingRepairRef' });
export type FindingRepairRef = z.infer<typeof findingRepairRef>;

/** One repair of a finding's history (its detail answer), oldest first. */
export const findingRepairEntry = z
  .strictObject({
    id: rowId,
    title: z.string(),
    method: z.enum(REPAIR_METHODS),
    status: z.enum(REPAIR_STATUSES),
    due_date: calendarDate.nullable(),
    window_start: timestamp.nullable(),
    window_end: timestamp.nullable(),
    completed_at: timestamp.nullable(),
    verified_at: timestamp.nullable(),
    after_media_ids: z.array(rowId),
    created_at: timestamp,
  })
  .meta({ id: 'FindingRepairEntry' });
export type FindingRepairEntry = z.infer<typeof findingRepairEntry>;

const byCurrency = z.strictObject({ TRY: z.number(), EUR: z.number(), USD: z.number() });

/** GET /repairs/summary: the fleet's repairs in the list's reach and filters. */
export const repairSummary = z
  .strictObject({
    total: z.int().min(0),
    by_status: z.strictObject({
      planned: z.int(),
      scheduled: z.int(),
      in_progress: z.int(),
      done: z.int(),
      verified: z.int(),
      cancelled: z.int(),
    }),
    /** Open repairs whose due date has passed. */
    overdue: z.int().min(0),
    /** Open repairs due today or within the next 30 days. */
    due_30_days: z.int().min(0),
    /** This calendar year's repairs (created this year, not cancelled): costs summed by currency; null when hidden. */
    cost_this_year: z.strictObject({ estimated: byCurrency, actual: byCurrency }).nullable(),
  })
  .meta({ id: 'RepairSummary' });
export type RepairSummary = z.infer<typeof repairSummary>;

/** GET /repairs/calendar-token (and POST, which rotates it): the caller's feed address. */
export const repairCalendarToken = z
  .strictObject({
    /** The feed's full address (webcal clients take it as is; `webcal_url` is the same with the webcal scheme). */
    url: z.string(),
    webcal_url: z.string(),
    created_at: timestamp,
  })
  .meta({ id: 'RepairCalendarToken' });
export type RepairCalendarToken = z.infer<typeof repairCalendarToken>;

/** GET /turbines/{id}/repair-assignees: the people a repair of the turbine may be assigned to. */
export const repairAssignee = z
  .strictObject({ id: rowId, name: z.string(), role: z.string(), email: z.string() })
  .meta({ id: 'RepairAssignee' });
export type RepairAssignee = z.infer<typeof repairAssignee>;
