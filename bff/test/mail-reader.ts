import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type TestApp } from './test-app.js';

import { QUEUES } from '@/jobs/job-queue.js';
import { countOf, eventually } from './eventually.js';
import { type Mail, parseMail } from './mail-format.js';

export { type Mail, parseMail };

export function outbox(app: TestApp): Mail[] {
  const dir = app.config.mail.outboxDir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(readFileSync(join(dir, name), 'utf8')));
}

/** Mail goes through a job: waits (up to ~15 s) for `count` mails to `email`. */
export function waitForMails(read: () => Mail[], email: string, count = 1): Promise<Mail[]> {
  return eventually(
    () => {
      const mails = read().filter((mail) => mail.to.includes(email));
      return mails.length >= count && mails;
    },
    `a mail to ${email}`,
    { timeoutMs: 15_000 },
  );
}

/** The mail queue, and the queue whose jobs write mail jobs (a reset request's job mails the link, or nothing). */
const MAIL_QUEUES = [QUEUES.passwordReset, QUEUES.sendMail];

/**
 * Waits until no job that mails is queued, waiting for a retry or running: every mail a request asked for has then
 * been written to the outbox (or failed for good), so a test may assert which mails were not sent.
 */
export async function mailQueueDrained(app: TestApp): Promise<void> {
  // One snapshot of both queues: a reset job writes its mail job before it completes, so no mail falls between.
  const pending = `SELECT count(*)::int AS count FROM pgboss.job
                    WHERE name = ANY($1) AND state IN ('created', 'retry', 'active')`;
  await eventually(
    async () => (await countOf(app.dataSource, pending, [MAIL_QUEUES])) === 0,
    'the mail queue drained',
    {
      timeoutMs: 15_000,
    },
  );
}
