import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type TestProject } from 'vitest/node';
import { createDataSource } from '@/database/data-source.js';
import { startEmbeddedPostgres, type RunningPostgres } from '@/database/embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

let postgres: RunningPostgres | undefined;
let dataDir: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

/**
 * One real PostgreSQL for the run: DATABASE_URL's server when set (a fresh database is made on it and dropped
 * after), else the embedded one in a temporary folder. Migrations are applied once, here.
 */
export async function setup(project: TestProject): Promise<void> {
  let url: string;
  if (process.env.DATABASE_URL) {
    const name = `kanat360_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const parsed = new URL(process.env.DATABASE_URL);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'kanat360-test-pg-'));
    // As root, PostgreSQL runs as its own user, which must be able to enter the folder.
    chmodSync(dataDir, 0o755);
    postgres = await startEmbeddedPostgres(dataDir);
    url = postgres.url;
  }
  const dataSource = createDataSource(url);
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  await dataSource.destroy();
  project.provide('databaseUrl', url);
}

export async function teardown(): Promise<void> {
  await dropDatabase?.();
  await postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
