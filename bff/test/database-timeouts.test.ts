import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countOf, eventually } from './eventually.js';
import { makeCompany, makeTurbine, makeUser, PASSWORD } from './factories.js';
import { call, type Credentials, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

// Small limits, so a lock held by the test outlasts a request's query many times over.
const QUERY_MS = 300;
const JOB_QUERY_MS = 20_000;

let app: TestApp;
let superadmin: Credentials;
/** Another client of the database, holding locks in a transaction of its own as a slow query would. */
let holder: pg.Client;

beforeAll(async () => {
  app = await startTestApp({ DB_QUERY_TIMEOUT_MS: String(QUERY_MS), JOB_QUERY_TIMEOUT_MS: String(JOB_QUERY_MS) });
  const company = await makeCompany(app.dataSource);
  const user = await makeUser(app.dataSource, { role: 'superadmin', companyId: company.id });
  superadmin = (await signIn(app, user.email, PASSWORD)).bearer;
  holder = new pg.Client({ connectionString: inject('databaseUrl') });
  await holder.connect();
});
afterAll(async () => {
  await holder?.end();
  await app?.close();
});

/**
 * The app's connections (of one pool) waiting on a lock the holder has, and for how long. Asked through the app's
 * own pool: inside the holder's transaction pg_stat_activity would stay as it was when first read.
 */
async function waitingOnHolder(pool: 'kanat360-bff' | 'kanat360-bff-jobs'): Promise<{ waitedMs: number }[]> {
  const { rows } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return app.dataSource.query(
    `SELECT (extract(epoch FROM clock_timestamp() - query_start) * 1000)::int AS "waitedMs"
       FROM pg_stat_activity
      WHERE application_name = $1 AND wait_event_type = 'Lock' AND $2 = ANY(pg_blocking_pids(pid))`,
    [pool, rows[0]!.pid],
  );
}

describe('query time-outs', () => {
  it("bound a request's job too: a mail queued outside a transaction is written through the requests' pool", async () => {
    const company = await makeCompany(app.dataSource);
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    await holder.query('BEGIN');
    let answeredMs: number;
    let status: number;
    try {
      // No job can be written while this is held (pg-boss's own pool would wait for it, without a time-out).
      await holder.query('LOCK TABLE pgboss.job IN EXCLUSIVE MODE');
      const started = performance.now();
      const reply = await call(app, 'POST', '/api/auth/password-reset', { body: { email: user.email } });
      answeredMs = performance.now() - started;
      status = reply.status;
      expect(reply.body.code).toBe('DATABASE_UNAVAILABLE');
    } finally {
      await holder.query('COMMIT');
    }
    expect(status).toBe(503);
    expect(answeredMs).toBeLessThan(2_000);
  });

  it("cut a request's query after DB_QUERY_TIMEOUT_MS, while a job's query may run for JOB_QUERY_TIMEOUT_MS", async () => {
    const companyId = (await makeCompany(app.dataSource)).id;
    const purged = await makeTurbine(app.dataSource, companyId);
    const kept = await makeTurbine(app.dataSource, companyId);

    await holder.query('BEGIN');
    try {
      // A purge's DELETE of `purged` waits on this share lock (marking it deleted does not); any change of `kept` waits
      // on the other.
      await holder.query('SELECT 1 FROM turbines WHERE id = $1 FOR KEY SHARE', [purged]);
      await holder.query('SELECT 1 FROM turbines WHERE id = $1 FOR UPDATE', [kept]);

      // A request: stopped by the server after DB_QUERY_TIMEOUT_MS, answered 503, nothing changed.
      const started = performance.now();
      const refused = await call(app, 'DELETE', `/api/turbines/${kept}`, { as: superadmin });
      const refusedMs = performance.now() - started;
      expect(refused.status, refused.text).toBe(503);
      expect(refused.body.code).toBe('DATABASE_UNAVAILABLE');
      expect(refusedMs).toBeGreaterThanOrEqual(QUERY_MS);
      expect(refusedMs).toBeLessThan(2_000);

      // A job: the purge queued by this delete waits on the lock far longer than a request's query may, and lives.
      expect((await call(app, 'DELETE', `/api/turbines/${purged}`, { as: superadmin })).status).toBe(200);
      await eventually(
        async () => (await waitingOnHolder('kanat360-bff-jobs')).some((query) => query.waitedMs >= 5 * QUERY_MS),
        `the purge's query to wait on the lock for ${5 * QUERY_MS} ms`,
      );
      expect(await waitingOnHolder('kanat360-bff')).toEqual([]);
    } finally {
      await holder.query('COMMIT');
    }

    // Its first attempt finishes once the lock goes: the turbine is gone, and the job was never retried.
    await eventually(
      async () =>
        (await countOf(app.dataSource, 'SELECT count(*)::int AS count FROM turbines WHERE id = $1', [purged])) === 0,
      'the purge to finish',
    );
    const job = `SELECT count(*)::int AS count FROM pgboss.job
                  WHERE name = 'turbine.purge' AND (data->>'turbineId')::int = $1 AND state = 'completed' AND retry_count = 0`;
    await eventually(
      async () => (await countOf(app.dataSource, job, [purged])) === 1,
      'the job to complete, unretried',
    );
    const live = `SELECT count(*)::int AS count FROM turbines WHERE id = $1 AND deleted_at IS NULL`;
    expect(await countOf(app.dataSource, live, [kept])).toBe(1);
  });
});

describe('a wait for a pooled connection', () => {
  // Small limits: a pool of 10, a wait given up after ACQUIRE_MS of silence.
  const ACQUIRE_MS = 300;
  let waits: TestApp;
  beforeAll(async () => {
    waits = await startTestApp({ DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_MS), DB_QUERY_TIMEOUT_MS: '1000' });
  });
  afterAll(async () => {
    await waits?.close();
  });

  it('lasts as long as the database keeps answering: a burst of three times the pool is served in full', async () => {
    const started = performance.now();
    // Each query holds its connection for 200 ms: the last ten wait some 400 ms for theirs, past ACQUIRE_MS.
    const answers = await Promise.allSettled(
      Array.from({ length: 30 }, () => waits.dataSource.query('SELECT pg_sleep(0.2) AS slept')),
    );
    const tookMs = performance.now() - started;
    expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
    expect(tookMs).toBeGreaterThanOrEqual(600);
  });

  it('ends after DB_ACQUIRE_TIMEOUT_MS once the database says nothing: every connection stuck on a lock', async () => {
    const turbine = await makeTurbine(waits.dataSource, (await makeCompany(waits.dataSource)).id);
    await holder.query('BEGIN');
    try {
      await holder.query('SELECT 1 FROM turbines WHERE id = $1 FOR UPDATE', [turbine]);
      // Ten queries take the pool's ten connections and wait on the lock (until statement_timeout, 1 s).
      const stuck = Array.from({ length: 10 }, () =>
        waits.dataSource.query('SELECT 1 FROM turbines WHERE id = $1 FOR UPDATE', [turbine]),
      );
      for (const query of stuck) query.catch(() => undefined);
      const onLock = `SELECT count(*)::int AS count FROM pg_stat_activity
                       WHERE application_name = 'kanat360-bff' AND wait_event_type = 'Lock'`;
      // Asked through the other app's pool: inside the holder's transaction pg_stat_activity keeps its first reading.
      await eventually(async () => (await countOf(app.dataSource, onLock)) === 10, 'the pool stuck on the lock');
      const started = performance.now();
      const refused = await waits.dataSource.query('SELECT 1').then(
        () => null,
        (error: unknown) => error as Error,
      );
      const waitedMs = performance.now() - started;
      expect(refused?.message).toMatch(/timeout exceeded when trying to connect/);
      expect(waitedMs).toBeGreaterThanOrEqual(ACQUIRE_MS);
      expect(waitedMs).toBeLessThan(1000);
      // The stuck ones are stopped by the server's statement_timeout.
      for (const outcome of await Promise.allSettled(stuck)) expect(outcome.status).toBe('rejected');
    } finally {
      await holder.query('COMMIT');
    }
    // Nothing was left broken: the pool answers again at once.
    expect(await waits.dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
