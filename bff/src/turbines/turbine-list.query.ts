import { Injectable } from '@nestjs/common';
import { type FindingSeverity, REPAIR_TIME_ZONE, type Turbine, type TurbineStatus } from '@kanat360/contracts';
import { DataSource } from 'typeorm';
import { type TenantScope } from '@/access/principal.js';
import { joinCompany } from '@/companies/companies.sql.js';
import { col, expr, isoTime, type RowOf, rowMapper, type SqlType } from '@/database/row-mapper.js';
import { anyDraftFinding, worstOpenSeverities } from '@/findings/findings.sql.js';
import { currentMediaCounts } from '@/media/media.sql.js';
import { turbineRepairCounts } from '@/repairs/repair-work-orders.sql.js';
import { turbineDisplayName } from './turbine-name.js';

const t = <T extends SqlType>(name: string, type: T) => col('turbines', 't', name, type);

/** Today as a Turkish calendar day: what a repair's due date is compared with. */
const TODAY = `(now() AT TIME ZONE '${REPAIR_TIME_ZONE}')::date`;

/**
 * The answer shape of spec §7 straight from SQL: one query however many turbines there are (the photo and media
 * counts are a lateral count over the current-media index, the worst open severities a lateral aggregate over the
 * findings' turbine index, the open and overdue repairs one over the open repairs' index, not a query per turbine). The display name, and the worst severity the caller may see,
 * are added in `toTurbine`.
 */
const TURBINE_ROW = rowMapper(
  'turbine',
  `FROM turbines t
     ${joinCompany('c', 't.company_id')}
     CROSS JOIN LATERAL (${currentMediaCounts('t.id')}) p
     CROSS JOIN LATERAL (${worstOpenSeverities('t.id')}) w
     CROSS JOIN LATERAL (${turbineRepairCounts('t.id', TODAY, anyDraftFinding)}) r`,
  {
    id: t('id', 'integer'),
    turbine_name: t('turbine_name', 'character varying').orNull(),
    code: t('code', 'character varying'),
    city: t('city', 'character varying'),
    location: t('location', 'character varying'),
    site_name: t('site_name', 'character varying').orNull(),
    coordinates: t('coordinates', 'character varying').orNull(),
    rooms: t('rooms', 'integer'),
    status: t('status', 'character varying').as<TurbineStatus>(),
    company_id: t('company_id', 'integer'),
    company_name: col('companies', 'c', 'name', 'character varying'),
    manufacturer: t('manufacturer', 'character varying').orNull(),
    model: t('model', 'character varying').orNull(),
    rated_power_kw: t('rated_power_kw', 'double precision').orNull(),
    hub_height_m: t('hub_height_m', 'double precision').orNull(),
    rotor_diameter_m: t('rotor_diameter_m', 'double precision').orNull(),
    blade_length_m: t('blade_length_m', 'double precision').orNull(),
    commissioned_year: t('commissioned_year', 'integer').orNull(),
    latitude: t('latitude', 'double precision').orNull(),
    longitude: t('longitude', 'double precision').orNull(),
    photo_count: expr('p.photo_count', 'integer'),
    media_count: expr('p.media_count', 'integer'),
    worst_open: expr('w.worst', 'integer').as<FindingSeverity>().orNull(),
    worst_released_open: expr('w.worst_released', 'integer').as<FindingSeverity>().orNull(),
    open_repairs_all: expr('r.open', 'integer'),
    overdue_repairs_all: expr('r.overdue', 'integer'),
    open_repairs_released: expr('r.open_released', 'integer'),
    overdue_repairs_released: expr('r.overdue_released', 'integer'),
    // Printed by PostgreSQL: a Date made and printed again per value was a costly part of a list of 2,000 turbines.
    created_at: expr(isoTime('t.created_at'), 'text'),
    updated_at: expr(isoTime('t.updated_at'), 'text'),
  },
);

const SELECT_TURBINE = `SELECT ${TURBINE_ROW.select} ${TURBINE_ROW.from}`;

/**
 * What a reader of turbines may see of their findings: a caller without finding.readDrafts sees a turbine's worst
 * open severity among released findings only, as if the drafts did not exist.
 */
export interface TurbineReader {
  readsDrafts: boolean;
}

/**
 * Spec §2: turbine_name, else the city with the suffix "Türbini"; the worst severity and the repairs the reader may
 * see. Written out field by field: a list of 2,000 turbines built this way costs a fraction of a spread copy.
 */
function toTurbine(row: RowOf<typeof TURBINE_ROW.columns>, reader: TurbineReader): Turbine {
  const drafts = reader.readsDrafts;
  return {
    id: row.id,
    turbine_name: row.turbine_name,
    name: turbineDisplayName(row.turbine_name, row.city),
    code: row.code,
    city: row.city,
    location: row.location,
    site_name: row.site_name,
    coordinates: row.coordinates,
    rooms: row.rooms,
    status: row.status,
    company_id: row.company_id,
    company_name: row.company_name,
    manufacturer: row.manufacturer,
    model: row.model,
    rated_power_kw: row.rated_power_kw,
    hub_height_m: row.hub_height_m,
    rotor_diameter_m: row.rotor_diameter_m,
    blade_length_m: row.blade_length_m,
    commissioned_year: row.commissioned_year,
    latitude: row.latitude,
    longitude: row.longitude,
    photo_count: row.photo_count,
    media_count: row.media_count,
    worst_open_severity: drafts ? row.worst_open : row.worst_released_open,
    // A customer reads the repairs whose findings are all released, and counts those.
    open_repairs: drafts ? row.open_repairs_all : row.open_repairs_released,
    overdue_repairs: drafts ? row.overdue_repairs_all : row.overdue_repairs_released,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Every read is scoped: a turbine outside the caller's company, or one being deleted, does not exist. */
function scopeClause(scope: TenantScope, params: unknown[]): string {
  if (scope.all) return '';
  params.push(scope.companyId);
  return ` AND t.company_id = $${params.length}`;
}

/**
 * The turbines list and a turbine's page (spec §7): a turbine with its company's name, its media counts and its worst
 * open finding, gathered from four tables in one statement.
 */
@Injectable()
export class TurbineListQuery {
  constructor(private readonly dataSource: DataSource) {}

  async list(scope: TenantScope, reader: TurbineReader, filterCompanyId?: number): Promise<Turbine[]> {
    const params: unknown[] = [];
    let where = `WHERE t.deleted_at IS NULL${scopeClause(scope, params)}`;
    if (filterCompanyId !== undefined) {
      params.push(filterCompanyId);
      where += ` AND t.company_id = $${params.length}`;
    }
    const rows = await TURBINE_ROW.all(
      this.dataSource,
      `${SELECT_TURBINE} ${where} ORDER BY t.created_at DESC, t.id DESC`,
      params,
    );
    return rows.map((row) => toTurbine(row, reader));
  }

  /** The live turbines of `companyIds` whose codes are among `codes` (an import matches its rows to them). */
  async liveByCodes(companyIds: readonly number[], codes: readonly string[]): Promise<Turbine[]> {
    if (companyIds.length === 0 || codes.length === 0) return [];
    const rows = await TURBINE_ROW.all(
      this.dataSource,
      `${SELECT_TURBINE} WHERE t.deleted_at IS NULL AND t.company_id = ANY($1::int[]) AND t.code = ANY($2::text[])`,
      [companyIds, codes],
    );
    return rows.map((row) => toTurbine(row, { readsDrafts: true }));
  }

  /**
   * A turbine that is not being deleted; whether the caller may see it is AccessService's question, asked first.
   * Its worst open severity counts released findings only unless the reader reads drafts.
   */
  async findLive(id: number, reader: TurbineReader = { readsDrafts: false }): Promise<Turbine | null> {
    const row = await TURBINE_ROW.one(this.dataSource, `${SELECT_TURBINE} WHERE t.id = $1 AND t.deleted_at IS NULL`, [
      id,
    ]);
    return row ? toTurbine(row, reader) : null;
  }
}
