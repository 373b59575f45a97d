import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_PAYLOADS } from '@/jobs/job-payloads.js';
import { countOf, eventually } from './eventually.js';
import { makeCompany, makeTurbine, makeUser, PASSWORD } from './factories.js';
import { api, type Credentials, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * The upload sweep as it runs in production: pg-boss's cron pass sends the job its schedule holds, the worker takes
 * it. pg-boss's TestClock moves pg-boss's time (its cron passes, polls and `job_now()`), so the schedule fires when
 * the test says, without waiting five minutes.
 */

const MB = 1024 * 1024;
/** The outside run's 1 GB quota, 700 MB presigned and never sent, and a 500 MB presign: scaled down 1,000 times. */
const QUOTA = 1024 * MB;
const SCALE = 1000;

let app: TestApp;
let clock: TestClock;
let as: Credentials;
let companyId: number;

beforeAll(async () => {
  // pg-boss's time starts 40 s before a five-minute mark (and after the real now): the sweep is due at that mark.
  clock = new TestClock(Math.ceil((Date.now() + 60_000) / 300_000) * 300_000 - 40_000);
  app = await startTestApp({ STORAGE_QUOTA_GB_PER_COMPANY: String(QUOTA / SCALE / 1024 ** 3) }, { clock });
  companyId = (await makeCompany(app.dataSource)).id;
  const operator = await makeUser(app.dataSource, { role: 'operator', companyId });
  as = (await signIn(app, operator.email, PASSWORD)).bearer;
});
afterAll(async () => {
  await app?.close();
});

function presign(turbineId: number, name: string, size: number) {
  return api(app, 'post', '/turbines/{id}/presigned-upload', {
    path: { id: turbineId },
    as,
    body: { files: [{ name, size: Math.round(size) }], room: '2', year: 2025, blade: 'A' },
  });
}

describe('the scheduled upload sweep', () => {
  it('is scheduled with data its queue takes and the options every job is sent with', async () => {
    const schedules: { data: unknown; options: Record<string, unknown>; cron: string }[] = await app.dataSource.query(
      `SELECT data, options, cron FROM pgboss.schedule WHERE name = 'uploads.sweep'`,
    );
    expect(schedules).toEqual([
      {
        cron: '*/5 * * * *',
        data: {},
        options: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
      },
    ]);
    // What the cron pass sends is the stored data, through JSON: the queue's schema takes it.
    expect(JOB_PAYLOADS['uploads.sweep'].safeParse(JSON.parse(JSON.stringify(schedules[0]!.data))).success).toBe(true);
  });

  it('runs when pg-boss fires it and gives an abandoned upload’s bytes back to the quota', async () => {
    const turbine = await makeTurbine(app.dataSource, companyId);
    // 700 MB presigned and never sent hold the quota: 500 MB more are refused.
    const abandoned = await presign(turbine, 'terk.mp4', (700 * MB) / SCALE);
    expect(abandoned.status, abandoned.text).toBe(200);
    const refused = await presign(turbine, 'yeni.mp4', (500 * MB) / SCALE);
    expect(refused.body).toMatchObject({ success: false, code: 'STORAGE_QUOTA_EXCEEDED' });

    // The abandoned upload's address expires (its entry ages past its end, as hours would age it).
    await app.dataSource.query(
      `UPDATE upload_intents SET expires_at = now() - interval '1 minute' WHERE turbine_id = $1`,
      [turbine],
    );
    const entries = () =>
      countOf(app.dataSource, `SELECT count(*)::int AS count FROM upload_intents WHERE turbine_id = $1`, [turbine]);
    const sweeps = (state: string) =>
      countOf(
        app.dataSource,
        `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'uploads.sweep' AND state = $1`,
        [state],
      );
    const completedBefore = await sweeps('completed');

    // Nothing sweeps before the five-minute mark.
    await clock.tick(30_000);
    expect(await entries()).toBe(1);
    expect(await sweeps('completed')).toBe(completedBefore);

    // Past the mark: the cron pass sends the job (at most 30 s late), pg-boss forwards it (its send-it queue is
    // polled every 5 s), the worker takes it (polled every second).
    await clock.tick(60_000);
    await eventually(async () => (await entries()) === 0, 'the sweep to remove the expired entry');
    await eventually(async () => (await sweeps('completed')) > completedBefore, 'the sweep job completed');
    expect(await sweeps('failed')).toBe(0);
    expect(await sweeps('retry')).toBe(0);

    // The quota has the bytes back: the 500 MB presign goes through.
    const accepted = await presign(turbine, 'yeni.mp4', (500 * MB) / SCALE);
    expect(accepted.status, accepted.text).toBe(200);
  });
});
