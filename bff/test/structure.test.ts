import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JOB_PAYLOADS, QUEUES } from '@/jobs/job-payloads.js';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

function sources(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [{ path: relative(SRC, path), text: readFileSync(path, 'utf8') }] : [];
  });
}

// The bff's house rules that a reader could break without noticing (STYLE 7, 7a).
describe('the shape of the bff', () => {
  const files = sources(SRC);

  it('speaks SQL only in repositories, migrations and the database and job plumbing', () => {
    const allowed = /(\.repository\.ts$|^database\/|^jobs\/job-queue\.ts$)/;
    const offenders = files.filter((file) => !allowed.test(file.path) && /\.(query|getRepository)\b/.test(file.text));
    expect(offenders.map((file) => file.path)).toEqual([]);
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
