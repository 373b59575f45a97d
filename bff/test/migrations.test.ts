import { SYSTEM_COMPANY_ID } from '@kanat360/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { createDataSource } from '@/database/data-source.js';
import { pendingSchemaChanges } from '@/database/migration-generator.js';
import { MIGRATIONS } from '@/database/migrations/index.js';
import { testDatabaseUrl } from './database.js';

let dataSource: DataSource;
beforeAll(async () => {
  dataSource = createDataSource(testDatabaseUrl());
  await dataSource.initialize();
});
afterAll(async () => {
  await dataSource.destroy();
});

describe('migrations', () => {
  it('leave nothing for the entities to change (entities and migrations agree)', async () => {
    const pending = await pendingSchemaChanges(dataSource);
    expect(pending.up).toEqual([]);
  });

  it('have all been applied, and synchronize is off', async () => {
    const applied: { name: string }[] = await dataSource.query(`SELECT name FROM typeorm_migrations ORDER BY id`);
    expect(applied.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
    expect(dataSource.options.synchronize).toBe(false);
  });

  it('create the hidden system company and start partner ids after it', async () => {
    const system: { id: number; is_system: boolean }[] = await dataSource.query(
      `SELECT id, is_system FROM companies WHERE id = $1`,
      [SYSTEM_COMPANY_ID],
    );
    expect(system).toEqual([{ id: SYSTEM_COMPANY_ID, is_system: true }]);
    const [{ id }] = await dataSource.query<[{ id: number }]>(
      `INSERT INTO companies (name) VALUES ('migration-test-' || gen_random_uuid()) RETURNING id`,
    );
    expect(id).toBeGreaterThan(SYSTEM_COMPANY_ID);
    await dataSource.query(`DELETE FROM companies WHERE id = $1`, [id]);
  });

  it('enforce the rules the services rely on', async () => {
    const name = `Case ${Date.now()}`;
    await dataSource.query(`INSERT INTO companies (name) VALUES ($1)`, [name]);
    await expect(dataSource.query(`INSERT INTO companies (name) VALUES ($1)`, [name.toUpperCase()])).rejects.toThrow(
      /UQ_companies_name_lower/,
    );
    await expect(
      dataSource.query(`INSERT INTO turbines (code, city, location, company_id, rooms) VALUES ('x', 'y', 'z', $1, 0)`, [
        SYSTEM_COMPANY_ID,
      ]),
    ).rejects.toThrow(/CHK_turbines_rooms/);
    await expect(
      dataSource.query(
        `INSERT INTO users (first_name, last_name, email, password_hash, role, company_id) VALUES ('a','b','c@d.e','h','root',$1)`,
        [SYSTEM_COMPANY_ID],
      ),
    ).rejects.toThrow(/CHK_users_role/);
  });

  it('can be reverted and applied again', async () => {
    for (let i = 0; i < MIGRATIONS.length; i += 1) await dataSource.undoLastMigration({ transaction: 'each' });
    const tables: unknown[] = await dataSource.query(
      `SELECT 1 FROM information_schema.tables WHERE table_name = 'users'`,
    );
    expect(tables).toEqual([]);
    await dataSource.runMigrations({ transaction: 'each' });
    expect((await pendingSchemaChanges(dataSource)).up).toEqual([]);
  });
});
