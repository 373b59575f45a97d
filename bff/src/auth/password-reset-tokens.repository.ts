import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { scalar } from '@/database/row-mapper.js';
import { isActiveUser } from '@/users/users.sql.js';

@Injectable()
export class PasswordResetTokensRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(userId: number, tokenHash: string, expiresAt: Date, manager: EntityManager): Promise<void> {
    await manager.query(`INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, $3)`, [
      userId,
      tokenHash,
      expiresAt,
    ]);
  }

  async createdRecently(userId: number, since: Date): Promise<boolean> {
    const recent = await scalar(
      this.dataSource,
      `SELECT EXISTS (SELECT 1 FROM password_reset_tokens
                       WHERE user_id = $1 AND created_at > $2 AND used_at IS NULL) AS value`,
      [userId, since],
      'boolean',
    );
    return recent === true;
  }

  /**
   * Marks an unused, unexpired token of an active user as used and answers its user; null when there is none.
   * Row-locked so that two requests racing with one token cannot both use it.
   */
  async consume(manager: EntityManager, tokenHash: string): Promise<number | null> {
    return scalar(
      manager,
      `UPDATE password_reset_tokens t SET used_at = now()
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now() AND ${isActiveUser('t.user_id')}
        RETURNING t.user_id AS value`,
      [tokenHash],
      'integer',
    );
  }

  /** A new password makes every other outstanding link of the user useless. */
  async invalidateAll(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [
      userId,
    ]);
  }
}
