// The built server for the browser tests: E2E_SERVERS of them (one per Playwright worker) on E2E_PORT, E2E_PORT + 1,
// …, each on a data folder of its own (PostgreSQL cluster, files, outbox), so no worker sees another's changes.
//
//   node e2e/start-server.mjs          what Playwright's webServer runs: makes the demo data (unless E2E_DATA=ready),
//                                      copies it for each server, starts them all and says "e2e servers ready"
//   node e2e/start-server.mjs --data   makes the demo data only (`pnpm test:e2e:data`); `pnpm run check` runs it
//                                      while the other checks run, then the browser tests with E2E_DATA=ready
//
// The demo data is made once per run by a server with a fresh data folder, as `npm start` makes it, left to finish
// its background jobs (thumbnails, tiles) and stopped cleanly: the copies start with every derivative made.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const firstPort = Number(process.env.E2E_PORT ?? 3210);
const tmp = (name) => fileURLToPath(new URL(`../.tmp/${name}/`, import.meta.url));
const MAIN = fileURLToPath(new URL('../../bff/dist/main.js', import.meta.url));
// Per port, as the servers' folders: two runs on one machine (each on its own E2E_PORT) never share one.
const SEEDED = tmp(`e2e-seeded-${firstPort}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// The BFF's own pg and its reading of the data folder's secrets (the tests package has neither).
const pg = createRequire(fileURLToPath(new URL('../../bff/package.json', import.meta.url)))('pg');
const { embeddedSecrets } = await import(new URL('../../bff/dist/config/secrets.js', import.meta.url).href);

/** A fresh, empty folder PostgreSQL (its own user, as root) may enter. */
function freshFolder(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
}

/** `node bff/dist/main.js` on `port` with `dataDir`, answered once /api/health answers; fails if it exits first. */
async function startServer(port, dataDir) {
  const server = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the e2e server on ${port} exited (${server.exitCode})`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { server, exited };
    await sleep(250);
  }
}

/** The jobs of the data folder's cluster not yet done, read in PostgreSQL (pg-boss's own table). */
async function jobsLeft(dataDir) {
  // postmaster.pid's fourth line is the port the cluster listens on.
  const port = readFileSync(`${dataDir}pg/postmaster.pid`, 'utf8').split('\n')[3];
  const password = encodeURIComponent(embeddedSecrets(dataDir).postgresPassword);
  const client = new pg.Client({ connectionString: `postgresql://kanat360:${password}@127.0.0.1:${port}/kanat360` });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS count FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`,
    );
    return rows[0].count;
  } finally {
    await client.end();
  }
}

/** Seeds the demo data into e2e-seeded, waits for its background jobs, and stops the server cleanly. */
async function makeDemoData() {
  const started = performance.now();
  freshFolder(SEEDED);
  const { server, exited } = await startServer(firstPort, SEEDED);
  try {
    while ((await jobsLeft(SEEDED)) > 0) await sleep(1000);
  } finally {
    server.kill('SIGTERM');
  }
  const code = await exited;
  if (code !== 0) throw new Error(`the e2e data server stopped with exit code ${code}`);
  console.log(`e2e demo data made in ${Math.round((performance.now() - started) / 1000)} s`);
}

if (process.argv.includes('--data')) {
  await makeDemoData();
} else {
  const count = Number(process.env.E2E_SERVERS ?? 1);
  if (process.env.E2E_DATA !== 'ready') await makeDemoData();
  const servers = await Promise.all(
    Array.from({ length: count }, (_, index) => {
      const port = firstPort + index;
      const dataDir = tmp(`e2e-data-${port}`);
      rmSync(dataDir, { recursive: true, force: true });
      // cp -a: the cluster's files keep their owner (PostgreSQL's own user, as root) and modes.
      const copied = spawnSync('cp', ['-a', SEEDED, dataDir], { stdio: 'inherit' });
      if (copied.status !== 0) throw new Error(`copying the e2e demo data failed (${copied.error ?? copied.status})`);
      return startServer(port, dataDir);
    }),
  );
  // A server that dies later fails the run at once rather than its tests one by one.
  for (const { exited } of servers) {
    void exited.then((code) => {
      console.error(`an e2e server exited (${code})`);
      process.exit(1);
    });
  }
  console.log('e2e servers ready');
}
