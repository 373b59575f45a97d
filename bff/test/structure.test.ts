import { dirname } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { JOB_PAYLOADS, QUEUES } from '@/jobs/job-payloads.js';
import { importCircles, importsOf, type SourceImport } from './import-graph.js';
import { type SourceFile, sourceFiles, withoutComments } from './source-files.js';

/**
 * STYLE 7a: each table has one repository, which reads and writes it. The table is named in SQL only by its
 * feature's data files: that repository, the table's `*.sql.ts` beside it (the fragments other features compose: a
 * join, an EXISTS, a count) and the `*.query.ts` files of the same folder (reads gathering figures from several
 * tables). Every other file reaches the table through its `*.sql.ts`. A new table needs its line here (a test below
 * compares this map with the migrated schema).
 */
const TABLE_OWNERS: Record<string, string> = {
  comments: 'comments/comments.repository.ts',
  companies: 'companies/companies.repository.ts',
  contact_messages: 'contact/contact.repository.ts',
  findings: 'findings/findings.repository.ts',
  inspection_report_requests: 'findings/inspection-reports.repository.ts',
  login_attempts: 'auth/login-throttle.repository.ts',
  media: 'media/media.repository.ts',
  password_reset_tokens: 'auth/password-reset-tokens.repository.ts',
  repair_calendar_tokens: 'repairs/repair-calendar-tokens.repository.ts',
  repair_digests: 'repairs/repair-digests.repository.ts',
  repair_findings: 'repairs/repair-work-orders.repository.ts',
  repair_media: 'repairs/repair-work-orders.repository.ts',
  repair_work_orders: 'repairs/repair-work-orders.repository.ts',
  reports: 'reports/reports.repository.ts',
  sessions: 'auth/sessions.repository.ts',
  turbines: 'turbines/turbines.repository.ts',
  upload_intents: 'uploads/upload-ledger.repository.ts',
  users: 'users/users.repository.ts',
};

/** Whether `path` may name `table` in SQL: its repository, its `*.sql.ts`, a `*.query.ts` of its folder. */
function mayName(path: string, table: string): boolean {
  const owner = TABLE_OWNERS[table]!;
  const fragments = owner.replace(/\.repository\.ts$/, '.sql.ts');
  return path === owner || path === fragments || (dirname(path) === dirname(owner) && path.endsWith('.query.ts'));
}

/** Each place a statement reads or writes a table by name: FROM, JOIN, INTO, UPDATE (DELETE FROM among them). */
function tablesNamed(text: string): { table: string; line: number }[] {
  const code = withoutComments(text);
  return [...code.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((match) => ({
    table: match[1]!.toLowerCase(),
    line: code.slice(0, match.index).split('\n').length,
  }));
}

/** Each place a file names a table in SQL that it may not (migrations write every table, and may). */
function strayTableNames(files: SourceFile[]): string[] {
  return files
    .filter((file) => !file.path.startsWith('database/migrations/'))
    .flatMap((file) =>
      tablesNamed(file.text)
        .filter(({ table }) => table in TABLE_OWNERS && !mayName(file.path, table))
        .map(({ table, line }) => `${file.path}:${line} names ${table} (owned by ${TABLE_OWNERS[table]})`),
    );
}

const isDataAccess = (path: string) => /\.(repository|query)\.ts$/.test(path);

/** Imports by which a repository or query reaches another repository or query (a constant, a type or a class). */
function dataAccessImports(imports: Map<string, SourceImport[]>): string[] {
  return [...imports].flatMap(([path, list]) =>
    isDataAccess(path)
      ? list
          .filter(({ target }) => target !== null && target !== path && isDataAccess(target))
          .map(({ specifier }) => `${path} imports ${specifier}`)
      : [],
  );
}

/** Imports of a `*.sql.ts` that are not a library's: any file of the app, any workspace package but contracts' types. */
function sqlLeafImports(imports: Map<string, SourceImport[]>): string[] {
  return [...imports].flatMap(([path, list]) =>
    path.endsWith('.sql.ts')
      ? list
          .filter(
            ({ specifier, typeOnly, target }) =>
              target !== null ||
              /^(\.|@\/)/.test(specifier) ||
              (specifier.startsWith('@kanat360/') && !(specifier === '@kanat360/contracts' && typeOnly)),
          )
          .map(({ specifier }) => `${path} imports ${specifier}`)
      : [],
  );
}

// The bff's house rules that a reader could break without noticing (STYLE 7, 7a).
describe('the shape of the bff', () => {
  const files = sourceFiles();
  const imports = importsOf(files);

  it('speaks SQL only in repositories, queries, migrations and the database and job plumbing', () => {
    const allowed = /(\.repository\.ts$|\.query\.ts$|^database\/|^jobs\/job-queue\.ts$)/;
    const offenders = files.filter(
      (file) => !allowed.test(file.path) && /\.(query|getRepository)\s*[<(]/.test(file.text),
    );
    expect(offenders.map((file) => file.path)).toEqual([]);
  });

  it("names each table in SQL only in its repository, its *.sql.ts and its feature's *.query.ts files", () => {
    expect(strayTableNames(files)).toEqual([]);
  });

  it('knows the owner of every table of the migrated schema, and each owner exists', async () => {
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'typeorm_migrations'`,
      );
      expect(rows.map((row) => row.table_name).sort()).toEqual(Object.keys(TABLE_OWNERS).sort());
    } finally {
      await client.end();
    }
    const paths = new Set(files.map((file) => file.path));
    expect(Object.values(TABLE_OWNERS).filter((path) => !paths.has(path))).toEqual([]);
  });

  it('finds a table named outside its owner (the check above cannot pass by finding nothing)', () => {
    expect(tablesNamed(`const sql = \`SELECT 1 FROM media m JOIN "turbines" t ON true\`; // from users`)).toEqual([
      { table: 'media', line: 1 },
      { table: 'turbines', line: 1 },
    ]);
    expect(tablesNamed('/* UPDATE users */ await q(`delete from sessions`)').map(({ table }) => table)).toEqual([
      'sessions',
    ]);
    const statement = 'export const sql = `SELECT 1 FROM turbines t`;';
    expect(
      strayTableNames([
        { path: 'turbines/turbines.sql.ts', text: statement },
        { path: 'turbines/fleet-map.query.ts', text: statement },
        { path: 'findings/fleet-map.query.ts', text: statement },
        { path: 'turbines/turbines.service.ts', text: statement },
      ]),
    ).toEqual([
      'findings/fleet-map.query.ts:1 names turbines (owned by turbines/turbines.repository.ts)',
      'turbines/turbines.service.ts:1 names turbines (owned by turbines/turbines.repository.ts)',
    ]);
  });

  it('keeps repositories and queries apart: none imports another, they compose the leaf *.sql.ts files', () => {
    expect(dataAccessImports(imports)).toEqual([]);
  });

  it('keeps every *.sql.ts a leaf: it imports nothing of the app (libraries, and types of contracts at most)', () => {
    expect(files.filter((file) => file.path.endsWith('.sql.ts')).length).toBeGreaterThan(5);
    expect(sqlLeafImports(imports)).toEqual([]);
  });

  it('has no import circle among its files (TypeScript resolving each import, type-only ones too)', () => {
    // The graph is not empty by a resolution gone wrong: both the alias and relative imports are followed.
    expect([...imports.values()].flat().filter(({ target }) => target !== null).length).toBeGreaterThan(300);
    expect(imports.get('access/access.module.ts')!.map(({ target }) => target)).toEqual(
      expect.arrayContaining(['turbines/turbines.module.ts', 'access/access.service.ts']),
    );
    expect(importCircles(imports)).toEqual([]);
  });

  it('finds a repository importing another (a constant too), a *.sql.ts importing the app, and circles', () => {
    const made = importsOf([
      { path: 'turbines/turbines.repository.ts', text: `import { MEDIA_ROW } from '@/media/media.repository.js';` },
      { path: 'turbines/turbine-list.query.ts', text: `import { type MediaRow } from '../media/media.repository.js';` },
      {
        path: 'media/media.repository.ts',
        text: `import { type TenantScope } from '@/access/principal.js';\nimport { x } from './media.sql.js';`,
      },
      {
        path: 'media/media.sql.ts',
        text: [
          `import { type Blade } from '@kanat360/contracts';`,
          `import { LIMITS } from '@kanat360/contracts';`,
          `import { format } from 'node:util';`,
          `export { col } from '@/database/row-mapper.js';`,
        ].join('\n'),
      },
      { path: 'database/row-mapper.ts', text: `const later = () => import('@/access/principal.js');` },
      { path: 'access/principal.ts', text: `import type { MediaRow } from '@/media/media.repository.js';` },
      { path: 'jobs/self.ts', text: `export * from './self.js';` },
    ]);
    expect(dataAccessImports(made)).toEqual([
      'turbines/turbines.repository.ts imports @/media/media.repository.js',
      'turbines/turbine-list.query.ts imports ../media/media.repository.js',
    ]);
    expect(sqlLeafImports(made)).toEqual([
      'media/media.sql.ts imports @kanat360/contracts',
      'media/media.sql.ts imports @/database/row-mapper.js',
    ]);
    expect(importCircles(made).sort()).toEqual([
      ['access/principal.ts', 'database/row-mapper.ts', 'media/media.repository.ts', 'media/media.sql.ts'],
      ['jobs/self.ts'],
    ]);
  });

  it('asks no storage driver what it is outside the storage module', () => {
    const offenders = files.filter(
      (file) => !file.path.startsWith('storage/') && /instanceof\s+(S3Storage|LocalStorage)\b/.test(file.text),
    );
    expect(offenders.map((file) => file.path)).toEqual([]);
  });

  it('imports other feature folders through the @/ alias, never ../', () => {
    expect(files.filter((file) => /from '\.\.\//.test(file.text)).map((file) => file.path)).toEqual([]);
  });

  it('types every queue: one schema per queue name, and a job that does not match is refused', () => {
    expect(Object.values(QUEUES).sort()).toEqual(Object.keys(JOB_PAYLOADS).sort());
    expect(JOB_PAYLOADS['media.derivatives'].safeParse({ mediaId: 7 }).success).toBe(true);
    expect(JOB_PAYLOADS['media.derivatives'].safeParse({ mediaId: '7' }).success).toBe(false);
    expect(JOB_PAYLOADS['storage.delete'].safeParse({ keys: ['a'] }).success).toBe(false);
  });
});
