import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestProject } from 'vitest/node';
import { createDataSource } from '@/database/data-source.js';
import { startEmbeddedPostgres, type RunningPostgres } from '@/database/embedded-postgres.js';
import { databaseUrlOf, onServer, type TestPostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: TestPostgres;
  }
}

let postgres: RunningPostgres | undefined;
let dataDir: string | undefined;
let dropDatabases: (() => Promise<void>) | undefined;

/**
 * One real PostgreSQL server for the run: DATABASE_URL's when set, else the embedded one in a temporary folder.
 * Migrations are applied once, here, to a template database; each test file gets a copy of it (test/database.ts).
 */
export async function setup(project: TestProject): Promise<void> {
  let serverUrl: string;
  // Unique per run, so two runs on one DATABASE_URL server never share a database.
  const prefix = `kanat360_test_${process.pid}_${Date.now().toString(36)}`;
  if (process.env.DATABASE_URL) {
    serverUrl = process.env.DATABASE_URL;
    // Whatever this run made, files that crashed before dropping theirs included.
    dropDatabases = () =>
      onServer(serverUrl, async (client) => {
        const { rows } = await client.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
          [`${prefix}_`],
        );
        for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      });
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'kanat360-test-pg-'));
    // As root, PostgreSQL runs as its own user, which must be able to enter the folder.
    chmodSync(dataDir, 0o755);
    // Its databases go when the run ends: commits need not wait for the disk.
    postgres = await startEmbeddedPostgres(dataDir, { durable: false });
    serverUrl = postgres.url;
  }
  const template = `${prefix}_template`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE "${template}"`));
  const dataSource = createDataSource(databaseUrlOf(serverUrl, template));
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  await dataSource.destroy();
  // A copy fails while anything is connected to its template: nothing may connect to it any more.
  await onServer(serverUrl, (client) => client.query(`ALTER DATABASE "${template}" WITH ALLOW_CONNECTIONS false`));
  project.provide('postgres', { serverUrl, prefix, template });
}

export async function teardown(): Promise<void> {
  await dropDatabases?.();
  await postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
