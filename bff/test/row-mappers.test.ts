import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROW_MAPPERS } from '@/database/row-mapper.js';
// Each repository registers its row mappers when it loads.
import '@/comments/comments.repository.js';
import '@/companies/companies.repository.js';
import '@/media/media.repository.js';
import '@/reports/reports.repository.js';
import '@/turbines/turbines.repository.js';

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
});
afterAll(async () => {
  await client.end();
});

/** How information_schema names a column's type (a `character varying` column may be read as text, and back). */
const SAME_TYPE: Record<string, string[]> = {
  'character varying': ['character varying', 'text'],
  text: ['text', 'character varying'],
};

describe('the row mappers of the repositories, against the migrated schema', () => {
  it('cover every repository that maps rows', () => {
    expect(ROW_MAPPERS.map((mapper) => mapper.name).sort()).toEqual([
      'comment',
      'company',
      'media',
      'report',
      'turbine',
    ]);
  });

  for (const mapper of ROW_MAPPERS) {
    describe(mapper.name, () => {
      it('reads columns that exist, with the types and nullability the row declares', async () => {
        for (const [field, column] of Object.entries(mapper.columns)) {
          if (!column.source) continue;
          const { rows } = await client.query<{ data_type: string; is_nullable: string }>(
            `SELECT data_type, is_nullable FROM information_schema.columns
              WHERE table_schema = 'public' AND table_name = $1 AND column_name = $2`,
            [column.source.table, column.source.column],
          );
          expect(rows, `${mapper.name}.${field}: ${column.source.table}.${column.source.column}`).toHaveLength(1);
          expect(SAME_TYPE[column.type] ?? [column.type], `${mapper.name}.${field}`).toContain(rows[0]!.data_type);
          // A column that may hold null must be read as nullable (the row would lie otherwise).
          if (rows[0]!.is_nullable === 'YES') expect(column.nullable, `${mapper.name}.${field} is nullable`).toBe(true);
        }
      });

      it('runs, and answers exactly the fields of the row', async () => {
        const result = await client.query(`SELECT ${mapper.select} ${mapper.from} LIMIT 0`);
        expect(result.fields.map((field) => field.name)).toEqual(Object.keys(mapper.columns));
      });
    });
  }

  it('catches a mapper that drifted from the schema', async () => {
    const { rowMapper, col } = await import('@/database/row-mapper.js');
    const drifted = rowMapper('drifted', 'FROM media m', { size: col('media', 'm', 'size', 'integer') });
    ROW_MAPPERS.splice(ROW_MAPPERS.indexOf(drifted), 1);
    const { rows } = await client.query<{ data_type: string }>(
      `SELECT data_type FROM information_schema.columns WHERE table_name = 'media' AND column_name = 'size'`,
    );
    expect(SAME_TYPE[drifted.columns.size.type] ?? [drifted.columns.size.type]).not.toContain(rows[0]!.data_type);
  });
});
