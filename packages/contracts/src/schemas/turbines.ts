import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { idField, optionalText, requiredText } from './fields.js';
import { type FindingSeverity } from '../findings.js';
import { lowercaseCity, TURBINE_STATUSES, type TurbineStatus } from '../turbines.js';

/** Rooms: an integer of at least 1 (a numeric string from a form is fine). */
const roomsField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value === '' ? undefined : value),
  z
    .number({ error: 'ROOMS_INVALID' })
    .int({ error: 'ROOMS_INVALID' })
    .min(1, { error: 'ROOMS_INVALID' })
    .max(LIMITS.maxRooms, { error: 'ROOMS_INVALID' })
    .optional(),
);

const statusField = z.enum(TURBINE_STATUSES, { error: 'STATUS_INVALID' });

const turbineFields = {
  turbine_name: optionalText(120),
  city: requiredText('CITY_REQUIRED', 80).transform(lowercaseCity),
  code: requiredText('CODE_REQUIRED', 64),
  location: requiredText('LOCATION_REQUIRED', 200),
  site_name: optionalText(120),
  coordinates: optionalText(64),
  /** Required for admin and superadmin ("Please select a company"); others always get their own company. */
  company_id: idField('COMPANY_REQUIRED', 'COMPANY_INVALID').optional(),
  // The seed client sends these; identity comes from the session, so they are accepted and ignored.
  user_id: z.unknown().optional(),
  role: z.unknown().optional(),
  // `name` is the seed client's alias of turbine_name.
  name: optionalText(120),
};

export const createTurbineBody = z.strictObject({
  ...turbineFields,
  rooms: roomsField.transform((rooms) => rooms ?? LIMITS.defaultRooms),
  status: statusField.default('active'),
});
export type CreateTurbineBody = z.infer<typeof createTurbineBody>;

/** An update keeps the rooms and status it does not mention. */
export const updateTurbineBody = z.strictObject({
  ...turbineFields,
  rooms: roomsField,
  status: statusField.optional(),
});
export type UpdateTurbineBody = z.infer<typeof updateTurbineBody>;

export const turbineListQuery = z.object({
  // An empty filter (a form's "all companies") means no filter.
  filter_company_id: z.preprocess(
    (value) => (value === '' ? undefined : value),
    idField('COMPANY_INVALID', 'COMPANY_INVALID').optional(),
  ),
});

export interface Turbine {
  id: number;
  turbine_name: string | null;
  /** The display name: turbine_name, else the city with the suffix "Türbini" (spec §2). */
  name: string;
  code: string;
  city: string;
  location: string;
  site_name: string | null;
  coordinates: string | null;
  rooms: number;
  status: TurbineStatus;
  company_id: number;
  company_name: string;
  /** Spec §3: the current photos (edited versions counted once). */
  photo_count: number;
  /** Every current media item the photo list shows: photos, videos and point clouds. */
  media_count: number;
  /**
   * The highest severity among the turbine's open findings (new, monitoring, repair planned); released ones only for
   * a caller who may not read drafts. Null when it has none.
   */
  worst_open_severity: FindingSeverity | null;
  /** Repairs still to be done (planned, scheduled, in progress) that the caller may read. */
  open_repairs: number;
  /** Those of them whose due date has passed (Turkish calendar days). */
  overdue_repairs: number;
  created_at: string;
  updated_at: string;
}

/** GET /turbines/{id}: the turbine, and the campaign years that have media (newest first; the first is the latest). */
export interface TurbineDetail extends Turbine {
  media_years: number[];
}
