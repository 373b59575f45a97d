import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@/app.factory.js';
import { loadConfig } from '@/config/config.js';
import { runAsJob } from '@/database/app-data-source.js';
import { openDatabase } from '@/database/database.js';
import { JobQueue } from '@/jobs/job-queue.js';
import { createLogger } from '@/logger.js';
import { testDatabaseUrl } from './database.js';
import { countOf, eventually } from './eventually.js';
import { makeCompany, makeTurbine, makeUser, PASSWORD } from './factories.js';
import { call, type Credentials, signIn } from './http.js';
import { startTestApp, TEST_SECRET, type TestApp } from './test-app.js';

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
  holder = new pg.Client({ connectionString: testDatabaseUrl() });
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

describe("the jobs' pool", () => {
  it("lets a job wait for a connection as long as a job's query may run, not a request's DB_ACQUIRE_TIMEOUT_MS", async () => {
    const companyId = (await makeCompany(app.dataSource)).id;
    const turbine = await makeTurbine(app.dataSource, companyId);
    const connections = 10;
    await holder.query('BEGIN');
    let waiting: Promise<unknown>[];
    let queued: Promise<string>;
    try {
      await holder.query('SELECT 1 FROM turbines WHERE id = $1 FOR UPDATE', [turbine]);
      // Every connection of the jobs' pool waits on the lock, saying nothing; one more job waits for a connection.
      waiting = Array.from({ length: connections }, () =>
        runAsJob(() => app.dataSource.query('UPDATE turbines SET city = city WHERE id = $1', [turbine])),
      );
      // Behind the holder, or behind one another on the same row.
      await eventually(
        async () =>
          (await countOf(
            app.dataSource,
            `SELECT count(*)::int AS count FROM pg_stat_activity
              WHERE application_name = 'kanat360-bff-jobs' AND wait_event_type = 'Lock'`,
          )) === connections,
        "the jobs' connections waiting",
      );
      queued = runAsJob(() => app.dataSource.query('SELECT 1')).then(
        () => 'answered',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      // Twice a request's wait for a connection (DB_ACQUIRE_TIMEOUT_MS, 1,500 ms by default) of silence.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    } finally {
      await holder.query('COMMIT');
    }
    expect(await queued).toBe('answered');
    await Promise.all(waiting);
  });
});

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
    waits = await startTestApp({ DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_MS), DB_QUERY_TIMEOUT_MS: '3000' });
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
      // Ten queries take the pool's ten connections and wait on the lock (until statement_timeout, 3 s: the wait
      // below must end first, however slowly the machine gets there).
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

/**
 * A TCP proxy in front of the run's PostgreSQL that can stop forwarding, as a database host that froze (or a network
 * that dropped its packets) does: the sockets stay open and nothing comes back, so no server time-out can help.
 * What is held while stalled goes on when it resumes.
 */
class StallingProxy {
  private stalled = false;
  private readonly held: (() => void)[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;

  constructor(private readonly target: URL) {
    this.server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      this.forward(client, upstream);
      this.forward(upstream, client);
    });
  }

  private forward(from: Socket, to: Socket): void {
    this.sockets.add(from);
    from.on('data', (chunk) => {
      if (this.stalled) this.held.push(() => to.destroyed || to.write(chunk));
      else to.write(chunk);
    });
    from.on('close', () => {
      this.sockets.delete(from);
      to.destroy();
    });
    from.on('error', () => to.destroy());
  }

  /** Listens on a free port of 127.0.0.1; answers the database's address through the proxy. */
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const url = new URL(this.target);
    url.hostname = '127.0.0.1';
    url.port = String((this.server.address() as AddressInfo).port);
    return url.toString();
  }

  stall(): void {
    this.stalled = true;
  }

  /** How many chunks it holds: sent while stalled, not forwarded yet. */
  get holding(): number {
    return this.held.length;
  }

  resume(): void {
    this.stalled = false;
    for (const send of this.held.splice(0)) send();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe('a database that stops answering', () => {
  // The product's promise (README): a request answers 503 within 2 s whatever the database does.
  const FAIL_FAST_MS = 2_000;
  let proxy: StallingProxy;
  let behindProxy: TestApp;
  let manager: Credentials;
  let turbineId: number;

  beforeAll(async () => {
    proxy = new StallingProxy(new URL(testDatabaseUrl()));
    // Time-outs of 1 s (the defaults are 1.5 s): the 2 s promise keeps a second of slack for a busy machine.
    behindProxy = await startTestApp({
      DATABASE_URL: await proxy.listen(),
      DB_ACQUIRE_TIMEOUT_MS: '1000',
      DB_QUERY_TIMEOUT_MS: '1000',
    });
    const company = await makeCompany(behindProxy.dataSource);
    turbineId = await makeTurbine(behindProxy.dataSource, company.id);
    const user = await makeUser(behindProxy.dataSource, { role: 'superadmin', companyId: company.id });
    manager = (await signIn(behindProxy, user.email, PASSWORD)).bearer;
  });
  afterAll(async () => {
    proxy?.resume();
    await behindProxy?.close();
    await proxy?.close();
  });

  it('answers 503 within the fail-fast time on connections already open and new ones, and serves again after', async () => {
    expect((await call(behindProxy, 'GET', '/api/turbines', { as: manager })).status).toBe(200);
    proxy.stall();
    try {
      // A burst: some take a pooled connection whose answer never comes, the rest wait for one (or open a new one).
      const burst = await Promise.all(
        Array.from({ length: 15 }, async () => {
          const started = performance.now();
          const reply = await call(behindProxy, 'GET', '/api/turbines', { as: manager });
          return { status: reply.status, code: reply.body.code, tookMs: performance.now() - started };
        }),
      );
      for (const reply of burst) {
        expect(reply).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
        expect(reply.tookMs).toBeLessThan(FAIL_FAST_MS);
      }
    } finally {
      proxy.resume();
    }
    // The connections given up on were closed, not handed out again: the next request is served.
    await eventually(
      async () => (await call(behindProxy, 'GET', '/api/turbines', { as: manager })).status === 200,
      'the list to be served again',
    );
    const reply = await call<{ data: { id: number }[] }>(behindProxy, 'GET', '/api/turbines', { as: manager });
    expect(reply.body.data.map((turbine) => turbine.id)).toContain(turbineId);
  });

  it("lets a start's own work (the first jobs the modules queue) wait past a request's time-outs", async () => {
    const { config, dataSource } = behindProxy;
    const logger = createLogger(config);
    // pg-boss's own pool past the proxy: only what the app's DataSource is asked stalls, as on a busy machine.
    const jobs = new JobQueue(testDatabaseUrl(), logger, dataSource);
    await jobs.start();
    try {
      proxy.stall();
      let starting: Promise<Awaited<ReturnType<typeof createApp>>>;
      try {
        starting = createApp({ config, dataSource, jobs, logger });
        // Awaited below; a start that gives up meanwhile is what this test is about.
        starting.catch(() => undefined);
        // Twice a request's wait for a connection and for an answer (1 s each here): a busy machine's slow start.
        // The start is still waiting then, on what it sent to the stalled database, neither done nor given up.
        const state = await Promise.race([
          starting.then(
            () => 'started',
            () => 'failed',
          ),
          sleep(2_000).then(() => 'waiting'),
        ]);
        expect(state).toBe('waiting');
        expect(proxy.holding).toBeGreaterThan(0);
      } finally {
        proxy.resume();
      }
      const second = await starting;
      await second.close();
    } finally {
      await jobs.stop();
    }
  });
});

describe('a start on a database that answers slowly', () => {
  const configFor = (url: string) =>
    loadConfig({ DATABASE_URL: url, SESSION_SECRET: TEST_SECRET, DATA_DIR: tmpdir(), LOG_LEVEL: 'silent' });

  it('waits for the first connections past a request’s wait, saying so, and then serves', async () => {
    const proxy = new StallingProxy(new URL(testDatabaseUrl()));
    const url = await proxy.listen();
    const warnings: string[] = [];
    proxy.stall();
    try {
      const opening = openDatabase(configFor(url), { migrate: false, warn: (message) => warnings.push(message) });
      // Awaited below; a start that fails before is reported by the wait for its warnings.
      opening.catch(() => undefined);
      // Longer than the requests' wait for a connection (DB_ACQUIRE_TIMEOUT_MS, 1.5 s by default), twice over.
      await eventually(() => warnings.length >= 2, 'the start to try again', { timeoutMs: 20_000, intervalMs: 50 });
      proxy.resume();
      const database = await opening;
      try {
        expect(await database.dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      } finally {
        await database.close();
      }
      expect(warnings[0]).toMatch(/^PostgreSQL is slow to answer \(.*timeout.*\); trying again$/);
    } finally {
      proxy.resume();
      await proxy.close();
    }
  });

  it('fails at once on a database that refuses the connection', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const url = new URL(testDatabaseUrl());
    url.port = String(closed);
    const warnings: string[] = [];
    await expect(
      openDatabase(configFor(url.toString()), { migrate: false, warn: (message) => warnings.push(message) }),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(warnings).toEqual([]);
  });
});
