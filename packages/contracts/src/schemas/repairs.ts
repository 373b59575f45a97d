import { z } from 'zod';
import { type ErrorCode } from '../errors.js';
import { FINDING_STAGES, FINDING_STATUSES, FINDING_SURFACES, FINDING_TYPES } from '../findings.js';
import { BLADES } from '../media.js';
import { rowId, timestamp } from './api.js';
import { pathId, text } from './fields.js';
import {
  CALENDAR_DATE,
  isCalendarDate,
  REPAIR_ACTIONS,
  REPAIR_CURRENCIES,
  REPAIR_LIMITS,
  REPAIR_METHODS,
  REPAIR_PAGE,
  REPAIR_STATUSES,
} from '../repairs.js';

/* The repairs' payloads (requests and answers) as zod schemas; the vocabulary and rules are ../repairs.ts. */

// ---------------------------------------------------------------------------------------------------------------
// Fields

const optionalBlank = (value: unknown) => (value === '' || value === null ? undefined : value);

const positiveId = (code: ErrorCode) =>
  z.number({ error: code }).int({ error: code }).positive({ error: code }).max(2_147_483_647, { error: code });

const dateField = text({ error: 'REPAIR_DATE_INVALID' }).refine(isCalendarDate, { error: 'REPAIR_DATE_INVALID' });

/** An instant with its offset (`2026-05-04T08:00:00+03:00`), answered as UTC ISO text. */
const instantField = text({ error: 'REPAIR_WINDOW_INVALID' })
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

const titleField = text({ error: 'REPAIR_TITLE_REQUIRED' })
  .trim()
  .min(1, { error: 'REPAIR_TITLE_REQUIRED' })
  .max(REPAIR_LIMITS.title, { error: 'VALUE_TOO_LONG' });

const noteField = text({ error: 'VALIDATION_ERROR' })
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
  note: text({ error: 'REPAIR_NOTE_REQUIRED' })
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
    text({ error: 'CURSOR_INVALID' })
      .max(200, { error: 'CURSOR_INVALID' })
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'CURSOR_INVALID' })
      .optional(),
  ),
});
export type RepairListQuery = z.output<typeof repairListQuery>;

/** GET /repairs/calendar.ics: the feed's token (what calendar-token answered in its url). */
export const repairCalendarQuery = z.object({
  token: z.preprocess(optionalBlank, text({ error: 'NOT_FOUND' }).max(200, { error: 'NOT_FOUND' })),
});
export type RepairCalendarQuery = z.output<typeof repairCalendarQuery>;

/** `/turbines/{id}/repairs/{repairId}` */
export const repairPath = z.object({ id: pathId('TURBINE_NOT_FOUND'), repairId: pathId('REPAIR_NOT_FOUND') });

// ---------------------------------------------------------------------------------------------------------------
// Answers

const calendarDate = z.string().regex(CALENDAR_DATE);

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
