import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser, type MadeCompany, PASSWORD, unique } from './factories.js';
import { countOf } from './eventually.js';
import { call, type Reply, uniqueIp } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

const login = (app: TestApp, email: string, password: string, ip?: string, headers: Record<string, string> = {}) =>
  call(app, 'POST', '/api/auth/login', { body: { email, password }, ip, headers });

const nobody = () => `nobody.${unique()}@test.kanat360.local`;

const sessionCount = (app: TestApp, userId: number) =>
  countOf(app.dataSource, `SELECT count(*)::int AS count FROM sessions WHERE user_id = $1`, [userId]);

function expectThrottled(reply: Reply, windowSeconds: number): void {
  expect(reply.status).toBe(429);
  expect(reply.body).toEqual({ success: false, code: 'TOO_MANY_ATTEMPTS', message: expect.any(String) as unknown });
  const retryAfter = reply.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(Number(retryAfter)).toBeLessThanOrEqual(windowSeconds);
  expect(reply.body.token).toBeUndefined();
  expect(reply.headers.getSetCookie()).toEqual([]);
}

describe('login throttling with the default limits', () => {
  let app: TestApp;
  let company: MadeCompany;

  beforeAll(async () => {
    app = await startTestApp();
    company = await makeCompany(app.dataSource);
  });
  afterAll(async () => {
    await app.close();
  });

  it('uses limits far below 100 guesses an hour from one address, and a ceiling per account', () => {
    const { maxFailuresPerAccountAddress, maxFailuresPerAddress, maxFailuresPerAccount, windowMs } =
      app.config.loginThrottle;
    expect(maxFailuresPerAccountAddress).toBe(5);
    expect(maxFailuresPerAccount).toBe(50);
    expect(windowMs).toBe(15 * 60_000);
    const perHour = (limit: number) => limit * (3_600_000 / windowMs);
    expect(perHour(maxFailuresPerAccountAddress)).toBeLessThan(100);
    expect(perHour(maxFailuresPerAddress)).toBeLessThan(100);
  });

  it('locks an account at one address after 5 failures there, even for the right password; the owner elsewhere gets in', async () => {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const attacker = uniqueIp();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      // The account is counted whatever the spelling of its email.
      const email = attempt % 2 === 0 ? user.email.toUpperCase() : ` ${user.email}`;
      const reply = await login(app, email, `wrong-${attempt}`, attacker);
      expect(reply.status, `attempt ${attempt}`).toBe(401);
      expect(reply.body.code).toBe('INVALID_CREDENTIALS');
    }

    const right = await login(app, user.email, PASSWORD, attacker);
    expectThrottled(right, 15 * 60);
    expect(right.body.message).toBe('Çok fazla başarısız giriş denemesi. Lütfen 15 dakika sonra tekrar deneyin.');
    const wrong = await login(app, user.email, 'still-wrong', attacker);
    expectThrottled(wrong, 15 * 60);
    // The right and a wrong password get the same answer: the lock reveals nothing about the password.
    expect(wrong.body).toEqual(right.body);
    expect(await sessionCount(app, user.id)).toBe(0);

    const english = await login(app, user.email, PASSWORD, attacker, { 'X-Lang': 'en' });
    expectThrottled(english, 15 * 60);
    expect(english.body.message).toBe('Too many failed login attempts. Please try again in 15 minutes.');

    // Nobody can lock the owner out: from the owner's own address the account opens as always.
    const owner = await login(app, user.email, PASSWORD, uniqueIp());
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
    // …and that success does not unlock the attacker's address for this account.
    expectThrottled(await login(app, user.email, PASSWORD, attacker), 15 * 60);
  });

  it('lets the account in again at that address once its failures leave the window', async () => {
    const user = await makeUser(app.dataSource, { role: 'customer', companyId: company.id });
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 5; attempt += 1) await login(app, user.email, 'wrong', ip);
    expect((await login(app, user.email, PASSWORD, ip)).status).toBe(429);
    await app.dataSource.query(
      `UPDATE login_attempts SET created_at = created_at - interval '16 minutes' WHERE email = $1`,
      [user.email],
    );
    const reply = await login(app, user.email, PASSWORD, ip);
    expect(reply.status).toBe(200);
    expect(reply.body.token).toEqual(expect.any(String));
  });

  it('forgets the failures at an address after a successful sign-in there', async () => {
    const user = await makeUser(app.dataSource, { role: 'customer', companyId: company.id });
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 4; attempt += 1) await login(app, user.email, 'wrong', ip);
    expect((await login(app, user.email, PASSWORD, ip)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await login(app, user.email, 'wrong', ip)).status).toBe(401);
    }
    expect((await login(app, user.email, PASSWORD, ip)).status).toBe(200);
  });

  /** Guesses one at a time until the throttle answers; how many were still checked (401) before it did. */
  async function checkedUntilThrottled(guess: () => Promise<Reply>): Promise<number> {
    for (let checked = 0; checked < 100; checked += 1) {
      const reply = await guess();
      if (reply.status === 429) return checked;
      expect(reply.status).toBe(401);
    }
    throw new Error('never throttled');
  }

  it('holds the account-and-address limit against parallel guesses', async () => {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const ip = uniqueIp();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, index) => login(app, user.email, `parallel-guess-${index}`, ip)),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    const checked = statuses.filter((status) => status === 401).length;
    // At most 5 guesses of the burst reach the password check, and no more than 5 in all.
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked + (await checkedUntilThrottled(() => login(app, user.email, 'one-more', ip)))).toBe(5);
    expectThrottled(await login(app, user.email, PASSWORD, ip), 15 * 60);
  });

  it('holds the address limit against parallel guesses', async () => {
    const { maxFailuresPerAddress } = app.config.loginThrottle;
    const ip = uniqueIp();
    const replies = await Promise.all(
      Array.from({ length: maxFailuresPerAddress + 20 }, () => login(app, nobody(), 'guess', ip)),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(maxFailuresPerAddress);
    expect(checked + (await checkedUntilThrottled(() => login(app, nobody(), 'guess', ip)))).toBe(
      maxFailuresPerAddress,
    );
  });

  it('locks an address after its failures across different emails, but not other addresses', async () => {
    const { maxFailuresPerAddress, windowMs } = app.config.loginThrottle;
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= maxFailuresPerAddress; attempt += 1) {
      const reply = await login(app, nobody(), 'guess', ip);
      expect(reply.status, `attempt ${attempt}`).toBe(401);
    }

    const fromLockedAddress = await login(app, user.email, PASSWORD, ip);
    expectThrottled(fromLockedAddress, windowMs / 1000);
    const unknownFromLocked = await login(app, nobody(), 'guess', ip);
    expectThrottled(unknownFromLocked, windowMs / 1000);
    expect(unknownFromLocked.body).toEqual(fromLockedAddress.body);
    expect(await sessionCount(app, user.id)).toBe(0);

    const fromOtherAddress = await login(app, user.email, PASSWORD, uniqueIp());
    expect(fromOtherAddress.status).toBe(200);
    expect(fromOtherAddress.body.success).toBe(true);
    // A success elsewhere does not unlock the address.
    expect((await login(app, user.email, PASSWORD, ip)).status).toBe(429);
  });
});

describe('login throttling with configured limits', () => {
  let app: TestApp;
  let company: MadeCompany;

  beforeAll(async () => {
    app = await startTestApp({
      LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: '3',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '4',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '6',
      LOGIN_WINDOW_MINUTES: '2',
    });
    company = await makeCompany(app.dataSource);
  });
  afterAll(async () => {
    await app.close();
  });

  it('locks an account at an address after the configured number of failures, with Retry-After within the window', async () => {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 2; attempt += 1) await login(app, user.email, 'wrong', ip);
    expect((await login(app, user.email, 'wrong', ip)).status).toBe(401);
    const locked = await login(app, user.email, PASSWORD, ip);
    expectThrottled(locked, 120);
    expect(locked.body.message).toBe('Çok fazla başarısız giriş denemesi. Lütfen 2 dakika sonra tekrar deneyin.');
  });

  it('locks an address after the configured number of failures', async () => {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await login(app, nobody(), 'guess', ip)).status).toBe(401);
    }
    expectThrottled(await login(app, user.email, PASSWORD, ip), 120);
    expect((await login(app, user.email, PASSWORD, uniqueIp())).status).toBe(200);
  });

  it('stops guessing spread over many addresses at the account ceiling, parallel guesses included', async () => {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) => login(app, user.email, `spread-guess-${index}`, uniqueIp())),
    );
    const checked = replies.filter((reply) => reply.status === 401).length;
    expect(replies.every((reply) => reply.status === 401 || reply.status === 429)).toBe(true);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(6);
    for (let extra = checked; extra < 6; extra += 1) {
      expect((await login(app, user.email, 'one-more', uniqueIp())).status).toBe(401);
    }
    // Six failures from six addresses: the account is closed to every address until they leave the window.
    expectThrottled(await login(app, user.email, PASSWORD, uniqueIp()), 120);
  });
});
