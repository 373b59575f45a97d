import { Injectable } from '@nestjs/common';
import { type Blade, type CoverageCategory } from '@kanat360/contracts';
import { DataSource } from 'typeorm';
import { type TenantScope } from '@/access/principal.js';
import { joinCompany } from '@/companies/companies.sql.js';
import { col, expr, rowMapper } from '@/database/row-mapper.js';
import { findingsOfTurbineYear } from '@/findings/findings.sql.js';
import { mediaPlacesOfTurbine, photoCountsByPlace } from '@/media/media.sql.js';
import { type PlaceCount } from './coverage.js';

// A mapper's FROM must run alone (the row-mapper test selects from it with no parameters): the fragments are given
// values that match nothing there, and the real ones in each statement.
const photosFrom = (turbineIds: string, year: string) => `FROM (${photoCountsByPlace(turbineIds, year)}) p`;
const PHOTO_PLACE = rowMapper('coverage photo place', photosFrom('SELECT NULL::int', 'NULL::int'), {
  turbine_id: expr('p.turbine_id', 'integer'),
  category: expr('p.category', 'character varying').as<CoverageCategory>(),
  blade: expr('p.blade', 'character').as<Blade>().orNull(),
  room: expr('p.room', 'integer'),
  count: expr('p.photos', 'integer'),
});

const findingsFrom = (turbineId: string, year: string, releasedOnly: boolean) =>
  `FROM (${findingsOfTurbineYear(turbineId, year, releasedOnly)}) f
     JOIN (${mediaPlacesOfTurbine(turbineId)}) m ON m.id = f.media_id`;
const FINDING_PLACE = rowMapper(
  'coverage finding place',
  findingsFrom('NULL::int', 'NULL::int', false),
  {
    category: expr('m.category', 'character varying').as<CoverageCategory>(),
    blade: expr('f.blade', 'character').as<Blade>().orNull(),
    room: expr('m.room', 'integer'),
    count: expr('count(*)::int', 'integer'),
  },
  { groupBy: 'm.category, f.blade, m.room' },
);

const FLEET_TURBINE = rowMapper('coverage turbine', `FROM turbines t ${joinCompany('c', 't.company_id')}`, {
  turbine_id: col('turbines', 't', 'id', 'integer'),
  turbine_name: col('turbines', 't', 'turbine_name', 'character varying').orNull(),
  code: col('turbines', 't', 'code', 'character varying'),
  city: col('turbines', 't', 'city', 'character varying'),
  rooms: col('turbines', 't', 'rooms', 'integer'),
  company_id: col('turbines', 't', 'company_id', 'integer'),
  company_name: col('companies', 'c', 'name', 'character varying'),
});
export type CoverageTurbine = Awaited<ReturnType<typeof FLEET_TURBINE.all>>[number];

/**
 * A campaign year's coverage (issue #25): the photos and findings of a turbine per place and category, and the
 * photos of a whole fleet per place, each in one statement. What they add up to is coverage.ts's rule.
 */
@Injectable()
export class CoverageQuery {
  constructor(private readonly dataSource: DataSource) {}

  /** A turbine's photos and findings of `year` per category, blade and room. */
  async ofTurbine(
    turbineId: number,
    year: number,
    releasedOnly: boolean,
  ): Promise<{ photos: PlaceCount[]; findings: PlaceCount[] }> {
    const [photos, findings] = await Promise.all([
      PHOTO_PLACE.all(this.dataSource, `SELECT ${PHOTO_PLACE.select} ${photosFrom('SELECT $1::int', '$2')}`, [
        turbineId,
        year,
      ]),
      FINDING_PLACE.all(
        this.dataSource,
        `SELECT ${FINDING_PLACE.select} ${findingsFrom('$1::int', '$2', releasedOnly)} GROUP BY ${FINDING_PLACE.groupBy}`,
        [turbineId, year],
      ),
    ]);
    return { photos, findings };
  }

  /** The live turbines the scope reaches (one company when `companyId` is given), with their photos of `year`. */
  async ofFleet(
    scope: TenantScope,
    year: number,
    companyId: number | undefined,
  ): Promise<{ turbines: CoverageTurbine[]; photos: Map<number, PlaceCount[]> }> {
    const params: unknown[] = [];
    let where = 'WHERE t.deleted_at IS NULL';
    for (const company of [scope.all ? undefined : scope.companyId, companyId]) {
      if (company === undefined) continue;
      params.push(company);
      where += ` AND t.company_id = $${params.length}`;
    }
    const turbines = await FLEET_TURBINE.all(
      this.dataSource,
      `SELECT ${FLEET_TURBINE.select} ${FLEET_TURBINE.from} ${where} ORDER BY t.id`,
      params,
    );
    const rows = await PHOTO_PLACE.all(
      this.dataSource,
      `SELECT ${PHOTO_PLACE.select} ${photosFrom(`SELECT t.id ${FLEET_TURBINE.from} ${where}`, `$${params.length + 1}`)}`,
      [...params, year],
    );
    const photos = new Map<number, PlaceCount[]>();
    for (const row of rows) {
      const list = photos.get(row.turbine_id) ?? [];
      list.push(row);
      photos.set(row.turbine_id, list);
    }
    return { turbines, photos };
  }
}
