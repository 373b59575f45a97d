import pg from 'pg';
import { type SessionUser } from '@kanat360/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionCache } from '@/auth/session-cache.js';
import { SessionsRepository } from '@/auth/sessions.repository.js';
import { writtenTables } from '@/database/table-writes.js';
import { testDatabaseUrl } from './database.js';
import { eventually } from './eventually.js';
import { makeCompany, makeUser, type MadeCompany, PASSWORD } from './factories.js';
import { call, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

/*
 * Sessions kept in each process (auth/session-cache.ts), tried as replicas run: two apps on one database, each with
 * its own pools and its own listening connection, and a third party (psql, another tool) writing by hand.
 */

let one: TestApp;
let two: TestApp;
let company: MadeCompany;
let byHand: pg.Client;

beforeAll(async () => {
  [one, two] = await Promise.all([startTestApp(), startTestApp()]);
  await Promise.all([one, two].map((app) => app.app.get(SessionCache).untilListening()));
  company = await makeCompany(one.dataSource);
  byHand = new pg.Client({ connectionString: testDatabaseUrl() });
  await byHand.connect();
});
afterAll(async () => {
  await byHand.end();
  await Promise.all([one.close(), two.close()]);
});

const profile = (app: TestApp, token: string) =>
  call<{ success: boolean; user: SessionUser; code?: string }>(app, 'GET', '/api/auth/profile', { as: { token } });

/** Counts the session reads app `app` makes from PostgreSQL. */
function sessionReads(app: TestApp) {
  return vi.spyOn(app.app.get(SessionsRepository), 'findActive');
}

async function signedIn() {
  const user = await makeUser(one.dataSource, { role: 'operator', companyId: company.id });
  const { token } = await signIn(one, user.email, PASSWORD);
  return { user, token };
}

describe('the sessions a process keeps', () => {
  it('reads a session once, then answers from what it kept', async () => {
    const { token } = await signedIn();
    // The sign-in writes users and sessions; PostgreSQL's notice of it reaches `two` a moment after the commit and
    // empties its cache, maybe after its first read. So three calls are tried again until they run clear of it.
    await eventually(
      async () => {
        two.app.get(SessionCache).forget();
        const reads = sessionReads(two);
        try {
          for (let i = 0; i < 3; i += 1) expect((await profile(two, token)).status).toBe(200);
          return reads.mock.calls.length === 1;
        } finally {
          reads.mockRestore();
        }
      },
      'three calls answered from one read',
      { timeoutMs: 5_000, intervalMs: 20 },
    );
  });

  it('refuses a session at once on the process that ended it, and on another as soon as it hears', async () => {
    const { token } = await signedIn();
    expect((await profile(one, token)).status).toBe(200);
    expect((await profile(two, token)).status).toBe(200);
    // The process that wrote it does not wait for PostgreSQL's notice: held back here, it must not matter.
    const notices = one.app.get(SessionCache).noticeSocket!;
    notices.pause();
    try {
      expect((await call(one, 'POST', '/api/auth/logout', { as: { token } })).status).toBe(200);
      const here = await profile(one, token);
      expect([here.status, here.body.code]).toEqual([401, 'SESSION_EXPIRED']);
    } finally {
      notices.resume();
    }
    // Another replica: PostgreSQL's notice, a moment later.
    const there = await eventually(
      async () => {
        const reply = await profile(two, token);
        return reply.status === 401 && reply.body.code;
      },
      'the other process to refuse the ended session',
      { timeoutMs: 5_000, intervalMs: 20 },
    );
    expect(there).toBe('SESSION_EXPIRED');
  });

  it('sees a change made by hand on another connection: a deactivated user, a new role', async () => {
    const { user, token } = await signedIn();
    expect((await profile(two, token)).body.user.role).toBe('operator');
    await byHand.query(`UPDATE users SET role = 'company_manager' WHERE id = $1`, [user.id]);
    await eventually(async () => (await profile(two, token)).body.user?.role === 'company_manager', 'the new role', {
      timeoutMs: 5_000,
      intervalMs: 20,
    });
    await byHand.query(`UPDATE users SET is_active = false WHERE id = $1`, [user.id]);
    await eventually(async () => (await profile(two, token)).status === 401, 'the refusal', {
      timeoutMs: 5_000,
      intervalMs: 20,
    });
  });

  it('keeps nothing while its listening connection is lost, and keeps again once it listens', async () => {
    const { token } = await signedIn();
    const cache = two.app.get(SessionCache);
    expect((await profile(two, token)).status).toBe(200);
    await byHand.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'kanat360-bff-sessions' AND datname = current_database()`,
    );
    await eventually(() => !cache.listening, 'the lost connection to be noticed', { timeoutMs: 5_000, intervalMs: 10 });
    const reads = sessionReads(two);
    try {
      // Unheard, a change by hand must still count: every request reads its session. (It listens again after 1 s:
      // a call that starts once it does may answer from what it keeps.)
      for (let i = 0; i < 2; i += 1) {
        const unheard = !cache.listening;
        const before = reads.mock.calls.length;
        expect((await profile(two, token)).status).toBe(200);
        if (unheard) expect(reads.mock.calls.length).toBe(before + 1);
      }
      await cache.untilListening();
      reads.mockClear();
      expect((await profile(two, token)).status).toBe(200);
      expect((await profile(two, token)).status).toBe(200);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('does not keep a read that was under way when something changed', async () => {
    const { token } = await signedIn();
    const cache = one.app.get(SessionCache);
    const repository = one.app.get(SessionsRepository);
    const read = repository.findActive.bind(repository);
    const reads = vi.spyOn(repository, 'findActive').mockImplementationOnce(async (sessionId, userId) => {
      const before = await read(sessionId, userId);
      cache.forget(); // a change heard while the read was on its way back
      return before;
    });
    try {
      expect((await profile(one, token)).status).toBe(200);
      expect((await profile(one, token)).status).toBe(200);
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });
});

describe('writtenTables', () => {
  it('names the tables an UPDATE, DELETE or TRUNCATE writes, and none for reads and inserts', () => {
    expect(writtenTables(`UPDATE sessions SET revoked_at = now() WHERE id = $1`)).toEqual(['sessions']);
    expect(writtenTables(`UPDATE "users" SET "role" = $1 WHERE "id" = $2`)).toEqual(['users']);
    expect(writtenTables(`DELETE FROM "companies" WHERE "id" IN ($1)`)).toEqual(['companies']);
    expect(writtenTables(`WITH gone AS (DELETE FROM users WHERE id = 1 RETURNING id) SELECT 1`)).toEqual(['users']);
    expect(writtenTables(`TRUNCATE TABLE media, "users", sessions CASCADE`)).toEqual(['media', 'users', 'sessions']);
    expect(writtenTables(`SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id`)).toEqual([]);
    expect(writtenTables(`INSERT INTO sessions (id) VALUES ($1)`)).toEqual([]);
    expect(writtenTables(`SELECT updated_at FROM users`)).toEqual([]);
  });
});
