import { type DataSource } from 'typeorm';
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

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL first; applies pending migrations when asked. */
export async function openDatabase(
  config: Config,
  options: { migrate: boolean; log?: (message: string) => void },
): Promise<OpenDatabase> {
  let postgres: RunningPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    postgres = await startEmbeddedPostgres(config.dataDir, { log: options.log });
    url = postgres.url;
  }
  const app = createAppDataSource(url, config.databaseTimeouts);
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
    await app.initialize();
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
