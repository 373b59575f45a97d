import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/config/config.js';
import { openDatabase } from '@/database/database.js';
import { MIGRATIONS } from '@/database/migrations/index.js';
import { testDatabaseUrl } from './database.js';
import { TEST_SECRET } from './test-app.js';

const databaseName = `kanat360_migrations_at_once_${process.pid}_${Date.now()}`;
const dataDir = mkdtempSync(join(tmpdir(), 'kanat360-migrations-'));

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await admin((client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('replicas starting at once on an empty database', () => {
  it('apply each migration once: one process migrates, the others wait for it and find nothing to do', async () => {
    await admin((client) => client.query(`CREATE DATABASE "${databaseName}"`));
    const url = new URL(testDatabaseUrl());
    url.pathname = `/${databaseName}`;
    const config = loadConfig({
      DATABASE_URL: url.toString(),
      SESSION_SECRET: TEST_SECRET,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    });
    const opened = await Promise.all([1, 2, 3].map(() => openDatabase(config, { migrate: true })));
    try {
      const applied: { name: string }[] = await opened[0]!.dataSource.query(
        `SELECT name FROM typeorm_migrations ORDER BY id`,
      );
      expect(applied.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
    } finally {
      for (const database of opened) await database.close();
    }
  });
});
