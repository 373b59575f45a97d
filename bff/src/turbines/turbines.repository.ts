import { Injectable } from '@nestjs/common';
import { type TurbineStatus } from '@kanat360/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { type TenantScope } from '@/access/principal.js';
import { scalar, scalars } from '@/database/row-mapper.js';
import { TurbineEntity } from './turbine.entity.js';
import { isLiveTurbine } from './turbines.sql.js';

export interface TurbineWrite {
  turbineName: string | null;
  code: string;
  city: string;
  location: string;
  siteName: string | null;
  coordinates: string | null;
  rooms: number;
  status: TurbineStatus;
  companyId: number;
  manufacturer: string | null;
  model: string | null;
  ratedPowerKw: number | null;
  hubHeightM: number | null;
  rotorDiameterM: number | null;
  bladeLengthM: number | null;
  commissionedYear: number | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The `turbines` table: its writes, and the reads about its rows alone. The list's rows, with what media and findings
 * add to them, are the turbine list's query (turbine-list.query.ts).
 */
@Injectable()
export class TurbinesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Which of `ids` the scope reaches (turbines being deleted reach nobody): AccessService's one query for turbines. */
  async visibleIds(ids: readonly number[], scope: TenantScope): Promise<Set<number>> {
    const params: unknown[] = [ids];
    if (!scope.all) params.push(scope.companyId);
    const visible = await scalars(
      this.dataSource,
      `SELECT t.id AS value FROM turbines t
        WHERE t.id = ANY($1::int[]) AND t.deleted_at IS NULL${scope.all ? '' : ' AND t.company_id = $2'}`,
      params,
      'integer',
    );
    return new Set(visible);
  }

  /** Ids the next turbines will have, taken now (the demo seed keys its blobs by them before inserting rows). */
  async reserveIds(count: number): Promise<number[]> {
    return scalars(
      this.dataSource,
      `SELECT nextval(pg_get_serial_sequence('turbines', 'id'))::int AS value FROM generate_series(1, $1)`,
      [count],
      'integer',
    );
  }

  /** Turbines with ids reserved before (reserveIds), in one statement of the caller's transaction. */
  async insertWithIds(manager: EntityManager, rows: (TurbineWrite & { id: number })[]): Promise<void> {
    await manager.getRepository(TurbineEntity).insert(rows);
  }

  async insert(input: TurbineWrite): Promise<number> {
    const result = await this.dataSource.getRepository(TurbineEntity).insert(input);
    return (result.identifiers[0] as { id: number }).id;
  }

  async update(id: number, input: TurbineWrite, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.getRepository(TurbineEntity).update({ id }, input);
  }

  /** New turbines in one statement of the caller's transaction (an import's rows). */
  async insertMany(manager: EntityManager, rows: TurbineWrite[]): Promise<void> {
    if (rows.length > 0) await manager.getRepository(TurbineEntity).insert(rows);
  }

  /** Hides the turbine at once; the purge job removes it for good. Answers whether it was visible until now. */
  async markDeleted(manager: EntityManager, id: number): Promise<boolean> {
    const result = await manager
      .getRepository(TurbineEntity)
      .createQueryBuilder()
      .update()
      .set({ deletedAt: () => 'now()' })
      .where('id = :id AND deleted_at IS NULL', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Whether the row exists and is not marked deleted (the purge job leaves such a turbine alone). */
  async isLive(id: number): Promise<boolean> {
    return (await scalar(this.dataSource, `SELECT ${isLiveTurbine('$1')} AS value`, [id], 'boolean')) === true;
  }

  /** The last step of a purge: the row goes, and its media, reports, comments and intents with it. */
  async deleteMarked(id: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM turbines WHERE id = $1 AND deleted_at IS NOT NULL`, [id]);
  }
}
