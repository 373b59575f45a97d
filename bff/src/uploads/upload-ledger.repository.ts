import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { UploadIntentEntity } from './upload-intent.entity.js';

export type UploadIntent = Omit<UploadIntentEntity, 'turbine' | 'user'>;
export type NewUploadIntent = Omit<UploadIntent, 'createdAt'>;

/** Transaction-scoped advisory locks of this app are keyed (this, company id): one company's quota at a time. */
const QUOTA_LOCK = 0x6b61_6e71;

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
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM upload_intents WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return affected;
  }

  /** Removes live entries in the caller's transaction (a row takes their blobs over); answers how many were live. */
  async deleteLive(manager: EntityManager, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [, affected]: [unknown, number] = await manager.query(
      `DELETE FROM upload_intents WHERE id = ANY($1::uuid[]) AND expires_at > now()`,
      [ids],
    );
    return affected;
  }

  /** Ends live entries now (their blobs become the sweep's); answers how many were live. */
  async expire(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE upload_intents SET expires_at = now() WHERE id = ANY($1::uuid[]) AND expires_at > now()`,
      [ids],
    );
    return affected;
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
    return this.dataSource.query(
      `SELECT storage_key AS key, multipart_upload_id AS "uploadId" FROM upload_intents
        WHERE turbine_id = $1 AND multipart_upload_id IS NOT NULL`,
      [turbineId],
    );
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
    await manager.query(`SELECT pg_advisory_xact_lock($2, company_id) FROM turbines WHERE id = $1`, [
      turbineId,
      QUOTA_LOCK,
    ]);
    const rows: { used: string }[] = await manager.query(
      `WITH company AS (SELECT company_id AS id FROM turbines WHERE id = $1)
       SELECT (SELECT COALESCE(sum(m.size), 0) FROM media m JOIN turbines t ON t.id = m.turbine_id
                WHERE t.company_id = (SELECT id FROM company))
            + (SELECT COALESCE(sum(r.file_size_bytes), 0) FROM reports r JOIN turbines t ON t.id = r.turbine_id
                WHERE t.company_id = (SELECT id FROM company))
            + (SELECT COALESCE(sum(i.size), 0) FROM upload_intents i JOIN turbines t ON t.id = i.turbine_id
                WHERE t.company_id = (SELECT id FROM company)) AS used`,
      [turbineId],
    );
    return Number(rows[0]?.used ?? 0);
  }
}
