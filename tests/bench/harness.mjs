// What the BFF benchmarks share: a fresh data folder with its own embedded PostgreSQL, the built BFF (bff/dist)
// as a child process on 127.0.0.1, set-up straight in SQL, and sign-in. Everything is removed again in `close()`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BFF_DIST = join(ROOT, 'bff', 'dist');

/** `pg` and friends as the BFF itself resolves them (they are the BFF's dependencies, not the tests package's). */
export const requireFromBff = createRequire(join(ROOT, 'bff', 'package.json'));
export const pg = requireFromBff('pg');

/** A module of the built BFF, e.g. `importBff('auth/passwords.js')`. */
export function importBff(path) {
  return import(pathToFileURL(join(BFF_DIST, path)).href);
}

export const PASSWORD = 'bench-password-7';
const HOST = '127.0.0.1';

/** BENCH_PORTS=49000-49099: the servers a benchmark starts listen in that range (else on a port the kernel picks). */
const PORT_RANGE = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');

function tryPort(port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', (error) => (PORT_RANGE ? resolve(null) : reject(error)));
    server.listen(port, HOST, () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

export async function freePort() {
  if (!PORT_RANGE) return tryPort(0);
  const [from, to] = [Number(PORT_RANGE[1]), Number(PORT_RANGE[2])];
  const start = from + Math.floor(Math.random() * (to - from + 1));
  for (let tried = 0; tried <= to - from; tried += 1) {
    const port = await tryPort(from + ((start - from + tried) % (to - from + 1)));
    if (port !== null) return port;
  }
  throw new Error(`no free port in BENCH_PORTS ${process.env.BENCH_PORTS}`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a child to exit; SIGKILL when it has not after `graceMs`. */
async function stopChild(child, graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * A fresh data folder and its PostgreSQL (started here, so set-up and the baselines reach it too). `close()` stops
 * every child started through `spawnBff`/`spawnNode`, the pool and PostgreSQL, and removes the folder.
 */
export async function startStack(name) {
  const dataDir = mkdtempSync(join(tmpdir(), `kanat360-bench-${name}-`));
  // As root, PostgreSQL runs as its own user, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const children = [];
  let postgres;
  let pool;
  const close = async () => {
    for (const child of children.reverse()) await stopChild(child);
    await pool?.end().catch(() => undefined);
    await postgres?.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { startEmbeddedPostgres } = await importBff('database/embedded-postgres.js');
    postgres = await startEmbeddedPostgres(dataDir);
    pool = new pg.Pool({ connectionString: postgres.url, max: 4 });
  } catch (error) {
    await close();
    throw error;
  }
  const sessionSecret = randomBytes(32).toString('hex');

  /** Any node script as a child with an IPC channel; stopped by `close()`. */
  function spawnNode(args, env, { output = 'inherit' } = {}) {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', output, output, 'ipc'],
    });
    children.push(child);
    return child;
  }

  /**
   * The built BFF (`node bff/dist/main.js`) on a free port of 127.0.0.1 (`BENCH_PORT` names one, for a machine whose
   * runs share out port ranges); answers when /api/health/ready does. `execArgv`: node's own flags before the script
   * (V8 flags, which NODE_OPTIONS does not take), by default BFF_EXEC_ARGV's (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`:
   * where the BFF's time goes, in any benchmark).
   */
  async function spawnBff(
    extraEnv = {},
    { execArgv = (process.env.BFF_EXEC_ARGV ?? '').split(' ').filter(Boolean) } = {},
  ) {
    const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
    const baseUrl = `http://${HOST}:${port}`;
    const child = spawnNode(
      [...execArgv, join(BFF_DIST, 'main.js')],
      {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: postgres.url,
        SESSION_SECRET: sessionSecret,
        HOST,
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        SEED_DEMO: 'false',
        WORKER: 'off',
        LOG_LEVEL: 'warn',
        ...extraEnv,
      },
      { output: 'pipe' },
    );
    const log = collectLog(child);
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the BFF exited with code ${child.exitCode} while starting`);
      try {
        const response = await fetch(`${baseUrl}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error('the BFF did not become ready within 180 s');
      await sleep(250);
    }
    return { child, pid: child.pid, baseUrl, log };
  }

  return { dataDir, databaseUrl: postgres.url, pool, spawnBff, spawnNode, close };
}

/**
 * The BFF's own output, kept out of the benchmark's: pino lines (warn and above at LOG_LEVEL=warn) are counted by
 * message, the start-up banner is dropped, anything else (a crash) goes straight to stderr.
 */
function collectLog(child) {
  const counts = new Map();
  const take = (stream) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (text) => {
      const lines = (rest + text).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        // The start-up banner, and node's inspector notices (a bench that reads the heap runs the BFF with --inspect).
        if (!line.trim() || /Kanat360 is running|API docs|^Debugger |getting-started\/debugging/.test(line)) continue;
        let entry;
        try {
          entry = JSON.parse(line);
        } catch {
          process.stderr.write(`[bff] ${line}\n`);
          continue;
        }
        const key = [entry.msg, entry.err?.message, entry.reason].filter(Boolean).join(': ');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    });
  };
  take(child.stdout);
  take(child.stderr);
  return {
    /** One line per distinct message, with how often it came. */
    summary() {
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      if (total === 0) return '  BFF log: nothing at warn or above';
      return [
        `  BFF log: ${total} line(s) at warn or above`,
        ...[...counts].map(([message, count]) => `    ${count} × ${message}`),
      ].join('\n');
    },
  };
}

/** A company, and a user of it with PASSWORD; straight in SQL, as bff/test/factories.ts does. */
export async function makeUser(pool, { role, companyId, email }) {
  const { hashPassword } = await importBff('auth/passwords.js');
  const { rows } = await pool.query(
    `INSERT INTO users (first_name, last_name, email, password_hash, role, company_id, is_active, is_protected, language)
     VALUES ('Bench', $1, $2, $3, $1, $4, true, false, 'tr') RETURNING id`,
    [role, email, await hashPassword(PASSWORD), companyId],
  );
  return rows[0].id;
}

export async function makeCompanies(pool, count) {
  const { rows } = await pool.query(
    `INSERT INTO companies (name) SELECT 'Bench Company ' || g FROM generate_series(1, $1::int) g RETURNING id`,
    [count],
  );
  return rows.map((row) => row.id);
}

/** Signs in through the API; answers the bearer token. */
export async function login(baseUrl, email) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.json();
  if (!response.ok || typeof body.token !== 'string') {
    throw new Error(`login failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.token;
}

/** Debian's chromium (or CHROMIUM_PATH), which the browser benchmarks drive through Playwright. */
export const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path) => path && existsSync(path),
);

/** Chromium headless with this machine's flags: no sandbox (root), no GPU (WebGL goes through SwiftShader). */
export async function launchChromium() {
  if (!CHROMIUM) throw new Error("Chromium is missing: install Debian's chromium or set CHROMIUM_PATH");
  const { chromium } = await import('@playwright/test');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
  });
}

/** Signs a page of a context (whose baseURL is the BFF) in as the login page does; answers the page. */
export async function signInPage(context, email) {
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  if (!response.ok()) throw new Error(`login failed: ${response.status()}`);
  const { user } = await response.json();
  await page.goto('/api/health');
  await page.evaluate((profile) => localStorage.setItem('kanat360.user', JSON.stringify(profile)), user);
  return page;
}

/** Runs `main` with the stack, always closing it; a failure exits 1 (a missed target does not). */
export async function runBenchmark(name, main) {
  let stack;
  const interrupt = () => {
    console.error('interrupted: cleaning up');
    void (stack?.close() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    stack = await startStack(name);
    await main(stack);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await stack?.close();
  }
}

export function formatMs(value) {
  return `${value.toFixed(value < 10 ? 1 : 0)} ms`;
}

/**
 * One closed-loop load: `connections` connections, each sending its next request when the previous answer is in,
 * `requests` requests in all, stopped (and failed) at `timeCapMs`. Answers every request's latency in ms.
 */
function closedLoopLoad(url, headers, requests, { connections, timeCapMs }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const started = performance.now();
    const instance = autocannon(
      { url, headers, connections, amount: requests, timeout: timeCapMs / 1000 },
      (error, result) => {
        clearTimeout(cap);
        if (error) return reject(error);
        const failures = result.errors + result.timeouts + result.non2xx;
        if (failures > 0 || latencies.length < requests) {
          return reject(
            new Error(
              `${url}: ${latencies.length}/${requests} answers, ${result.errors} errors, ${result.timeouts} ` +
                `timeouts, ${result.non2xx} non-2xx answers`,
            ),
          );
        }
        resolve({ latencies, seconds: (performance.now() - started) / 1000 });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    const cap = setTimeout(() => instance.stop(), timeCapMs);
  });
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * A route through each server (the BFF and its bare-SQL baseline): a warm-up each, then rounds alternating between
 * them (so drift hits both). A server's `onRound` runs before each of its rounds and answers how to stop (a sampler
 * of its memory, say). Answers p50, p99, requests per second and each round's p99, per server.
 */
export async function measureRoute(
  { route, rounds, requestsPerRound, warmupRequests },
  servers,
  { connections, timeCapMs },
) {
  console.log(
    `  ${route}: ${rounds} rounds of ${requestsPerRound} requests per server, alternating, ` +
      `after ${warmupRequests} warm-up requests each`,
  );
  const samples = servers.map(() => ({ latencies: [], seconds: 0, roundP99: [] }));
  for (const { url, headers, label } of servers) {
    // One answer first: a failing route stops the run instead of measuring error answers.
    const probe = await fetch(url, { headers, signal: AbortSignal.timeout(timeCapMs) });
    const bytes = (await probe.arrayBuffer()).byteLength;
    if (!probe.ok) throw new Error(`${label}: ${url} answered ${probe.status}`);
    console.log(`    ${label}: ${(bytes / 1024).toFixed(0)} KiB per answer`);
    await closedLoopLoad(url, headers, warmupRequests, {
      connections: Math.min(connections, warmupRequests),
      timeCapMs,
    });
  }
  for (let round = 1; round <= rounds; round += 1) {
    for (const [index, { url, headers, label, onRound }] of servers.entries()) {
      const stop = onRound?.();
      let answered;
      try {
        answered = await closedLoopLoad(url, headers, requestsPerRound, { connections, timeCapMs });
      } finally {
        stop?.();
      }
      const { latencies, seconds } = answered;
      samples[index].latencies.push(...latencies);
      samples[index].seconds += seconds;
      const sorted = [...latencies].sort((a, b) => a - b);
      samples[index].roundP99.push(percentile(sorted, 99));
      console.log(
        `    round ${round} ${label.padEnd(24)} p50 ${formatMs(percentile(sorted, 50)).padStart(9)}  ` +
          `p99 ${formatMs(percentile(sorted, 99)).padStart(9)}  ${(latencies.length / seconds).toFixed(1)} req/s`,
      );
    }
  }
  return samples.map(({ latencies, seconds, roundP99 }) => {
    const sorted = latencies.sort((a, b) => a - b);
    return {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      rps: sorted.length / seconds,
      requests: sorted.length,
      roundP99,
    };
  });
}

/**
 * The SQL a BFF repository method runs, recorded with a stand-in DataSource instead of running it: a baseline runs
 * the very text the repository holds.
 */
export async function recordQuery(call) {
  let recorded;
  await call({
    query: (text, params) => {
      recorded = { text, params };
      return Promise.resolve([]);
    },
  });
  return recorded;
}
