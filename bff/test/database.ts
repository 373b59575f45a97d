import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { databaseUrlOf, onServer } from './postgres-server.js';

let url: string | undefined;

/**
 * This test file's own database: a copy of the run's migrated template, made before the file runs and dropped
 * after it (test/file-database.ts), so files running at once never see each other's rows, jobs or locks.
 */
export function testDatabaseUrl(): string {
  if (!url) throw new Error('no test database: test/file-database.ts is a setupFile of every project');
  return url;
}

/** Makes the file's database; answers what drops it. */
export async function createFileDatabase(): Promise<() => Promise<void>> {
  const { serverUrl, prefix, template } = inject('postgres');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  url = databaseUrlOf(serverUrl, name);
  return async () => {
    await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  };
}
