import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { testDatabaseUrl } from './database.js';
import { eventually, sleep } from './eventually.js';
import { makeCompany, makeUser } from './factories.js';
import { call } from './http.js';
import { freePort, MAIN_JS, requireBuiltServer, serverEnv, signInToken, startServer } from './server-process.js';
import { startTestApp, TEST_SECRET } from './test-app.js';

// These tests run the built server and CLI (bff/dist) as a newcomer would, in their own processes.
const cliJs = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The status a sign-in through the API answers. */
async function login(port: number, email: string, password: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

function runCli(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [cliJs, ...args], { env: serverEnv(env), encoding: 'utf8', timeout: 60_000 });
}

/** The postmaster of a data folder's cluster, from its pid file. */
function postmasterOf(dir: string): number {
  return Number(readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A process's children (a postmaster's backends, checkpointer, …), from /proc. */
function childrenOf(postmaster: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    });
}

/** When a process started (in clock ticks since boot), which tells it from a later one given the same pid. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** A process's children, their children, and so on. */
function descendantsOf(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);
}

/** Sends a signal to a process that may have exited meanwhile (a backend whose client went away). */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * Stops (SIGSTOP) every process of a data folder's PostgreSQL: the postmaster first, so it starts no new process,
 * then each it had started. Answers them all, for SIGCONT.
 */
function stopCluster(dir: string): number[] {
  const postmaster = postmasterOf(dir);
  signal(postmaster, 'SIGSTOP');
  const children = childrenOf(postmaster);
  for (const pid of children) signal(pid, 'SIGSTOP');
  return [postmaster, ...children];
}

let dataDir: string;
beforeAll(() => {
  requireBuiltServer();
  dataDir = mkdtempSync(join(tmpdir(), 'kanat360-process-'));
  chmodSync(dataDir, 0o755);
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process with the embedded defaults', () => {
  it('starts its own PostgreSQL, seeds the demo data once, prints the demo logins, and stops cleanly', async () => {
    const server = await startServer({ DATA_DIR: dataDir }, { timeoutMs: 180_000 });
    expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(true);
    expect(server.output()).toContain('superadmin@demo.kanat360.local');
    expect(server.output()).toContain('kanat360-demo');
    expect(await login(server.port, 'superadmin@demo.kanat360.local', 'kanat360-demo')).toBe(200);
    expect(await login(server.port, 'operator2@demo.kanat360.local', 'kanat360-demo')).toBe(200);

    // A request in flight when SIGTERM arrives still gets its answer.
    const body = JSON.stringify({ email: 'admin@demo.kanat360.local', password: 'kanat360-demo' });
    const socket = connect(server.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.on('connect', resolve));
    // Expect: 100-continue: the server says it has the request (its headers read) before SIGTERM is sent.
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n` +
        body.slice(0, 10),
    );
    const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';
    await eventually(() => answer.startsWith(CONTINUE), 'the server to take the request', { intervalMs: 10 });
    server.child.kill('SIGTERM');
    // Draining: a load balancer's readiness check is told to go elsewhere while the request in flight finishes.
    const ready = await eventually(
      async () => {
        const reply = await fetch(`${server.base}/api/health/ready`);
        return reply.status === 503 && reply;
      },
      'readiness to answer 503 while draining',
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(await ready.json()).toMatchObject({ success: false, code: 'SHUTTING_DOWN' });
    // write, not end: a half-closed socket would be a client that gave up, and the server may drop it.
    socket.write(body.slice(10));
    await closed;
    expect(answer.slice(CONTINUE.length)).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"success":true');

    expect(await server.exited).toBe(0);
    // PostgreSQL shut down (not killed): its pid file is gone.
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 240_000);

  it('keeps the cluster and its data across restarts, without seeding twice', async () => {
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      expect(await login(server.port, 'superadmin@demo.kanat360.local', 'kanat360-demo')).toBe(200);
      const token = await signInToken(server.base, 'superadmin@demo.kanat360.local', 'kanat360-demo');
      const companies = (await (
        await fetch(`${server.base}/api/companies`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as { data: { name: string }[] };
      expect(companies.data.map((company) => company.name).sort()).toEqual([
        'Anadolu Rüzgar Enerji A.Ş.',
        'Ege Yenilenebilir Enerji Ltd.',
      ]);
      // The demo turbines with their photos, seeded once with the companies.
      const turbines = (await (
        await fetch(`${server.base}/api/turbines`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as { data: { id: number; code: string; photo_count: number }[] };
      expect(turbines.data).toHaveLength(9);
      expect(turbines.data.every((turbine) => turbine.photo_count > 0)).toBe(true);
      // At the size DEMO_PHOTO_SCALE asks for (serverEnv: a tenth of a camera's 4000 × 3000, some 30 KB against
      // 2.5 MB; the panorama stays 2,048 wide, the least that is taken for one, some 400 KB).
      const photos = (await (
        await fetch(`${server.base}/api/turbines/${turbines.data[0]!.id}/photos`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as { data: { kind: string; size: number }[] };
      const sizes = photos.data.filter((item) => item.kind === 'photo').map((item) => item.size);
      expect(sizes.length).toBeGreaterThan(0);
      expect(sizes.filter((size) => size > 1024 * 1024)).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    // The seed's derivative jobs resume here; a shutdown lets a running one finish (up to 10 s).
  }, 120_000);

  it('stops cleanly when SIGTERM comes while it starts, once the step in progress is done; the next start is whole', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'kanat360-early-stop-'));
    chmodSync(fresh, 0o755);
    try {
      const child = spawn(process.execPath, [MAIN_JS], {
        env: serverEnv({ DATA_DIR: fresh, PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'info' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await eventually(() => output.includes('seeding the demo data'), 'the demo seed to begin', { timeoutMs: 90_000 });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('stopping once the start-up step in progress is done');
      expect(output).toContain('stopped cleanly');
      expect(existsSync(join(fresh, 'pg', 'postmaster.pid'))).toBe(false);

      // The seed finished before the stop: the next start finds the demo data whole and does not seed again.
      const server = await startServer({ DATA_DIR: fresh, LOG_LEVEL: 'info' }, { timeoutMs: 120_000 });
      try {
        expect(server.output()).not.toContain('seeding the demo data');
        expect(await login(server.port, 'operator2@demo.kanat360.local', 'kanat360-demo')).toBe(200);
      } finally {
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      }
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 300_000);

  // A terminal's Ctrl-C reaches the whole process group: the server and its PostgreSQL both get SIGINT, and
  // PostgreSQL's fast shutdown may be over before the server comes to stop it.
  it('stops cleanly when its PostgreSQL has stopped first, as after a Ctrl-C in a terminal', async () => {
    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const postmaster = postmasterOf(dataDir);
    signal(postmaster, 'SIGINT');
    await eventually(() => !isAlive(postmaster), 'PostgreSQL to stop', { timeoutMs: 30_000, intervalMs: 50 });
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('stopped cleanly');
    // The job queue's failed polls are logged without their connection's whole state.
    expect(server.output()).not.toContain('"client":{');
  }, 120_000);

  it('stops when a Ctrl-C in a terminal comes while it seeds, saying so; the next start is whole', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'kanat360-ctrl-c-'));
    chmodSync(fresh, 0o755);
    const child = spawn(process.execPath, [MAIN_JS], {
      env: serverEnv({ DATA_DIR: fresh, PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'info' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await eventually(() => output.includes('seeding the demo data'), 'the demo seed to begin', { timeoutMs: 90_000 });
      // Both at once, as the terminal sends it.
      signal(postmasterOf(fresh), 'SIGINT');
      child.kill('SIGINT');
      // Bounded: a stop that waits for a PostgreSQL already gone would never end.
      const code = await Promise.race([exited, sleep(60_000).then(() => 'still running')]);
      // The seed either finished before PostgreSQL went (a clean stop) or was cut short by it (said in one line).
      if (code === 0) expect(output).toContain('stopped cleanly');
      else
        expect([code, output]).toEqual([
          1,
          expect.stringContaining('Kanat360 stopped (SIGINT) before it had started:'),
        ]);
      expect(output).not.toContain('"client":{');
      expect(existsSync(join(fresh, 'pg', 'postmaster.pid'))).toBe(false);

      // Whatever the seed had done was all or nothing: the next start finds whole demo data (seeding it if need be).
      const server = await startServer({ DATA_DIR: fresh, LOG_LEVEL: 'info' }, { timeoutMs: 180_000 });
      try {
        // Cut short, its rows were rolled back together: this start seeds them all.
        if (code !== 0) expect(server.output()).toContain('demo data seeded: 2 companies, 6 users, 9 turbines');
        expect(await login(server.port, 'operator2@demo.kanat360.local', 'kanat360-demo')).toBe(200);
      } finally {
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      }
    } finally {
      // A server that did not stop is not left behind (its PostgreSQL was signalled already).
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 360_000);

  it('comes back by itself after kill -9: the orphaned PostgreSQL of the DATA_DIR is stopped, the data kept', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    const orphan = postmasterOf(dataDir);
    first.child.kill('SIGKILL');
    await first.exited;
    // The server is gone; its PostgreSQL is not.
    expect(isAlive(orphan)).toBe(true);

    const second = await startServer({ DATA_DIR: dataDir });
    try {
      expect(isAlive(orphan)).toBe(false);
      expect(second.output()).not.toContain('undefined');
      expect(await login(second.port, 'superadmin@demo.kanat360.local', 'kanat360-demo')).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it('says in one line why it cannot start: the port in use, the DATA_DIR in use; and leaves no PostgreSQL behind', async () => {
    const running = await startServer({ DATA_DIR: dataDir });
    const otherDir = mkdtempSync(join(tmpdir(), 'kanat360-process-other-'));
    chmodSync(otherDir, 0o755);
    try {
      // The same port, another data folder: PostgreSQL starts, then listening fails; it must not be left running.
      const busy = spawnSync(process.execPath, [MAIN_JS], {
        env: serverEnv({ PORT: String(running.port), HOST: '127.0.0.1', DATA_DIR: otherDir, SEED_DEMO: 'false' }),
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(busy.status).toBe(1);
      const line = busy.stderr.split('\n').find((text) => text.startsWith('Kanat360 could not start:'));
      expect(line).toBe(
        `Kanat360 could not start: port ${running.port} on 127.0.0.1 is already in use (set PORT to a free port, or stop what uses it)`,
      );
      expect(busy.stderr + busy.stdout).not.toContain('undefined');
      expect(existsSync(join(otherDir, 'pg', 'postmaster.pid'))).toBe(false);

      // Another server on the same DATA_DIR: refused, and the running one is left alone.
      const twin = spawnSync(process.execPath, [MAIN_JS], {
        env: serverEnv({ PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir }),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(twin.status).toBe(1);
      expect(twin.stderr).toContain(
        `Kanat360 could not start: another Kanat360 (process ${running.child.pid}) is running with this DATA_DIR`,
      );
      expect(await login(running.port, 'superadmin@demo.kanat360.local', 'kanat360-demo')).toBe(200);
    } finally {
      running.child.kill('SIGTERM');
      await running.exited;
      rmSync(otherDir, { recursive: true, force: true });
    }
  }, 240_000);

  it('answers 503 with a code within 2 s while every PostgreSQL process is stopped for 10 s, and recovers by itself', async () => {
    // Time-outs of 1 s (the defaults are 1.5 s): the 2 s promise keeps a second of slack for a busy machine.
    const server = await startServer({ DATA_DIR: dataDir, DB_ACQUIRE_TIMEOUT_MS: '1000', DB_QUERY_TIMEOUT_MS: '1000' });
    const token = await signInToken(server.base, 'operator@demo.kanat360.local', 'kanat360-demo');
    // A readiness check; API calls that read what they answer from the database (the session may be one this
    // process keeps: auth/session-cache.ts); and a write whose first statement opens a transaction (the contact
    // form): a failed BEGIN must not make its ROLLBACK wait again.
    type Call = { method: string; path: string; body?: object };
    const readiness: Call = { method: 'GET', path: '/api/health/ready' };
    const calls: Call[] = [
      { method: 'GET', path: '/api/turbines' },
      { method: 'GET', path: '/api/findings' },
      { method: 'POST', path: '/api/contact', body: { name: 'Durma', subject: 'Durma testi', message: 'Merhaba' } },
    ];
    const requests = [readiness, ...calls];
    const timed = async ({ method, path, body }: Call, at: number) => {
      const started = performance.now();
      const response = await fetch(`${server.base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body && { 'Content-Type': 'application/json' }) },
        body: body && JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const { code } = (await response.json()) as { code?: string };
      const request = `${method} ${path} at ${at} ms`;
      return { request, status: response.status, code, ms: performance.now() - started };
    };
    for (const request of requests.slice(0, 3)) expect((await timed(request, 0)).status, request.path).toBe(200);

    const STALL_MS = 10_000;
    const answers: Awaited<ReturnType<typeof timed>>[] = [];
    const stopped = stopCluster(dataDir);
    const stalledAt = performance.now();
    try {
      // At once, then every 2.5 s until the end of the stall, the four at the same time: each must be answered.
      for (const at of [0, 2_500, 5_000, 7_500]) {
        await sleep(stalledAt + at - performance.now());
        answers.push(...(await Promise.all(requests.map((request) => timed(request, at)))));
      }
      await sleep(stalledAt + STALL_MS - performance.now());
    } finally {
      for (const pid of stopped) signal(pid, 'SIGCONT');
    }
    const resumedAt = performance.now();
    try {
      expect(resumedAt - stalledAt).toBeGreaterThanOrEqual(STALL_MS);
      for (const answer of answers) {
        expect(answer, answer.request).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
        // It hung ~9.9 s before; DB_ACQUIRE_TIMEOUT_MS and DB_QUERY_TIMEOUT_MS bound it now.
        expect(answer.ms, answer.request).toBeLessThan(2_000);
      }
      // Back by itself, in the same process: nothing restarted it.
      await eventually(async () => (await timed(readiness, 0)).status === 200, 'readiness after the stall', {
        timeoutMs: 20_000,
      });
      for (const request of calls) expect((await timed(request, 0)).status, request.path).toBeLessThan(300);
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 180_000);

  it('refuses to boot on a bad setting, naming the variable', () => {
    const result = spawnSync(process.execPath, [MAIN_JS], {
      env: serverEnv({ PORT: 'abc', DATA_DIR: dataDir }),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT must be an integer');
  });
});

describe('npm start', () => {
  /**
   * `npm start` with `env`, its output gathered. `terminal`: npm leads a process group of its own, as a terminal's
   * foreground job does, which a Ctrl-C signals as a whole.
   */
  function npmStart(env: Record<string, string>, { terminal = false } = {}) {
    const npm = spawn('npm', ['start'], {
      cwd: REPO_ROOT,
      env: serverEnv({ HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: terminal,
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
    let started = new Map<number, string | null>();
    /** The processes noted that still run: the same pid and start time (a pid may be given out again). */
    const leftovers = () =>
      [...started].filter(([id, since]) => since !== null && startTimeOf(id) === since).map(([id]) => id);
    return {
      npm,
      exited,
      output: () => output,
      /** Every process under npm now, noted to be checked (and, on a failure, killed) afterwards. */
      processes(): number[] {
        const processes = descendantsOf(npm.pid!);
        started = new Map([npm.pid!, ...processes].map((id) => [id, startTimeOf(id)]));
        return processes;
      },
      leftovers,
      /** A failed run leaves nothing behind either. */
      killLeftovers(): void {
        if (npm.exitCode === null && npm.signalCode === null) this.processes();
        for (const id of leftovers()) signal(id, 'SIGKILL');
      },
    };
  }

  /** Waits until `npm start` serves on `port` (it installs what is missing and builds what changed first). */
  async function untilServing(run: ReturnType<typeof npmStart>, port: number): Promise<void> {
    await eventually(
      async () => {
        if (run.npm.exitCode !== null) throw new Error(`npm start exited early:\n${run.output()}`);
        return (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status === 200;
      },
      'npm start to serve',
      { timeoutMs: 240_000, intervalMs: 250 },
    );
  }

  /** Nothing npm started is left: not run.mjs, not the server, not PostgreSQL (stopped, not killed), nor the port. */
  async function expectAllStopped(run: ReturnType<typeof npmStart>, dir: string, port: number): Promise<void> {
    expect(run.leftovers()).toEqual([]);
    expect(existsSync(join(dir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null)).toBeNull();
  }

  // What container runtimes and process managers signal: the process they started, npm itself.
  it.each(['SIGTERM', 'SIGINT'] as const)(
    "stops the server and its PostgreSQL cleanly on %s to npm's own process",
    async (signalName) => {
      const port = await freePort();
      const run = npmStart({ DATA_DIR: dataDir, PORT: String(port) });
      try {
        // Nothing to install or build after npm test's build.
        await untilServing(run, port);
        expect(run.processes()).toContain(postmasterOf(dataDir));

        process.kill(run.npm.pid!, signalName);
        await run.exited;
        expect(run.output()).toContain('stopped cleanly');
        await expectAllStopped(run, dataDir, port);
      } finally {
        run.killLeftovers();
      }
    },
    300_000,
  );

  // npm passes the keypress on too, and so would a wrapper: the server must hear it once, and its PostgreSQL not at
  // all, or the seed in progress would be cut short ("SIGINT again, stopping now").
  it("stops cleanly on a terminal's Ctrl-C while it seeds: the seed finishes, PostgreSQL stops last", async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'kanat360-npm-ctrl-c-'));
    chmodSync(fresh, 0o755);
    const port = await freePort();
    const run = npmStart({ DATA_DIR: fresh, PORT: String(port) }, { terminal: true });
    try {
      await eventually(
        () => {
          if (run.npm.exitCode !== null) throw new Error(`npm start exited early:\n${run.output()}`);
          return run.output().includes('seeding the demo data');
        },
        'the demo seed to begin',
        { timeoutMs: 240_000, intervalMs: 50 },
      );
      run.processes();
      process.kill(-run.npm.pid!, 'SIGINT');
      await run.exited;
      const output = run.output();
      expect(output).toContain('SIGINT while starting; stopping once the start-up step in progress is done');
      expect(output).not.toContain('again, stopping now');
      expect(output).toContain('demo data seeded');
      expect(output).toContain('stopped cleanly');
      await expectAllStopped(run, fresh, port);
    } finally {
      run.killLeftovers();
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 300_000);

  // The server is out of the terminal's group: what kills the group (a process manager's SIGKILL to it, npm or the
  // wrapper crashing) must not leave it running, holding the port and the data folder.
  it('stops the server and its PostgreSQL cleanly when npm and its wrapper are killed', async () => {
    const port = await freePort();
    const run = npmStart({ DATA_DIR: dataDir, PORT: String(port) }, { terminal: true });
    try {
      await untilServing(run, port);
      run.processes();
      process.kill(-run.npm.pid!, 'SIGKILL');
      await run.exited;
      await eventually(() => run.leftovers().length === 0, 'every process npm started to stop', { timeoutMs: 60_000 });
      expect(run.output()).toContain('stopped cleanly');
      await expectAllStopped(run, dataDir, port);
    } finally {
      run.killLeftovers();
    }
  }, 300_000);
});

describe('the command line', () => {
  const env = () => ({ DATABASE_URL: testDatabaseUrl(), SESSION_SECRET: TEST_SECRET });

  it('applies migrations', () => {
    const result = runCli(['migrate'], env());
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Migrations are up to date.');
    expect(result.status).toBe(0);
  });

  it('creates a superadmin in the system company and refuses a duplicate or a bad password', async () => {
    const email = `root.${Date.now()}@test.kanat360.local`;
    const args = [
      'create-superadmin',
      '--email',
      email,
      '--password',
      'a-strong-pass',
      '--first-name',
      'Root',
      '--last-name',
      'Admin',
    ];
    const first = runCli(args, env());
    expect(first.stdout).toContain(`Superadmin ${email} created`);
    expect(first.status).toBe(0);
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    const rows = (await client.query(`SELECT role, company_id, password_hash FROM users WHERE email = $1`, [email]))
      .rows as {
      role: string;
      company_id: number;
      password_hash: string;
    }[];
    await client.end();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'superadmin', company_id: 999 });
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);

    const again = runCli(args, env());
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');

    const weak = runCli(
      ['create-superadmin', '--email', `x${email}`, '--password', '123', '--first-name', 'A', '--last-name', 'B'],
      env(),
    );
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('PASSWORD_TOO_SHORT');

    const common = runCli(
      ['create-superadmin', '--email', `y${email}`, '--password', 'superman', '--first-name', 'A', '--last-name', 'B'],
      env(),
    );
    expect(common.status).toBe(1);
    expect(common.stderr).toContain('PASSWORD_TOO_COMMON');
  });
});

describe('WORKER modes', () => {
  it('leaves jobs for a separate WORKER=only process, which delivers them', async () => {
    const outboxRoot = mkdtempSync(join(tmpdir(), 'kanat360-worker-'));
    const api = await startTestApp({ WORKER: 'off' });
    try {
      const company = await makeCompany(api.dataSource);
      const user = await makeUser(api.dataSource, { role: 'operator', companyId: company.id });
      const reply = await call(api, 'POST', '/api/auth/password-reset', { body: { email: user.email } });
      expect(reply.status).toBe(200);
      await sleep(2500);
      expect(existsSync(api.config.mail.outboxDir)).toBe(false);

      const worker = spawn(process.execPath, [MAIN_JS], {
        env: serverEnv({ ...env(), WORKER: 'only', DATA_DIR: outboxRoot, LOG_LEVEL: 'info' }),
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let output = '';
      worker.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const workerExited = new Promise<number | null>((resolve) => worker.on('exit', (code) => resolve(code)));
      const outbox = join(outboxRoot, 'outbox');
      await eventually(() => existsSync(outbox) && readdirSync(outbox).length > 0, 'a mail in the outbox', {
        timeoutMs: 30_000,
      });
      expect(readdirSync(outbox)).toHaveLength(1);
      // Its jobs may run before it has finished starting; it stops cleanly on SIGTERM once it says it is running.
      await eventually(() => output.includes('worker running'), 'the worker to say it is running');
      worker.kill('SIGTERM');
      expect(await workerExited).toBe(0);
    } finally {
      await api.close();
      rmSync(outboxRoot, { recursive: true, force: true });
    }
  });

  function env() {
    return { DATABASE_URL: testDatabaseUrl(), SESSION_SECRET: TEST_SECRET };
  }
});
