import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Config, ConfigError, loadConfig } from '@/config/config.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kanat360-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env, tempDir());
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('config', () => {
  it('gives the embedded defaults with no environment at all', () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      embedded: true,
      dataDir: join(cwd, 'data'),
      seedDemo: true,
      worker: 'inline',
      storage: { driver: 'local', root: join(cwd, 'data', 'storage') },
      mail: { smtpUrl: undefined, outboxDir: join(cwd, 'data', 'outbox') },
      publicUrl: 'http://localhost:3000',
    });
  });

  it('mails contact messages to the business address unless CONTACT_INBOX names another', () => {
    expect(loadConfig({}, tempDir()).contactInbox).toBe('iletisim@kanat360.com.tr');
    expect(loadConfig({ CONTACT_INBOX: 'sales@example.com' }, tempDir()).contactInbox).toBe('sales@example.com');
    expect(problemsOf({ CONTACT_INBOX: 'sales' })).toEqual(['CONTACT_INBOX must be an email address']);
  });

  it('generates the embedded secrets once and keeps them under DATA_DIR', () => {
    const cwd = tempDir();
    const first = loadConfig({}, cwd);
    const file = join(cwd, 'data', 'secrets.json');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({}, cwd).sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(file, 'utf8')).toContain(first.sessionSecret);
  });

  it('requires the secrets outside the embedded default', () => {
    expect(problemsOf({ DATABASE_URL: 'postgresql://db.example/k' })).toEqual([
      expect.stringContaining('SESSION_SECRET is required'),
    ]);
    expect(problemsOf({ DATABASE_URL: 'postgresql://db.example/k', SESSION_SECRET: 'short' })).toEqual([
      expect.stringContaining('SESSION_SECRET must be at least 32 characters'),
    ]);
    const config = loadConfig({ DATABASE_URL: 'postgresql://db.example/k', SESSION_SECRET: 'x'.repeat(40) }, tempDir());
    expect(config.embedded).toBe(false);
    expect(config.seedDemo).toBe(false);
  });

  it('stops on a wrong value with a message naming the variable', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual([expect.stringMatching(/^PORT must be an integer/)]);
    expect(problemsOf({ PORT: '70000' })).toEqual([expect.stringMatching(/^PORT /)]);
    expect(problemsOf({ DATABASE_URL: 'mysql://x', SESSION_SECRET: 'x'.repeat(40) })).toEqual([
      expect.stringMatching(/^DATABASE_URL must be a postgres: or postgresql: URL/),
    ]);
    expect(problemsOf({ STORAGE_DRIVER: 'ftp' })).toEqual([
      expect.stringMatching(/^STORAGE_DRIVER must be local or s3/),
    ]);
    expect(problemsOf({ WORKER: 'sometimes' })).toEqual([expect.stringMatching(/^WORKER /)]);
    expect(problemsOf({ SMTP_URL: 'http://mail' })).toEqual([expect.stringMatching(/^SMTP_URL /)]);
    expect(problemsOf({ SEED_DEMO: 'maybe' })).toEqual([expect.stringMatching(/^SEED_DEMO must be true or false/)]);
  });

  it('needs the S3 settings when STORAGE_DRIVER=s3', () => {
    expect(problemsOf({ STORAGE_DRIVER: 's3' })).toEqual([
      'S3_BUCKET is required when STORAGE_DRIVER=s3',
      'S3_ACCESS_KEY_ID is required when STORAGE_DRIVER=s3',
      'S3_SECRET_ACCESS_KEY is required when STORAGE_DRIVER=s3',
    ]);
    const config = loadConfig(
      {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:4569',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
      tempDir(),
    );
    expect(config.storage).toMatchObject({ driver: 's3', bucket: 'media', forcePathStyle: true, region: 'us-east-1' });
  });

  // The integer settings of issue 12: each unset gives its default, a good value is read (in the config's unit), and a
  // value that is no integer or out of range stops the start naming the variable.
  const MB = 1024 * 1024;
  it.each<{ name: string; read: (config: Config) => number; unset: number; good: [string, number]; bad: string[] }>([
    {
      name: 'DERIVATIVE_MEMORY_MB',
      read: (config) => config.derivativeMemoryBytes,
      unset: 512 * MB,
      good: ['1024', 1024 * MB],
      bad: ['63', '65537', 'lots', '256.5'],
    },
    {
      name: 'DB_ACQUIRE_TIMEOUT_MS',
      read: (config) => config.databaseTimeouts.acquireMs,
      unset: 1500,
      good: ['2500', 2500],
      bad: ['99', '600001', '1.5s'],
    },
    {
      name: 'DB_QUERY_TIMEOUT_MS',
      read: (config) => config.databaseTimeouts.queryMs,
      unset: 1500,
      good: ['800', 800],
      bad: ['0', '3600001', 'abc'],
    },
    {
      name: 'JOB_QUERY_TIMEOUT_MS',
      read: (config) => config.databaseTimeouts.jobQueryMs,
      unset: 300_000,
      good: ['600000', 600_000],
      bad: ['99', '86400001', '-1', '5m'],
    },
    {
      name: 'SHUTDOWN_DRAIN_SECONDS',
      read: (config) => config.shutdown.drainMs,
      unset: 0,
      good: ['5', 5000],
      bad: ['-1', '601', 'soon'],
    },
    {
      name: 'SHUTDOWN_TIMEOUT_SECONDS',
      read: (config) => config.shutdown.timeoutMs,
      unset: 30_000,
      good: ['60', 60_000],
      bad: ['0', '3601', '2.5'],
    },
    {
      name: 'SESSION_MAX_AGE_DAYS',
      read: (config) => config.sessionMaxAgeMs,
      unset: 30 * 86_400_000,
      good: ['7', 7 * 86_400_000],
      bad: ['0', '366', 'forever'],
    },
    {
      name: 'LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS',
      read: (config) => config.loginThrottle.maxFailuresPerAccountAddress,
      unset: 5,
      good: ['3', 3],
      bad: ['0', '1001', 'five'],
    },
    {
      name: 'LOGIN_MAX_FAILURES_PER_ACCOUNT',
      read: (config) => config.loginThrottle.maxFailuresPerAccount,
      unset: 50,
      good: ['200', 200],
      bad: ['0', '100001', '1e3x'],
    },
    {
      name: 'LOGIN_MAX_FAILURES_PER_ADDRESS',
      read: (config) => config.loginThrottle.maxFailuresPerAddress,
      unset: 10,
      good: ['20', 20],
      bad: ['0', '10001', 'ten'],
    },
    {
      name: 'LOGIN_WINDOW_MINUTES',
      read: (config) => config.loginThrottle.windowMs,
      unset: 15 * 60_000,
      good: ['30', 30 * 60_000],
      bad: ['0', '1441', '15m'],
    },
  ])(
    'reads $name, and refuses a value that is no integer in its range, naming it',
    ({ name, read, unset, good, bad }) => {
      expect(read(loadConfig({}, tempDir()))).toBe(unset);
      expect(read(loadConfig({ [name]: good[0] }, tempDir()))).toBe(good[1]);
      for (const value of bad) {
        expect(problemsOf({ [name]: value }), value).toEqual([
          expect.stringMatching(new RegExp(`^${name} must be an integer from \\d+ to \\d+ \\(got "${value}"\\)$`)),
        ]);
      }
    },
  );

  it('reads the storage quota per company in GB (none when unset), and refuses a value that is no size', () => {
    expect(loadConfig({}, tempDir()).storageQuotaBytes).toBeNull();
    expect(loadConfig({ STORAGE_QUOTA_GB_PER_COMPANY: '2' }, tempDir()).storageQuotaBytes).toBe(2 * 1024 ** 3);
    expect(loadConfig({ STORAGE_QUOTA_GB_PER_COMPANY: '0.5' }, tempDir()).storageQuotaBytes).toBe(512 * 1024 ** 2);
    for (const value of ['0', '-1', 'lots']) {
      expect(problemsOf({ STORAGE_QUOTA_GB_PER_COMPANY: value })).toEqual([
        expect.stringMatching(/^STORAGE_QUOTA_GB_PER_COMPANY must be a number of GB/),
      ]);
    }
  });

  it('makes the demo photos camera-sized unless DEMO_PHOTO_SCALE asks for a fraction of that', () => {
    expect(loadConfig({}, tempDir()).demoPhotoScale).toBe(1);
    expect(loadConfig({ DEMO_PHOTO_SCALE: '0.25' }, tempDir()).demoPhotoScale).toBe(0.25);
    for (const value of ['0', '1.5', '-0.1', 'half']) {
      expect(problemsOf({ DEMO_PHOTO_SCALE: value })).toEqual([
        expect.stringMatching(/^DEMO_PHOTO_SCALE must be a number above 0 and at most 1/),
      ]);
    }
  });

  it('hides repair costs from customers unless REPAIR_COSTS_VISIBLE_TO_CUSTOMERS, and mails the repairs at 07:00', () => {
    expect(loadConfig({}, tempDir()).repairs).toEqual({ costsVisibleToCustomers: false, digestHour: 7 });
    expect(
      loadConfig({ REPAIR_COSTS_VISIBLE_TO_CUSTOMERS: 'true', REPAIR_DIGEST_HOUR: '18' }, tempDir()).repairs,
    ).toEqual({ costsVisibleToCustomers: true, digestHour: 18 });
    expect(problemsOf({ REPAIR_COSTS_VISIBLE_TO_CUSTOMERS: 'sometimes' })).toEqual([
      'REPAIR_COSTS_VISIBLE_TO_CUSTOMERS must be true or false',
    ]);
    expect(problemsOf({ REPAIR_DIGEST_HOUR: '24' })).toEqual([
      expect.stringMatching(/^REPAIR_DIGEST_HOUR must be an integer from 0 to 23/),
    ]);
  });

  it('turns metrics on with a METRICS_TOKEN of at least 16 characters (off when unset or blank)', () => {
    expect(loadConfig({}, tempDir()).metricsToken).toBeNull();
    expect(loadConfig({}, tempDir()).mapStyleUrl).toBeNull();
    expect(loadConfig({ MAP_STYLE_URL: 'https://tiles.example.com/style.json' }, tempDir()).mapStyleUrl).toBe(
      'https://tiles.example.com/style.json',
    );
    for (const bad of ['tiles.example.com/style.json', 'ftp://tiles.example.com/x.pmtiles', 'pmtiles://nowhere']) {
      expect(() => loadConfig({ MAP_STYLE_URL: bad }, tempDir()), bad).toThrow(/MAP_STYLE_URL/);
    }
    expect(loadConfig({ METRICS_TOKEN: '  ' }, tempDir()).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'prometheus-token-0123' }, tempDir()).metricsToken).toBe(
      'prometheus-token-0123',
    );
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual([
      expect.stringMatching(/^METRICS_TOKEN must be at least 16/),
    ]);
  });
});
