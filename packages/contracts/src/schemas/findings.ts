import { z } from 'zod';
import { rowId, timestamp } from '../api.js';
import { type ErrorCode } from '../errors.js';
import { optionalText, pathId } from './fields.js';
import { BLADES, yearField } from './media.js';

/*
 * Findings: structured damage records marked on a turbine's media (DESIGN "Findings"). The taxonomy is data: the
 * lists below are the codes the API speaks, their names live in locales/ (`findings.type.<code>` and the like).
 */

export const FINDING_SURFACES = [
  'leading_edge',
  'trailing_edge',
  'pressure_side',
  'suction_side',
  'shear_web',
  'root',
  'tip',
] as const;
export type FindingSurface = (typeof FINDING_SURFACES)[number];

export const FINDING_TYPES = [
  'erosion',
  'crack',
  'delamination',
  'lightning',
  'hole',
  'bond_line',
  'coating',
  'contamination',
  'other',
] as const;
export type FindingType = (typeof FINDING_TYPES)[number];

/** GWO damage categories: 1 minor … 5 serious structural failure. */
export const FINDING_SEVERITIES = [1, 2, 3, 4, 5] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];
/** A severity as answers carry it. */
export const findingSeverity = z.literal(FINDING_SEVERITIES);

export const FINDING_ACTIONS = ['none', 'follow_up', 'repair_planned', 'repair_soon', 'stop'] as const;
export type FindingAction = (typeof FINDING_ACTIONS)[number];

/** The action each GWO severity recommends; a finding takes it unless its author chooses another. */
export const SEVERITY_ACTION = {
  1: 'none',
  2: 'follow_up',
  3: 'repair_planned',
  4: 'repair_soon',
  5: 'stop',
} as const satisfies Record<FindingSeverity, FindingAction>;

export const FINDING_STATUSES = ['new', 'monitoring', 'repair_planned', 'repaired', 'closed'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

/** Findings still to be dealt with: a turbine's worst open severity counts these. */
export const OPEN_FINDING_STATUSES = [
  'new',
  'monitoring',
  'repair_planned',
] as const satisfies readonly FindingStatus[];

/** Customers see released findings only; a draft is still under review. */
export const FINDING_STAGES = ['draft', 'released'] as const;
export type FindingStage = (typeof FINDING_STAGES)[number];

/** Blade rooms (zones) a finding can be in: the room pickers' 25. */
export const FINDING_ZONE_MAX = 25;

/** The catalog keys of the taxonomy's names (TR/EN in locales/). */
export const FINDING_NAME_KEYS = {
  type: (type: FindingType) => `findings.type.${type}` as const,
  surface: (surface: FindingSurface) => `findings.surface.${surface}` as const,
  severity: (severity: FindingSeverity) => `findings.severity.${severity}` as const,
  action: (action: FindingAction) => `findings.action.${action}` as const,
  status: (status: FindingStatus) => `findings.status.${status}` as const,
  stage: (stage: FindingStage) => `findings.stage.${stage}` as const,
};

/*
 * The region drawn on the media, as a W3C Web Annotation target (`{ selector: { type, value } }`). Photos take a
 * media-fragment rectangle or an SVG polygon in the original's pixels; a panorama a view direction (yaw/pitch in
 * degrees); a point cloud a point (x/y/z in the cloud's units). The last two have no W3C selector, so they are named
 * here and keep the `{ type, value }` shape.
 */
const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const UNSIGNED = String.raw`\d+(?:\.\d+)?`;
export const FRAGMENT_PATTERN = new RegExp(`^xywh=pixel:(${UNSIGNED}),(${UNSIGNED}),(${UNSIGNED}),(${UNSIGNED})$`);
export const PANORAMA_PATTERN = new RegExp(`^yaw=(${NUMBER}),pitch=(${NUMBER})$`);
export const POINT_PATTERN = new RegExp(`^xyz=(${NUMBER}),(${NUMBER}),(${NUMBER})$`);
const POLYGON_PATTERN = /^<svg[^>]*>\s*<polygon\s+points="([^"]*)"\s*\/>\s*<\/svg>$/;

export const MEDIA_FRAGMENT_SPEC = 'http://www.w3.org/TR/media-frags/';

const targetError = { error: 'FINDING_TARGET_INVALID' satisfies ErrorCode };

/** The points of an SvgSelector's one polygon, or null when the SVG is not one polygon of 3–1000 points. */
export function polygonPoints(svg: string): [number, number][] | null {
  const match = POLYGON_PATTERN.exec(svg.trim());
  if (!match) return null;
  const numbers = match[1]!
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (numbers.length % 2 !== 0 || numbers.some((n) => !Number.isFinite(n) || n < 0)) return null;
  const points: [number, number][] = [];
  for (let i = 0; i < numbers.length; i += 2) points.push([numbers[i]!, numbers[i + 1]!]);
  return points.length >= 3 && points.length <= 1000 ? points : null;
}

const selector = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('FragmentSelector'),
      conformsTo: z.literal(MEDIA_FRAGMENT_SPEC, targetError).default(MEDIA_FRAGMENT_SPEC),
      value: z
        .string(targetError)
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
      value: z
        .string(targetError)
        .max(20_000, targetError)
        .refine((value) => polygonPoints(value) !== null, targetError),
    }),
    z.strictObject({
      type: z.literal('PanoramaSelector'),
      value: z
        .string(targetError)
        .max(100, targetError)
        .regex(PANORAMA_PATTERN, targetError)
        .refine((value) => {
          const [, yaw = 0, pitch = 0] = (PANORAMA_PATTERN.exec(value) ?? []).map(Number);
          return Math.abs(yaw) <= 360 && Math.abs(pitch) <= 90;
        }, targetError),
    }),
    z.strictObject({
      type: z.literal('PointSelector'),
      value: z.string(targetError).max(200, targetError).regex(POINT_PATTERN, targetError),
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

/** The pixel box a target covers on a photo (x, y, width, height); null for a panorama or point-cloud target. */
export function targetBox(target: FindingTarget): { x: number; y: number; width: number; height: number } | null {
  const { selector: s } = target;
  if (s.type === 'FragmentSelector') {
    const [, x, y, width, height] = FRAGMENT_PATTERN.exec(s.value)!.map(Number);
    return { x: x!, y: y!, width: width!, height: height! };
  }
  if (s.type === 'SvgSelector') {
    const points = polygonPoints(s.value)!;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
  }
  return null;
}

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

/** POST …/findings/{findingId}/link: the same damage as found in an earlier year. */
export const linkFindingBody = z.strictObject({
  earlier_id: positiveId('FINDING_LINK_INVALID'),
});
export type LinkFindingBody = z.output<typeof linkFindingBody>;

/** Findings lists page like the photo list: 50 a page by default, 1,000 at most. */
export const FINDING_PAGE = { defaultLimit: 50, maxLimit: 1000 } as const;

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

export const findingListQuery = z.object({
  ...findingFilterFields,
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
    z
      .string({ error: 'CURSOR_INVALID' })
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

/** The fields of a finding, in the order exports write them (2a: fixed, so clients and exports can rely on them). */
export const FINDING_FIELDS = [
  'id',
  'turbine_id',
  'media_id',
  'media_version',
  'year',
  'blade',
  'surface',
  'zone',
  'internal',
  'distance_from_root_m',
  'extent_m',
  'distance_from_le_m',
  'target',
  'type',
  'severity',
  'action',
  'length_mm',
  'width_mm',
  'description',
  'status',
  'stage',
  'track_id',
  'created_by',
  'created_at',
  'updated_at',
] as const;

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
  requestId: z.string().meta({ description: 'The `id` of the request, as the 202 answered it' }),
});
