import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Role } from '@kanat360/contracts';
import { type Language } from '@kanat360/i18n';
import { DataSource, type EntityManager } from 'typeorm';
import { joinCompany } from '@/companies/companies.sql.js';
import { col, type RowOf, rowMapper, scalar } from '@/database/row-mapper.js';
import { joinUser } from '@/users/users.sql.js';
import { SessionEntity } from './session.entity.js';

/** A session with what a request needs of its user: read on every authenticated request. */
const ACTIVE_SESSION_ROW = rowMapper(
  'active session',
  `FROM sessions s
     ${joinUser('u', 's.user_id', { left: false })}
     ${joinCompany('c', 'u.company_id')}`,
  {
    sessionId: col('sessions', 's', 'id', 'uuid'),
    expiresAt: col('sessions', 's', 'expires_at', 'timestamp with time zone'),
    userId: col('users', 'u', 'id', 'integer'),
    email: col('users', 'u', 'email', 'character varying'),
    firstName: col('users', 'u', 'first_name', 'character varying'),
    lastName: col('users', 'u', 'last_name', 'character varying'),
    role: col('users', 'u', 'role', 'character varying').as<Role>(),
    companyId: col('users', 'u', 'company_id', 'integer'),
    companyName: col('companies', 'c', 'name', 'character varying'),
    language: col('users', 'u', 'language', 'character varying').as<Language>(),
  },
);
export type ActiveSession = RowOf<typeof ACTIVE_SESSION_ROW.columns>;

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
    return ACTIVE_SESSION_ROW.one(
      this.dataSource,
      `SELECT ${ACTIVE_SESSION_ROW.select} ${ACTIVE_SESSION_ROW.from}
        WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active`,
      [sessionId, userId],
    );
  }

  /**
   * Moves a live session's expiry to `expiresAt`, but never past `maxAgeMs` after it began; answers the expiry it
   * got (null when the session is gone).
   */
  async extend(sessionId: string, expiresAt: Date, maxAgeMs: number): Promise<Date | null> {
    return scalar(
      this.dataSource,
      `UPDATE sessions SET expires_at = LEAST($2::timestamptz, created_at + $3 * interval '1 millisecond')
        WHERE id = $1 AND revoked_at IS NULL
        RETURNING expires_at AS value`,
      [sessionId, expiresAt, maxAgeMs],
      'timestamp with time zone',
    );
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
