import { Injectable } from '@nestjs/common';
import { type Readable } from 'node:stream';
import {
  type Blade,
  DEFAULT_FINDING_SORT,
  type FindingAction,
  type FindingFilters,
  type FindingSort,
  type FindingSeverity,
  type FindingStage,
  type FindingStatus,
  type FindingSurface,
  type FindingType,
} from '@kanat360/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { type TenantScope } from '@/access/principal.js';
import { cursorTime, type KeysetPosition, type KeysetValueType, type PagePosition } from '@/common/page-cursor.js';
import { copyCsv, sqlLiteral } from '@/database/copy-csv.js';
import {
  affectedRows,
  col,
  expr,
  queryRows,
  type RawRow,
  type RowOf,
  rowMapper,
  scalar,
  scalars,
  type SqlRunner,
  type SqlType,
  sqlValue,
} from '@/database/row-mapper.js';
import { joinMedia, lineageMediaIds } from '@/media/media.sql.js';
import { findingRepairJson, findingRepairsJson } from '@/repairs/repair-work-orders.sql.js';
import {
  isLiveTurbine,
  joinTurbine,
  turbineDisplayName,
  turbineIdsOfCompany,
  turbineNameSortKey,
} from '@/turbines/turbines.sql.js';
import { joinUser } from '@/users/users.sql.js';
import { FindingEntity } from './finding.entity.js';
import { afterPosition, findingOrderKeys, orderByKeys } from './finding-order.sql.js';
import { anyDraftFinding } from './findings.sql.js';

const f = <T extends SqlType>(name: string, type: T) => col('findings', 'f', name, type);

/** A finding as the API answers it (the target still as JSON text), with its place in the lists' order. */
export const FINDING_ROW = rowMapper('finding', 'FROM findings f', {
  id: f('id', 'integer'),
  turbineId: f('turbine_id', 'integer'),
  mediaId: f('media_id', 'integer'),
  mediaVersion: f('media_version', 'integer'),
  year: f('year', 'integer'),
  blade: f('blade', 'character').as<Blade>(),
  surface: f('surface', 'character varying').as<FindingSurface>(),
  zone: f('zone', 'integer'),
  internal: f('internal', 'boolean'),
  distanceFromRootM: f('distance_from_root_m', 'double precision'),
  extentM: f('extent_m', 'double precision').orNull(),
  distanceFromLeM: f('distance_from_le_m', 'double precision').orNull(),
  // jsonb is read as its text: pg would parse it, but the rows of an export are written out as they are.
  target: expr('f.target::text', 'text'),
  type: f('type', 'character varying').as<FindingType>(),
  severity: f('severity', 'integer').as<FindingSeverity>(),
  action: f('action', 'character varying').as<FindingAction>(),
  lengthMm: f('length_mm', 'double precision').orNull(),
  widthMm: f('width_mm', 'double precision').orNull(),
  description: f('description', 'character varying').orNull(),
  status: f('status', 'character varying').as<FindingStatus>(),
  stage: f('stage', 'character varying').as<FindingStage>(),
  trackId: expr('COALESCE(f.track_id, f.id)', 'integer'),
  createdBy: f('created_by', 'integer').orNull(),
  createdAt: f('created_at', 'timestamp with time zone'),
  updatedAt: f('updated_at', 'timestamp with time zone'),
  sortAt: expr(cursorTime('f.created_at'), 'text'),
  /** Its latest repair not cancelled, as JSON text `{ id, status, released }` (repairs' findingRepairJson). */
  repair: expr(findingRepairJson('f.id', anyDraftFinding), 'text').orNull(),
});
export type FindingRow = RowOf<typeof FINDING_ROW.columns>;

/** A finding as a repair takes it into a work order: locked, with what the repair's defaults are made of. */
const LOCKED_FINDING_ROW = rowMapper('locked finding', 'FROM findings f', {
  id: f('id', 'integer'),
  year: f('year', 'integer'),
  status: f('status', 'character varying').as<FindingStatus>(),
  stage: f('stage', 'character varying').as<FindingStage>(),
  blade: f('blade', 'character').as<Blade>(),
  zone: f('zone', 'integer'),
  type: f('type', 'character varying').as<FindingType>(),
  severity: f('severity', 'integer').as<FindingSeverity>(),
});
export type LockedFindingRow = RowOf<typeof LOCKED_FINDING_ROW.columns>;

/**
 * A finding as the exports for people and linked data show it: its fields, and the names of what its ids point at
 * (the turbine's display name and code, the photo's file name, the author's name: null once the user is deleted).
 */
export const FINDING_SHEET_ROW = rowMapper(
  'finding sheet',
  `FROM findings f
     ${joinTurbine('t', 'f.turbine_id')}
     ${joinMedia('m', 'f.media_id')}
     ${joinUser('u', 'f.created_by', { left: true })}`,
  {
    ...FINDING_ROW.columns,
    turbineName: expr(turbineDisplayName('t'), 'text'),
    turbineCode: col('turbines', 't', 'code', 'character varying'),
    photoName: col('media', 'm', 'original_name', 'character varying'),
    author: expr(`NULLIF(concat_ws(' ', u.first_name, u.last_name), '')`, 'text').orNull(),
  },
);
export type FindingSheetRow = RowOf<typeof FINDING_SHEET_ROW.columns>;

/** A column of a CSV export: its name in the statement, the SQL of its text, and whether it is always quoted. */
export interface CsvColumn {
  name: string;
  sql: string;
  quoted: boolean;
}

/** One year of a track: what a finding's history shows. */
const TRACK_ROW = rowMapper('finding track', 'FROM findings f', {
  trackId: expr('COALESCE(f.track_id, f.id)', 'integer'),
  id: f('id', 'integer'),
  year: f('year', 'integer'),
  severity: f('severity', 'integer').as<FindingSeverity>(),
  lengthMm: f('length_mm', 'double precision').orNull(),
  widthMm: f('width_mm', 'double precision').orNull(),
  status: f('status', 'character varying').as<FindingStatus>(),
  stage: f('stage', 'character varying').as<FindingStage>(),
});
export type TrackRow = RowOf<typeof TRACK_ROW.columns>;

/** How many findings of one severity a list's filters match: what the fleet page's counts show. */
const SEVERITY_COUNT_ROW = rowMapper(
  'finding severity count',
  'FROM findings f',
  {
    severity: f('severity', 'integer').as<FindingSeverity>(),
    count: expr('count(*)::int', 'integer'),
  },
  { groupBy: 'f.severity' },
);
export type SeverityCountRow = RowOf<typeof SEVERITY_COUNT_ROW.columns>;

/** The columns a finding's author writes. */
export type FindingWrite = Pick<
  FindingEntity,
  | 'blade'
  | 'surface'
  | 'zone'
  | 'internal'
  | 'distanceFromRootM'
  | 'extentM'
  | 'distanceFromLeM'
  | 'target'
  | 'type'
  | 'severity'
  | 'action'
  | 'lengthMm'
  | 'widthMm'
  | 'description'
  | 'status'
  | 'stage'
>;

export type FindingInsert = FindingWrite &
  Pick<FindingEntity, 'turbineId' | 'mediaId' | 'mediaVersion' | 'year' | 'createdBy'> &
  Partial<Pick<FindingEntity, 'trackId' | 'createdAt' | 'updatedAt'>>;

/**
 * Which findings a list reaches: those of one turbine (whose access was checked before), or the fleet of a tenant
 * scope (live turbines of the caller's company, or of every company); released ones only for a caller who may
 * not read drafts.
 */
export interface FindingReach {
  turbineId?: number;
  tenant: TenantScope;
  releasedOnly: boolean;
}

const SELECT_FINDING = `SELECT ${FINDING_ROW.select} ${FINDING_ROW.from}`;
const ORDER = 'ORDER BY f.created_at DESC, f.id DESC';

/** Puts a value into a statement as a bind parameter (`$n`), added to `params`. */
function bindParams(params: unknown[]): (value: unknown) => string {
  return (value) => {
    params.push(value);
    return `$${params.length}`;
  };
}

/** Every read names the turbine or the tenant scope: a finding of another company is never found. */
@Injectable()
export class FindingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One page of the findings the reach and filters select, in the order `sort` (newest first unless asked), in one
   * query (the total rides along, unless `count` is false: an export's batches do not need it).
   */
  async listPage(
    reach: FindingReach,
    filters: FindingFilters,
    after: KeysetPosition | null,
    limit: number,
    { count = true, sort = DEFAULT_FINDING_SORT }: { count?: boolean; sort?: FindingSort } = {},
  ): Promise<{ rows: FindingRow[]; total: number; last: KeysetPosition | null; more: boolean }> {
    const params: unknown[] = [];
    const param = bindParams(params);
    const keys = findingOrderKeys(sort, turbineNameSortKey('f.turbine_id'));
    const matching = whereClause(reach, filters, param);
    const keyset = after ? ` AND ${afterPosition(keys, after, param)}` : '';
    // A key that is no column of the row (the turbine's name) rides along under its alias, for the cursor.
    const extra = keys
      .filter((key) => !Object.hasOwn(FINDING_ROW.columns, key.alias))
      .map((key) => `, ${key.sql} AS "${key.alias}"`)
      .join('');
    const page = `SELECT ${FINDING_ROW.select}${extra} ${FINDING_ROW.from} WHERE ${matching}${keyset}
      ${orderByKeys(keys, (key) => key.sql)} LIMIT ${param(limit + 1)}`;
    let found: RawRow[];
    let total = 0;
    if (count) {
      // The count's row always comes back, so an empty page past the end still knows the total.
      const answer = await queryRows(
        this.dataSource,
        `SELECT t.total, p.*
           FROM (SELECT count(*)::int AS total FROM findings f WHERE ${matching}) t
           LEFT JOIN LATERAL (${page}) p ON true
          ${orderByKeys(keys, (key) => `p."${key.alias}"`)}`,
        params,
      );
      found = answer.filter((row) => row.id !== null);
      total = sqlValue(answer[0]?.total, 'integer') ?? 0;
    } else {
      found = await queryRows(this.dataSource, page, params);
    }
    const more = found.length > limit;
    const rows = more ? found.slice(0, limit) : found;
    const lastRow = rows.at(-1);
    return {
      // toFinding copies the answer's fields one by one: the sort keys riding along stay behind.
      rows: rows.map(FINDING_ROW.readInPlace),
      total,
      last: lastRow ? keys.map((key) => lastRow[key.alias] as string | number) : null,
      more,
    };
  }

  /** What a page's position holds for `sort`, key by key: the types a cursor of that order must carry. */
  pageKeyTypes(sort: FindingSort): KeysetValueType[] {
    return findingOrderKeys(sort, turbineNameSortKey('f.turbine_id')).map((key) => key.type);
  }

  /**
   * A page of an export: the findings the reach and filters select after `after`, in the lists' order (what the
   * list would page through), with the names the exports show. Answers where the next page starts (null: none).
   */
  async exportPage(
    reach: FindingReach,
    filters: FindingFilters,
    after: PagePosition | null,
    limit: number,
  ): Promise<{ rows: FindingSheetRow[]; next: PagePosition | null }> {
    const params: unknown[] = [];
    const param = bindParams(params);
    const keyset = after ? ` AND (f.created_at, f.id) < (${param(after.at)}::timestamptz, ${param(after.id)})` : '';
    const matching = whereClause(reach, filters, param);
    const found = await FINDING_SHEET_ROW.all(
      this.dataSource,
      `SELECT ${FINDING_SHEET_ROW.select} ${FINDING_SHEET_ROW.from} WHERE ${matching}${keyset} ${ORDER}
        LIMIT ${param(limit + 1)}`,
      params,
    );
    const rows = found.slice(0, limit);
    const last = rows.at(-1);
    return { rows, next: found.length > limit && last ? { at: last.sortAt, id: last.id } : null };
  }

  /**
   * The findings the reach and filters select, in the lists' order, as CSV rows that PostgreSQL writes (no header):
   * what the list would page through, streamed on one connection for the whole download (database/copy-csv.ts),
   * each cell the SQL of its column over FINDING_SHEET_ROW's fields. COPY takes no bind parameters: the filters'
   * values go in as literals.
   */
  async exportCsv(reach: FindingReach, filters: FindingFilters, columns: readonly CsvColumn[]): Promise<Readable> {
    const matching = whereClause(reach, filters, sqlLiteral);
    const cells = columns.map((column) => `${column.sql} AS "${column.name}"`).join(', ');
    return copyCsv(this.dataSource, `SELECT ${cells} ${FINDING_SHEET_ROW.from} WHERE ${matching} ${ORDER}`, {
      quoted: columns.filter((column) => column.quoted).map((column) => column.name),
    });
  }

  /** How many findings the reach and filters select, by severity (one GROUP BY; severities without one are absent). */
  async countBySeverity(reach: FindingReach, filters: FindingFilters): Promise<SeverityCountRow[]> {
    const params: unknown[] = [];
    const matching = whereClause(reach, filters, bindParams(params));
    return SEVERITY_COUNT_ROW.all(
      this.dataSource,
      `SELECT ${SEVERITY_COUNT_ROW.select} ${SEVERITY_COUNT_ROW.from}
        WHERE ${matching}
        GROUP BY ${SEVERITY_COUNT_ROW.groupBy}
        ORDER BY f.severity`,
      params,
    );
  }

  async find(turbineId: number, id: number): Promise<FindingRow | null> {
    return FINDING_ROW.one(this.dataSource, `${SELECT_FINDING} WHERE f.turbine_id = $1 AND f.id = $2`, [turbineId, id]);
  }

  /** The released findings of a turbine's year, by blade, distance from the root and id: the report's order. */
  async releasedOfYear(turbineId: number, year: number): Promise<FindingRow[]> {
    return FINDING_ROW.all(
      this.dataSource,
      `${SELECT_FINDING} WHERE f.turbine_id = $1 AND f.year = $2 AND f.stage = 'released'
        ORDER BY f.blade, f.distance_from_root_m, f.id`,
      [turbineId, year],
    );
  }

  /**
   * How far from the root the released findings of a turbine reach, every year's (the furthest one's distance plus
   * its extent; 0 with none): the blade map's scale as the panel draws it for a customer.
   */
  async furthestReleasedReach(turbineId: number): Promise<number> {
    const reach = await scalar(
      this.dataSource,
      `SELECT max(distance_from_root_m + COALESCE(extent_m, 0)) AS value FROM findings
        WHERE turbine_id = $1 AND stage = 'released'`,
      [turbineId],
      'double precision',
    );
    return reach ?? 0;
  }

  /** How many released findings a turbine's year has (whether its report is made now or by a job). */
  async countReleased(turbineId: number, year: number): Promise<number> {
    const count = await scalar(
      this.dataSource,
      `SELECT count(*)::int AS value FROM findings WHERE turbine_id = $1 AND year = $2 AND stage = 'released'`,
      [turbineId, year],
      'integer',
    );
    return count ?? 0;
  }

  /** The years of the given tracks, oldest first (released ones only when asked). */
  async tracks(trackIds: readonly number[], releasedOnly: boolean): Promise<TrackRow[]> {
    if (trackIds.length === 0) return [];
    return TRACK_ROW.all(
      this.dataSource,
      `SELECT ${TRACK_ROW.select} ${TRACK_ROW.from}
        WHERE COALESCE(f.track_id, f.id) = ANY($1::int[])${releasedOnly ? ` AND f.stage = 'released'` : ''}
        ORDER BY f.year, f.id`,
      [[...new Set(trackIds)]],
    );
  }

  async insert(row: FindingInsert): Promise<number> {
    const result = await this.dataSource.getRepository(FindingEntity).insert(row);
    return (result.identifiers[0] as { id: number }).id;
  }

  /** Several findings in one statement of the caller's transaction (the demo seed); answers their ids in order. */
  async insertMany(manager: EntityManager, rows: FindingInsert[]): Promise<number[]> {
    const result = await manager.getRepository(FindingEntity).insert(rows);
    return result.identifiers.map((identifier) => (identifier as { id: number }).id);
  }

  /** Answers whether the finding was still there. */
  async update(turbineId: number, id: number, write: FindingWrite): Promise<boolean> {
    const result = await this.dataSource.getRepository(FindingEntity).update({ id, turbineId }, write);
    return (result.affected ?? 0) > 0;
  }

  async delete(turbineId: number, id: number): Promise<boolean> {
    const affected = await affectedRows(this.dataSource, `DELETE FROM findings WHERE turbine_id = $1 AND id = $2`, [
      turbineId,
      id,
    ]);
    return affected > 0;
  }

  /** The years the findings of a track were found in (each year at most once in a track). */
  async yearsOfTrack(runner: SqlRunner, trackId: number): Promise<number[]> {
    return scalars(
      runner,
      `SELECT year AS value FROM findings WHERE COALESCE(track_id, id) = $1 ORDER BY year`,
      [trackId],
      'integer',
    );
  }

  /** Joins every finding of track `from` to track `to`, in the caller's transaction. */
  async moveTrack(manager: EntityManager, from: number, to: number): Promise<void> {
    await manager.query(`UPDATE findings SET track_id = $2, updated_at = now() WHERE COALESCE(track_id, id) = $1`, [
      from,
      to,
    ]);
  }

  /**
   * The findings of the turbine among `ids`, locked for update in the caller's transaction (in id order, so two
   * repairs taking the same findings queue instead of deadlocking); ids of other turbines are simply not found.
   */
  async lockOfTurbine(manager: EntityManager, turbineId: number, ids: readonly number[]): Promise<LockedFindingRow[]> {
    return LOCKED_FINDING_ROW.all(
      manager,
      `SELECT ${LOCKED_FINDING_ROW.select} ${LOCKED_FINDING_ROW.from}
        WHERE f.turbine_id = $1 AND f.id = ANY($2::int[]) ORDER BY f.id FOR UPDATE`,
      [turbineId, [...ids]],
    );
  }

  /** Sets the status of each finding named, in the caller's transaction (their repair's status says which). */
  async setStatuses(manager: EntityManager, statuses: readonly { id: number; status: FindingStatus }[]): Promise<void> {
    if (statuses.length === 0) return;
    await manager.query(
      `UPDATE findings SET status = s.status, updated_at = now()
         FROM unnest($1::int[], $2::varchar[]) AS s(id, status)
        WHERE findings.id = s.id AND findings.status IS DISTINCT FROM s.status`,
      [statuses.map((entry) => entry.id), statuses.map((entry) => entry.status)],
    );
  }

  /** Every repair of the finding, oldest first, as JSON text (repairs' findingRepairsJson). */
  async repairHistory(id: number): Promise<string> {
    return (
      (await scalar(
        this.dataSource,
        `SELECT ${findingRepairsJson('$1::int', anyDraftFinding)} AS value`,
        [id],
        'text',
      )) ?? '[]'
    );
  }

  /** The findings of the given turbines in the caller's transaction, in id order (the demo seed's repairs). */
  async ofTurbines(runner: SqlRunner, turbineIds: readonly number[]): Promise<FindingRow[]> {
    return FINDING_ROW.all(runner, `${SELECT_FINDING} WHERE f.turbine_id = ANY($1::int[]) ORDER BY f.id`, [
      [...turbineIds],
    ]);
  }

  /** Serialises links touching a track: two links into one track at once could give it the same year twice. */
  async lockTracks(manager: EntityManager, trackIds: number[]): Promise<void> {
    await manager.query(
      `SELECT id FROM findings WHERE COALESCE(track_id, id) = ANY($1::int[]) ORDER BY id FOR UPDATE`,
      [trackIds],
    );
  }
}

/**
 * The WHERE of a list: the reach (turbine or tenant, released only) and the filters; `param` puts each value into
 * the statement (a bind parameter, or a literal where none can be bound).
 */
function whereClause(reach: FindingReach, filters: FindingFilters, param: (value: unknown) => string): string {
  const where: string[] = [];
  if (reach.turbineId !== undefined) {
    where.push(`f.turbine_id = ${param(reach.turbineId)}`);
  } else {
    // A turbine being deleted is gone with everything on it.
    where.push(isLiveTurbine('f.turbine_id'));
    if (!reach.tenant.all) where.push(`f.turbine_id IN (${turbineIdsOfCompany(param(reach.tenant.companyId))})`);
    else if (filters.company_id !== undefined)
      where.push(`f.turbine_id IN (${turbineIdsOfCompany(param(filters.company_id))})`);
    if (filters.turbine_id !== undefined) where.push(`f.turbine_id = ${param(filters.turbine_id)}`);
  }
  if (reach.releasedOnly) where.push(`f.stage = 'released'`);
  // A finding belongs to the photo, not to the version it was drawn on: any version's id finds every version's.
  if (filters.media_id !== undefined) where.push(`f.media_id IN (${lineageMediaIds(param(filters.media_id))})`);
  if (filters.year !== undefined) where.push(`f.year = ${param(filters.year)}`);
  if (filters.blade !== undefined) where.push(`f.blade = ${param(filters.blade)}`);
  if (filters.surface !== undefined) where.push(`f.surface = ${param(filters.surface)}`);
  if (filters.type !== undefined) where.push(`f.type = ${param(filters.type)}`);
  if (filters.severity_min !== undefined) where.push(`f.severity >= ${param(filters.severity_min)}`);
  if (filters.status !== undefined) where.push(`f.status = ${param(filters.status)}`);
  if (filters.stage !== undefined) where.push(`f.stage = ${param(filters.stage)}`);
  return where.join(' AND ');
}
