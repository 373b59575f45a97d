import { z } from 'zod';
import { rowId, timestamp } from './api.js';
import { LIMITS } from '../constants.js';
import { type ErrorCode } from '../errors.js';
import { idField, optionalText, pathId, readsNumericText, requiredText } from './fields.js';
import { lowercaseCity, TURBINE_STATUSES } from '../turbines.js';
import { findingSeverity } from './findings.js';

/** Rooms: an integer of at least 1 (a numeric string from a form is fine). */
const roomsField = readsNumericText(
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value === '' ? undefined : value),
    z
      .number({ error: 'ROOMS_INVALID' })
      .int({ error: 'ROOMS_INVALID' })
      .min(1, { error: 'ROOMS_INVALID' })
      .max(LIMITS.maxRooms, { error: 'ROOMS_INVALID' })
      .optional(),
  ),
  // Empty: the default.
  /^(\s*\d+\s*)?$/,
);

const statusField = z.enum(TURBINE_STATUSES, { error: 'STATUS_INVALID' });

/**
 * The ranges a turbine's model data may take: wide enough for every machine built (the largest offshore turbines
 * reach 26 MW, 310 m rotors and 150 m blades), narrow enough that a slip of the unit (kW for MW, cm for m) shows.
 */
export const TURBINE_ASSET_RANGES = {
  rated_power_kw: { min: 1, max: 30_000, code: 'RATED_POWER_INVALID' },
  hub_height_m: { min: 10, max: 300, code: 'HUB_HEIGHT_INVALID' },
  rotor_diameter_m: { min: 5, max: 350, code: 'ROTOR_DIAMETER_INVALID' },
  blade_length_m: { min: 1, max: 175, code: 'BLADE_LENGTH_INVALID' },
  commissioned_year: { min: 1950, max: 2100, code: 'COMMISSIONED_YEAR_INVALID' },
  latitude: { min: -90, max: 90, code: 'LATITUDE_INVALID' },
  longitude: { min: -180, max: 180, code: 'LONGITUDE_INVALID' },
} as const satisfies Record<string, { min: number; max: number; code: ErrorCode }>;
export type TurbineAssetNumber = keyof typeof TURBINE_ASSET_RANGES;

/** Positions are kept to seven decimals (about a centimetre), so "lat,lng" text and numbers compare equal. */
const POSITION_DECIMALS = 1e7;
const roundPosition = (value: number) => Math.round(value * POSITION_DECIMALS) / POSITION_DECIMALS;

/**
 * A number of the model data or position: a JSON number, or a form's or sheet's text (a decimal comma is read as a
 * point, "62,5" → 62.5). Blank or null clears it; absent keeps it on an update.
 */
function assetNumber(field: TurbineAssetNumber, integer = false) {
  const { min, max, code } = TURBINE_ASSET_RANGES[field];
  return readsNumericText(
    z.preprocess(
      (value) => {
        if (typeof value !== 'string') return value;
        const text = value.trim();
        if (text === '') return null;
        return /^[+-]?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : value;
      },
      z
        .number({ error: code })
        .refine(
          (value) => Number.isFinite(value) && value >= min && value <= max && (!integer || Number.isInteger(value)),
          {
            error: code,
          },
        )
        .nullish(),
    ),
    // Blank clears it, as null does.
    /^\s*([+-]?\d+([.,]\d+)?)?\s*$/,
  );
}

/** "lat,lng" (spec §3's coordinates text): two decimal degrees, a comma or a space between them. */
const COORDINATES_TEXT = /^\s*([+-]?\d{1,3}(?:\.\d+)?)\s*(?:[,;]\s*|\s+)([+-]?\d{1,3}(?:\.\d+)?)\s*$/;

/** A turbine's position on the map, in decimal degrees (WGS 84). */
export interface TurbinePosition {
  latitude: number;
  longitude: number;
}

/** The position a "lat,lng" text names, or null when it is not one (or out of range). */
export function parseCoordinates(text: string): TurbinePosition | null {
  const match = COORDINATES_TEXT.exec(text);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude: roundPosition(latitude), longitude: roundPosition(longitude) };
}

/** The coordinates text of a position, as answers carry it: "lat,lng". */
export function formatCoordinates(position: TurbinePosition): string {
  return `${roundPosition(position.latitude)},${roundPosition(position.longitude)}`;
}

const coordinatesField = optionalText(64).refine((text) => text === null || parseCoordinates(text) !== null, {
  error: 'COORDINATES_INVALID',
});

/**
 * What a write says of the position: `undefined` (none of latitude, longitude, coordinates given: an update keeps
 * it), `null` (cleared), or the position. Both forms given must agree (COORDINATES_MISMATCH); latitude without
 * longitude or the other way round is POSITION_INCOMPLETE. Call it on a body the schema has accepted.
 */
export function positionOf(body: {
  latitude?: number | null;
  longitude?: number | null;
  coordinates?: string | null;
}): TurbinePosition | null | undefined {
  const { latitude, longitude, coordinates } = body;
  if (latitude === undefined && longitude === undefined && coordinates === undefined) return undefined;
  const fromText = coordinates ? parseCoordinates(coordinates) : null;
  if (latitude === null || latitude === undefined || longitude === null || longitude === undefined) return fromText;
  return { latitude: roundPosition(latitude), longitude: roundPosition(longitude) };
}

/** Bodies that give a position: its two forms must agree, and latitude and longitude come together. */
function checkPosition(
  body: { latitude?: number | null; longitude?: number | null; coordinates?: string | null },
  ctx: z.RefinementCtx,
): void {
  const hasLatitude = body.latitude !== undefined && body.latitude !== null;
  const hasLongitude = body.longitude !== undefined && body.longitude !== null;
  if (hasLatitude !== hasLongitude) {
    ctx.addIssue({ code: 'custom', message: 'POSITION_INCOMPLETE', path: [hasLatitude ? 'longitude' : 'latitude'] });
    return;
  }
  if (!hasLatitude || !body.coordinates) return;
  const fromText = parseCoordinates(body.coordinates);
  if (
    fromText &&
    (fromText.latitude !== roundPosition(body.latitude!) || fromText.longitude !== roundPosition(body.longitude!))
  ) {
    ctx.addIssue({ code: 'custom', message: 'COORDINATES_MISMATCH', path: ['coordinates'] });
  }
}

/** The asset register's fields (issue #25): make, model, ratings, size and commissioning year, all optional. */
const assetFields = {
  manufacturer: optionalText(80).optional(),
  model: optionalText(80).optional(),
  rated_power_kw: assetNumber('rated_power_kw'),
  hub_height_m: assetNumber('hub_height_m'),
  rotor_diameter_m: assetNumber('rotor_diameter_m'),
  blade_length_m: assetNumber('blade_length_m'),
  commissioned_year: assetNumber('commissioned_year', true),
  latitude: assetNumber('latitude'),
  longitude: assetNumber('longitude'),
};

const turbineFields = {
  turbine_name: optionalText(120),
  city: requiredText('CITY_REQUIRED', 80).transform(lowercaseCity),
  code: requiredText('CODE_REQUIRED', 64),
  location: requiredText('LOCATION_REQUIRED', 200),
  site_name: optionalText(120),
  /** "lat,lng"; given with latitude and longitude it must name the same place. */
  coordinates: coordinatesField.optional(),
  ...assetFields,
  /** Required for admin and superadmin ("Please select a company"); others always get their own company. */
  company_id: idField('COMPANY_REQUIRED', 'COMPANY_INVALID').optional(),
  // The seed client sends these; identity comes from the session, so they are accepted and ignored.
  user_id: z.unknown().optional(),
  role: z.unknown().optional(),
  // `name` is the seed client's alias of turbine_name.
  name: optionalText(120),
};

/** A blade is shorter than the rotor's radius (the hub takes the rest). */
function checkBladeFitsRotor(
  body: { blade_length_m?: number | null; rotor_diameter_m?: number | null },
  ctx: z.RefinementCtx,
): void {
  if (body.blade_length_m && body.rotor_diameter_m && body.blade_length_m > body.rotor_diameter_m / 2) {
    ctx.addIssue({ code: 'custom', message: 'BLADE_LONGER_THAN_ROTOR', path: ['blade_length_m'] });
  }
}

export const createTurbineBody = z
  .strictObject({
    ...turbineFields,
    rooms: roomsField.transform((rooms) => rooms ?? LIMITS.defaultRooms),
    status: statusField.default('active'),
  })
  .superRefine(checkPosition)
  .superRefine(checkBladeFitsRotor);
export type CreateTurbineBody = z.infer<typeof createTurbineBody>;

/**
 * An update keeps the rooms, status, model data and position it does not mention (a client that knows none of the
 * asset register, like the seed's, changes none of it).
 */
export const updateTurbineBody = z
  .strictObject({
    ...turbineFields,
    rooms: roomsField,
    status: statusField.optional(),
  })
  .superRefine(checkPosition)
  .superRefine(checkBladeFitsRotor);
export type UpdateTurbineBody = z.infer<typeof updateTurbineBody>;

/** The model data a sheet or form may carry, in the order the import template lists them. */
export const TURBINE_ASSET_FIELDS = [
  'manufacturer',
  'model',
  'rated_power_kw',
  'hub_height_m',
  'rotor_diameter_m',
  'blade_length_m',
  'commissioned_year',
  'latitude',
  'longitude',
] as const;

export const turbineListQuery = z.object({
  // An empty filter (a form's "all companies") means no filter.
  filter_company_id: z.preprocess(
    (value) => (value === '' ? undefined : value),
    idField('COMPANY_INVALID', 'COMPANY_INVALID').optional(),
  ),
});

export const turbine = z
  .strictObject({
    id: rowId,
    turbine_name: z.string().nullable(),
    name: z
      .string()
      .meta({ description: 'The display name: turbine_name, else the city with the suffix "Türbini" (spec §2)' }),
    code: z.string(),
    city: z.string(),
    location: z.string(),
    site_name: z.string().nullable(),
    coordinates: z.string().nullable().meta({
      description:
        '"lat,lng" when the position is known; else any text an older client stored, which names no position',
    }),
    rooms: z.int().min(1),
    status: z.enum(TURBINE_STATUSES),
    company_id: rowId,
    company_name: z.string(),
    manufacturer: z.string().nullable(),
    model: z.string().nullable(),
    rated_power_kw: z.number().nullable(),
    hub_height_m: z.number().nullable(),
    rotor_diameter_m: z.number().nullable(),
    blade_length_m: z.number().nullable().meta({ description: "When known, the blade map's scale" }),
    commissioned_year: z.int().nullable(),
    latitude: z
      .number()
      .nullable()
      .meta({ description: 'Decimal degrees (WGS 84); both null when the position is unknown' }),
    longitude: z.number().nullable(),
    photo_count: z.int().min(0).meta({ description: 'Spec §3: the current photos (edited versions counted once)' }),
    media_count: z
      .int()
      .min(0)
      .meta({ description: 'Every current media item the photo list shows: photos, videos and point clouds' }),
    worst_open_severity: findingSeverity.nullable().meta({
      description:
        "The highest severity among the turbine's open findings (new, monitoring, repair planned); released ones " +
        'only for a caller who may not read drafts. Null when it has none.',
    }),
    open_repairs: z
      .int()
      .min(0)
      .meta({ description: 'Repairs still to be done (planned, scheduled, in progress) that the caller may read' }),
    overdue_repairs: z
      .int()
      .min(0)
      .meta({ description: 'Those of them whose due date has passed (Turkish calendar days)' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Turbine' });
export type Turbine = z.infer<typeof turbine>;

/** GET /turbines/{id}: the turbine, and the campaign years that have media (newest first; the first is the latest). */
export const turbineDetail = turbine
  .extend({
    media_years: z
      .array(z.int())
      .meta({ description: 'The campaign years that have media, newest first (the first is the latest)' }),
  })
  .meta({ id: 'TurbineDetail' });
export type TurbineDetail = z.infer<typeof turbineDetail>;

/** `/turbines/{id}/…` */
export const turbinePath = z.object({ id: pathId('TURBINE_NOT_FOUND') });

/**
 * GET /map/basemap: what the fleet map draws under the turbines. `embedded`: Natural Earth's borders shipped with the
 * panel (no request leaves the server); `style`: a MapLibre style document; `pmtiles`: a Protomaps PMTiles archive,
 * drawn without labels (so it needs no glyph server). Set by MAP_STYLE_URL.
 */
export const mapBasemap = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('embedded') }),
    z.strictObject({ kind: z.literal('style'), url: z.url() }),
    z.strictObject({ kind: z.literal('pmtiles'), url: z.url() }),
  ])
  .meta({ id: 'MapBasemap' });
export type MapBasemap = z.infer<typeof mapBasemap>;

/** The basemap a MAP_STYLE_URL names: a `.pmtiles` archive (or `pmtiles://…`) or a style document. */
export function basemapOf(url: string | null): MapBasemap {
  if (!url) return { kind: 'embedded' };
  if (url.startsWith('pmtiles://')) return { kind: 'pmtiles', url: url.slice('pmtiles://'.length) };
  return new URL(url).pathname.endsWith('.pmtiles') ? { kind: 'pmtiles', url } : { kind: 'style', url };
}
