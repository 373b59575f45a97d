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

  /** Failures of an account, an address, or both at once, since `since`, and when the oldest of them happened. */
  async failuresSince(
    of: { email: string; ip?: string } | { email?: string; ip: string },
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    const params: unknown[] = [since];
    const where = ['created_at > $1'];
    if (of.email !== undefined) where.push(`email = $${params.push(of.email.slice(0, 254))}`);
    if (of.ip !== undefined) where.push(`ip = $${params.push(of.ip.slice(0, 64))}`);
    const rows: { count: string; oldest: Date | null }[] = await this.dataSource.query(
      `SELECT count(*) AS count, min(created_at) AS oldest FROM login_attempts WHERE ${where.join(' AND ')}`,
      params,
    );
    return { count: Number(rows[0]?.count ?? 0), oldest: rows[0]?.oldest ?? null };
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
