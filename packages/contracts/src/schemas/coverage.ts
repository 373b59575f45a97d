import { z } from 'zod';
import { idField } from './fields.js';
import { BLADES, MEDIA_CATEGORIES } from '../media.js';
import { yearField } from './media.js';

/*
 * A campaign year's coverage (issue #25). A turbine is covered for a year when each blade has at least one blade
 * photo in each of its rooms (1 to the turbine's rooms) and at least one drone photo naming that blade: 3 × rooms + 3
 * expected slots. Photos are the current versions of photos (not videos or point clouds) that did not fail.
 */

/** The categories coverage counts, each a column of counts. */
export const COVERAGE_CATEGORIES = ['blade', ...MEDIA_CATEGORIES] as const;
export type CoverageCategory = (typeof COVERAGE_CATEGORIES)[number];

/** The category whose photos cover a blade's room; the one whose photo covers a blade's drone slot. */
export const ROOM_SLOT_CATEGORY = 'blade' satisfies CoverageCategory;
export const DRONE_SLOT_CATEGORY = 'drone' satisfies CoverageCategory;

/** The slots a turbine of `rooms` rooms is expected to fill in a campaign year. */
export function expectedSlots(rooms: number): number {
  return BLADES.length * (rooms + 1);
}

const optionalBlank = (value: unknown) => (value === '' || value === null ? undefined : value);

/** `?year=`: the campaign year, this year when left out. */
export const turbineCoverageQuery = z.object({
  year: z.preprocess(optionalBlank, yearField.optional()),
});

/** `GET /coverage`: the year, and (a superadmin's filter) one company. */
export const fleetCoverageQuery = turbineCoverageQuery.extend({
  filter_company_id: z.preprocess(optionalBlank, idField('COMPANY_INVALID', 'COMPANY_INVALID').optional()),
});

const count = z.int().min(0);
const categoryCounts = z
  .strictObject({ blade: count, drone: count, operator: count, robot: count })
  .meta({ id: 'CoverageCounts', description: 'A number per media category' });
export type CategoryCounts = z.infer<typeof categoryCounts>;

const blade = z.enum(BLADES);

export const coverageCell = z
  .strictObject({
    blade,
    room: z.int().min(1),
    /** Whether the room is one of the turbine's (1 to rooms); a room beyond them shows only because it holds photos. */
    expected: z.boolean(),
    /** An expected room with at least one blade photo. */
    covered: z.boolean(),
    photos: categoryCounts,
    findings: categoryCounts,
  })
  .meta({ id: 'CoverageCell' });
export type CoverageCell = z.infer<typeof coverageCell>;

export const droneSlot = z
  .strictObject({ blade, photos: count, covered: z.boolean() })
  .meta({ id: 'DroneSlot', description: "A blade's drone photos of the year, in any room" });
export type DroneSlot = z.infer<typeof droneSlot>;

const coverageShare = {
  expected_slots: count,
  covered_slots: count,
  /** covered_slots / expected_slots, 0 to 1. */
  share: z.number().min(0).max(1),
  /** Every expected slot covered. */
  covered: z.boolean(),
};

export const turbineCoverage = z
  .strictObject({
    turbine_id: z.int(),
    year: z.int(),
    rooms: z.int().min(1),
    /** Blade by blade, room by room (A1, A2, …, B1, …). */
    cells: z.array(coverageCell),
    drone: z.array(droneSlot),
    /** Photos and findings of the year that name no blade (a category photo without one). */
    unplaced: z.strictObject({ photos: categoryCounts, findings: categoryCounts }),
    ...coverageShare,
  })
  .meta({ id: 'TurbineCoverage' });
export type TurbineCoverage = z.infer<typeof turbineCoverage>;

export const fleetCoverageItem = z
  .strictObject({
    turbine_id: z.int(),
    /** Null when the turbine has no name: clients show the city with "Türbini" / "Turbine" (spec §2). */
    turbine_name: z.string().nullable(),
    code: z.string(),
    city: z.string(),
    company_id: z.int(),
    company_name: z.string(),
    rooms: z.int().min(1),
    ...coverageShare,
    /** The expected rooms with no blade photo. */
    missing_rooms: z.array(z.strictObject({ blade, room: z.int().min(1) })),
    /** The blades with no drone photo. */
    missing_drone: z.array(blade),
  })
  .meta({ id: 'FleetCoverageItem' });
export type FleetCoverageItem = z.infer<typeof fleetCoverageItem>;

export const fleetCoverage = z
  .strictObject({ year: z.int(), turbines: z.array(fleetCoverageItem) })
  .meta({ id: 'FleetCoverage' });
export type FleetCoverage = z.infer<typeof fleetCoverage>;
