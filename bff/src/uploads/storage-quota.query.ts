import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { scalar } from '@/database/row-mapper.js';
import { mediaBytesOfTurbines } from '@/media/media.sql.js';
import { reportBytesOfTurbines } from '@/reports/reports.sql.js';
import { companyOfTurbine, turbineIdsOfCompany } from '@/turbines/turbines.sql.js';

/** Transaction-scoped advisory locks of this app are keyed (this, company id): one company's quota at a time. */
const QUOTA_LOCK = 0x6b61_6e71;

/**
 * A company's storage usage (STORAGE_QUOTA_GB_PER_COMPANY): the bytes its media, its reports and its uploads in the
 * ledger hold, gathered from three tables.
 */
@Injectable()
export class StorageQuotaQuery {
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
