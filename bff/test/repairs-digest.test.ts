import { addDays, type Repair, repairDay, type Role } from '@kanat360/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { RepairClock } from '@/repairs/repair-clock.js';
import { RepairDigestWorker } from '@/repairs/repair-digest.worker.js';
import { countOf, eventually } from './eventually.js';
import {
  makeCompany,
  makeFinding as makeFindingThrough,
  makeMedia,
  makeTurbine,
  makeUser,
  type MadeUser,
  PASSWORD,
} from './factories.js';
import { api, call, type Credentials, type RequestBody, signIn } from './http.js';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.js';
import { startTestApp, type TestApp } from './test-app.js';

// The daily repair mail (issue #24 item 7): two app instances on one database, both running the job (as two
// replicas would), each person mailed once a day whoever runs it; the day comes from an injected clock. Mails go
// through a real SMTP server.

const PUBLIC_URL = 'https://kanat360.example.com';

let smtp: SmtpCapture;
let first: TestApp;
let second: TestApp;
const people: Partial<Record<Role | 'crew' | 'idle', MadeUser>> = {};
let managerAs: Credentials;
let today: string;
const repairs: Record<'overdue' | 'soon' | 'window' | 'later' | 'done', Repair> = {} as never;

/** A released finding on a photo of its own (the manager makes it). */
async function makeFinding(turbineId: number): Promise<number> {
  const finding = await makeFindingThrough(first, managerAs, turbineId, {
    media_id: await makeMedia(first, turbineId),
    severity: 3,
  });
  return finding.id;
}

/**
 * How many daily mails were queued to `email` (their subject: "Onarımlar: …" or "Repairs: …"; assignment mails
 * aside): what the digest decided, whether or not delivered yet.
 */
function mailJobs(email: string): Promise<number> {
  return countOf(
    first.dataSource,
    `SELECT count(*)::int AS count FROM pgboss.job
      WHERE name = 'mail.send' AND data->>'to' = $1 AND data->>'subject' ~ '^(Onarımlar|Repairs): '`,
    [email],
  );
}

function digestsOf(user: MadeUser): Promise<string[]> {
  return first.dataSource
    .query(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM repair_digests WHERE user_id = $1 ORDER BY day`, [user.id])
    .then((rows: { day: string }[]) => rows.map((row) => row.day));
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  first = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  second = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  const company = await makeCompany(first.dataSource);
  for (const role of ['superadmin', 'admin', 'company_manager', 'customer'] as const) {
    people[role] = await makeUser(first.dataSource, { role, companyId: company.id });
  }
  people.crew = await makeUser(first.dataSource, { role: 'operator', companyId: company.id });
  people.idle = await makeUser(first.dataSource, { role: 'operator', companyId: company.id });
  managerAs = (await signIn(first, people.company_manager!.email, PASSWORD)).bearer;
  await first.dataSource.query(`UPDATE users SET language = 'en' WHERE id = $1`, [people.company_manager!.id]);
  const turbineId = await makeTurbine(first.dataSource, company.id);
  today = repairDay(new Date());
  const create = async (body: Partial<RequestBody<'post', '/turbines/{id}/repairs'>>) => {
    const reply = await api(first, 'post', '/turbines/{id}/repairs', {
      path: { id: turbineId },
      as: managerAs,
      body: { finding_ids: [await makeFinding(turbineId)], status: 'scheduled', ...body },
    });
    expect(reply.status, reply.text).toBe(201);
    return reply.body.data;
  };
  repairs.overdue = await create({
    title: 'Gecikmiş onarım',
    due_date: addDays(today, -1),
    assignee_id: people.crew.id,
  });
  repairs.soon = await create({ title: 'Yaklaşan onarım', due_date: addDays(today, 3) });
  repairs.window = await create({
    title: 'Pencereli onarım',
    window_start: `${addDays(today, 2)}T08:00:00+03:00`,
    window_end: `${addDays(today, 2)}T17:00:00+03:00`,
    assignee_id: people.crew.id,
  });
  repairs.later = await create({ title: 'Uzak onarım', due_date: addDays(today, 20), assignee_id: people.crew.id });
  repairs.done = await create({ title: 'Biten onarım', due_date: addDays(today, -5) });
  await call(first, 'POST', `/api/turbines/${turbineId}/repairs/${repairs.done.id}/cancel`, {
    as: managerAs,
    body: {},
  });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await smtp?.close();
});

describe('the daily repair mail', () => {
  it('is scheduled once a day at REPAIR_DIGEST_HOUR, Turkish time', async () => {
    const rows: { cron: string; timezone: string }[] = await first.dataSource.query(
      `SELECT cron, timezone FROM pgboss.schedule WHERE name = 'repairs.digest'`,
    );
    expect(rows).toEqual([{ cron: '0 7 * * *', timezone: 'Europe/Istanbul' }]);
  });

  it('mails each assignee and manager once, run by two processes at the same moment', async () => {
    const runs = await Promise.all([first, second].map((app) => app.app.get(RepairDigestWorker).run(today)));
    const mailed = [people.crew!, people.company_manager!, people.admin!];
    for (const user of mailed) {
      expect(await digestsOf(user), user.email).toEqual([today]);
      expect(await mailJobs(user.email), user.email).toBe(1);
    }
    for (const user of [people.idle!, people.customer!, people.superadmin!]) {
      expect(await mailJobs(user.email), user.email).toBe(0);
    }
    // Each of the three was sent by exactly one of the two runs.
    expect(runs.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(mailed.length);

    const digestOf = (user: MadeUser) =>
      eventually(
        () => smtp.to(user.email).find((mail) => /^(Onarımlar|Repairs): /.test(mail.subject)),
        `the digest of ${user.email}`,
      );
    const crewMail = await digestOf(people.crew!);
    expect(crewMail.subject).toBe('Onarımlar: 1 gecikmiş, 1 bu hafta');
    expect(crewMail.text).toContain('Gecikmiş onarım');
    expect(crewMail.text).toContain('Pencereli onarım');
    expect(crewMail.text).not.toContain('Uzak onarım');
    expect(crewMail.text).not.toContain('Yaklaşan onarım');
    const managerMail = await digestOf(people.company_manager!);
    expect(managerMail.subject).toBe('Repairs: 1 overdue, 2 due this week');
    expect(managerMail.text).toContain('Yaklaşan onarım');
    expect(managerMail.text).toContain('(not assigned)');
    expect(managerMail.text).not.toContain('Biten onarım');
    expect(managerMail.html).toContain(`${PUBLIC_URL}/dashboard/repairs`);

    // Run again the same day: nobody is mailed twice.
    await Promise.all([first, second].map((app) => app.app.get(RepairDigestWorker).run(today)));
    for (const user of mailed) expect(await mailJobs(user.email), user.email).toBe(1);
  });

  it('runs as a job on the day of the injected clock, once per person across both processes', async () => {
    // Both processes' clocks say it is two days on, 07:00 in Istanbul (04:00 UTC).
    const later = addDays(today, 2);
    for (const app of [first, second]) {
      app.app.get(RepairClock).now = () => new Date(`${later}T04:00:00Z`);
    }
    try {
      // The schedule's job carries nothing (`{}`): each process sends one, as two cron passes might.
      await Promise.all([first, second].map((app) => app.app.get(JobQueue).send(QUEUES.repairDigest, {})));
      await eventually(
        async () =>
          (await countOf(
            first.dataSource,
            `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'repairs.digest' AND state = 'completed'`,
          )) >= 2,
        'both digest jobs to complete',
      );
      expect(await digestsOf(people.crew!)).toEqual([today, later]);
      // The overdue repair, and the window starting today: the crew's second mail.
      expect(await mailJobs(people.crew!.email)).toBe(2);
      expect(await mailJobs(people.company_manager!.email)).toBe(2);
      expect(await mailJobs(people.idle!.email)).toBe(0);
    } finally {
      for (const app of [first, second]) app.app.get(RepairClock).now = () => new Date();
    }
  });
});
