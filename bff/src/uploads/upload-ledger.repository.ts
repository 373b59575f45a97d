import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { affectedRows, col, rowMapper, scalar } from '@/database/row-mapper.js';
import { mediaBytesOfTurbines } from '@/media/media.sql.js';
import { reportBytesOfTurbines } from '@/reports/reports.sql.js';
import { companyOfTurbine, turbineIdsOfCompany } from '@/turbines/turbines.sql.js';
import { UploadIntentEntity } from './upload-intent.entity.js';

export type UploadIntent = Omit<UploadIntentEntity, 'turbine' | 'user'>;
export type NewUploadIntent = Omit<UploadIntent, 'createdAt'>;

/** Transaction-scoped advisory locks of this app are keyed (this, company id): one company's quota at a time. */
const QUOTA_LOCK = 0x6b61_6e71;

/** A multipart upload the store keeps open (its id is set only on multipart entries). */
const MULTIPART_ROW = rowMapper('open multipart upload', 'FROM upload_intents i', {
  key: col('upload_intents', 'i', 'storage_key', 'character varying'),
  uploadId: col('upload_intents', 'i', 'multipart_upload_id', 'character varying').orNull(),
});

/**
 * The upload ledger (`upload_intents`): the one place that reads and writes it. Entries name blobs no row owns yet;
 * a live direct entry is one whose address may still be used (not expired).
 */
@Injectable()
export class UploadLedgerRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, intents: NewUploadIntent[]): Promise<void> {
    if (intents.length > 0) await manager.getRepository(UploadIntentEntity).insert(intents);
  }

  /** The live direct uploads of the turbine among `keys`. */
  async findDirect(turbineId: number, keys: readonly string[]): Promise<UploadIntent[]> {
    if (keys.length === 0) return [];
    return this.dataSource
      .getRepository(UploadIntentEntity)
      .createQueryBuilder('i')
      .where(
        `i.turbine_id = :turbineId AND i.kind = 'direct' AND i.storage_key IN (:...keys) AND i.expires_at > now()`,
        {
          turbineId,
          keys,
        },
      )
      .getMany();
  }

  /** The live direct upload a presigned address names, whatever its turbine (the address is the authorization). */
  async findDirectByKey(key: string): Promise<UploadIntent | null> {
    return this.dataSource
      .getRepository(UploadIntentEntity)
      .createQueryBuilder('i')
      .where(`i.storage_key = :key AND i.kind = 'direct' AND i.expires_at > now()`, { key })
      .getOne();
  }

  async setSize(id: string, size: number): Promise<void> {
    await this.dataSource.query(`UPDATE upload_intents SET size = $2 WHERE id = $1`, [id, size]);
  }

  /** Removes entries, live or not; answers how many there were. */
  async delete(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return affectedRows(this.dataSource, `DELETE FROM upload_intents WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** Removes live entries in the caller's transaction (a row takes their blobs over); answers how many were live. */
  async deleteLive(manager: EntityManager, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return affectedRows(manager, `DELETE FROM upload_intents WHERE id = ANY($1::uuid[]) AND expires_at > now()`, [ids]);
  }

  /** Ends live entries now (their blobs become the sweep's); answers how many were live. */
  async expire(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return affectedRows(
      this.dataSource,
      `UPDATE upload_intents SET expires_at = now() WHERE id = ANY($1::uuid[]) AND expires_at > now()`,
      [ids],
    );
  }

  async expired(limit: number): Promise<UploadIntent[]> {
    return this.dataSource
      .getRepository(UploadIntentEntity)
      .createQueryBuilder('i')
      .where('i.expires_at <= now()')
      .orderBy('i.expires_at')
      .limit(limit)
      .getMany();
  }

  /** Multipart uploads still open on a turbine (the store keeps their parts until they are aborted). */
  async openMultipart(turbineId: number): Promise<{ key: string; uploadId: string }[]> {
    const rows = await MULTIPART_ROW.all(
      this.dataSource,
      `SELECT ${MULTIPART_ROW.select} ${MULTIPART_ROW.from}
        WHERE i.turbine_id = $1 AND i.multipart_upload_id IS NOT NULL`,
      [turbineId],
    );
    return rows.flatMap(({ key, uploadId }) => (uploadId === null ? [] : [{ key, uploadId }]));
  }

  /**
   * Locks the storage account of the turbine's company until the transaction ends, and answers the bytes the
   * company holds: every media version, every report, and every upload still in the ledger. Two uploads of one
   * company are counted one after the other, so together they cannot pass the quota. (Derivatives are not counted:
   * they are the server's, a few percent of the originals.)
   */
  async lockCompanyUsage(manager: EntityManager, turbineId: number): Promise<number> {
    // A statement of its own: a statement sees what was committed when it started, so the sums below must start
    // only once the lock is held (and every upload that held it before has committed).
    // (No lock at all for a missing turbine: the lock function answers null for a null company, as it is strict.)
    await manager.query(`SELECT pg_advisory_xact_lock($2, ${companyOfTurbine('$1')})`, [turbineId, QUOTA_LOCK]);
    // One statement, so one snapshot: the three sums see the same committed uploads.
    const used = await scalar(
      manager,
      `WITH company_turbines AS (${turbineIdsOfCompany(companyOfTurbine('$1'))})
       SELECT (${mediaBytesOfTurbines('SELECT id FROM company_turbines')}
             + ${reportBytesOfTurbines('SELECT id FROM company_turbines')}
             + (SELECT COALESCE(sum(i.size), 0) FROM upload_intents i
                 WHERE i.turbine_id IN (SELECT id FROM company_turbines)))::bigint AS value`,
      [turbineId],
      'bigint',
    );
    return used ?? 0;
  }
}
