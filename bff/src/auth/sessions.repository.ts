import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Role } from '@kanat360/contracts';
import { type Language } from '@kanat360/i18n';
import { DataSource, type EntityManager } from 'typeorm';
import { SessionEntity } from './session.entity.js';

export interface ActiveSession {
  sessionId: string;
  expiresAt: Date;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  companyId: number;
  companyName: string;
  language: Language;
}

@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(input: {
    userId: number;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  }): Promise<string> {
    const id = randomUUID();
    await this.dataSource.getRepository(SessionEntity).insert({
      id,
      userId: input.userId,
      expiresAt: input.expiresAt,
      ip: input.ip?.slice(0, 64) ?? null,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
    });
    return id;
  }

  /** The session with its user, only while it is unrevoked, unexpired and the user active. */
  async findActive(sessionId: string, userId: number): Promise<ActiveSession | null> {
    const rows: ActiveSession[] = await this.dataSource.query(
      `SELECT s.id AS "sessionId", s.expires_at AS "expiresAt", u.id AS "userId", u.email, u.first_name AS "firstName",
              u.last_name AS "lastName", u.role, u.company_id AS "companyId", c.name AS "companyName", u.language
         FROM sessions s
         JOIN users u ON u.id = s.user_id
         JOIN companies c ON c.id = u.company_id
        WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active`,
      [sessionId, userId],
    );
    return rows[0] ?? null;
  }

  /**
   * Moves a live session's expiry to `expiresAt`, but never past `maxAgeMs` after it began; answers the expiry it
   * got (null when the session is gone).
   */
  async extend(sessionId: string, expiresAt: Date, maxAgeMs: number): Promise<Date | null> {
    const answer: [{ expiresAt: Date }[], number] = await this.dataSource.query(
      `UPDATE sessions SET expires_at = LEAST($2::timestamptz, created_at + $3 * interval '1 millisecond')
        WHERE id = $1 AND revoked_at IS NULL
        RETURNING expires_at AS "expiresAt"`,
      [sessionId, expiresAt, maxAgeMs],
    );
    // TypeORM answers an UPDATE … RETURNING as [rows, count].
    return answer[0][0]?.expiresAt ?? null;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.dataSource.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [
      sessionId,
    ]);
  }

  /** Ends every session of a user at once (password change, deactivation, reset). */
  async revokeAllForUser(userId: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
  }
}
