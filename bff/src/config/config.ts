import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUSINESS_CONTACT } from '@kanat360/contracts';
import { z } from 'zod';
import { embeddedSecrets } from './secrets.js';

/** The repository root: this file is bff/src/config or bff/dist/config. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A bad setting: the message names the variable, and the process stops before anything starts. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const number = Number(value);
      if (!Number.isInteger(number) || number < min || number > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max} (got "${value}")` });
        return z.NEVER;
      }
      return number;
    });

/** A number above 0 and at most `max` (fractions allowed); unset or empty is undefined. `what`: the message's words. */
const positiveNumber = (max: number, what: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const number = Number(value);
      if (!Number.isFinite(number) || number <= 0 || number > max) {
        ctx.addIssue({ code: 'custom', message: `must be ${what} (got "${value}")` });
        return z.NEVER;
      }
      return number;
    });

/** A size in GB (1 GB = 1024³ bytes; fractions allowed) as bytes; unset or empty is null. */
const gigabytes = positiveNumber(1_000_000, 'a number of GB above 0').transform((gb) =>
  gb === undefined ? null : Math.floor(gb * 1024 ** 3),
);

/** A share of something: above 0, at most 1. */
const fraction = (fallback: number) =>
  positiveNumber(1, 'a number above 0 and at most 1').transform((share) => share ?? fallback);

const url = (protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      try {
        const parsed = new URL(value);
        if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
        return value;
      } catch {
        ctx.addIssue({ code: 'custom', message: `must be a ${protocols.join(' or ')} URL` });
        return z.NEVER;
      }
    });

const environment = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('production'),
  PORT: int(3000, 1, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  PUBLIC_URL: url(['http:', 'https:']),
  SESSION_SECRET: z.string().optional(),
  SESSION_TTL_HOURS: int(12, 1, 24 * 30),
  SESSION_MAX_AGE_DAYS: int(30, 1, 365),
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: url(['http:', 'https:']),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool(true),
  STORAGE_QUOTA_GB_PER_COMPANY: gigabytes,
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().min(3).default('Kanat360 <no-reply@kanat360.local>'),
  CONTACT_INBOX: z.email({ error: 'must be an email address' }).default(BUSINESS_CONTACT.email),
  SEED_DEMO: bool(false).optional(),
  DEMO_PHOTO_SCALE: fraction(1),
  WORKER: z.enum(['inline', 'only', 'off'], { error: 'must be inline, only or off' }).default('inline'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level' })
    .default('info'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => {
      if (value === undefined || value === '' || value === 'false') return false;
      if (value === 'true') return true;
      return /^\d+$/.test(value) ? Number(value) : value;
    }),
  DERIVATIVE_MEMORY_MB: int(512, 64, 65_536),
  INSPECTION_REPORT_SYNC_MAX_FINDINGS: int(50, 0, 100_000),
  REPAIR_COSTS_VISIBLE_TO_CUSTOMERS: bool(false),
  REPAIR_DIGEST_HOUR: int(7, 0, 23),
  DB_ACQUIRE_TIMEOUT_MS: int(1500, 100, 600_000),
  DB_QUERY_TIMEOUT_MS: int(1500, 100, 3_600_000),
  JOB_QUERY_TIMEOUT_MS: int(300_000, 100, 86_400_000),
  SHUTDOWN_TIMEOUT_SECONDS: int(30, 1, 3600),
  SHUTDOWN_DRAIN_SECONDS: int(0, 0, 600),
  LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: int(5, 1, 1000),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: int(50, 1, 100_000),
  LOGIN_MAX_FAILURES_PER_ADDRESS: int(10, 1, 10000),
  LOGIN_WINDOW_MINUTES: int(15, 1, 24 * 60),
  METRICS_TOKEN: z.string().optional(),
  MAP_STYLE_URL: z.string().optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** No DATABASE_URL: the app starts its own PostgreSQL under DATA_DIR/pg and keeps its secrets in DATA_DIR. */
  embedded: boolean;
  databaseUrl: string | undefined;
  /** Memory the derivative jobs of one process may take together (their photos' estimated needs). */
  derivativeMemoryBytes: number;
  /**
   * What a request waits on PostgreSQL at most (a stalled database answers 503 rather than hanging), and how long a
   * background job's query may run (a cascade over a big turbine may rightly take longer than a request's).
   */
  databaseTimeouts: { acquireMs: number; queryMs: number; jobQueryMs: number };
  /**
   * On SIGTERM: readiness turns 503 at once; the process keeps serving for `drainMs` (time for a load balancer to
   * notice) and until the requests in flight are done, `timeoutMs` at most, then stops.
   */
  shutdown: { drainMs: number; timeoutMs: number };
  /** Where mailed links point; never taken from a request's Host header, which a caller controls. */
  publicUrl: string;
  sessionSecret: string;
  sessionTtlMs: number;
  /** A session's absolute lifetime from sign-in: refreshing extends it up to this, never beyond. */
  sessionMaxAgeMs: number;
  storage:
    | { driver: 'local'; root: string }
    | {
        driver: 's3';
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  /** The most bytes one company may store (originals, versions, reports, pending uploads); null: no limit. */
  storageQuotaBytes: number | null;
  /** Inspection reports with more released findings than this are made by a job, not within the request. */
  inspectionReportSyncMaxFindings: number;
  repairs: {
    /** Whether customers see the costs of the repairs they read (staff always do). */
    costsVisibleToCustomers: boolean;
    /** The hour (Turkish time, 0–23) the daily mail of overdue and due repairs goes out. */
    digestHour: number;
  };
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** Where the site's contact form messages are mailed. */
  contactInbox: string;
  seedDemo: boolean;
  /** The demo photos' size as a fraction of a camera's (DEMO_PHOTO_SCALE). */
  demoPhotoScale: number;
  worker: 'inline' | 'only' | 'off';
  logLevel: string;
  trustProxy: boolean | number | string;
  loginThrottle: {
    /** Failures of one account from one address: the everyday limit, which locks out nobody but the guesser. */
    maxFailuresPerAccountAddress: number;
    maxFailuresPerAddress: number;
    /** Failures of one account over every address: the ceiling against guessing spread over many addresses. */
    maxFailuresPerAccount: number;
    windowMs: number;
  };
  /**
   * The fleet map's basemap (MAP_STYLE_URL): a MapLibre style document or a PMTiles archive; null: the borders
   * shipped with the panel. Its origin is allowed by the CSP.
   */
  mapStyleUrl: string | null;
  /** What a scraper presents as `Authorization: Bearer …` to read /api/metrics; null: metrics off (404). */
  metricsToken: string | null;
  /** Where the built site and panel are served from. */
  siteDir: string;
  panelDir: string;
}

/** Reads and checks every setting once. Nothing else in the bff reads `process.env`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const dataDir = resolve(cwd, e.DATA_DIR);
  const embedded = !e.DATABASE_URL;

  let sessionSecret = e.SESSION_SECRET;
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    problems.push('SESSION_SECRET must be at least 32 characters');
  }
  if (!sessionSecret && !embedded) {
    problems.push('SESSION_SECRET is required when DATABASE_URL is set (at least 32 random characters)');
  }

  let storage: Config['storage'] = { driver: 'local', root: join(dataDir, 'storage') };
  if (e.STORAGE_DRIVER === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!e[name]) problems.push(`${name} is required when STORAGE_DRIVER=s3`);
    }
    storage = {
      driver: 's3',
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET ?? '',
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    };
  }
  const metricsToken = e.METRICS_TOKEN?.trim() || null;
  if (metricsToken !== null && metricsToken.length < 16) {
    problems.push('METRICS_TOKEN must be at least 16 characters (or unset: metrics off)');
  }
  const mapStyleUrl = e.MAP_STYLE_URL?.trim() || null;
  if (mapStyleUrl !== null && !isMapUrl(mapStyleUrl)) {
    problems.push(
      'MAP_STYLE_URL must be an http(s) address of a MapLibre style (…/style.json) or a PMTiles archive (…/x.pmtiles, or pmtiles://https://…)',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  sessionSecret ??= embeddedSecrets(dataDir).sessionSecret;

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    embedded,
    databaseUrl: e.DATABASE_URL,
    derivativeMemoryBytes: e.DERIVATIVE_MEMORY_MB * 1024 * 1024,
    databaseTimeouts: {
      acquireMs: e.DB_ACQUIRE_TIMEOUT_MS,
      queryMs: e.DB_QUERY_TIMEOUT_MS,
      jobQueryMs: e.JOB_QUERY_TIMEOUT_MS,
    },
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000, timeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000 },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${e.PORT}`,
    sessionSecret,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_DAYS * 86_400_000,
    storage,
    storageQuotaBytes: e.STORAGE_QUOTA_GB_PER_COMPANY,
    inspectionReportSyncMaxFindings: e.INSPECTION_REPORT_SYNC_MAX_FINDINGS,
    repairs: { costsVisibleToCustomers: e.REPAIR_COSTS_VISIBLE_TO_CUSTOMERS, digestHour: e.REPAIR_DIGEST_HOUR },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: join(dataDir, 'outbox') },
    contactInbox: e.CONTACT_INBOX,
    seedDemo: e.SEED_DEMO ?? embedded,
    demoPhotoScale: e.DEMO_PHOTO_SCALE,
    worker: e.WORKER,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    loginThrottle: {
      maxFailuresPerAccountAddress: e.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS,
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    },
    metricsToken,
    mapStyleUrl,
    siteDir: join(REPO_ROOT, 'site', 'dist'),
    panelDir: join(REPO_ROOT, 'panel', 'dist'),
  };
}

function isMapUrl(value: string): boolean {
  try {
    const url = new URL(value.replace(/^pmtiles:\/\//, ''));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The origin the map's basemap is fetched from, for the CSP; null for the embedded one. */
export function mapOrigin(config: Pick<Config, 'mapStyleUrl'>): string | null {
  return config.mapStyleUrl ? new URL(config.mapStyleUrl.replace(/^pmtiles:\/\//, '')).origin : null;
}
