import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { createDataSource } from '@/database/data-source.js';
import { ROW_MAPPERS } from '@/database/row-mapper.js';
import { SRC, sourceFiles, withoutComments } from './source-files.js';

// Each repository and query registers its row mappers when it loads: every one there is, found by its name.
const repositoriesAndQueries = sourceFiles().filter((file) => /\.(repository|query)\.ts$/.test(file.path));
for (const file of repositoriesAndQueries) await import(join(SRC, file.path));
/** Every mapper defined in bff/src, by the name it registers. */
const defined = sourceFiles()
  .filter((file) => file.path !== 'database/row-mapper.ts')
  .flatMap((file) => [...withoutComments(file.text).matchAll(/\browMapper\(\s*'([^']+)'/g)].map((match) => match[1]!));

let client: pg.Client;
/** The TypeORM entities' metadata: the columns each entity declares, by table. */
let entities: DataSource;
beforeAll(async () => {
  client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  entities = createDataSource(inject('databaseUrl'));
  await entities.initialize();
});
afterAll(async () => {
  await client.end();
  await entities.destroy();
});

/** The table columns a mapper reads that no entity declares (TypeORM keeps the schema: entities and migrations). */
function undeclaredColumns(mapper: (typeof ROW_MAPPERS)[number]): string[] {
  return Object.values(mapper.columns).flatMap((column) => {
    if (!column.source) return [];
    const { table, column: name } = column.source;
    const entity = entities.entityMetadatas.find((metadata) => metadata.tableName === table);
    return entity?.columns.some((declared) => declared.databaseName === name) ? [] : [`${table}.${name}`];
  });
}

/** How information_schema names a column's type (a `character varying` column may be read as text, and back). */
const SAME_TYPE: Record<string, string[]> = {
  'character varying': ['character varying', 'text'],
  text: ['text', 'character varying'],
};

describe('the row mappers of the repositoriesAndQueries, against the migrated schema', () => {
  it('are all registered, under names of their own, and so all checked below', () => {
    expect(repositoriesAndQueries.length).toBeGreaterThan(10);
    expect(ROW_MAPPERS.map((mapper) => mapper.name).sort()).toEqual([...defined].sort());
    expect(new Set(defined).size).toBe(defined.length);
  });

  it('read every raw answer of a repository or query: none reads a query answer itself', () => {
    // A query's answer is read through a mapper (`ROW.all`, `ROW.one`), `scalar`/`scalars` (one value) or
    // `affectedRows`; `.query(` itself is only ever awaited for its effect, its answer dropped.
    const readers = repositoriesAndQueries.flatMap((file) => {
      const code = withoutComments(file.text);
      return [...code.matchAll(/\.query\s*[<(]/g)]
        .filter((match) => {
          const statement = code.slice(0, match.index).split(/[;{}]/).at(-1)!.trim();
          return match[0].includes('<') || !/^await\s+[\w.]+$/.test(statement);
        })
        .map((match) => `${file.path}:${code.slice(0, match.index).split('\n').length}`);
    });
    expect(readers).toEqual([]);
  });

  it('cover every repository and query that reads rows: each defines a mapper of its own', () => {
    const reading = repositoriesAndQueries.filter((file) =>
      /\.(all|one)\(|\bqueryRows\(/.test(withoutComments(file.text)),
    );
    expect(reading.length).toBeGreaterThan(5);
    expect(reading.filter((file) => !/\browMapper\(/.test(file.text)).map((file) => file.path)).toEqual([]);
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

      it("reads only columns its table's entity declares", () => {
        expect(undeclaredColumns(mapper)).toEqual([]);
      });

      it('runs, and answers exactly the fields of the row', async () => {
        const grouped = mapper.groupBy ? ` GROUP BY ${mapper.groupBy}` : '';
        const result = await client.query(`SELECT ${mapper.select} ${mapper.from}${grouped} LIMIT 0`);
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

  it('catches a mapper reading a column that the entity does not declare', async () => {
    const { rowMapper, col } = await import('@/database/row-mapper.js');
    const undeclared = rowMapper('undeclared', 'FROM media m', {
      size: col('media', 'm', 'size', 'bigint'),
      legacy: col('media', 'm', 'legacy_flag', 'boolean'),
      gone: col('archived_media', 'a', 'size', 'bigint'),
    });
    ROW_MAPPERS.splice(ROW_MAPPERS.indexOf(undeclared), 1);
    expect(undeclaredColumns(undeclared)).toEqual(['media.legacy_flag', 'archived_media.size']);
  });
});
