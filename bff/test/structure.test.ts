import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { JOB_PAYLOADS, QUEUES } from '@/jobs/job-payloads.js';
import { testDatabaseUrl } from './database.js';
import { sourceFiles, withoutComments } from './source-files.js';

/**
 * STYLE 7a: each table has one repository, the only file that names it in SQL; others compose the fragments it
 * exports (a join, an EXISTS, a sum over it) or ask it. A new table needs its line here (a test below compares this
 * map with the migrated schema).
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
  reports: 'reports/reports.repository.ts',
  sessions: 'auth/sessions.repository.ts',
  turbines: 'turbines/turbines.repository.ts',
  upload_intents: 'uploads/upload-ledger.repository.ts',
  users: 'users/users.repository.ts',
};

/** Each place a statement reads or writes a table by name: FROM, JOIN, INTO, UPDATE (DELETE FROM among them). */
function tablesNamed(text: string): { table: string; line: number }[] {
  const code = withoutComments(text);
  return [...code.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((match) => ({
    table: match[1]!.toLowerCase(),
    line: code.slice(0, match.index).split('\n').length,
  }));
}

// The bff's house rules that a reader could break without noticing (STYLE 7, 7a).
describe('the shape of the bff', () => {
  const files = sourceFiles();

  it('speaks SQL only in repositories, migrations and the database and job plumbing', () => {
    const allowed = /(\.repository\.ts$|^database\/|^jobs\/job-queue\.ts$)/;
    const offenders = files.filter((file) => !allowed.test(file.path) && /\.(query|getRepository)\b/.test(file.text));
    expect(offenders.map((file) => file.path)).toEqual([]);
  });

  it('names each table in SQL only in its owning repository', () => {
    const strays = files
      .filter((file) => !file.path.startsWith('database/migrations/'))
      .flatMap((file) =>
        tablesNamed(file.text)
          .filter(({ table }) => table in TABLE_OWNERS && TABLE_OWNERS[table] !== file.path)
          .map(({ table, line }) => `${file.path}:${line} names ${table} (owned by ${TABLE_OWNERS[table]})`),
      );
    expect(strays).toEqual([]);
  });

  it('knows the owner of every table of the migrated schema, and each owner exists', async () => {
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
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
  });

  it("exports a repository's SQL fragments as function declarations (callable while an import cycle loads)", () => {
    // Repositories compose each other's fragments as their modules load; a `const` arrow of a module still loading
    // is not there yet, a function declaration is.
    const offenders = files
      .filter((file) => file.path.endsWith('.repository.ts'))
      .flatMap((file) =>
        [...file.text.matchAll(/^export const (\w+) = (?:<[^>]*>)?\(/gm)].map((match) => `${file.path}: ${match[1]}`),
      );
    expect(offenders).toEqual([]);
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
