import { createHmac, randomBytes } from 'node:crypto';
import { permissionsOf, type SessionUser } from '@kanat360/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '@kanat360/i18n';
import { Clock } from '@/common/clock.js';
import { makeCompany, makeUser, type MadeCompany, type MadeUser, PASSWORD, unique } from './factories.js';
import { countOf, sleep } from './eventually.js';
import {
  api,
  call,
  type Credentials,
  malformed,
  type Malformed,
  type Reply,
  type RequestBody,
  signIn,
} from './http.js';
import { startTestApp, TEST_SECRET, type TestApp } from './test-app.js';

const inTurkish = translator('tr');

interface ErrorReply {
  success: false;
  code: string;
  message: string;
  field?: string;
}
/** A login answer: the success fields, or an error's code and field. */
interface LoginReply {
  success: boolean;
  token: string;
  user: SessionUser;
  message: string;
  code?: string;
  field?: string;
}

let app: TestApp;
let company: MadeCompany;
let superadmin: MadeUser;

beforeAll(async () => {
  app = await startTestApp();
  company = await makeCompany(app.dataSource);
  superadmin = await makeUser(app.dataSource, { role: 'superadmin', companyId: company.id });
});
afterAll(async () => {
  await app.close();
});

/** A login: its body of the document's type, or one made `malformed` on purpose; its answer a success or an error. */
const login = (body: RequestBody<'post', '/auth/login'> | Malformed, headers: Record<string, string> = {}) =>
  call<LoginReply, 'POST', '/api/auth/login'>(app, 'POST', '/api/auth/login', { body, headers });

/** A Set-Cookie line of the named cookie, split into its value and its lower-cased attributes. */
function parseSetCookie(lines: string[], name: string): { value: string; attributes: Map<string, string> } {
  const line = lines.find((candidate) => candidate.startsWith(`${name}=`));
  expect(line, `Set-Cookie for ${name}`).toBeDefined();
  const [pair = '', ...rest] = (line ?? '').split(';').map((part) => part.trim());
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const [key = '', ...value] = part.split('=');
    attributes.set(key.toLowerCase(), value.join('='));
  }
  return { value: pair.slice(name.length + 1), attributes };
}

const signingKey = () => new Uint8Array(createHmac('sha256', TEST_SECRET).update('kanat360/jwt').digest());
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decodePayload = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

async function sessionIdOf(userId: number): Promise<string> {
  const rows: { id: string }[] = await app.dataSource.query(
    `SELECT id FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
    [userId],
  );
  return rows[0]!.id;
}

async function profileStatus(as: Credentials): Promise<number> {
  return (await call(app, 'GET', '/api/auth/profile', { as })).status;
}

describe('POST /api/auth/login', () => {
  it('signs in with the documented answer and no password hash anywhere', async () => {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const reply = await login({ email: user.email, password: PASSWORD });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) as unknown,
      message: inTurkish('auth.loginSuccess'),
      user: {
        id: user.id,
        first_name: 'Test',
        last_name: 'operator',
        email: user.email,
        role: 'operator',
        company_id: company.id,
        company_name: company.name,
        is_active: true,
        language: 'tr',
        permissions: permissionsOf('operator'),
        session_expires_at: expect.any(String) as unknown,
      },
    });
    const expiresAt = Date.parse(reply.body.user.session_expires_at);
    expect(expiresAt).toBeGreaterThan(Date.now() + 60 * 60_000);
    const rows: { password_hash: string }[] = await app.dataSource.query(
      `SELECT password_hash FROM users WHERE id = $1`,
      [user.id],
    );
    expect(reply.text).not.toContain(rows[0]!.password_hash);
    expect(reply.text).not.toMatch(/argon2|password/i);
  });

  it('sets an httpOnly, SameSite=Lax session cookie (not Secure over http) and a readable XSRF cookie', async () => {
    const user = await makeUser(app.dataSource, { role: 'customer', companyId: company.id });
    const reply = await login({ email: user.email, password: PASSWORD });
    expect(reply.status).toBe(200);
    const lines = reply.headers.getSetCookie();
    const session = parseSetCookie(lines, 'kanat360_session');
    expect(session.value).toBe(reply.body.token);
    expect(session.attributes.has('httponly')).toBe(true);
    expect(session.attributes.get('samesite')?.toLowerCase()).toBe('lax');
    expect(session.attributes.has('secure')).toBe(false);
    expect(session.attributes.get('path')).toBe('/');
    const xsrf = parseSetCookie(lines, 'XSRF-TOKEN');
    expect(xsrf.value.length).toBeGreaterThan(20);
    expect(xsrf.attributes.has('httponly')).toBe(false);
    expect(xsrf.attributes.get('samesite')?.toLowerCase()).toBe('lax');
  });

  it('marks both cookies Secure when the request came over https through the trusted proxy', async () => {
    const user = await makeUser(app.dataSource, { role: 'customer', companyId: company.id });
    const reply = await login({ email: user.email, password: PASSWORD }, { 'X-Forwarded-Proto': 'https' });
    expect(reply.status).toBe(200);
    const lines = reply.headers.getSetCookie();
    const session = parseSetCookie(lines, 'kanat360_session');
    expect(session.attributes.has('secure')).toBe(true);
    expect(session.attributes.has('httponly')).toBe(true);
    expect(parseSetCookie(lines, 'XSRF-TOKEN').attributes.has('secure')).toBe(true);
  });

  it('matches the email without regard to case or surrounding spaces', async () => {
    const user = await makeUser(app.dataSource, {
      role: 'customer',
      companyId: company.id,
      email: `mixed.${unique()}@test.kanat360.local`,
    });
    const reply = await login({ email: `  ${user.email.toUpperCase()} `, password: PASSWORD });
    expect(reply.status).toBe(200);
    expect(reply.body.user.id).toBe(user.id);
    expect(reply.body.user.email).toBe(user.email);
  });

  it('answers a wrong password, an unknown email and an inactive user with the identical 401', async () => {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const inactive = await makeUser(app.dataSource, { role: 'operator', companyId: company.id, isActive: false });
    const wrongPassword = await login({ email: user.email, password: 'not-the-password' });
    const unknownEmail = await login({ email: `nobody.${unique()}@test.kanat360.local`, password: PASSWORD });
    const inactiveUser = await login({ email: inactive.email, password: PASSWORD });
    const expected = {
      success: false,
      code: 'INVALID_CREDENTIALS',
      message: inTurkish('errors.INVALID_CREDENTIALS'),
    };
    for (const reply of [wrongPassword, unknownEmail, inactiveUser]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual(expected);
      expect(reply.headers.getSetCookie()).toEqual([]);
    }
    const sessions: unknown[] = await app.dataSource.query(`SELECT 1 FROM sessions WHERE user_id = ANY($1)`, [
      [user.id, inactive.id],
    ]);
    expect(sessions).toHaveLength(0);
  });

  it('answers in English with X-Lang: en', async () => {
    const failed = await login({ email: `nobody.${unique()}@test.kanat360.local`, password: 'x' }, { 'X-Lang': 'en' });
    expect(failed.status).toBe(401);
    expect(failed.body).toEqual({
      success: false,
      code: 'INVALID_CREDENTIALS',
      message: 'Login failed. Please check your credentials.',
    });
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const ok = await login({ email: user.email, password: PASSWORD }, { 'X-Lang': 'en' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Login successful');
    expect(ok.body.user.language).toBe('en');
    const missing = await login(malformed({}), { 'X-Lang': 'en' });
    expect(missing.body.message).toBe('Please fill in all fields');
  });

  it('refuses bad input with a 400 and the field', async () => {
    const email = `someone.${unique()}@test.kanat360.local`;
    const cases: [unknown, string, string | undefined][] = [
      [{}, 'FIELDS_REQUIRED', 'email'],
      [{ email }, 'FIELDS_REQUIRED', 'password'],
      [{ email: '   ', password: 'x' }, 'FIELDS_REQUIRED', 'email'],
      [{ email, password: '' }, 'FIELDS_REQUIRED', 'password'],
      [{ email: 42, password: 'x' }, 'VALIDATION_ERROR', 'email'],
      [{ email, password: 123456 }, 'VALIDATION_ERROR', 'password'],
      [{ email, password: ['x'] }, 'VALIDATION_ERROR', 'password'],
      [{ email: `${'a'.repeat(250)}@x.io`, password: 'x' }, 'VALUE_TOO_LONG', 'email'],
      [{ email, password: 'p'.repeat(1025) }, 'VALUE_TOO_LONG', 'password'],
      [{ email, password: 'x', role: 'superadmin' }, 'UNKNOWN_FIELD', 'role'],
      // PostgreSQL text cannot hold U+0000: refused as bad input, not a database failure.
      [{ email: `nul\u0000${email}`, password: 'x' }, 'VALIDATION_ERROR', 'email'],
    ];
    for (const [body, code, field] of cases) {
      const reply = await login(malformed(body));
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body).toMatchObject({ success: false, code, message: expect.any(String) as unknown });
      if (field) expect(reply.body.field).toBe(field);
    }
    const unknownField = await login(malformed({ email, password: 'x', is_admin: true }));
    expect(unknownField.body.message).toBe('Bilinmeyen alan: is_admin');
  });

  it('answers malformed JSON, non-object JSON and a body over 1 MB with a 4xx, never a 5xx', async () => {
    const malformed = await call<ErrorReply>(app, 'POST', '/api/auth/login', { raw: '{"email": "a@b.c", "password":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false, code: 'INVALID_JSON' });

    for (const raw of ['[]', '[{"email":"a@b.c","password":"x"}]', '"a@b.c"', '42', 'null', 'true']) {
      const reply = await call<ErrorReply>(app, 'POST', '/api/auth/login', { raw });
      expect(reply.status, raw).toBeGreaterThanOrEqual(400);
      expect(reply.status, raw).toBeLessThan(500);
      expect(reply.body.success, raw).toBe(false);
    }

    const huge = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1_100_000) });
    const tooLarge = await call<ErrorReply>(app, 'POST', '/api/auth/login', { raw: huge });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('session endpoints', () => {
  it('verify, profile and validate-session answer a signed-in caller, by bearer and by cookie', async () => {
    const user = await makeUser(app.dataSource, { role: 'admin', companyId: company.id });
    const signed = await signIn(app, user.email, PASSWORD);
    for (const as of [signed.bearer, { cookie: signed.browser.cookie }] as Credentials[]) {
      const verify = await call(app, 'GET', '/api/auth/verify', { as });
      expect(verify.status).toBe(200);
      expect(verify.body).toEqual({ success: true });

      const profile = await call<{ success: true; user: SessionUser }>(app, 'GET', '/api/auth/profile', { as });
      expect(profile.status).toBe(200);
      expect(profile.body.success).toBe(true);
      expect(profile.body.user).toEqual(signed.body.user);

      const validate = await call<{ success: true; user: SessionUser; message: string }>(
        app,
        'GET',
        '/api/auth/validate-session',
        { as },
      );
      expect(validate.status).toBe(200);
      expect(validate.body).toEqual({ success: true, user: signed.body.user, message: expect.any(String) as unknown });
      expect(validate.body.user.permissions).toEqual(permissionsOf('admin'));
    }
  });

  it('answers 401 without credentials', async () => {
    for (const path of ['/api/auth/verify', '/api/auth/profile', '/api/auth/validate-session'] as const) {
      const reply = await call<ErrorReply>(app, 'GET', path);
      expect(reply.status, path).toBe(401);
      expect(reply.body).toEqual({
        success: false,
        code: 'UNAUTHENTICATED',
        message: inTurkish('errors.UNAUTHENTICATED'),
      });
    }
    const refresh = await call<ErrorReply>(app, 'POST', '/api/auth/refresh');
    expect(refresh.status).toBe(401);
  });

  it('refresh never extends a session past its absolute lifetime (30 days from sign-in)', async () => {
    expect(app.config.sessionMaxAgeMs).toBe(30 * 86_400_000);
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const signed = await signIn(app, user.email, PASSWORD);
    const sessionId = await sessionIdOf(user.id);
    // Signed in 29 days and 23 hours ago: a refresh may only reach the 30th day, not 12 hours on.
    await app.dataSource.query(`UPDATE sessions SET created_at = now() - interval '29 days 23 hours' WHERE id = $1`, [
      sessionId,
    ]);
    const refreshed = await call<{ user: SessionUser }>(app, 'POST', '/api/auth/refresh', { as: signed.bearer });
    expect(refreshed.status).toBe(200);
    const expires = Date.parse(refreshed.body.user.session_expires_at);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3_600_000 + 5_000);
    expect(expires).toBeGreaterThan(Date.now() + 3_600_000 - 60_000);

    // Past the lifetime, refreshing ends the session.
    await app.dataSource.query(`UPDATE sessions SET created_at = now() - interval '31 days' WHERE id = $1`, [
      sessionId,
    ]);
    const late = await call<ErrorReply>(app, 'POST', '/api/auth/refresh', { as: signed.bearer });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('SESSION_EXPIRED');
    expect((await call(app, 'GET', '/api/auth/profile', { as: signed.bearer })).status).toBe(401);
  });

  it('refresh gives a new working token with a later expiry', async () => {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    // Tokens carry second-resolution times: signed in two seconds ago, so the new token must differ.
    const clock = app.app.get(Clock);
    clock.now = () => new Date(Date.now() - 2_000);
    const signed = await signIn(app, user.email, PASSWORD).finally(() => {
      clock.now = () => new Date();
    });
    const before = (signed.body.user as SessionUser).session_expires_at;
    const refreshed = await call<{ success: true; token: string; user: SessionUser }>(
      app,
      'POST',
      '/api/auth/refresh',
      {
        as: signed.bearer,
      },
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.success).toBe(true);
    expect(refreshed.body.token).not.toBe(signed.token);
    expect(Date.parse(refreshed.body.user.session_expires_at)).toBeGreaterThan(Date.parse(before));
    expect(decodePayload(refreshed.body.token).exp).toBeGreaterThan(decodePayload(signed.token).exp as number);
    const profile = await call<{ user: SessionUser }>(app, 'GET', '/api/auth/profile', {
      as: { token: refreshed.body.token },
    });
    expect(profile.status).toBe(200);
    expect(profile.body.user.id).toBe(user.id);
    expect(profile.body.user.session_expires_at).toBe(refreshed.body.user.session_expires_at);
    const rows: { expires_at: Date }[] = await app.dataSource.query(`SELECT expires_at FROM sessions WHERE id = $1`, [
      await sessionIdOf(user.id),
    ]);
    expect(rows[0]!.expires_at.toISOString()).toBe(refreshed.body.user.session_expires_at);
    // A browser refresh also renews both cookies.
    const viaCookie = await call(app, 'POST', '/api/auth/refresh', { as: signed.browser });
    expect(viaCookie.status).toBe(200);
    const lines = viaCookie.headers.getSetCookie();
    expect(parseSetCookie(lines, 'kanat360_session').value).toBe(viaCookie.body.token);
    expect(parseSetCookie(lines, 'XSRF-TOKEN').value).toBe(signed.browser.xsrf);
  });

  it('takes identity from the session only: forged query parameters change nothing', async () => {
    const other = await makeCompany(app.dataSource);
    const user = await makeUser(app.dataSource, { role: 'customer', companyId: company.id });
    const signed = await signIn(app, user.email, PASSWORD);
    const query =
      `?user_id=${superadmin.id}&role=superadmin&company_id=${other.id}&filter_company_id=${other.id}` as const;
    for (const path of ['/api/auth/profile', '/api/auth/validate-session'] as const) {
      const reply = await call<{ user: SessionUser }>(app, 'GET', `${path}${query}`, { as: signed.bearer });
      expect(reply.status).toBe(200);
      expect(reply.body.user).toMatchObject({ id: user.id, role: 'customer', company_id: company.id });
      expect(reply.body.user.permissions).toEqual(permissionsOf('customer'));
    }
    const companies = await call<ErrorReply>(app, 'GET', `/api/companies${query}`, { as: signed.bearer });
    expect(companies.status).toBe(403);
    expect(companies.body.code).toBe('FORBIDDEN');
  });
});

describe('XSRF double submit', () => {
  const companyCount = (name: string) =>
    countOf(app.dataSource, `SELECT count(*)::int AS count FROM companies WHERE name = $1`, [name]);

  it('refuses a cookie-authenticated mutation without or with a wrong X-XSRF-TOKEN, and accepts the right one', async () => {
    const signed = await signIn(app, superadmin.email, PASSWORD);
    const name = `Xsrf ${unique()}`;

    const missing = await call(app, 'POST', '/api/companies', {
      body: { name },
      as: { cookie: signed.browser.cookie },
    });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({
      success: false,
      code: 'XSRF_MISMATCH',
      message: inTurkish('errors.XSRF_MISMATCH'),
    });
    expect(await companyCount(name)).toBe(0);

    const flipped = signed.browser.xsrf.slice(0, -1) + (signed.browser.xsrf.endsWith('A') ? 'B' : 'A');
    for (const xsrf of ['wrong', flipped, signed.browser.xsrf + 'x', signed.browser.xsrf.toUpperCase()]) {
      const wrong = await call(app, 'POST', '/api/companies', {
        body: { name },
        as: { cookie: signed.browser.cookie, xsrf },
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body.code).toBe('XSRF_MISMATCH');
    }
    expect(await companyCount(name)).toBe(0);

    const right = await api(app, 'post', '/companies', {
      body: { name },
      as: signed.browser,
    });
    expect(right.status).toBe(201);
    expect(right.body.data.name).toBe(name);
    expect(await companyCount(name)).toBe(1);
  });

  it('refuses a cookie refresh without the header, and a bearer mutation needs none', async () => {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const signed = await signIn(app, user.email, PASSWORD);
    const before: { expires_at: Date }[] = await app.dataSource.query(`SELECT expires_at FROM sessions WHERE id = $1`, [
      await sessionIdOf(user.id),
    ]);
    const refused = await call<ErrorReply>(app, 'POST', '/api/auth/refresh', { as: { cookie: signed.browser.cookie } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('XSRF_MISMATCH');
    expect(refused.headers.getSetCookie()).toEqual([]);
    const after: { expires_at: Date }[] = await app.dataSource.query(`SELECT expires_at FROM sessions WHERE id = $1`, [
      await sessionIdOf(user.id),
    ]);
    expect(after[0]!.expires_at.getTime()).toBe(before[0]!.expires_at.getTime());

    const admin = await signIn(app, superadmin.email, PASSWORD);
    const name = `Bearer ${unique()}`;
    const created = await call(app, 'POST', '/api/companies', { body: { name }, as: admin.bearer });
    expect(created.status).toBe(201);
    expect(await companyCount(name)).toBe(1);
  });

  it("does not accept another session's XSRF token", async () => {
    const first = await signIn(app, superadmin.email, PASSWORD);
    const second = await signIn(app, superadmin.email, PASSWORD);
    expect(first.browser.xsrf).not.toBe(second.browser.xsrf);
    const name = `Swap ${unique()}`;
    const reply = await call(app, 'POST', '/api/companies', {
      body: { name },
      as: { cookie: first.browser.cookie, xsrf: second.browser.xsrf },
    });
    expect(reply.status).toBe(403);
    expect(await companyCount(name)).toBe(0);
  });
});

describe('forged and tampered tokens', () => {
  let user: MadeUser;
  let other: MadeUser;
  let token: string;
  let sessionId: string;

  beforeAll(async () => {
    user = await makeUser(app.dataSource, { role: 'customer', companyId: company.id });
    other = await makeUser(app.dataSource, { role: 'customer', companyId: company.id });
    token = (await signIn(app, user.email, PASSWORD)).token;
    sessionId = await sessionIdOf(user.id);
  });

  const claims = () => ({
    sid: sessionId,
    sub: String(user.id),
    iss: 'kanat360',
    aud: 'kanat360',
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 3600,
  });

  async function expect401(forged: string, code = 'UNAUTHENTICATED'): Promise<void> {
    for (const as of [{ token: forged }, { cookie: `kanat360_session=${forged}` }] as Credentials[]) {
      const reply: Reply<ErrorReply> = await call<ErrorReply>(app, 'GET', '/api/auth/profile', { as });
      expect(reply.status, forged.slice(0, 60)).toBe(401);
      expect(reply.body.code).toBe(code);
      expect(reply.text).not.toContain(user.email);
    }
  }

  it('the genuine token works (control)', async () => {
    expect(await profileStatus({ token })).toBe(200);
  });

  it('refuses an unsigned alg=none token', async () => {
    await expect401(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims())}.`);
    await expect401(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims())}`);
  });

  it('refuses a token signed with another key or another algorithm', async () => {
    const wrongKey = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer('kanat360')
      .setAudience('kanat360')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(randomBytes(32));
    await expect401(wrongKey);
    const otherAlgorithm = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer('kanat360')
      .setAudience('kanat360')
      .setExpirationTime('1h')
      .sign(new Uint8Array(createHmac('sha512', TEST_SECRET).update('kanat360/jwt').digest()));
    await expect401(otherAlgorithm);
  });

  it('refuses a genuine token whose payload was edited (another user id, same signature)', async () => {
    const [header, , signature] = token.split('.');
    const payload = { ...decodePayload(token), sub: String(other.id) };
    await expect401(`${header}.${b64url(payload)}.${signature}`);
    const longer = { ...decodePayload(token), exp: Math.floor(Date.now() / 1000) + 365 * 86400 };
    await expect401(`${header}.${b64url(longer)}.${signature}`);
  });

  /** A genuine token of the signed-in session, issued and expiring at these times (seconds). */
  const signedToken = (issuedAt: number, expiresAt: number) =>
    new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer('kanat360')
      .setAudience('kanat360')
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(signingKey());

  it('refuses an expired token signed with the right key as SESSION_EXPIRED', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await signedToken(past - 3600, past);
    await expect401(expired, 'SESSION_EXPIRED');
    const english = await call<ErrorReply>(app, 'GET', '/api/auth/profile', {
      as: { token: expired },
      headers: { 'X-Lang': 'en' },
    });
    expect(english.body.message).toBe('Session expired. Please login again.');
  });

  it('refuses a token it accepted before, once the token has expired (a checked token is remembered)', async () => {
    // Seconds of margin: the first call must be checked before the token ends, on a busy machine too.
    const soon = Math.floor(Date.now() / 1000) + 5;
    const shortLived = await signedToken(soon - 60, soon);
    expect((await call(app, 'GET', '/api/auth/profile', { as: { token: shortLived } })).status).toBe(200);
    await sleep(soon * 1000 - Date.now() + 50);
    await expect401(shortLived, 'SESSION_EXPIRED');
  });

  it('refuses a validly signed token that names a session of another user', async () => {
    const forged = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(other.id))
      .setIssuer('kanat360')
      .setAudience('kanat360')
      .setExpirationTime('1h')
      .sign(signingKey());
    await expect401(forged, 'SESSION_EXPIRED');
  });

  it('refuses garbage', async () => {
    for (const garbage of ['garbage', 'a.b.c', `${token}x`, '....', 'eyJhbGciOiJIUzI1NiJ9']) {
      await expect401(garbage);
    }
    const malformedHeader = await call<ErrorReply>(app, 'GET', '/api/auth/profile', {
      headers: { Authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(malformedHeader.status).toBe(401);
  });
});

describe('logout', () => {
  it('revokes a bearer session and clears both cookies', async () => {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const signed = await signIn(app, user.email, PASSWORD);
    const reply = await call(app, 'POST', '/api/auth/logout', { as: signed.bearer });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true });
    const lines = reply.headers.getSetCookie();
    for (const name of ['kanat360_session', 'XSRF-TOKEN']) {
      const cookie = parseSetCookie(lines, name);
      expect(cookie.value).toBe('');
      expect(Date.parse(cookie.attributes.get('expires') ?? '')).toBeLessThan(Date.now());
    }
    expect(await profileStatus(signed.bearer)).toBe(401);
    expect(await profileStatus({ cookie: signed.browser.cookie })).toBe(401);
    const rows: { revoked_at: Date | null }[] = await app.dataSource.query(
      `SELECT revoked_at FROM sessions WHERE user_id = $1`,
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revoked_at).toBeInstanceOf(Date);
  });

  it('answers 200 and clears the cookies without any session', async () => {
    const reply = await call(app, 'POST', '/api/auth/logout');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true });
    expect(reply.headers.getSetCookie().some((line) => line.startsWith('kanat360_session=;'))).toBe(true);
    const stale = await call(app, 'POST', '/api/auth/logout', { as: { token: 'garbage' } });
    expect(stale.status).toBe(200);
  });

  it('refuses a cookie logout without the XSRF header, and accepts it with the header', async () => {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const signed = await signIn(app, user.email, PASSWORD);
    const refused = await call<ErrorReply>(app, 'POST', '/api/auth/logout', { as: { cookie: signed.browser.cookie } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('XSRF_MISMATCH');
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(await profileStatus({ cookie: signed.browser.cookie })).toBe(200);

    const accepted = await call(app, 'POST', '/api/auth/logout', { as: signed.browser });
    expect(accepted.status).toBe(200);
    expect(await profileStatus({ cookie: signed.browser.cookie })).toBe(401);
    expect(await profileStatus(signed.bearer)).toBe(401);
  });
});

describe('sessions end at once when an admin changes the account', () => {
  let admin: { token: string };
  let bystander: MadeUser;
  let bystanderToken: { token: string };

  beforeAll(async () => {
    admin = (await signIn(app, superadmin.email, PASSWORD)).bearer;
    bystander = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    bystanderToken = (await signIn(app, bystander.email, PASSWORD)).bearer;
  });

  async function twoSessions(user: MadeUser): Promise<Credentials[]> {
    const first = await signIn(app, user.email, PASSWORD);
    const second = await signIn(app, user.email, PASSWORD);
    return [first.bearer, { cookie: second.browser.cookie }];
  }

  async function expectOthersAlive(): Promise<void> {
    expect(await profileStatus(bystanderToken)).toBe(200);
    expect(await profileStatus(admin)).toBe(200);
  }

  it('on a password change by a superadmin', async () => {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const sessions = await twoSessions(user);
    for (const as of sessions) expect(await profileStatus(as)).toBe(200);
    const reply = await call(app, 'PUT', `/api/users/${user.id}/password`, {
      body: { password: 'brand-new-pass-1' },
      as: admin,
    });
    expect(reply.status).toBe(200);
    for (const as of sessions) expect(await profileStatus(as)).toBe(401);
    await expectOthersAlive();
    expect((await login({ email: user.email, password: PASSWORD })).status).toBe(401);
    expect((await login({ email: user.email, password: 'brand-new-pass-1' })).status).toBe(200);
  });

  it('on deactivation', async () => {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const sessions = await twoSessions(user);
    const reply = await call(app, 'PUT', `/api/users/${user.id}`, {
      body: { first_name: 'Test', last_name: 'operator', email: user.email, company_id: company.id, is_active: false },
      as: admin,
    });
    expect(reply.status).toBe(200);
    for (const as of sessions) expect(await profileStatus(as)).toBe(401);
    await expectOthersAlive();
    const live = `SELECT count(*)::int AS count FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`;
    expect(await countOf(app.dataSource, live, [user.id])).toBe(0);
    expect((await login({ email: user.email, password: PASSWORD })).body.code).toBe('INVALID_CREDENTIALS');
  });

  it('on deletion', async () => {
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const sessions = await twoSessions(user);
    const reply = await call(app, 'DELETE', `/api/users/${user.id}`, { as: admin });
    expect(reply.status).toBe(200);
    for (const as of sessions) expect(await profileStatus(as)).toBe(401);
    await expectOthersAlive();
  });
});
