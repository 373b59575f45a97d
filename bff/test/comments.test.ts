import { type Role, type TurbineComment } from '@kanat360/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '@kanat360/i18n';
import { TurbinePurgeWorker } from '@/turbines/turbine-purge.worker.js';
import { countOf } from './eventually.js';
import { makeCompany, makeTurbine, makeUser, type MadeCompany, type MadeUser, PASSWORD, unique } from './factories.js';
import { api, call, type Credentials, malformed, signIn, unchecked } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

const inTurkish = translator('tr');

interface CommentRow {
  id: number;
  turbine_id: number;
  user_id: number | null;
  comment: string;
  created_at: Date;
  updated_at: Date;
}

type ListReply = { success: true; data: TurbineComment[] };

const COMMENT_KEYS = [
  'can_edit',
  'comment',
  'created_at',
  'id',
  'turbine_id',
  'updated_at',
  'user_id',
  'user_name',
].sort();

const TURBINE_NOT_FOUND = { success: false, code: 'TURBINE_NOT_FOUND', message: inTurkish('errors.TURBINE_NOT_FOUND') };
const COMMENT_NOT_FOUND = { success: false, code: 'COMMENT_NOT_FOUND', message: inTurkish('errors.COMMENT_NOT_FOUND') };
const WINDOW_PASSED = {
  success: false,
  code: 'COMMENT_EDIT_WINDOW_PASSED',
  message: inTurkish('errors.COMMENT_EDIT_WINDOW_PASSED'),
};
const FORBIDDEN = { success: false, code: 'FORBIDDEN', message: inTurkish('errors.FORBIDDEN') };

const ROLES = ['superadmin', 'admin', 'company_manager', 'operator', 'customer'] as const;

let app: TestApp;
let home: MadeCompany;
let other: MadeCompany;
/** A user of every role in the home company, and their sessions. */
const users: Partial<Record<Role, MadeUser>> = {};
const as: Partial<Record<Role, Credentials>> = {};
/** A second operator of the home company: someone else, without moderation rights. */
let colleague: Credentials;
/** An operator of the other company. */
let stranger: Credentials;

async function commentRow(id: number): Promise<CommentRow | undefined> {
  const rows: CommentRow[] = await app.dataSource.query(
    `SELECT id, turbine_id, user_id, comment, created_at, updated_at FROM comments WHERE id = $1`,
    [id],
  );
  return rows[0];
}

const commentCount = (turbineId: number) =>
  countOf(app.dataSource, `SELECT count(*)::int AS count FROM comments WHERE turbine_id = $1`, [turbineId]);

/** Moves a comment back in time, as if it had been written `minutes` ago and never edited. */
async function age(id: number, minutes: number): Promise<void> {
  await app.dataSource.query(
    `UPDATE comments SET created_at = now() - make_interval(mins => $2), updated_at = now() - make_interval(mins => $2)
      WHERE id = $1`,
    [id, minutes],
  );
}

async function post(turbineId: number, caller: Credentials, comment = `Yorum ${unique()}`): Promise<TurbineComment> {
  const reply = await api(app, 'post', '/turbines/{id}/comments', {
    path: { id: turbineId },
    as: caller,
    body: { comment },
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.data;
}

async function list(turbineId: number, caller: Credentials): Promise<TurbineComment[]> {
  const reply = await call<ListReply>(app, 'GET', `/api/turbines/${turbineId}/comments`, { as: caller });
  expect(reply.status, reply.text).toBe(200);
  expect(reply.body.success).toBe(true);
  return reply.body.data;
}

beforeAll(async () => {
  // No job workers: the cascade test runs the turbine's purge itself.
  app = await startTestApp({ WORKER: 'off' });
  home = await makeCompany(app.dataSource);
  other = await makeCompany(app.dataSource);
  for (const role of ROLES) {
    users[role] = await makeUser(app.dataSource, { role, companyId: home.id });
    as[role] = (await signIn(app, users[role].email, PASSWORD)).bearer;
  }
  const second = await makeUser(app.dataSource, { role: 'operator', companyId: home.id });
  colleague = (await signIn(app, second.email, PASSWORD)).bearer;
  const outsider = await makeUser(app.dataSource, { role: 'operator', companyId: other.id });
  stranger = (await signIn(app, outsider.email, PASSWORD)).bearer;
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/turbines/:id/comments', () => {
  it("lists a turbine's comments oldest first, with the author's name, to every role", async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const first = await post(turbine, as.operator!, 'İlk yorum');
    const second = await post(turbine, as.customer!, 'İkinci yorum');
    const third = await post(turbine, as.admin!, 'Üçüncü yorum');
    // Written in the order the list must keep, whatever the insertion order of the ids.
    await age(third.id, 3);
    await age(first.id, 2);
    await age(second.id, 1);
    // Another turbine's comment stays out.
    await post(await makeTurbine(app.dataSource, home.id), as.operator!);

    for (const role of ROLES) {
      const data = await list(turbine, as[role]!);
      expect(
        data.map((comment) => comment.id),
        role,
      ).toEqual([third.id, first.id, second.id]);
      for (const comment of data) expect(Object.keys(comment).sort()).toEqual(COMMENT_KEYS);
    }
    const data = await list(turbine, as.operator!);
    expect(data[1]).toEqual({
      id: first.id,
      turbine_id: turbine,
      user_id: users.operator!.id,
      user_name: 'Test operator',
      comment: 'İlk yorum',
      created_at: expect.any(String) as string,
      updated_at: expect.any(String) as string,
      can_edit: true,
    });
    expect(data[1]!.updated_at).toBe(data[1]!.created_at);
    expect(data[2]).toMatchObject({ user_id: users.customer!.id, user_name: 'Test customer' });
  });

  it('tells each caller whether it may still edit each comment', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const fresh = await post(turbine, as.operator!);
    const old = await post(turbine, as.operator!);
    await age(old.id, 61);
    const byId = async (caller: Credentials) =>
      new Map((await list(turbine, caller)).map((comment) => [comment.id, comment.can_edit]));

    expect(await byId(as.operator!)).toEqual(
      new Map([
        [fresh.id, true],
        [old.id, false],
      ]),
    );
    expect(await byId(colleague)).toEqual(
      new Map([
        [fresh.id, false],
        [old.id, false],
      ]),
    );
    expect(await byId(as.admin!)).toEqual(
      new Map([
        [fresh.id, false],
        [old.id, false],
      ]),
    );
    expect(await byId(as.superadmin!)).toEqual(
      new Map([
        [fresh.id, true],
        [old.id, true],
      ]),
    );
  });

  it('keeps the comments of a deleted user, named as a deleted user in the caller language', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const author = await makeUser(app.dataSource, { role: 'operator', companyId: home.id });
    const session = (await signIn(app, author.email, PASSWORD)).bearer;
    const comment = await post(turbine, session, 'Yazarı silinecek');
    expect(comment.user_name).toBe('Test operator');
    await app.dataSource.query(`DELETE FROM users WHERE id = $1`, [author.id]);

    const [kept] = await list(turbine, as.operator!);
    expect(kept).toMatchObject({
      id: comment.id,
      user_id: null,
      user_name: 'Silinmiş kullanıcı',
      comment: 'Yazarı silinecek',
      can_edit: false,
    });
    const english = await call<ListReply>(app, 'GET', `/api/turbines/${turbine}/comments`, {
      as: as.superadmin!,
      headers: { 'Accept-Language': 'en' },
    });
    expect(english.body.data[0]).toMatchObject({ user_name: 'Deleted user', can_edit: true });
  });

  it('answers an empty list for a turbine without comments', async () => {
    expect(await list(await makeTurbine(app.dataSource, home.id), as.customer!)).toEqual([]);
  });

  it("answers 404 TURBINE_NOT_FOUND for another company's turbine, exactly like a missing one", async () => {
    const theirs = await makeTurbine(app.dataSource, other.id);
    await post(theirs, stranger, 'Gizli');
    for (const role of ['admin', 'company_manager', 'operator', 'customer'] as const) {
      const foreign = await call(app, 'GET', `/api/turbines/${theirs}/comments`, { as: as[role]! });
      const missing = await call(app, 'GET', '/api/turbines/2147480000/comments', { as: as[role]! });
      expect(foreign.status, role).toBe(404);
      expect(foreign.body).toEqual(TURBINE_NOT_FOUND);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(foreign.body);
      expect(foreign.text).not.toContain('Gizli');
    }
    // The superadmin sees every company's comments.
    expect((await list(theirs, as.superadmin!)).map((comment) => comment.comment)).toEqual(['Gizli']);
  });

  it.each(['abc', '0', '-1', '99999999999'])('answers 404 TURBINE_NOT_FOUND for the turbine id %j', async (id) => {
    const reply = await call(app, 'GET', unchecked(`/api/turbines/${id}/comments`), { as: as.superadmin! });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(TURBINE_NOT_FOUND);
  });

  it('refuses an anonymous caller with 401', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await call(app, 'GET', `/api/turbines/${turbine}/comments`);
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });
});

describe('POST /api/turbines/:id/comments', () => {
  it.each(ROLES)('lets %s comment; the comment is trimmed and stored', async (role) => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await api(app, 'post', '/turbines/{id}/comments', {
      path: { id: turbine },
      as: as[role]!,
      body: { comment: '  Kanat B, oda 3: erozyon başlangıcı.\n ' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      success: true,
      message: 'Yorum eklendi',
      data: {
        id: expect.any(Number) as number,
        turbine_id: turbine,
        user_id: users[role]!.id,
        user_name: `Test ${role}`,
        comment: 'Kanat B, oda 3: erozyon başlangıcı.',
        created_at: expect.any(String) as string,
        updated_at: expect.any(String) as string,
        can_edit: true,
      },
    });
    expect(reply.body.data.updated_at).toBe(reply.body.data.created_at);
    const row = await commentRow(reply.body.data.id);
    expect(row).toMatchObject({
      turbine_id: turbine,
      user_id: users[role]!.id,
      comment: 'Kanat B, oda 3: erozyon başlangıcı.',
    });
    expect(row!.updated_at).toEqual(row!.created_at);
    expect(await commentCount(turbine)).toBe(1);
  });

  it('takes exactly 500 characters, after trimming', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const text = 'ş'.repeat(500);
    const comment = await post(turbine, as.operator!, `   ${text}   `);
    expect(comment.comment).toBe(text);
    expect((await commentRow(comment.id))?.comment).toBe(text);
  });

  it.each([
    ['missing', {}],
    ['null', { comment: null }],
    ['empty', { comment: '' }],
    ['blank', { comment: '    ' }],
    ['whitespace', { comment: '\n\t \r\n' }],
    ['a number', { comment: 42 }],
    ['an array', { comment: ['Yorum'] }],
    ['an object', { comment: { text: 'Yorum' } }],
  ])('refuses a %s comment with 400 COMMENT_REQUIRED', async (_label, body) => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await call(app, 'POST', `/api/turbines/${turbine}/comments`, {
      as: as.operator!,
      body: malformed(body),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      success: false,
      code: 'COMMENT_REQUIRED',
      message: inTurkish('errors.COMMENT_REQUIRED'),
      field: 'comment',
    });
    expect(await commentCount(turbine)).toBe(0);
  });

  it('refuses 501 characters with 400 COMMENT_TOO_LONG', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    for (const comment of ['a'.repeat(501), ` ${'ğ'.repeat(501)} `, 'x'.repeat(100_000)]) {
      const reply = await call(app, 'POST', `/api/turbines/${turbine}/comments`, {
        as: as.operator!,
        body: { comment },
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        success: false,
        code: 'COMMENT_TOO_LONG',
        message: 'Yorum en fazla 500 karakter olabilir',
        field: 'comment',
      });
    }
    expect(await commentCount(turbine)).toBe(0);
  });

  it('refuses other bad input with 4xx and a code, and stores nothing', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const cases: [unknown, string][] = [
      [{ comment: 'ok', user_id: 1 }, 'UNKNOWN_FIELD'],
      [{ comment: 'a\u0000b' }, 'VALIDATION_ERROR'],
      [[{ comment: 'x' }], 'VALIDATION_ERROR'],
      ['Yorum', 'INVALID_JSON'],
      [null, 'INVALID_JSON'],
    ];
    for (const [body, code] of cases) {
      const reply = await call(app, 'POST', `/api/turbines/${turbine}/comments`, {
        as: as.operator!,
        body: malformed(body),
      });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body).toMatchObject({ success: false, code });
    }
    const unparsable = await call(app, 'POST', `/api/turbines/${turbine}/comments`, {
      as: as.operator!,
      raw: '{"comment": ',
    });
    expect(unparsable.status).toBe(400);
    expect(unparsable.body).toMatchObject({ success: false, code: 'INVALID_JSON' });
    expect(await commentCount(turbine)).toBe(0);
  });

  it("refuses another company's, a missing or a deleted turbine with 404 TURBINE_NOT_FOUND", async () => {
    const theirs = await makeTurbine(app.dataSource, other.id);
    const deleted = await makeTurbine(app.dataSource, home.id);
    const gone = await call(app, 'DELETE', `/api/turbines/${deleted}`, { as: as.superadmin! });
    expect(gone.status).toBe(200);
    for (const [id, caller] of [
      [theirs, as.operator!],
      [2147480000, as.operator!],
      [deleted, as.operator!],
      [deleted, as.superadmin!],
    ] as const) {
      const reply = await call(app, 'POST', `/api/turbines/${id}/comments`, { as: caller, body: { comment: 'x' } });
      expect(reply.status, String(id)).toBe(404);
      expect(reply.body).toEqual(TURBINE_NOT_FOUND);
    }
    expect(await commentCount(theirs)).toBe(0);
    expect(await commentCount(deleted)).toBe(0);
  });

  it('refuses an anonymous caller with 401', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await call(app, 'POST', `/api/turbines/${turbine}/comments`, { body: { comment: 'x' } });
    expect(reply.status).toBe(401);
    expect(await commentCount(turbine)).toBe(0);
  });

  it('answers in English when asked to', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const done = await call(app, 'POST', `/api/turbines/${turbine}/comments`, {
      as: as.operator!,
      body: { comment: 'Hello' },
      headers: { 'Accept-Language': 'en' },
    });
    expect(done.body).toMatchObject({ success: true, message: 'Comment added' });
    const refused = await call(app, 'POST', `/api/turbines/${turbine}/comments`, {
      as: as.operator!,
      body: { comment: ' ' },
      headers: { 'Accept-Language': 'en' },
    });
    expect(refused.body).toMatchObject({ code: 'COMMENT_REQUIRED', message: 'Comment cannot be empty' });
  });
});

describe('PUT /api/turbines/:id/comments/:commentId', () => {
  it('lets the author edit within 60 minutes; updated_at is set, created_at kept', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const comment = await post(turbine, as.customer!, 'Önce');
    await age(comment.id, 59);
    const before = await commentRow(comment.id);
    const reply = await api(app, 'put', '/turbines/{id}/comments/{commentId}', {
      path: { id: turbine, commentId: comment.id },
      as: as.customer!,
      body: { comment: '  Sonra  ' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      message: inTurkish('api.commentUpdated'),
      data: {
        id: comment.id,
        comment: 'Sonra',
        user_id: users.customer!.id,
        user_name: 'Test customer',
        can_edit: true,
      },
    });
    const after = await commentRow(comment.id);
    expect(after?.comment).toBe('Sonra');
    expect(after!.created_at).toEqual(before!.created_at);
    expect(after!.updated_at.getTime()).toBeGreaterThan(after!.created_at.getTime());
    expect(reply.body.data.created_at).toBe(before!.created_at.toISOString());
    expect(reply.body.data.updated_at).toBe(after!.updated_at.toISOString());
    expect(reply.body.data.updated_at).not.toBe(reply.body.data.created_at);
  });

  it('refuses the author after 60 minutes with 403 COMMENT_EDIT_WINDOW_PASSED', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const comment = await post(turbine, as.operator!, 'Eski');
    await age(comment.id, 61);
    const before = await commentRow(comment.id);
    const reply = await call(app, 'PUT', `/api/turbines/${turbine}/comments/${comment.id}`, {
      as: as.operator!,
      body: { comment: 'Yeni' },
    });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual(WINDOW_PASSED);
    expect(await commentRow(comment.id)).toEqual(before);
  });

  it.each([
    ['a colleague', () => colleague],
    ['an admin', () => as.admin!],
    ['a company manager', () => as.company_manager!],
    ['a customer', () => as.customer!],
  ])("refuses %s editing someone else's comment with 403 FORBIDDEN", async (_label, caller) => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const comment = await post(turbine, as.operator!, 'Benim');
    const before = await commentRow(comment.id);
    const reply = await call(app, 'PUT', `/api/turbines/${turbine}/comments/${comment.id}`, {
      as: caller(),
      body: { comment: 'Değil' },
    });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual(FORBIDDEN);
    expect(await commentRow(comment.id)).toEqual(before);
  });

  it("lets a superadmin edit anybody's comment at any time", async () => {
    const turbine = await makeTurbine(app.dataSource, other.id);
    const comment = await post(turbine, stranger, 'Uygunsuz');
    await age(comment.id, 60 * 24 * 30);
    const reply = await api(app, 'put', '/turbines/{id}/comments/{commentId}', {
      path: { id: turbine, commentId: comment.id },
      as: as.superadmin!,
      body: { comment: 'Moderatör tarafından düzenlendi' },
    });
    expect(reply.status).toBe(200);
    // The author stays the author.
    expect(reply.body.data).toMatchObject({ comment: 'Moderatör tarafından düzenlendi', user_name: 'Test operator' });
    const row = await commentRow(comment.id);
    expect(row).toMatchObject({ comment: 'Moderatör tarafından düzenlendi', user_id: comment.user_id });
    expect(row!.updated_at.getTime() - row!.created_at.getTime()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it("answers 404 COMMENT_NOT_FOUND for another turbine's comment, exactly like a missing one", async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const elsewhere = await post(await makeTurbine(app.dataSource, home.id), as.operator!, 'Başka türbin');
    const before = await commentRow(elsewhere.id);
    for (const caller of [as.operator!, as.superadmin!]) {
      const wrong = await call(app, 'PUT', `/api/turbines/${turbine}/comments/${elsewhere.id}`, {
        as: caller,
        body: { comment: 'x' },
      });
      const missing = await call(app, 'PUT', `/api/turbines/${turbine}/comments/2147480000`, {
        as: caller,
        body: { comment: 'x' },
      });
      expect(wrong.status).toBe(404);
      expect(wrong.body).toEqual(COMMENT_NOT_FOUND);
      expect(missing.body).toEqual(wrong.body);
    }
    expect(await commentRow(elsewhere.id)).toEqual(before);
  });

  it("answers 404 TURBINE_NOT_FOUND for a comment on another company's turbine", async () => {
    const theirs = await makeTurbine(app.dataSource, other.id);
    const comment = await post(theirs, stranger, 'Onların');
    const before = await commentRow(comment.id);
    for (const role of ['admin', 'operator', 'customer'] as const) {
      const reply = await call(app, 'PUT', `/api/turbines/${theirs}/comments/${comment.id}`, {
        as: as[role]!,
        body: { comment: 'x' },
      });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(TURBINE_NOT_FOUND);
    }
    // Through one of the caller's own turbines, the foreign comment does not exist either.
    const mine = await makeTurbine(app.dataSource, home.id);
    const through = await call(app, 'PUT', `/api/turbines/${mine}/comments/${comment.id}`, {
      as: as.operator!,
      body: { comment: 'x' },
    });
    expect(through.status).toBe(404);
    expect(through.body).toEqual(COMMENT_NOT_FOUND);
    expect(await commentRow(comment.id)).toEqual(before);
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])(
    'answers 404 COMMENT_NOT_FOUND for the comment id %j',
    async (id) => {
      const turbine = await makeTurbine(app.dataSource, home.id);
      const reply = await call(app, 'PUT', unchecked(`/api/turbines/${turbine}/comments/${id}`), {
        as: as.superadmin!,
        body: { comment: 'x' },
      });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(COMMENT_NOT_FOUND);
    },
  );

  it('validates the body as POST does and changes nothing', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const comment = await post(turbine, as.operator!, 'Sabit');
    const before = await commentRow(comment.id);
    const cases: [unknown, string][] = [
      [{ comment: '   ' }, 'COMMENT_REQUIRED'],
      [{}, 'COMMENT_REQUIRED'],
      [{ comment: 7 }, 'COMMENT_REQUIRED'],
      [{ comment: 'b'.repeat(501) }, 'COMMENT_TOO_LONG'],
      [{ comment: 'ok', turbine_id: 5 }, 'UNKNOWN_FIELD'],
      [{ comment: '\u0000' }, 'VALIDATION_ERROR'],
    ];
    for (const [body, code] of cases) {
      const reply = await call(app, 'PUT', `/api/turbines/${turbine}/comments/${comment.id}`, {
        as: as.operator!,
        body: malformed(body),
      });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body).toMatchObject({ success: false, code });
    }
    const unparsable = await call(app, 'PUT', `/api/turbines/${turbine}/comments/${comment.id}`, {
      as: as.operator!,
      raw: '{comment',
    });
    expect(unparsable.status).toBe(400);
    expect(unparsable.body).toMatchObject({ success: false, code: 'INVALID_JSON' });
    expect(await commentRow(comment.id)).toEqual(before);
  });
});

describe('DELETE /api/turbines/:id/comments/:commentId', () => {
  it('lets the author delete within 60 minutes; a second delete is 404', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const comment = await post(turbine, as.customer!);
    await age(comment.id, 59);
    const reply = await call(app, 'DELETE', `/api/turbines/${turbine}/comments/${comment.id}`, { as: as.customer! });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, data: null, message: 'Yorum silindi' });
    expect(await commentRow(comment.id)).toBeUndefined();
    expect(await list(turbine, as.customer!)).toEqual([]);

    const again = await call(app, 'DELETE', `/api/turbines/${turbine}/comments/${comment.id}`, { as: as.customer! });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(COMMENT_NOT_FOUND);
  });

  it('refuses the author after 60 minutes with 403 COMMENT_EDIT_WINDOW_PASSED', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const comment = await post(turbine, as.admin!);
    await age(comment.id, 61);
    const reply = await call(app, 'DELETE', `/api/turbines/${turbine}/comments/${comment.id}`, { as: as.admin! });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual(WINDOW_PASSED);
    expect(await commentRow(comment.id)).toBeDefined();
  });

  it("refuses someone else's comment with 403 FORBIDDEN", async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const comment = await post(turbine, as.operator!);
    for (const caller of [colleague, as.admin!, as.company_manager!, as.customer!]) {
      const reply = await call(app, 'DELETE', `/api/turbines/${turbine}/comments/${comment.id}`, { as: caller });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(FORBIDDEN);
    }
    expect(await commentRow(comment.id)).toBeDefined();
  });

  it("lets a superadmin delete anybody's comment at any time", async () => {
    const turbine = await makeTurbine(app.dataSource, other.id);
    const comment = await post(turbine, stranger);
    await age(comment.id, 60 * 24 * 365);
    const reply = await call(app, 'DELETE', `/api/turbines/${turbine}/comments/${comment.id}`, {
      as: as.superadmin!,
    });
    expect(reply.status).toBe(200);
    expect(await commentRow(comment.id)).toBeUndefined();
  });

  it("answers 404 for another turbine's or another company's comment and deletes nothing", async () => {
    const mine = await makeTurbine(app.dataSource, home.id);
    const elsewhere = await post(await makeTurbine(app.dataSource, home.id), as.operator!);
    const theirs = await makeTurbine(app.dataSource, other.id);
    const foreign = await post(theirs, stranger);

    const wrongTurbine = await call(app, 'DELETE', `/api/turbines/${mine}/comments/${elsewhere.id}`, {
      as: as.operator!,
    });
    expect(wrongTurbine.status).toBe(404);
    expect(wrongTurbine.body).toEqual(COMMENT_NOT_FOUND);
    const missing = await call(app, 'DELETE', `/api/turbines/${mine}/comments/2147480000`, { as: as.operator! });
    expect(missing.body).toEqual(wrongTurbine.body);

    const foreignTurbine = await call(app, 'DELETE', `/api/turbines/${theirs}/comments/${foreign.id}`, {
      as: as.operator!,
    });
    expect(foreignTurbine.status).toBe(404);
    expect(foreignTurbine.body).toEqual(TURBINE_NOT_FOUND);
    const through = await call(app, 'DELETE', `/api/turbines/${mine}/comments/${foreign.id}`, {
      as: as.superadmin!,
    });
    expect(through.body).toEqual(COMMENT_NOT_FOUND);

    expect(await commentRow(elsewhere.id)).toBeDefined();
    expect(await commentRow(foreign.id)).toBeDefined();
  });

  it('refuses an anonymous caller with 401', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const comment = await post(turbine, as.operator!);
    const reply = await call(app, 'DELETE', `/api/turbines/${turbine}/comments/${comment.id}`);
    expect(reply.status).toBe(401);
    expect(await commentRow(comment.id)).toBeDefined();
  });
});

describe('comments and the turbine delete', () => {
  it('answers 404 once the turbine is deleted, and the comments go with its row', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const first = await post(turbine, as.operator!);
    const second = await post(turbine, as.customer!);
    const survivor = await post(await makeTurbine(app.dataSource, home.id), as.operator!);

    expect((await call(app, 'DELETE', `/api/turbines/${turbine}`, { as: as.superadmin! })).status).toBe(200);
    for (const [method, path] of [
      ['GET', `/api/turbines/${turbine}/comments`],
      ['POST', `/api/turbines/${turbine}/comments`],
      ['PUT', `/api/turbines/${turbine}/comments/${first.id}`],
      ['DELETE', `/api/turbines/${turbine}/comments/${first.id}`],
    ] as const) {
      const body = method === 'GET' ? undefined : malformed({ comment: 'x' });
      const reply = await call(app, method, path, { as: as.operator!, body });
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body).toEqual(TURBINE_NOT_FOUND);
    }
    // Hidden, not yet removed: the purge job removes the row, and the comments go with it.
    expect(await commentCount(turbine)).toBe(2);
    await app.app.get(TurbinePurgeWorker, { strict: false }).purge(turbine);
    expect(await app.dataSource.query(`SELECT 1 FROM turbines WHERE id = $1`, [turbine])).toEqual([]);
    expect(await commentRow(first.id)).toBeUndefined();
    expect(await commentRow(second.id)).toBeUndefined();
    expect(await commentRow(survivor.id)).toBeDefined();
  });
});
