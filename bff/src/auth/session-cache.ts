import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { NoticeListener } from '@/database/notice-listener.js';
import { onTablesWritten } from '@/database/table-writes.js';
import { type ActiveSession } from './sessions.repository.js';

/** The channel the session tables' triggers notify (migration SessionNotices). */
const CHANNEL = 'kanat360_sessions';
/** The tables whose rows make an ActiveSession. */
const SESSION_TABLES = ['sessions', 'users', 'companies'];
/** How long a session read is kept at most, should a notice ever be missed: a bound, not the rule. */
const KEEP_MS = 30_000;
const MAX_KEPT = 10_000;

interface Kept {
  session: ActiveSession;
  until: number;
}

/**
 * The active sessions requests have shown lately, so that an authenticated request costs no query of its own (it
 * was a second round trip on every request: bench:findings, bench:repairs). Sessions stay revocable server-side
 * (DESIGN "Data"):
 *
 * - Every change of a session, its user or the user's company, by any replica or by hand, is notified by
 *   PostgreSQL when it commits (migration SessionNotices), and every process drops all it kept. This process's own
 *   writes drop it the moment their statement completes (database/table-writes.ts), before the notice comes.
 * - Sessions are kept only while this process listens (database/notice-listener.ts): before the LISTEN is in place,
 *   and from the moment its connection is lost (or stops answering) until it listens again, every request reads its
 *   session from PostgreSQL.
 * - A read that was under way when something changed is not kept (the generation moved on): it may have read the
 *   rows from before the change.
 * - The expiry is checked on every request, and nothing is kept longer than KEEP_MS.
 */
@Injectable()
export class SessionCache implements OnModuleInit, OnModuleDestroy {
  private readonly kept = new Map<string, Kept>();
  /** Moves on with every change heard and every loss of the listening connection. */
  private generation = 0;
  private readonly notices: NoticeListener;
  private stopWatchingWrites: (() => void) | undefined;
  private waiting: (() => void)[] = [];

  constructor(dataSource: DataSource, logger: PinoLogger) {
    logger.setContext(SessionCache.name);
    const { url } = dataSource.options as { url?: string };
    this.notices = new NoticeListener(url, CHANNEL, 'kanat360-bff-sessions', {
      notice: () => this.forget(),
      listening: () => {
        // Whatever changed while nobody listened is unknown: start from nothing.
        this.forget();
        for (const resolve of this.waiting.splice(0)) resolve();
      },
      lost: (error) => {
        this.forget();
        logger.warn({ err: error }, 'session notices lost: every request reads its session until they are back');
      },
    });
  }

  onModuleInit(): void {
    this.stopWatchingWrites = onTablesWritten(SESSION_TABLES, () => this.forget());
    this.notices.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopWatchingWrites?.();
    await this.notices.stop();
    this.forget();
  }

  /** Whether sessions are kept now (the LISTEN is in place). */
  get listening(): boolean {
    return this.notices.listening;
  }

  /** Resolves once this process listens (at once if it does). */
  untilListening(): Promise<void> {
    return this.listening ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The listening connection's socket (tests hold a notice back on its way). */
  get noticeSocket() {
    return this.notices.socket;
  }

  /** The session `sessionId` of user `userId`: kept, or read with `read` (and kept when nothing changed meanwhile). */
  async session(
    sessionId: string,
    userId: number,
    read: () => Promise<ActiveSession | null>,
  ): Promise<ActiveSession | null> {
    const now = performance.now();
    const kept = this.kept.get(sessionId);
    if (kept) {
      if (kept.until > now && kept.session.userId === userId && kept.session.expiresAt.getTime() > Date.now()) {
        return kept.session;
      }
      this.kept.delete(sessionId);
    }
    const generation = this.generation;
    const session = await read();
    if (session && this.listening && generation === this.generation) {
      if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(sessionId, { session, until: now + KEEP_MS });
    }
    return session;
  }

  /** Drops every kept session, and any read under way from being kept. */
  forget(): void {
    this.generation += 1;
    this.kept.clear();
  }
}
