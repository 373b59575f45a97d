import { type DataSource } from 'typeorm';
import { isDatabaseTimeout } from '@/common/database-errors.js';
import { type Config } from '@/config/config.js';
import { createAppDataSource } from './app-data-source.js';
import { createDataSource } from './data-source.js';
import { type RunningPostgres, startEmbeddedPostgres } from './embedded-postgres.js';

export interface OpenDatabase {
  /** The requests' pool, or the jobs' pool inside `runAsJob` (database/app-data-source.ts). */
  dataSource: DataSource;
  url: string;
  /** Closes the pools, then stops the embedded PostgreSQL if the app started one. */
  close(): Promise<void>;
}

/** How long a start waits for a database that answers, but slowly. */
const STARTUP_WAIT_MS = 60_000;

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL first; applies pending migrations when asked. */
export async function openDatabase(
  config: Config,
  options: { migrate: boolean; log?: (message: string) => void; warn?: (message: string) => void },
): Promise<OpenDatabase> {
  let postgres: RunningPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    postgres = await startEmbeddedPostgres(config.dataDir, { log: options.log });
    url = postgres.url;
  }
  let app = createAppDataSource(url, config.databaseTimeouts);
  try {
    // Migrations may run long on a big database: through their own pool, without the requests' time-outs.
    if (options.migrate) {
      const migrations = createDataSource(url);
      await migrations.initialize();
      // Replicas starting at once would each run the same pending migration: one runs them under this lock, the
      // others wait for it, then find nothing to do. Held by a session of its own, released when that ends.
      const lock = migrations.createQueryRunner();
      try {
        await lock.query(`SELECT pg_advisory_lock(hashtext('kanat360.migrations'))`);
        await migrations.runMigrations({ transaction: 'each' });
      } finally {
        await lock.release();
        await migrations.destroy();
      }
    }
    // The start's first connections are no request: a database slow to give them (a loaded machine or database
    // host) is waited for, up to about STARTUP_WAIT_MS, rather than failing the start after a request's short wait.
    const deadline = Date.now() + STARTUP_WAIT_MS;
    for (;;) {
      try {
        await app.initialize();
        break;
      } catch (error) {
        if (!isDatabaseTimeout(error) || Date.now() > deadline) throw error;
        await app.destroy();
        options.warn?.(`PostgreSQL is slow to answer (${(error as Error).message}); trying again`);
        app = createAppDataSource(url, config.databaseTimeouts);
      }
    }
  } catch (error) {
    await app.destroy();
    await postgres?.stop();
    throw error;
  }
  return {
    dataSource: app.dataSource,
    url,
    async close() {
      await app.destroy();
      await postgres?.stop();
    },
  };
}

/** A round trip to PostgreSQL (readiness), within the requests' time-outs. */
export async function pingDatabase(dataSource: DataSource): Promise<void> {
  await dataSource.query('SELECT 1');
}
