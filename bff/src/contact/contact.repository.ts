import { Injectable } from '@nestjs/common';
import { type ContactBody } from '@kanat360/contracts';
import { type Language } from '@kanat360/i18n';
import { DataSource, type EntityManager } from 'typeorm';
import { col, expr, type RowOf, rowMapper } from '@/database/row-mapper.js';

/** A message as stored: what the notification mail names it by. */
const STORED_MESSAGE_ROW = rowMapper('contact message', 'FROM contact_messages cm', {
  id: col('contact_messages', 'cm', 'id', 'integer'),
  createdAt: col('contact_messages', 'cm', 'created_at', 'timestamp with time zone'),
});
export type StoredMessage = RowOf<typeof STORED_MESSAGE_ROW.columns>;

/** How many messages came, and when the oldest of them came. */
const SENT_ROW = rowMapper('contact messages sent', 'FROM contact_messages cm', {
  count: expr('count(*)', 'bigint'),
  oldest: expr('min(cm.created_at)', 'timestamp with time zone').orNull(),
});

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
    const row = await SENT_ROW.one(
      manager,
      `SELECT ${SENT_ROW.select} ${SENT_ROW.from} WHERE cm.ip = $1 AND cm.created_at > $2`,
      [ip, since],
    );
    return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
  }

  async insert(
    manager: EntityManager,
    message: ContactBody & { language: Language; ip: string },
  ): Promise<StoredMessage> {
    const stored = await STORED_MESSAGE_ROW.one(
      manager,
      `INSERT INTO contact_messages AS cm (name, email, phone, subject, message, language, ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${STORED_MESSAGE_ROW.select}`,
      [message.name, message.email, message.phone, message.subject, message.message, message.language, message.ip],
    );
    return stored!;
  }

  async deleteOlderThan(before: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM contact_messages WHERE created_at < $1`, [before]);
  }
}
