import { Injectable } from '@nestjs/common';
import { type ContactBody } from '@kanat360/contracts';
import { type Language } from '@kanat360/i18n';
import { DataSource, type EntityManager } from 'typeorm';

export interface StoredMessage {
  id: number;
  createdAt: Date;
}

@Injectable()
export class ContactRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Runs `work` while holding a lock on `ip`, so that parallel messages from one address are counted one after
   * the other and none slips past the limit.
   */
  async lockedForAddress<T>(ip: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('contact:' || $1))`, [ip]);
      return work(manager);
    });
  }

  /** How many messages `ip` sent since `since`, and when the oldest of them came. */
  async sentSince(manager: EntityManager, ip: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const rows: { count: string; oldest: Date | null }[] = await manager.query(
      `SELECT count(*) AS count, min(created_at) AS oldest FROM contact_messages WHERE ip = $1 AND created_at > $2`,
      [ip, since],
    );
    return { count: Number(rows[0]?.count ?? 0), oldest: rows[0]?.oldest ?? null };
  }

  async insert(
    manager: EntityManager,
    message: ContactBody & { language: Language; ip: string },
  ): Promise<StoredMessage> {
    const rows: StoredMessage[] = await manager.query(
      `INSERT INTO contact_messages (name, email, phone, subject, message, language, ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, created_at AS "createdAt"`,
      [message.name, message.email, message.phone, message.subject, message.message, message.language, message.ip],
    );
    return rows[0]!;
  }

  async deleteOlderThan(before: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM contact_messages WHERE created_at < $1`, [before]);
  }
}
