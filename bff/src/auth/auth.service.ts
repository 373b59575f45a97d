import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type LoginBody,
  type PasswordResetBody,
  type PasswordResetConfirmBody,
  permissionsOf,
  type SessionUser,
} from '@kanat360/contracts';
import { type Language } from '@kanat360/i18n';
import { DataSource } from 'typeorm';
import { type Principal } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { Clock } from '@/common/clock.js';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { MailService } from '@/mail/mail.service.js';
import { UsersRepository } from '@/users/users.repository.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { decoyPasswordHash, hashNewPassword, verifyPassword } from './passwords.js';
import { passwordResetMail } from './password-reset-mail.js';
import { PasswordResetTokensRepository } from './password-reset-tokens.repository.js';
import { SessionCache } from './session-cache.js';
import { type ActiveSession, SessionsRepository } from './sessions.repository.js';
import { TokensService } from './tokens.service.js';

const RESET_TOKEN_TTL_MS = 3_600_000;
/** One reset mail per minute per account is plenty, and keeps the form from being used to flood an inbox. */
const RESET_MAIL_INTERVAL_MS = 60_000;

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
  user: SessionUser;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The signed-in user as the clients see it; only an active user has a live session. */
export function toSessionUser(session: ActiveSession): SessionUser {
  return {
    id: session.userId,
    first_name: session.firstName,
    last_name: session.lastName,
    email: session.email,
    role: session.role,
    company_id: session.companyId,
    company_name: session.companyName,
    is_active: true,
    language: session.language,
    permissions: permissionsOf(session.role),
    session_expires_at: session.expiresAt.toISOString(),
  };
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly sessionCache: SessionCache,
    private readonly resetTokens: PasswordResetTokensRepository,
    private readonly tokens: TokensService,
    private readonly throttle: LoginThrottleService,
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  async login(
    body: LoginBody,
    client: { ip: string; userAgent: string | null; language: Language },
  ): Promise<IssuedSession> {
    await this.throttle.begin(body.email, client.ip);
    const user = await this.users.findByEmail(body.email);
    // Always verify something, so an unknown email is as slow as a wrong password.
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), body.password);
    if (!user || !passwordOk || !user.isActive) {
      await this.throttle.recordFailure();
      // One message for every cause: it never tells which part was wrong.
      throw new AppError('INVALID_CREDENTIALS');
    }
    await this.throttle.recordSuccess(body.email, client.ip);
    await this.users.setLanguage(user.id, client.language);
    const expiresAt = new Date(
      this.clock.now().getTime() + Math.min(this.config.sessionTtlMs, this.config.sessionMaxAgeMs),
    );
    const sessionId = await this.sessions.create({
      userId: user.id,
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return this.issue(sessionId, user.id, expiresAt);
  }

  /** Checks a presented token against its session row: a revoked or expired session fails even with a valid token. */
  async authenticate(token: string, via: Principal['via']): Promise<Principal> {
    const claims = await this.tokens.verify(token);
    const session = await this.sessionCache.session(claims.sessionId, claims.userId, () =>
      this.sessions.findActive(claims.sessionId, claims.userId),
    );
    if (!session) throw new AppError('SESSION_EXPIRED');
    return { ...session, via };
  }

  /**
   * A fresh token and a later expiry for the same session, within its absolute lifetime (SESSION_MAX_AGE_DAYS from
   * sign-in): refreshing keeps a session going for a working day at a time, not for ever.
   */
  async refresh(principal: Principal): Promise<IssuedSession> {
    const expiresAt = await this.sessions.extend(
      principal.sessionId,
      new Date(this.clock.now().getTime() + this.config.sessionTtlMs),
      this.config.sessionMaxAgeMs,
    );
    if (!expiresAt || expiresAt.getTime() <= this.clock.now().getTime()) throw new AppError('SESSION_EXPIRED');
    return this.issue(principal.sessionId, principal.userId, expiresAt);
  }

  async logout(principal: Principal): Promise<void> {
    await this.sessions.revoke(principal.sessionId);
  }

  xsrfToken(sessionId: string): string {
    return this.tokens.xsrfToken(sessionId);
  }

  xsrfMatches(sessionId: string, presented: string | undefined): boolean {
    return this.tokens.xsrfMatches(sessionId, presented);
  }

  /**
   * Queues the reset of any email, an account's or not: the answer must not tell which (not even by its time), so the
   * request does the same work either way, one job written, and the job (sendPasswordResetLink) finds out.
   */
  async requestPasswordReset(body: PasswordResetBody): Promise<void> {
    await this.jobs.send(QUEUES.passwordReset, { email: body.email });
  }

  /**
   * The job of a reset request: a link mailed when the email belongs to an active user who got none in the last
   * minute. The token and its mail are written together, so a retried job never mails a link that was not stored.
   */
  async sendPasswordResetLink(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user || !user.isActive) return;
    if (await this.resetTokens.createdRecently(user.id, new Date(this.clock.now().getTime() - RESET_MAIL_INTERVAL_MS)))
      return;
    const token = randomBytes(32).toString('base64url');
    const page = user.language === 'en' ? '/en/password-reset' : '/password-reset';
    const link = `${this.config.publicUrl}${page}?token=${encodeURIComponent(token)}`;
    await this.dataSource.transaction(async (manager) => {
      await this.resetTokens.create(
        user.id,
        sha256(token),
        new Date(this.clock.now().getTime() + RESET_TOKEN_TTL_MS),
        manager,
      );
      await this.mail.send(
        passwordResetMail({ to: user.email, name: user.firstName, link, language: user.language }),
        manager,
      );
    });
  }

  /** Sets the new password, uses up the token (and every other of the user's), and ends all their sessions. */
  async confirmPasswordReset(body: PasswordResetConfirmBody): Promise<void> {
    const passwordHash = await hashNewPassword(body.password);
    await this.dataSource.transaction(async (manager) => {
      const userId = await this.resetTokens.consume(manager, sha256(body.token));
      if (userId === null) throw new AppError('RESET_TOKEN_INVALID');
      await this.users.setPassword(userId, passwordHash, manager);
      await this.resetTokens.invalidateAll(manager, userId);
      await this.sessions.revokeAllForUser(userId, manager);
    });
  }

  private async issue(sessionId: string, userId: number, expiresAt: Date): Promise<IssuedSession> {
    const session = await this.sessions.findActive(sessionId, userId);
    if (!session) throw new AppError('SESSION_EXPIRED');
    const token = await this.tokens.sign({ sessionId, userId, expiresAt });
    return { token, sessionId, expiresAt, user: toSessionUser(session) };
  }
}
