import { createHash } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '@kanat360/i18n';
import { makeCompany, makeUser, type MadeCompany, type MadeUser, PASSWORD, unique } from './factories.js';
import { api, call, malformed, type Malformed, type RequestBody, signIn } from './http.js';
import { countOf } from './eventually.js';
import { type Mail, mailQueueDrained, outbox, parseMail, waitForMails } from './mail-reader.js';
import { startTestApp, type TestApp } from './test-app.js';

const inTurkish = translator('tr');

const PUBLIC_URL = 'https://kanat360.example.test';
const NEW_PASSWORD = 'a-brand-new-password-9';

const TOKEN_IN_LINK = /\/password-reset\?token=([A-Za-z0-9_-]+)/;

function resetTokenOf(mail: Mail): string {
  const token = TOKEN_IN_LINK.exec(mail.text)?.[1];
  expect(token, mail.text).toBeDefined();
  return token ?? '';
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('password reset (outbox)', () => {
  let app: TestApp;
  let company: MadeCompany;

  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL });
    company = await makeCompany(app.dataSource);
  });
  afterAll(async () => {
    await app.close();
  });

  const requestReset = (
    body: RequestBody<'post', '/auth/password-reset'> | Malformed,
    headers: Record<string, string> = {},
  ) => call(app, 'POST', '/api/auth/password-reset', { body, headers });
  const confirm = (
    body: RequestBody<'post', '/auth/password-reset/confirm'> | Malformed,
    headers: Record<string, string> = {},
  ) => call(app, 'POST', '/api/auth/password-reset/confirm', { body, headers });
  const loginStatus = async (email: string, password: string) =>
    (await call(app, 'POST', '/api/auth/login', { body: { email, password } })).status;
  interface TokenRow {
    token_hash: string;
    expires_at: Date;
    used_at: Date | null;
    created_at: Date;
  }
  const tokenRows = (userId: number) =>
    app.dataSource.query<TokenRow[]>(`SELECT * FROM password_reset_tokens WHERE user_id = $1 ORDER BY id`, [userId]);

  /** A user, a reset requested for them, and the token from the mail they got. */
  async function userWithToken(language: 'tr' | 'en' = 'tr'): Promise<{ user: MadeUser; token: string; mail: Mail }> {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id, language });
    const reply = await requestReset({ email: user.email });
    expect(reply.status).toBe(200);
    const [mail] = await waitForMails(() => outbox(app), user.email);
    return { user, mail: mail!, token: resetTokenOf(mail!) };
  }

  it('answers a known, an unknown and an inactive email identically, and mails only the known one', async () => {
    const known = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const inactive = await makeUser(app.dataSource, { role: 'operator', companyId: company.id, isActive: false });
    const unknownEmail = `nobody.${unique()}@test.kanat360.local`;
    const replies = [
      await requestReset({ email: known.email }),
      await requestReset({ email: unknownEmail }),
      await requestReset({ email: inactive.email }),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        success: true,
        data: null,
        message: inTurkish('auth.passwordResetSent'),
      });
    }
    expect(replies[1]!.text).toBe(replies[0]!.text);
    expect(replies[2]!.text).toBe(replies[0]!.text);

    await waitForMails(() => outbox(app), known.email);
    await mailQueueDrained(app);
    const mails = outbox(app);
    expect(mails.filter((mail) => mail.to.includes(unknownEmail))).toHaveLength(0);
    expect(mails.filter((mail) => mail.to.includes(inactive.email))).toHaveLength(0);
    expect(await tokenRows(inactive.id)).toHaveLength(0);
    expect(await tokenRows(known.id)).toHaveLength(1);

    const english = await requestReset({ email: unknownEmail }, { 'X-Lang': 'en' });
    expect(english.body.message).toBe('If this email address is registered, a password reset link has been sent.');
  });

  it('refuses a missing or malformed email with 400', async () => {
    const missing = await requestReset(malformed({}));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      success: false,
      code: 'EMAIL_REQUIRED',
      message: 'E-posta adresi gereklidir',
      field: 'email',
    });
    expect((await requestReset({ email: '   ' })).body.code).toBe('EMAIL_REQUIRED');
    for (const email of ['not-an-email', 'a b@example.com', 'someone@', '@example.com', 'a@b@c.de']) {
      const reply = await requestReset({ email });
      expect(reply.status, email).toBe(400);
      expect(reply.body).toEqual({
        success: false,
        code: 'EMAIL_INVALID',
        message: inTurkish('errors.EMAIL_INVALID'),
        field: 'email',
      });
    }
    const english = await requestReset({ email: 'nope' }, { 'X-Lang': 'en' });
    expect(english.body.message).toBe('Please enter a valid email address');
    const englishMissing = await requestReset(malformed({}), { 'X-Lang': 'en' });
    expect(englishMissing.body.message).toBe('Email address is required');
    expect((await requestReset(malformed({ email: 'a@b.de', extra: 1 }))).body.code).toBe('UNKNOWN_FIELD');
  });

  it('mails a Turkish link to a Turkish user and an English one to an English user, from PUBLIC_URL only', async () => {
    const tr = await makeUser(app.dataSource, { role: 'operator', companyId: company.id, language: 'tr' });
    const en = await makeUser(app.dataSource, { role: 'operator', companyId: company.id, language: 'en' });
    // A poisoned forwarded host must not end up in the mailed link.
    const poisoned = { 'X-Forwarded-Host': 'evil.example', 'X-Lang': 'en' };
    expect((await requestReset({ email: tr.email.toUpperCase() }, poisoned)).status).toBe(200);
    expect((await requestReset({ email: en.email }, { 'X-Forwarded-Host': 'evil.example' })).status).toBe(200);

    const [trMail] = await waitForMails(() => outbox(app), tr.email);
    const [enMail] = await waitForMails(() => outbox(app), en.email);

    expect(trMail!.subject).toBe(inTurkish('mail.passwordReset.subject'));
    expect(trMail!.text).toContain('Merhaba Test,');
    expect(trMail!.text).toContain('şifre sıfırlama isteği');
    expect(trMail!.text).toMatch(new RegExp(`${PUBLIC_URL}/password-reset\\?token=[A-Za-z0-9_-]{40,}`));
    expect(trMail!.html).toContain(`href="${PUBLIC_URL}/password-reset?token=${resetTokenOf(trMail!)}"`);

    expect(enMail!.subject).toBe('Kanat360 password reset');
    expect(enMail!.text).toContain('Hello Test,');
    expect(enMail!.text).toMatch(new RegExp(`${PUBLIC_URL}/en/password-reset\\?token=[A-Za-z0-9_-]{40,}`));

    for (const mail of [trMail!, enMail!]) {
      expect(mail.text + mail.html).not.toContain('evil.example');
      expect(mail.text + mail.html).not.toContain('localhost');
    }
    expect(resetTokenOf(trMail!)).not.toBe(resetTokenOf(enMail!));
  });

  it('stores the token only as a hash', async () => {
    const { user, token } = await userWithToken();
    const rows = await tokenRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(rows[0]!.used_at).toBeNull();
    const lifetime = rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime();
    expect(lifetime).toBeGreaterThan(55 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(61 * 60_000);
    const everything: { row: string }[] = await app.dataSource.query(
      `SELECT t::text AS row FROM password_reset_tokens t`,
    );
    expect(everything.length).toBeGreaterThan(0);
    for (const { row } of everything) expect(row).not.toContain(token);
  });

  it('sets the new password, ends every session of the user, and works only once', async () => {
    const { user, token } = await userWithToken();
    const bystander = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const sessions = [await signIn(app, user.email, PASSWORD), await signIn(app, user.email, PASSWORD)];
    const bystanderSession = await signIn(app, bystander.email, PASSWORD);

    const done = await confirm({ token, password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      success: true,
      data: null,
      message: inTurkish('auth.passwordResetDone'),
    });

    for (const session of sessions) {
      expect((await call(app, 'GET', '/api/auth/profile', { as: session.bearer })).status).toBe(401);
      expect((await call(app, 'GET', '/api/auth/profile', { as: { cookie: session.browser.cookie } })).status).toBe(
        401,
      );
    }
    expect((await call(app, 'GET', '/api/auth/profile', { as: bystanderSession.bearer })).status).toBe(200);
    expect(await loginStatus(user.email, PASSWORD)).toBe(401);
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);

    const again = await confirm({ token, password: 'yet-another-password' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      success: false,
      code: 'RESET_TOKEN_INVALID',
      message: inTurkish('errors.RESET_TOKEN_INVALID'),
    });
    expect(await loginStatus(user.email, 'yet-another-password')).toBe(401);
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);
    expect((await tokenRows(user.id))[0]!.used_at).toBeInstanceOf(Date);
  });

  it('refuses an expired token and leaves the password as it was', async () => {
    const { user, token } = await userWithToken();
    await app.dataSource.query(
      `UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [user.id],
    );
    const reply = await confirm({ token, password: NEW_PASSWORD }, { 'X-Lang': 'en' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      success: false,
      code: 'RESET_TOKEN_INVALID',
      message: 'The password reset link is invalid or has expired. Please request a new one.',
    });
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(401);
    expect(await loginStatus(user.email, PASSWORD)).toBe(200);
  });

  it('refuses a short password without using up the token', async () => {
    const { user, token } = await userWithToken();
    const short = await confirm({ token, password: '12345' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({
      success: false,
      code: 'PASSWORD_TOO_SHORT',
      message: inTurkish('errors.PASSWORD_TOO_SHORT'),
      field: 'password',
    });
    expect((await confirm(malformed({ token }))).body.code).toBe('PASSWORD_REQUIRED');
    expect((await confirm({ token, password: 'x'.repeat(129) })).body.code).toBe('PASSWORD_TOO_LONG');
    // One of the 10,000 most common passwords, whatever its case.
    const common = await confirm({ token, password: 'Football1' });
    expect(common.status).toBe(400);
    expect(common.body).toEqual({
      success: false,
      code: 'PASSWORD_TOO_COMMON',
      message: inTurkish('errors.PASSWORD_TOO_COMMON'),
      field: 'password',
    });
    expect(await loginStatus(user.email, PASSWORD)).toBe(200);
    expect((await confirm({ token, password: NEW_PASSWORD })).status).toBe(200);
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses a random, missing or oversized token with 400', async () => {
    const cases: unknown[] = [
      { token: 'dH0rTwVOMbmMNpVj7LrGbs4wq4V33NV92olqVlx_q9U', password: NEW_PASSWORD },
      { token: '', password: NEW_PASSWORD },
      { password: NEW_PASSWORD },
      { token: 'x'.repeat(500), password: NEW_PASSWORD },
      { token: 12345, password: NEW_PASSWORD },
      { token: "' OR 1=1 --", password: NEW_PASSWORD },
    ];
    for (const body of cases) {
      const reply = await confirm(malformed(body));
      expect(reply.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(reply.body).toMatchObject({ success: false, code: 'RESET_TOKEN_INVALID' });
    }
  });

  it("refuses a deactivated user's token", async () => {
    const { user, token } = await userWithToken();
    await app.dataSource.query(`UPDATE users SET is_active = false WHERE id = $1`, [user.id]);
    const reply = await confirm({ token, password: NEW_PASSWORD });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('RESET_TOKEN_INVALID');
    const rows: { password_hash: string }[] = await app.dataSource.query(
      `SELECT password_hash FROM users WHERE id = $1`,
      [user.id],
    );
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    await app.dataSource.query(`UPDATE users SET is_active = true WHERE id = $1`, [user.id]);
    expect(await loginStatus(user.email, PASSWORD)).toBe(200);
  });

  it('sends at most one mail a minute per account, and a new password voids every outstanding link', async () => {
    const { user, token: first } = await userWithToken();
    expect((await requestReset({ email: user.email })).status).toBe(200);
    await mailQueueDrained(app);
    expect(outbox(app).filter((mail) => mail.to.includes(user.email))).toHaveLength(1);
    expect(await tokenRows(user.id)).toHaveLength(1);

    // A minute later a second link may be sent.
    await app.dataSource.query(
      `UPDATE password_reset_tokens SET created_at = created_at - interval '2 minutes' WHERE user_id = $1`,
      [user.id],
    );
    expect((await requestReset({ email: user.email })).status).toBe(200);
    const mails = await waitForMails(() => outbox(app), user.email, 2);
    const second = mails.map(resetTokenOf).find((token) => token !== first);
    expect(second).toBeDefined();

    expect((await confirm({ token: second ?? '', password: NEW_PASSWORD })).status).toBe(200);
    const stale = await confirm({ token: first, password: 'another-password-1' });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('RESET_TOKEN_INVALID');
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);
  });
});

describe('password reset over SMTP', () => {
  let smtp: SMTPServer;
  let app: TestApp;
  let company: MadeCompany;
  const received: { from: string; to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL });
    company = await makeCompany(app.dataSource);
  });
  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the reset mail with its link to the SMTP server', async () => {
    const user = await makeUser(app.dataSource, { role: 'customer', companyId: company.id, language: 'en' });
    const reply = await api(app, 'post', '/auth/password-reset', { body: { email: user.email } });
    expect(reply.status).toBe(200);

    const [mail] = await waitForMails(
      () => received.filter((message) => message.to.includes(user.email)).map((message) => parseMail(message.raw)),
      user.email,
    );
    const envelope = received.find((message) => message.to.includes(user.email))!;
    expect(envelope.to).toEqual([user.email]);
    expect(envelope.from).toBe('no-reply@kanat360.local');
    expect(mail!.subject).toBe('Kanat360 password reset');
    const token = resetTokenOf(mail!);
    expect(mail!.text).toContain(`${PUBLIC_URL}/en/password-reset?token=${token}`);
    // Nothing was written to the outbox folder: the mail went over SMTP.
    expect(outbox(app)).toHaveLength(0);

    // The mailed link works.
    const done = await call(app, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: NEW_PASSWORD },
    });
    expect(done.status).toBe(200);
    const login = await call(app, 'POST', '/api/auth/login', { body: { email: user.email, password: NEW_PASSWORD } });
    expect(login.status).toBe(200);
  });
});

describe('a password reset request', () => {
  // No worker: what a request does is all there is to see.
  let app: TestApp;
  let company: MadeCompany;

  beforeAll(async () => {
    app = await startTestApp({ WORKER: 'off' });
    company = await makeCompany(app.dataSource);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The jobs of every queue, and the rows a reset could write (links, sessions, login attempts), counted. */
  async function footprint(): Promise<Record<string, number>> {
    const rows: { what: string; count: number }[] = await app.dataSource.query(
      `SELECT 'job ' || name AS what, count(*)::int AS count FROM pgboss.job GROUP BY name
       UNION ALL SELECT 'password_reset_tokens', count(*)::int FROM password_reset_tokens
       UNION ALL SELECT 'sessions', count(*)::int FROM sessions
       UNION ALL SELECT 'login_attempts', count(*)::int FROM login_attempts`,
    );
    return Object.fromEntries(rows.map(({ what, count }) => [what, count]));
  }

  /** What changed between two footprints. */
  function difference(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
    return Object.fromEntries(
      Object.keys({ ...before, ...after })
        .map((key) => [key, (after[key] ?? 0) - (before[key] ?? 0)] as const)
        .filter(([, change]) => change !== 0),
    );
  }

  it('does the same work for an account and an unknown email: one job naming the email, nothing else', async () => {
    const known = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const unknownEmail = `nobody.${unique()}@test.kanat360.local`;
    const changes: Record<string, number>[] = [];
    for (const email of [known.email, unknownEmail]) {
      const before = await footprint();
      const reply = await api(app, 'post', '/auth/password-reset', { body: { email } });
      expect(reply.status).toBe(200);
      changes.push(difference(before, await footprint()));
      const jobs: { data: unknown }[] = await app.dataSource.query(
        `SELECT data FROM pgboss.job WHERE name = 'auth.passwordReset' AND data->>'email' = $1`,
        [email],
      );
      expect(jobs).toEqual([{ data: { email } }]);
    }
    expect(changes[0]).toEqual({ 'job auth.passwordReset': 1 });
    expect(changes[1]).toEqual(changes[0]);
    expect(
      await countOf(app.dataSource, `SELECT count(*)::int AS count FROM password_reset_tokens WHERE user_id = $1`, [
        known.id,
      ]),
    ).toBe(0);
  });
});
