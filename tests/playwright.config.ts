import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// The built product (bff/dist serving site/dist and panel/dist) on its own port, with a fresh embedded
// PostgreSQL and the demo data, driven by Debian's Chromium (Playwright's own browser download cannot work here).
const port = Number(process.env.E2E_PORT ?? 3210);
const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path) => path && existsSync(path),
);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
    trace: 'off',
  },
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    env: { PORT: String(port) },
    reuseExistingServer: false,
    // A fresh data folder: the first start seeds the demo data, photos included (about 15–40 s on 2 cores).
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
