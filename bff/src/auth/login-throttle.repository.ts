import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

@Injectable()
export class LoginThrottleRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records an attempt (as a failure until it succeeds) and answers its id. */
  async recordAttempt(email: string, ip: string): Promise<string> {
    const rows: { id: string }[] = await this.dataSource.query(
      `INSERT INTO login_attempts (email, ip) VALUES ($1, $2) RETURNING id`,
      [email.slice(0, 254), ip.slice(0, 64)],
    );
    return String(rows[0]?.id);
  }

  async deleteAttempt(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_attempts WHERE id = $1`, [id]);
  }

  /** Failures since `since`, and when the oldest of them happened. */
  async failuresSince(
    column: 'email' | 'ip',
    value: string,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    const rows: { count: string; oldest: Date | null }[] = await this.dataSource.query(
      `SELECT count(*) AS count, min(created_at) AS oldest FROM login_attempts WHERE ${column} = $1 AND created_at > $2`,
      [value, since],
    );
    return { count: Number(rows[0]?.count ?? 0), oldest: rows[0]?.oldest ?? null };
  }

  async clearAccount(email: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_attempts WHERE email = $1`, [email]);
  }

  async deleteOlderThan(before: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_attempts WHERE created_at < $1`, [before]);
  }
}
