import { z } from 'zod';
import { rowId, timestamp } from './api.js';
import { type ErrorCode } from '../errors.js';
import {
  DEFAULT_FINDING_SORT,
  FINDING_ACTIONS,
  FINDING_PAGE,
  FINDING_SEVERITIES,
  FINDING_SORTS,
  FINDING_STAGES,
  FINDING_STATUSES,
  FINDING_SURFACES,
  FINDING_TYPES,
  FINDING_ZONE_MAX,
  type FindingSeverity,
  FRAGMENT_PATTERN,
  MEDIA_FRAGMENT_SPEC,
  PANORAMA_PATTERN,
  POINT_PATTERN,
  polygonPoints,
  SEVERITY_ACTION,
} from '../findings.js';
import { BLADES } from '../media.js';
import { optionalText, pathId, text } from './fields.js';
import { yearField } from './media.js';
import { findingRepairEntry, findingRepairRef } from './repairs.js';

/** A severity as answers carry it. */
export const findingSeverity = z.literal(FINDING_SEVERITIES);

const targetError = { error: 'FINDING_TARGET_INVALID' satisfies ErrorCode };

const selector = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('FragmentSelector'),
      conformsTo: z.literal(MEDIA_FRAGMENT_SPEC, targetError).default(MEDIA_FRAGMENT_SPEC),
      value: text(targetError)
        .max(200, targetError)
        .regex(FRAGMENT_PATTERN, targetError)
        .refine((value) => {
          // Runs after a failed regex too: a value that does not match is refused there already.
          const [, , , w = 0, h = 0] = (FRAGMENT_PATTERN.exec(value) ?? []).map(Number);
          return w > 0 && h > 0;
        }, targetError),
    }),
    z.strictObject({
      type: z.literal('SvgSelector'),
      value: text(targetError)
        .max(20_000, targetError)
        .refine((value) => polygonPoints(value) !== null, targetError),
    }),
    z.strictObject({
      type: z.literal('PanoramaSelector'),
      value: text(targetError)
        .max(100, targetError)
        .regex(PANORAMA_PATTERN, targetError)
        .refine((value) => {
          const [, yaw = 0, pitch = 0] = (PANORAMA_PATTERN.exec(value) ?? []).map(Number);
          return Math.abs(yaw) <= 360 && Math.abs(pitch) <= 90;
        }, targetError),
    }),
    z.strictObject({
      type: z.literal('PointSelector'),
      value: text(targetError).max(200, targetError).regex(POINT_PATTERN, targetError),
    }),
  ],
  targetError,
);

export const findingTarget = z.strictObject({ selector }, targetError).meta({
  id: 'FindingTarget',
  description:
    'A W3C Web Annotation target: a media-fragment rectangle or an SVG polygon in the original pixels of a photo, ' +
    'a view direction (yaw/pitch in degrees) on a panorama, a point (x/y/z) in a point cloud',
});
export type FindingTarget = z.output<typeof findingTarget>;
export type FindingSelectorType = FindingTarget['selector']['type'];

const optionalBlank = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A number given as a JSON number (or, from a query string, as digits). */
const metres = (code: ErrorCode) =>
  z.number({ error: code }).min(0, { error: code }).max(200, { error: code }).multipleOf(0.001, { error: code });
const millimetres = z
  .number({ error: 'FINDING_SIZE_INVALID' })
  .min(0, { error: 'FINDING_SIZE_INVALID' })
  .max(100_000, { error: 'FINDING_SIZE_INVALID' })
  .multipleOf(0.1, { error: 'FINDING_SIZE_INVALID' });
const severityField = z
  .number({ error: 'SEVERITY_INVALID' })
  .int({ error: 'SEVERITY_INVALID' })
  .min(1, { error: 'SEVERITY_INVALID' })
  .max(5, { error: 'SEVERITY_INVALID' })
  .transform((value) => value as FindingSeverity);
const zoneField = z
  .number({ error: 'ZONE_INVALID' })
  .int({ error: 'ZONE_INVALID' })
  .min(1, { error: 'ZONE_INVALID' })
  .max(FINDING_ZONE_MAX, { error: 'ZONE_INVALID' });
const positiveId = (code: ErrorCode) =>
  z.number({ error: code }).int({ error: code }).positive({ error: code }).max(2_147_483_647, { error: code });

/** What the author of a finding writes. Missing `action` takes the severity's; missing status and stage start it. */
const findingFields = {
  blade: z.enum(BLADES, { error: 'BLADE_INVALID' }),
  surface: z.enum(FINDING_SURFACES, { error: 'SURFACE_INVALID' }),
  zone: zoneField,
  internal: z.boolean({ error: 'VALIDATION_ERROR' }),
  distance_from_root_m: z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? 'DISTANCE_REQUIRED' : 'DISTANCE_INVALID'),
    })
    .min(0, { error: 'DISTANCE_INVALID' })
    .max(200, { error: 'DISTANCE_INVALID' })
    .multipleOf(0.001, { error: 'DISTANCE_INVALID' }),
  extent_m: metres('DISTANCE_INVALID').nullish(),
  distance_from_le_m: metres('DISTANCE_INVALID').nullish(),
  target: findingTarget,
  type: z.enum(FINDING_TYPES, { error: 'FINDING_TYPE_INVALID' }),
  severity: severityField,
  action: z.enum(FINDING_ACTIONS, { error: 'ACTION_INVALID' }).optional(),
  length_mm: millimetres.nullish(),
  width_mm: millimetres.nullish(),
  description: optionalText(2000),
  status: z.enum(FINDING_STATUSES, { error: 'FINDING_STATUS_INVALID' }).optional(),
  stage: z.enum(FINDING_STAGES, { error: 'STAGE_INVALID' }).optional(),
};

/** POST /turbines/{id}/findings: a finding marked on a media item (`media_version` checks the version drawn on). */
export const createFindingBody = z
  .strictObject({
    media_id: positiveId('FINDING_MEDIA_INVALID'),
    media_version: positiveId('FINDING_MEDIA_INVALID').optional(),
    ...findingFields,
    internal: findingFields.internal.default(false),
  })
  .transform((body) => ({
    ...body,
    extent_m: body.extent_m ?? null,
    distance_from_le_m: body.distance_from_le_m ?? null,
    length_mm: body.length_mm ?? null,
    width_mm: body.width_mm ?? null,
    action: body.action ?? SEVERITY_ACTION[body.severity],
    status: body.status ?? ('new' as const),
    stage: body.stage ?? ('draft' as const),
  }));
export type CreateFindingBody = z.output<typeof createFindingBody>;

/**
 * PUT /turbines/{id}/findings/{findingId}: the whole finding again (the media it was marked on stays). A changed
 * severity without an action takes the new severity's action.
 */
export const updateFindingBody = z
  .strictObject({ ...findingFields, internal: findingFields.internal.default(false) })
  .transform((body) => ({
    ...body,
    extent_m: body.extent_m ?? null,
    distance_from_le_m: body.distance_from_le_m ?? null,
    length_mm: body.length_mm ?? null,
    width_mm: body.width_mm ?? null,
    action: body.action ?? SEVERITY_ACTION[body.severity],
  }));
export type UpdateFindingBody = z.output<typeof updateFindingBody>;

/**
 * The body that saves `finding` as it is, its editable fields only (what the server derives, such as the repair,
 * is not sent back): a client changes one field of it, e.g. the stage.
 */
export function updateBodyOf(finding: Finding): UpdateFindingBody {
  return Object.fromEntries(
    Object.keys(findingFields).map((field) => [field, finding[field as keyof typeof findingFields]]),
  ) as UpdateFindingBody;
}

/** POST …/findings/{findingId}/link: the same damage as found in an earlier year. */
export const linkFindingBody = z.strictObject({
  earlier_id: positiveId('FINDING_LINK_INVALID'),
});
export type LinkFindingBody = z.output<typeof linkFindingBody>;

const queryInt = (code: ErrorCode, max: number) =>
  z.preprocess(
    optionalBlank,
    z.coerce.number({ error: code }).int({ error: code }).min(1, { error: code }).max(max, { error: code }).optional(),
  );

/** The filters of every findings list and export (those of one turbine ignore company_id and turbine_id). */
const findingFilterFields = {
  company_id: queryInt('COMPANY_INVALID', 2_147_483_647),
  turbine_id: queryInt('TURBINE_NOT_FOUND', 2_147_483_647),
  /** The findings of a photo: the id of any of its versions finds those marked on every version. */
  media_id: queryInt('FINDING_MEDIA_INVALID', 2_147_483_647),
  year: z.preprocess(optionalBlank, yearField.optional()),
  blade: z.preprocess(optionalBlank, z.enum(BLADES, { error: 'BLADE_INVALID' }).optional()),
  surface: z.preprocess(optionalBlank, z.enum(FINDING_SURFACES, { error: 'SURFACE_INVALID' }).optional()),
  type: z.preprocess(optionalBlank, z.enum(FINDING_TYPES, { error: 'FINDING_TYPE_INVALID' }).optional()),
  severity_min: z.preprocess(
    optionalBlank,
    z.coerce
      .number({ error: 'SEVERITY_INVALID' })
      .int({ error: 'SEVERITY_INVALID' })
      .min(1, { error: 'SEVERITY_INVALID' })
      .max(5, { error: 'SEVERITY_INVALID' })
      .optional(),
  ),
  status: z.preprocess(optionalBlank, z.enum(FINDING_STATUSES, { error: 'FINDING_STATUS_INVALID' }).optional()),
  stage: z.preprocess(optionalBlank, z.enum(FINDING_STAGES, { error: 'STAGE_INVALID' }).optional()),
};

export const findingExportQuery = z.object(findingFilterFields);
export type FindingFilters = z.output<typeof findingExportQuery>;

/**
 * GET /findings/export.{csv,xlsx,jsonld}: the filters, and the language of the file's texts (tr or en, the languages
 * of @kanat360/i18n). A download is a plain link, which sends no X-Lang: the panel names its language here.
 * Without it, the caller's (X-Lang, else Accept-Language, else Turkish).
 */
export const findingFileQuery = findingExportQuery.extend({
  lang: z.preprocess(optionalBlank, z.enum(['tr', 'en'], { error: 'LANGUAGE_INVALID' }).optional()),
});
export type FindingFileQuery = z.output<typeof findingFileQuery>;

export const findingListQuery = z.object({
  ...findingFilterFields,
  sort: z.preprocess(optionalBlank, z.enum(FINDING_SORTS, { error: 'SORT_INVALID' }).default(DEFAULT_FINDING_SORT)),
  limit: z.preprocess(
    optionalBlank,
    z.coerce
      .number({ error: 'LIMIT_INVALID' })
      .int({ error: 'LIMIT_INVALID' })
      .min(1, { error: 'LIMIT_INVALID' })
      .max(FINDING_PAGE.maxLimit, { error: 'LIMIT_INVALID' })
      .default(FINDING_PAGE.defaultLimit),
  ),
  cursor: z.preprocess(
    optionalBlank,
    text({ error: 'CURSOR_INVALID' })
      .max(200, { error: 'CURSOR_INVALID' })
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'CURSOR_INVALID' })
      .optional(),
  ),
});
export type FindingListQuery = z.output<typeof findingListQuery>;

/**
 * GET /findings/summary: how many findings the fleet filters match (the caller's reach, as GET /findings pages
 * through them), each severity counted, the ones without a finding too (0).
 */
export const findingSummary = z
  .strictObject({
    total: z.int().min(0),
    by_severity: z
      .strictObject({ 1: z.int(), 2: z.int(), 3: z.int(), 4: z.int(), 5: z.int() })
      .meta({ description: 'How many findings of each severity 1–5 (0 when none)' }),
  })
  .meta({ id: 'FindingSummary' });
export type FindingSummary = z.infer<typeof findingSummary>;

/** GET /turbines/{id}/inspection-report: the campaign year is required. */
export const inspectionReportQuery = z.object({
  year: z.preprocess((value) => (value === '' ? undefined : value), yearField),
});

export const finding = z
  .strictObject({
    id: rowId,
    turbine_id: rowId,
    media_id: rowId,
    media_version: z.int().min(1),
    year: z.int(),
    blade: z.enum(BLADES),
    surface: z.enum(FINDING_SURFACES),
    zone: z.int().min(1).max(FINDING_ZONE_MAX),
    internal: z.boolean(),
    distance_from_root_m: z.number(),
    extent_m: z.number().nullable(),
    distance_from_le_m: z.number().nullable(),
    target: findingTarget,
    type: z.enum(FINDING_TYPES),
    severity: findingSeverity,
    action: z.enum(FINDING_ACTIONS),
    length_mm: z.number().nullable(),
    width_mm: z.number().nullable(),
    description: z.string().nullable(),
    status: z.enum(FINDING_STATUSES),
    stage: z.enum(FINDING_STAGES),
    track_id: rowId.meta({
      description: 'The physical damage this finding records: findings of one damage across years share it',
    }),
    created_by: rowId.nullable().meta({ description: "The author's user id; null once that user is deleted" }),
    created_at: timestamp,
    updated_at: timestamp,
    repair: findingRepairRef.nullable().meta({
      description:
        "The finding's repair: the latest one not cancelled (open, done or verified) as far as the caller may read " +
        "it; null when there is none. Not one of 2a's fields: exports leave it out",
    }),
  })
  .meta({ id: 'Finding' });
export type Finding = z.infer<typeof finding>;

/** One year of a track, as far as the caller may see it (customers: released findings only). */
const findingTrackEntry = z.strictObject({
  id: rowId,
  year: z.int(),
  severity: findingSeverity,
  length_mm: z.number().nullable(),
  width_mm: z.number().nullable(),
  status: z.enum(FINDING_STATUSES),
  stage: z.enum(FINDING_STAGES),
});
export type FindingTrackEntry = z.infer<typeof findingTrackEntry>;

/** Growth between two years of a track: null parts where either year has no size. */
const findingGrowth = z
  .strictObject({
    from_year: z.int(),
    length_mm: z.number().nullable(),
    width_mm: z.number().nullable(),
    severity: z.int(),
  })
  .meta({ id: 'FindingGrowth' });
export type FindingGrowth = z.infer<typeof findingGrowth>;

/** A finding as GET /turbines/{id}/findings/{findingId} answers it: with its track across the years. */
export const findingDetail = finding
  .extend({
    history: z.array(findingTrackEntry).meta({ description: 'Each year of the same damage the caller may see' }),
    growth: z.strictObject({ since_previous: findingGrowth.nullable(), since_first: findingGrowth.nullable() }),
    repairs: z.array(findingRepairEntry).meta({
      description:
        'Every repair that covered the finding, cancelled ones too, oldest first (those the caller may read)',
    }),
  })
  .meta({ id: 'FindingDetail' });
export type FindingDetail = z.infer<typeof findingDetail>;

/**
 * GET /turbines/{id}/inspection-report for a year with many findings: the report is made in the background.
 * `status_url` answers this again until `status` is `ready` (then `report` is the stored report, with its
 * download address) or `failed`.
 */
export const inspectionReportRequest = z
  .strictObject({
    id: z.string(),
    turbine_id: rowId,
    year: z.int(),
    status: z.enum(['pending', 'ready', 'failed']),
    status_url: z.string().meta({ description: 'Where this request is asked about again' }),
    report_id: rowId.nullable(),
    report_url: z.string().nullable().meta({ description: 'Downloads the report once it is ready' }),
    created_at: timestamp,
  })
  .meta({ id: 'InspectionReportRequest' });
export type InspectionReportRequest = z.infer<typeof inspectionReportRequest>;

/** `/turbines/{id}/findings/{findingId}` */
export const findingPath = z.object({ id: pathId('TURBINE_NOT_FOUND'), findingId: pathId('FINDING_NOT_FOUND') });

/** `/turbines/{id}/inspection-report/{requestId}` */
export const inspectionReportPath = z.object({
  id: pathId('TURBINE_NOT_FOUND'),
  requestId: text().meta({ description: 'The `id` of the request, as the 202 answered it' }),
});
