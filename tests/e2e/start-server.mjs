// Starts the built server for the browser tests with a fresh data folder (its own PostgreSQL cluster) each run.
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Per port, so two runs on one machine (each on its own E2E_PORT) never share a database.
const dataDir = fileURLToPath(new URL(`../.tmp/e2e-data-${process.env.PORT}/`, import.meta.url));
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// As root, PostgreSQL runs as its own user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);
Object.assign(process.env, {
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  PUBLIC_URL: `http://127.0.0.1:${process.env.PORT}`,
});
await import('../../bff/dist/main.js');
