import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '@kanat360/i18n';
import { makeCompany, makeTurbine, makeUser, type MadeUser, PASSWORD } from './factories.js';
import { api, call, type CallPath, type Reply, signIn, unchecked } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

const inTurkish = translator('tr');

interface ErrorReply {
  success: false;
  code: string;
  message: string;
  field?: string;
  correlationId?: string;
}

let app: TestApp;
let user: MadeUser;

beforeAll(async () => {
  app = await startTestApp();
  const company = await makeCompany(app.dataSource);
  user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
});
afterAll(async () => {
  await app.close();
});

/** Runs `body` while a table the app needs is renamed away, and always puts it back. */
async function withoutTable<T>(table: string, body: () => Promise<T>): Promise<T> {
  await app.dataSource.query(`ALTER TABLE "${table}" RENAME TO "${table}_off"`);
  try {
    return await body();
  } finally {
    await app.dataSource.query(`ALTER TABLE "${table}_off" RENAME TO "${table}"`);
  }
}

/** Nothing of the inside may leak: no stack, no SQL, no table or driver names, no file paths. */
function expectNoInternals(reply: Reply<unknown>, ...names: string[]): void {
  for (const leak of [
    ...names,
    'QueryFailedError',
    'relation "',
    'does not exist',
    'INSERT',
    'SELECT',
    'stack',
    '    at ',
    'node_modules',
    '.ts:',
    '.js:',
    'typeorm',
    'postgres',
  ]) {
    expect(reply.text.toLowerCase(), leak).not.toContain(leak.toLowerCase());
  }
}

describe('an unexpected failure', () => {
  it('is a 500 with a correlation id equal to X-Request-Id and no internals', async () => {
    const reply = await withoutTable('login_attempts', () =>
      call(app, 'POST', '/api/auth/login', { body: { email: user.email, password: 'wrong-password' } }),
    );
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      message: inTurkish('errors.INTERNAL_ERROR'),
      correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
    });
    expect(reply.body.correlationId).toBe(reply.headers.get('x-request-id'));
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expectNoInternals(reply, 'login_attempts');

    // The app works again once the table is back.
    const after = await call(app, 'POST', '/api/auth/login', { body: { email: user.email, password: PASSWORD } });
    expect(after.status).toBe(200);
  });

  it("carries the caller's request id and answers in English with X-Lang: en", async () => {
    const reply = await withoutTable('login_attempts', () =>
      call(app, 'POST', '/api/auth/login', {
        body: { email: user.email, password: PASSWORD },
        headers: { 'X-Request-Id': 'trace-errors-42', 'X-Lang': 'en' },
      }),
    );
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      message: 'An unexpected error occurred. Please try again.',
      correlationId: 'trace-errors-42',
    });
    expect(reply.headers.get('x-request-id')).toBe('trace-errors-42');
    expectNoInternals(reply, 'login_attempts');
  });

  it('hides the failure of a signed-in call too', async () => {
    const signed = await api(app, 'post', '/auth/login', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(signed.status).toBe(200);
    const reply = await withoutTable('sessions', () =>
      call<ErrorReply>(app, 'GET', '/api/auth/profile', { as: { token: signed.body.token } }),
    );
    expect(reply.status).toBe(500);
    expect(reply.body.code).toBe('INTERNAL_ERROR');
    expect(reply.body.correlationId).toBe(reply.headers.get('x-request-id'));
    expectNoInternals(reply, 'sessions', user.email);
  });
});

describe('bad input is never a 5xx', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const oddBodies: { name: string; raw: string; contentType?: string }[] = [
    ...[
      42,
      -1,
      0,
      3.14,
      null,
      true,
      'a@b.de',
      [],
      [{ email: 'a@b.de', password: 'x' }],
      {},
      { email: null, password: null },
      { email: 1, password: 2 },
      { email: 1e308, password: -1e308 },
      { email: true, password: false },
      { email: { $ne: '' }, password: { $gt: '' } },
      { email: ['a@b.de'], password: ['x'] },
      { email: { nested: { deeper: { deepest: 'a@b.de' } } }, password: 'x' },
      { email: 'a'.repeat(900_000), password: 'x' },
      { email: 'a@b.de', password: 'p'.repeat(900_000) },
      { email: `${'ü'.repeat(300)}@example.com`, password: 'x' },
      { email: 'ünïcödé@bücher.de', password: 'şifre-ğüşıöç' },
      { email: '用户@例子.广告', password: '密码密码密码' },
      { email: '😀😀😀@emoji.example', password: '🔑🔑🔑🔑🔑🔑' },
      { email: 'مستخدم@مثال.com', password: '\u202egnp.exe' },
      { email: 'nul\u0000byte@example.com', password: 'pass\u0000word' },
      { email: 'a@b.de', password: '\u0000' },
      { email: "' OR '1'='1", password: "' OR '1'='1' --" },
      { email: 'a@b.de', password: 'x', extra: { deep: [1, 2, 3] } },
      { email: 'a@b.de', password: 'x', __proto__: { admin: true } },
    ].map((body) => ({ name: JSON.stringify(body)?.slice(0, 60) ?? 'undefined', raw: JSON.stringify(body) })),
    { name: 'lone surrogates', raw: '{"email":"\\ud800@b.de","password":"\\udfff"}' },
    { name: 'escaped NUL', raw: '{"email":"a\\u0000@b.de","password":"x"}' },
    { name: '__proto__ key', raw: '{"__proto__":{"admin":true},"email":"a@b.de","password":"x"}' },
    { name: 'constructor key', raw: '{"constructor":{"prototype":{"admin":true}},"email":"a@b.de","password":"x"}' },
    { name: 'duplicate keys', raw: '{"email":"a@b.de","email":{"x":1},"password":"x"}' },
    { name: 'huge number', raw: '{"email":1e999,"password":1e999}' },
    { name: 'deep nesting', raw: `{"email":${nested(100_000)},"password":"x"}` },
    { name: 'deep nesting at the top', raw: nested(200_000) },
    { name: 'truncated', raw: '{"email":"a@b.de","password":"x' },
    { name: 'trailing comma', raw: '{"email":"a@b.de","password":"x",}' },
    { name: 'empty body', raw: '' },
    { name: 'whitespace body', raw: '   ' },
    { name: 'invalid utf-8', raw: '{"email":"\udcff\udcfe","password":"x"}' },
    { name: 'text/plain body', raw: '{"email":"a@b.de","password":"x"}', contentType: 'text/plain' },
    { name: 'form body', raw: 'email=a%40b.de&password=x', contentType: 'application/x-www-form-urlencoded' },
    { name: 'unsupported charset', raw: '{"email":"a@b.de"}', contentType: 'application/json; charset=ebcdic' },
  ];

  const paths = ['/api/auth/login', '/api/auth/password-reset', '/api/auth/password-reset/confirm'] as const;

  for (const path of paths) {
    it(`POST ${path} answers every odd body with a 4xx error shape`, async () => {
      for (const { name, raw, contentType } of oddBodies) {
        const reply = await call<ErrorReply>(app, 'POST', path, {
          raw,
          headers: contentType ? { 'Content-Type': contentType } : {},
        });
        const label = `${path} ${name}: ${reply.status} ${reply.text.slice(0, 200)}`;
        expect(reply.status, label).toBeLessThan(500);
        if (reply.status >= 400) {
          expect(reply.body, label).toMatchObject({ success: false, code: expect.any(String) as unknown });
          expect(typeof reply.body.message, label).toBe('string');
          expect(reply.body.correlationId, label).toBeUndefined();
        } else {
          // Only the password reset form may accept an odd but valid-looking email: with its usual answer.
          expect(path, label).toBe('/api/auth/password-reset');
          expect(reply.body, label).toMatchObject({ success: true, data: null });
        }
      }
    });
  }

  it('answers a gzip body that is not gzip with a 4xx', async () => {
    const reply = await call<ErrorReply>(app, 'POST', '/api/auth/login', {
      raw: '{"email":"a@b.de","password":"x"}',
      headers: { 'Content-Encoding': 'gzip' },
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body.success).toBe(false);
  });

  it('answers odd query strings and headers on the session routes with a 4xx', async () => {
    const cases: { path: CallPath; headers?: Record<string, string> }[] = [
      { path: '/api/auth/profile?user_id[]=1&user_id[]=2&role[$ne]=x' },
      { path: `/api/auth/profile?${'a=1&'.repeat(2000)}` },
      { path: '/api/auth/profile', headers: { Authorization: 'Bearer ' + 'a'.repeat(8000) } },
      { path: '/api/auth/profile', headers: { Authorization: 'Bearer a.b.c' } },
      { path: '/api/auth/profile', headers: { Authorization: 'Bearer e30.e30.e30' } },
      { path: '/api/auth/profile', headers: { Cookie: 'kanat360_session=%E0%A4%A' } },
      { path: '/api/auth/profile', headers: { Cookie: `kanat360_session=${'x'.repeat(6000)}` } },
      { path: '/api/auth/profile', headers: { 'X-Lang': '../../etc/passwd' } },
      { path: '/api/auth/profile', headers: { 'Accept-Language': 'x'.repeat(4000) } },
      { path: '/api/auth/profile', headers: { 'X-Request-Id': 'bad id with spaces and <script>' } },
    ];
    for (const { path, headers } of cases) {
      const reply = await call<ErrorReply>(app, 'GET', path, { headers });
      const label = `${path.slice(0, 60)} ${JSON.stringify(headers ?? {}).slice(0, 60)}`;
      expect(reply.status, label).toBe(401);
      expect(reply.body.success, label).toBe(false);
      expect(reply.headers.get('x-request-id'), label).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    }
  });

  it('answers a lone surrogate in a path with 400 and a code; in a query string it arrives as U+FFFD', async () => {
    const turbine = await makeTurbine(app.dataSource, user.companyId);
    const { bearer: as } = await signIn(app, user.email, PASSWORD);
    // %ED%A0%80: U+D800 encoded as if it were a character (what encoding a lone surrogate byte by byte gives).
    for (const path of [
      '/api/turbines/%ED%A0%80',
      `/api/turbines/${turbine}/photos/%ED%A0%80`,
      '/api/users/%ED%A0%80',
    ]) {
      const reply = await call<ErrorReply>(app, 'GET', unchecked(path), { as });
      expect(reply.status, path).toBe(400);
      expect(reply.body, path).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    // A query string is decoded as URLSearchParams decodes it: bytes that are not UTF-8 become U+FFFD, so no
    // lone surrogate reaches a handler; the search for "\ufffd\ufffd\ufffd" finds nothing.
    const search = await call<{ success: boolean; data: unknown[] }>(
      app,
      'GET',
      `/api/turbines/${turbine}/photos?q=%ED%A0%80`,
      { as },
    );
    expect(search.status).toBe(200);
    expect(search.body).toMatchObject({ success: true, data: [] });
  });
});
