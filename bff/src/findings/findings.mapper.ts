import {
  type Finding,
  type FindingDetail,
  type FindingGrowth,
  type FindingRepairEntry,
  type FindingRepairRef,
  type FindingTarget,
  type FindingTrackEntry,
} from '@kanat360/contracts';
import { type FindingRow, type TrackRow } from './findings.repository.js';

/**
 * Who reads a finding, as far as its repairs go: a caller who may not read drafts reads a repair only when all its
 * findings are released (as GET /repairs answers them).
 */
export interface FindingReader {
  readsDrafts: boolean;
}

/** A repair as the findings' SQL answers it (repairs' findingRepairJson), with whether a customer may read it. */
type Released<T> = T & { released: boolean };

function readableRepair<T extends { released: boolean }>(repair: T, reader: FindingReader): Omit<T, 'released'> | null {
  const { released, ...rest } = repair;
  return reader.readsDrafts || released ? rest : null;
}

/** A finding as the API answers it (2a's fields, in their order), and its repair. */
export function toFinding(row: FindingRow, reader: FindingReader): Finding {
  return {
    id: row.id,
    turbine_id: row.turbineId,
    media_id: row.mediaId,
    media_version: row.mediaVersion,
    year: row.year,
    blade: row.blade,
    surface: row.surface,
    zone: row.zone,
    internal: row.internal,
    distance_from_root_m: row.distanceFromRootM,
    extent_m: row.extentM,
    distance_from_le_m: row.distanceFromLeM,
    target: JSON.parse(row.target) as FindingTarget,
    type: row.type,
    severity: row.severity,
    action: row.action,
    length_mm: row.lengthMm,
    width_mm: row.widthMm,
    description: row.description,
    status: row.status,
    stage: row.stage,
    track_id: row.trackId,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    repair: row.repair === null ? null : readableRepair(JSON.parse(row.repair) as Released<FindingRepairRef>, reader),
  };
}

export function toTrackEntry(row: TrackRow): FindingTrackEntry {
  return {
    id: row.id,
    year: row.year,
    severity: row.severity,
    length_mm: row.lengthMm,
    width_mm: row.widthMm,
    status: row.status,
    stage: row.stage,
  };
}

/**
 * The finding with its track (the years the caller may see, oldest first), its growth within it, and its repairs
 * (`repairs`: JSON text of repairs' findingRepairsJson).
 */
export function toFindingDetail(
  row: FindingRow,
  track: TrackRow[],
  repairs: string,
  reader: FindingReader,
): FindingDetail {
  const history = track.map(toTrackEntry);
  const index = history.findIndex((entry) => entry.id === row.id);
  const self = history[index];
  const before = index > 0 ? history.slice(0, index) : [];
  const entries = (JSON.parse(repairs) as Released<FindingRepairEntry>[]).flatMap((entry) => {
    const readable = readableRepair(entry, reader);
    if (!readable) return [];
    // json_build_object writes PostgreSQL's timestamp text: the API's ISO form, as every other answer.
    const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
    return [
      {
        ...readable,
        window_start: iso(readable.window_start),
        window_end: iso(readable.window_end),
        completed_at: iso(readable.completed_at),
        verified_at: iso(readable.verified_at),
        created_at: new Date(readable.created_at).toISOString(),
      },
    ];
  });
  return {
    ...toFinding(row, reader),
    history,
    growth: {
      since_previous: self && before.length > 0 ? growth(before.at(-1)!, self) : null,
      since_first: self && before.length > 0 ? growth(before[0]!, self) : null,
    },
    repairs: entries,
  };
}

function growth(from: FindingTrackEntry, to: FindingTrackEntry): FindingGrowth {
  const difference = (a: number | null, b: number | null) => (a === null || b === null ? null : round(b - a));
  return {
    from_year: from.year,
    length_mm: difference(from.length_mm, to.length_mm),
    width_mm: difference(from.width_mm, to.width_mm),
    severity: to.severity - from.severity,
  };
}

/** Millimetres to a tenth, as they were measured (floating-point differences would print 12.299999). */
function round(value: number): number {
  return Math.round(value * 10) / 10;
}
