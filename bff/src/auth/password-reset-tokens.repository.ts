import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

@Injectable()
export class PasswordResetTokensRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, $3)`,
      [userId, tokenHash, expiresAt],
    );
  }

  async createdRecently(userId: number, since: Date): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM password_reset_tokens WHERE user_id = $1 AND created_at > $2 AND used_at IS NULL LIMIT 1`,
      [userId, since],
    );
    return rows.length > 0;
  }

  /**
   * Marks an unused, unexpired token of an active user as used and answers its user; null when there is none.
   * Row-locked so that two requests racing with one token cannot both use it.
   */
  async consume(manager: EntityManager, tokenHash: string): Promise<number | null> {
    // TypeORM answers an UPDATE with [rows, affected count], not with the rows alone.
    const [rows]: [{ user_id: number }[], number] = await manager.query(
      `UPDATE password_reset_tokens t SET used_at = now()
         FROM users u
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now() AND u.id = t.user_id AND u.is_active
        RETURNING t.user_id`,
      [tokenHash],
    );
    return rows[0]?.user_id ?? null;
  }

  /** A new password makes every other outstanding link of the user useless. */
  async invalidateAll(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [
      userId,
    ]);
  }
}
