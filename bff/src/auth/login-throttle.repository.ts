import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { expr, rowMapper, scalar } from '@/database/row-mapper.js';

/** How many attempts failed, and when the oldest of them was made. */
const FAILURES_ROW = rowMapper('login failures', 'FROM login_attempts a', {
  count: expr('count(*)', 'bigint'),
  oldest: expr('min(a.created_at)', 'timestamp with time zone').orNull(),
});

@Injectable()
export class LoginThrottleRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records an attempt (as a failure until it succeeds) and answers its id. */
  async recordAttempt(email: string, ip: string): Promise<string> {
    // A bigint, kept as its text: it only comes back to delete the attempt.
    const id = await scalar(
      this.dataSource,
      `INSERT INTO login_attempts (email, ip) VALUES ($1, $2) RETURNING id::text AS value`,
      [email.slice(0, 254), ip.slice(0, 64)],
      'text',
    );
    return String(id);
  }

  async deleteAttempt(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_attempts WHERE id = $1`, [id]);
  }

  /** Failures of an account, an address, or both at once, since `since`, and when the oldest of them happened. */
  async failuresSince(
    of: { email: string; ip?: string } | { email?: string; ip: string },
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    const params: unknown[] = [since];
    const where = ['a.created_at > $1'];
    if (of.email !== undefined) where.push(`a.email = $${params.push(of.email.slice(0, 254))}`);
    if (of.ip !== undefined) where.push(`a.ip = $${params.push(of.ip.slice(0, 64))}`);
    const row = await FAILURES_ROW.one(
      this.dataSource,
      `SELECT ${FAILURES_ROW.select} ${FAILURES_ROW.from} WHERE ${where.join(' AND ')}`,
      params,
    );
    return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
  }

  async clearAccountAddress(email: string, ip: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_attempts WHERE email = $1 AND ip = $2`, [
      email.slice(0, 254),
      ip.slice(0, 64),
    ]);
  }

  async deleteOlderThan(before: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_attempts WHERE created_at < $1`, [before]);
  }
}
