import {
  type Blade,
  BLADES,
  type CategoryCounts,
  type CoverageCategory,
  type CoverageCell,
  DRONE_SLOT_CATEGORY,
  type DroneSlot,
  expectedSlots,
  type FleetCoverageItem,
  ROOM_SLOT_CATEGORY,
  type TurbineCoverage,
} from '@kanat360/contracts';

/** A count of one category at one place: a blade (null: none named) and a room. */
export interface PlaceCount {
  category: CoverageCategory;
  blade: Blade | null;
  room: number;
  count: number;
}

const noCounts = (): CategoryCounts => ({ blade: 0, drone: 0, operator: 0, robot: 0 });

/** What a turbine's coverage is made of, before it becomes an answer. */
interface CoverageParts {
  cells: CoverageCell[];
  drone: DroneSlot[];
  unplaced: TurbineCoverage['unplaced'];
  expected_slots: number;
  covered_slots: number;
  share: number;
  covered: boolean;
}

/**
 * The coverage rule (contracts' coverage.ts) over a turbine's counts: a cell per blade and room, 1 to `rooms` and any
 * room beyond that holds photos or findings; a drone slot per blade (drone photos of any room); what names no blade
 * apart. A room slot is covered by a blade photo, a drone slot by a drone photo naming the blade.
 */
export function coverageOf(
  rooms: number,
  photos: readonly PlaceCount[],
  findings: readonly PlaceCount[],
): CoverageParts {
  const cells = new Map<string, CoverageCell>();
  const cell = (blade: Blade, room: number): CoverageCell => {
    const key = `${blade}${room}`;
    let found = cells.get(key);
    if (!found) {
      found = { blade, room, expected: room <= rooms, covered: false, photos: noCounts(), findings: noCounts() };
      cells.set(key, found);
    }
    return found;
  };
  for (const blade of BLADES) for (let room = 1; room <= rooms; room += 1) cell(blade, room);
  const drone = new Map(BLADES.map((blade) => [blade, { blade, photos: 0, covered: false }]));
  const unplaced = { photos: noCounts(), findings: noCounts() };

  for (const place of photos) {
    if (place.blade === null) {
      unplaced.photos[place.category] += place.count;
      continue;
    }
    cell(place.blade, place.room).photos[place.category] += place.count;
    if (place.category === DRONE_SLOT_CATEGORY) drone.get(place.blade)!.photos += place.count;
  }
  for (const place of findings) {
    if (place.blade === null) unplaced.findings[place.category] += place.count;
    else cell(place.blade, place.room).findings[place.category] += place.count;
  }

  const ordered = [...cells.values()].sort((a, b) => a.blade.localeCompare(b.blade) || a.room - b.room);
  for (const item of ordered) item.covered = item.expected && item.photos[ROOM_SLOT_CATEGORY] > 0;
  const droneSlots = [...drone.values()].map((slot) => ({ ...slot, covered: slot.photos > 0 }));
  const expected = expectedSlots(rooms);
  const coveredSlots = ordered.filter((item) => item.covered).length + droneSlots.filter((slot) => slot.covered).length;
  return {
    cells: ordered,
    drone: droneSlots,
    unplaced,
    expected_slots: expected,
    covered_slots: coveredSlots,
    share: coveredSlots / expected,
    covered: coveredSlots === expected,
  };
}

/** What a fleet line says is missing: the expected rooms without a blade photo, the blades without a drone photo. */
export function missingOf(parts: CoverageParts): Pick<FleetCoverageItem, 'missing_rooms' | 'missing_drone'> {
  return {
    missing_rooms: parts.cells
      .filter((item) => item.expected && !item.covered)
      .map(({ blade, room }) => ({ blade, room })),
    missing_drone: parts.drone.filter((slot) => !slot.covered).map((slot) => slot.blade),
  };
}
