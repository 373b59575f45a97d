import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type TestApp } from './test-app.js';

import { eventually } from './eventually.js';
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
