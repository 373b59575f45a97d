import { type FindingTarget } from './schemas/findings.js';

/*
 * Findings: structured damage records marked on a turbine's media (DESIGN "Findings"). The taxonomy is data: the
 * lists below are the codes the API speaks, their names live in locales/ (`findings.type.<code>` and the like).
 * Here the vocabulary and the geometry of regions, without zod: a client takes them without the schemas
 * (schemas/findings.ts checks payloads with them), so the panel's first load carries no schema.
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

/**
 * Where a panorama direction (degrees) falls on its equirectangular picture of `width` × `height` pixels: yaw 0 in
 * the middle and growing to the right, pitch 0 on the horizon and 90 at the top (Photo Sphere Viewer's convention).
 */
export function panoramaPixel(
  direction: { yaw: number; pitch: number },
  width: number,
  height: number,
): { x: number; y: number } {
  return {
    x: ((((direction.yaw + 180) % 360) + 360) % 360) * (width / 360),
    y: ((90 - direction.pitch) / 180) * height,
  };
}

/** The panorama direction (degrees) of a pixel: panoramaPixel's inverse. */
export function panoramaDirection(x: number, y: number, width: number, height: number): { yaw: number; pitch: number } {
  return { yaw: (x / width) * 360 - 180, pitch: 90 - (y / height) * 180 };
}

/**
 * The orders a findings list is read in (`sort`): by date (when marked), by severity, by turbine name, each either
 * way. Findings equal in the chosen key follow newest first; the default is newest first.
 */
export const FINDING_SORTS = [
  'date_desc',
  'date_asc',
  'severity_desc',
  'severity_asc',
  'turbine_asc',
  'turbine_desc',
] as const;
export type FindingSort = (typeof FINDING_SORTS)[number];
export const DEFAULT_FINDING_SORT: FindingSort = 'date_desc';

/** Findings lists page like the photo list: 50 a page by default, 1,000 at most. */
export const FINDING_PAGE = { defaultLimit: 50, maxLimit: 1000 } as const;

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
