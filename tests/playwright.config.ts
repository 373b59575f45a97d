import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { FIRST_PORT, SERVER_URL } from './e2e/server.js';

// The built product (bff/dist serving site/dist and panel/dist), one server per worker (e2e/server.ts), each with
// a fresh embedded PostgreSQL and the demo data, driven by Debian's Chromium (Playwright's own browser download
// cannot work here): its headless shell, the browser Playwright itself runs headless tests in, which renders the
// same pages with about half the CPU of the whole browser (Debian's chromium, when the shell is missing).
const WORKERS = 2;
const chromium = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].find((path) => path && existsSync(path));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: WORKERS,
  // A test.only left in a spec would skip the rest of the suite: refused everywhere, not only when CI is set.
  forbidOnly: true,
  // A failed test runs once more, recording its trace (below), and still fails the run: a test that passes only on
  // the second try is flaky, and flaky fails too.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: SERVER_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // What a failed test did, step by step (npx playwright show-trace test-results/…/trace.zip), from its second
    // run: its actions, the page's DOM at each and the screencast. Recorded on every first run, a trace cost a
    // fifth of the browser tests' time.
    trace: { mode: 'on-first-retry', screenshots: true, snapshots: true },
  },
  webServer: {
    command: 'node e2e/start-server.mjs',
    env: { E2E_PORT: String(FIRST_PORT), E2E_SERVERS: String(WORKERS) },
    wait: { stdout: /e2e servers ready/ },
    // Unless `pnpm run check` made it beforehand (E2E_DATA=ready), the demo data is made first: the seed, photos
    // included, and their thumbnails and tiles (about a minute on 2 cores).
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
