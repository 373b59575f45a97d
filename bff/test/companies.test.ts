import { type Company, type Role } from '@kanat360/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '@kanat360/i18n';
import { countOf } from './eventually.js';
import { makeCompany, makeTurbine, makeUser, type MadeCompany, PASSWORD, unique } from './factories.js';
import { api, call, type Credentials, malformed, type RequestBody, signIn, unchecked } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

const inTurkish = translator('tr');

interface CompanyRow {
  id: number;
  name: string;
  contact_email: string | null;
  authorized_number: string | null;
  phone: string | null;
  address: string | null;
  is_system: boolean;
  updated_at: Date;
}

interface ErrorReply {
  success: false;
  code: string;
  message: string;
  field?: string;
}

let app: TestApp;
let home: MadeCompany;
let superadmin: Credentials;
const others: Partial<Record<Role, Credentials>> = {};

async function companyRow(id: number): Promise<CompanyRow | undefined> {
  const rows: CompanyRow[] = await app.dataSource.query(
    `SELECT id, name, contact_email, authorized_number, phone, address, is_system, updated_at FROM companies WHERE id = $1`,
    [id],
  );
  return rows[0];
}

const companyCount = () => countOf(app.dataSource, `SELECT count(*)::int AS count FROM companies`);

async function create(body: RequestBody<'post', '/companies'>): Promise<Company> {
  const reply = await api(app, 'post', '/companies', { body, as: superadmin });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.data;
}

beforeAll(async () => {
  app = await startTestApp();
  home = await makeCompany(app.dataSource);
  const root = await makeUser(app.dataSource, { role: 'superadmin', companyId: home.id });
  superadmin = (await signIn(app, root.email, PASSWORD)).bearer;
  for (const role of ['admin', 'company_manager', 'operator', 'customer'] as const) {
    const user = await makeUser(app.dataSource, { role, companyId: home.id });
    others[role] = (await signIn(app, user.email, PASSWORD)).bearer;
  }
});
afterAll(async () => {
  await app.close();
});

describe('companies: superadmin only', () => {
  it.each(['admin', 'company_manager', 'operator', 'customer'] as const)(
    'refuses %s on every route with 403',
    async (role) => {
      const target = await makeCompany(app.dataSource);
      const before = await companyRow(target.id);
      const count = await companyCount();
      const as = others[role]!;
      const name = `Forbidden ${unique()}`;
      const replies = [
        await call(app, 'GET', '/api/companies', { as }),
        await call(app, 'POST', '/api/companies', { as, body: { name } }),
        await call(app, 'PUT', `/api/companies/${target.id}`, { as, body: { name } }),
        await call(app, 'DELETE', `/api/companies/${target.id}`, { as }),
      ];
      for (const reply of replies) {
        expect(reply.status).toBe(403);
        expect(reply.body).toEqual({ success: false, code: 'FORBIDDEN', message: inTurkish('errors.FORBIDDEN') });
      }
      expect(await companyRow(target.id)).toEqual(before);
      expect(await companyCount()).toBe(count);
    },
  );

  it('refuses an anonymous caller with 401', async () => {
    const target = await makeCompany(app.dataSource);
    const replies = [
      await call(app, 'GET', '/api/companies'),
      await call(app, 'POST', '/api/companies', { body: { name: `Anon ${unique()}` } }),
      await call(app, 'PUT', `/api/companies/${target.id}`, { body: { name: 'x' } }),
      await call(app, 'DELETE', `/api/companies/${target.id}`),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
    expect((await companyRow(target.id))?.name).toBe(target.name);
  });
});

describe('GET /api/companies', () => {
  it('lists partner companies with their user and turbine counts, never the system company', async () => {
    const busy = await makeCompany(app.dataSource);
    const empty = await makeCompany(app.dataSource);
    for (const role of ['admin', 'operator', 'customer'] as const)
      await makeUser(app.dataSource, { role, companyId: busy.id });
    await makeTurbine(app.dataSource, busy.id);
    await makeTurbine(app.dataSource, busy.id);
    await makeTurbine(app.dataSource, empty.id);

    const reply = await call<{ success: true; data: Company[] }>(app, 'GET', '/api/companies', { as: superadmin });
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(Array.isArray(reply.body.data)).toBe(true);
    const byId = new Map(reply.body.data.map((company) => [company.id, company]));
    expect(byId.get(busy.id)).toMatchObject({ id: busy.id, name: busy.name, user_count: 3, turbine_count: 2 });
    expect(byId.get(empty.id)).toMatchObject({ id: empty.id, name: empty.name, user_count: 0, turbine_count: 1 });
    // The superadmin and the four others of the home company.
    expect(byId.get(home.id)).toMatchObject({ user_count: 5, turbine_count: 0 });
    expect(byId.has(999)).toBe(false);
    expect(reply.body.data.every((company) => company.id >= 1000)).toBe(true);
    expect(reply.body.data.some((company) => company.name === 'Kanat360 Sistem')).toBe(false);
    // Every partner company of the table is listed.
    const rows: { id: number }[] = await app.dataSource.query(`SELECT id FROM companies WHERE NOT is_system`);
    expect(new Set(reply.body.data.map((company) => company.id))).toEqual(new Set(rows.map((row) => row.id)));
    expect(Object.keys(byId.get(busy.id)!).sort()).toEqual(
      [
        'address',
        'authorized_number',
        'contact_email',
        'created_at',
        'id',
        'name',
        'phone',
        'turbine_count',
        'updated_at',
        'user_count',
      ].sort(),
    );
  });
});

describe('POST /api/companies', () => {
  it('creates a company, trims the name and stores every field', async () => {
    const name = `Acme Rüzgar ${unique()}`;
    const reply = await api(app, 'post', '/companies', {
      as: superadmin,
      body: {
        name: `  ${name}  `,
        contact_email: ' Info@Acme.Example ',
        authorized_number: ' 42 ',
        phone: '+90 (212) 555-12.34',
        address: 'Levent, İstanbul',
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      success: true,
      message: inTurkish('api.companyCreated'),
      data: {
        name,
        contact_email: 'info@acme.example',
        authorized_number: '42',
        phone: '+90 (212) 555-12.34',
        address: 'Levent, İstanbul',
        user_count: 0,
        turbine_count: 0,
      },
    });
    const id = reply.body.data.id;
    expect(id).toBeGreaterThanOrEqual(1000);
    expect(await companyRow(id)).toMatchObject({
      name,
      contact_email: 'info@acme.example',
      authorized_number: '42',
      phone: '+90 (212) 555-12.34',
      address: 'Levent, İstanbul',
      is_system: false,
    });
  });

  it('stores blank or missing optional fields as null', async () => {
    const blank = await create({
      name: `Blank ${unique()}`,
      contact_email: '',
      authorized_number: '   ',
      phone: '',
      address: ' ',
    });
    expect(blank).toMatchObject({ contact_email: null, authorized_number: null, phone: null, address: null });
    expect(await companyRow(blank.id)).toMatchObject({
      contact_email: null,
      authorized_number: null,
      phone: null,
      address: null,
    });
    const bare = await create({ name: `Bare ${unique()}` });
    expect(await companyRow(bare.id)).toMatchObject({
      contact_email: null,
      authorized_number: null,
      phone: null,
      address: null,
    });
    const nulls = await create({ name: `Nulls ${unique()}`, contact_email: null, phone: null });
    expect(await companyRow(nulls.id)).toMatchObject({ contact_email: null, phone: null });
  });

  it.each([
    ['missing', {}],
    ['null', { name: null }],
    ['empty', { name: '' }],
    ['blank', { name: '   ' }],
    ['whitespace', { name: '\t\n ' }],
  ])('refuses a %s name with 400 COMPANY_NAME_REQUIRED', async (_label, body) => {
    const count = await companyCount();
    const reply = await call(app, 'POST', '/api/companies', {
      as: superadmin,
      body: malformed({ ...body, address: 'x' }),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      success: false,
      code: 'COMPANY_NAME_REQUIRED',
      message: inTurkish('errors.COMPANY_NAME_REQUIRED'),
      field: 'name',
    });
    expect(await companyCount()).toBe(count);
  });

  it('refuses a name taken in another case and with spaces around it with 409 COMPANY_NAME_TAKEN', async () => {
    const base = `acme ${unique()}`;
    await create({ name: base });
    const count = await companyCount();
    const reply = await call(app, 'POST', '/api/companies', {
      as: superadmin,
      body: { name: `  ${base.toUpperCase()}  ` },
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ success: false, code: 'COMPANY_NAME_TAKEN', field: 'name' });
    expect(reply.body.message).toContain('adında bir şirket zaten mevcut');
    expect(reply.body.message).toContain(base.toUpperCase());
    expect(await companyCount()).toBe(count);
  });

  it.each([
    ['contact_email', 'not-an-email', 'EMAIL_INVALID', 'Lütfen geçerli bir e-posta adresi girin'],
    ['contact_email', 'a b@c.d', 'EMAIL_INVALID', 'Lütfen geçerli bir e-posta adresi girin'],
    ['phone', '555-CALL-NOW', 'PHONE_INVALID', 'Geçersiz telefon numarası'],
    ['phone', '<script>', 'PHONE_INVALID', 'Geçersiz telefon numarası'],
    ['name', 'n'.repeat(121), 'VALUE_TOO_LONG', 'Bu alan çok uzun.'],
    ['contact_email', `${'e'.repeat(250)}@x.io`, 'VALUE_TOO_LONG', 'Bu alan çok uzun.'],
    ['authorized_number', '1'.repeat(65), 'VALUE_TOO_LONG', 'Bu alan çok uzun.'],
    ['phone', '1'.repeat(33), 'VALUE_TOO_LONG', 'Bu alan çok uzun.'],
    ['address', 'a'.repeat(501), 'VALUE_TOO_LONG', 'Bu alan çok uzun.'],
    ['name', 42, 'VALIDATION_ERROR', 'Gönderilen bilgiler geçersiz.'],
    ['name', ['Acme'], 'VALIDATION_ERROR', 'Gönderilen bilgiler geçersiz.'],
    ['contact_email', 7, 'VALIDATION_ERROR', 'Gönderilen bilgiler geçersiz.'],
    ['phone', 5551234, 'VALIDATION_ERROR', 'Gönderilen bilgiler geçersiz.'],
    ['address', { street: 'x' }, 'VALIDATION_ERROR', 'Gönderilen bilgiler geçersiz.'],
    ['authorized_number', true, 'VALIDATION_ERROR', 'Gönderilen bilgiler geçersiz.'],
  ])('refuses %s = %j with 400 %s', async (field, value, code, message) => {
    const count = await companyCount();
    const body = { name: `Bad ${unique()}`, [field]: value };
    const reply = await call(app, 'POST', '/api/companies', { as: superadmin, body: malformed(body) });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ success: false, code, message, field });
    expect(await companyCount()).toBe(count);
  });

  it('refuses an unknown field with 400 UNKNOWN_FIELD', async () => {
    const count = await companyCount();
    for (const field of ['is_system', 'id', 'user_count']) {
      const reply = await call(app, 'POST', '/api/companies', {
        as: superadmin,
        body: malformed({ name: `Unknown ${unique()}`, [field]: field === 'is_system' ? true : 5 }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        success: false,
        code: 'UNKNOWN_FIELD',
        message: `Bilinmeyen alan: ${field}`,
        field,
      });
    }
    expect(await companyCount()).toBe(count);
  });

  it('refuses a body that is not an object with 400', async () => {
    const count = await companyCount();
    for (const body of [[{ name: 'x' }], 'Acme', 42, null]) {
      const reply = await call(app, 'POST', '/api/companies', { as: superadmin, body: malformed(body) });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body).toMatchObject({ success: false });
    }
    expect(await companyCount()).toBe(count);
  });

  it('refuses malformed JSON with 400 INVALID_JSON', async () => {
    const count = await companyCount();
    const reply = await call(app, 'POST', '/api/companies', { as: superadmin, raw: '{"name": "Acme",' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      success: false,
      code: 'INVALID_JSON',
      message: inTurkish('errors.INVALID_JSON'),
    });
    expect(await companyCount()).toBe(count);
  });

  it('answers in English when asked to', async () => {
    const reply = await call(app, 'POST', '/api/companies', {
      as: superadmin,
      body: { name: ' ' },
      headers: { 'Accept-Language': 'en' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'COMPANY_NAME_REQUIRED' });
    expect((reply.body as unknown as ErrorReply).message).not.toBe(inTurkish('errors.COMPANY_NAME_REQUIRED'));
  });
});

describe('PUT /api/companies/:id', () => {
  it('updates every field and answers the stored company', async () => {
    const company = await create({ name: `Edit ${unique()}`, contact_email: 'old@acme.example', phone: '111' });
    const name = `Edited ${unique()}`;
    const reply = await api(app, 'put', '/companies/{id}', {
      path: { id: company.id },
      as: superadmin,
      body: {
        name: ` ${name} `,
        contact_email: 'NEW@acme.example',
        authorized_number: '7',
        phone: '',
        address: 'Ankara',
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      message: inTurkish('api.companyUpdated'),
      data: {
        id: company.id,
        name,
        contact_email: 'new@acme.example',
        authorized_number: '7',
        phone: null,
        address: 'Ankara',
      },
    });
    expect(await companyRow(company.id)).toMatchObject({
      name,
      contact_email: 'new@acme.example',
      authorized_number: '7',
      phone: null,
      address: 'Ankara',
    });
  });

  it('keeps the counts in the answer', async () => {
    const company = await makeCompany(app.dataSource);
    await makeUser(app.dataSource, { role: 'customer', companyId: company.id });
    await makeTurbine(app.dataSource, company.id);
    const reply = await api(app, 'put', '/companies/{id}', {
      path: { id: company.id },
      as: superadmin,
      body: { name: company.name },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ user_count: 1, turbine_count: 1 });
  });

  it("refuses another company's name with 409 and changes nothing", async () => {
    const taken = await create({ name: `Taken ${unique()}` });
    const company = await create({ name: `Mine ${unique()}`, address: 'Bursa' });
    const before = await companyRow(company.id);
    const reply = await call(app, 'PUT', `/api/companies/${company.id}`, {
      as: superadmin,
      body: { name: `  ${taken.name.toLowerCase()} `, address: 'Changed' },
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ success: false, code: 'COMPANY_NAME_TAKEN', field: 'name' });
    expect(reply.body.message).toContain('adında bir şirket zaten mevcut');
    expect(await companyRow(company.id)).toEqual(before);
  });

  it('saves a company with its own name in another case', async () => {
    const company = await create({ name: `Own Case ${unique()}` });
    const renamed = company.name.toUpperCase();
    const reply = await api(app, 'put', '/companies/{id}', {
      path: { id: company.id },
      as: superadmin,
      body: { name: ` ${renamed} ` },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.name).toBe(renamed);
    expect((await companyRow(company.id))?.name).toBe(renamed);
  });

  it('validates the body as POST does', async () => {
    const company = await create({ name: `Validate ${unique()}`, phone: '123' });
    const before = await companyRow(company.id);
    const cases: [unknown, string][] = [
      [{ name: '  ' }, 'COMPANY_NAME_REQUIRED'],
      [{ address: 'x' }, 'COMPANY_NAME_REQUIRED'],
      [{ name: 'x', contact_email: 'nope' }, 'EMAIL_INVALID'],
      [{ name: 'x', phone: 'abc' }, 'PHONE_INVALID'],
      [{ name: 'x', address: 'a'.repeat(501) }, 'VALUE_TOO_LONG'],
      [{ name: 'x', is_system: true }, 'UNKNOWN_FIELD'],
      [{ name: 5 }, 'VALIDATION_ERROR'],
    ];
    for (const [body, code] of cases) {
      const reply = await call(app, 'PUT', `/api/companies/${company.id}`, { as: superadmin, body: malformed(body) });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body).toMatchObject({ success: false, code });
    }
    const invalidJson = await call(app, 'PUT', `/api/companies/${company.id}`, { as: superadmin, raw: '{name:' });
    expect(invalidJson.status).toBe(400);
    expect(invalidJson.body).toMatchObject({ success: false, code: 'INVALID_JSON' });
    expect(await companyRow(company.id)).toEqual(before);
  });

  it.each([
    ['a missing id', '2147480000'],
    ['a non-numeric id', 'abc'],
    ['a negative id', '-5'],
    ['a zero id', '0'],
    ['an out-of-range id', '99999999999'],
    ['the system company', '999'],
  ])('answers 404 COMPANY_NOT_FOUND for %s', async (_label, id) => {
    const before = await companyRow(999);
    const reply = await call(app, 'PUT', unchecked(`/api/companies/${id}`), {
      as: superadmin,
      body: { name: `Ghost ${unique()}` },
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      success: false,
      code: 'COMPANY_NOT_FOUND',
      message: inTurkish('errors.COMPANY_NOT_FOUND'),
    });
    expect(await companyRow(999)).toEqual(before);
  });
});

describe('DELETE /api/companies/:id', () => {
  it.each([
    ['a missing id', '2147480000'],
    ['a non-numeric id', 'abc'],
    ['a decimal id', '1000.5'],
    ['the system company', '999'],
  ])('answers 404 COMPANY_NOT_FOUND for %s', async (_label, id) => {
    const count = await companyCount();
    const reply = await call(app, 'DELETE', unchecked(`/api/companies/${id}`), { as: superadmin });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      success: false,
      code: 'COMPANY_NOT_FOUND',
      message: inTurkish('errors.COMPANY_NOT_FOUND'),
    });
    expect(await companyCount()).toBe(count);
    expect(await companyRow(999)).toMatchObject({ id: 999, is_system: true });
  });

  it('refuses while users or turbines hang off the company, naming the counts; then deletes', async () => {
    const company = await makeCompany(app.dataSource);
    const first = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const second = await makeUser(app.dataSource, { role: 'customer', companyId: company.id });
    const turbine = await makeTurbine(app.dataSource, company.id);

    const withBoth = await call<ErrorReply>(app, 'DELETE', `/api/companies/${company.id}`, { as: superadmin });
    expect(withBoth.status).toBe(409);
    expect(withBoth.body).toEqual({
      success: false,
      code: 'COMPANY_HAS_DEPENDENTS',
      message: 'Bu şirkete bağlı 2 kullanıcı ve 1 türbin var. Şirketi silmeden önce bunları silin.',
    });
    expect(await companyRow(company.id)).toBeDefined();

    // Users only.
    await app.dataSource.query(`DELETE FROM turbines WHERE id = $1`, [turbine]);
    const usersOnly = await call<ErrorReply>(app, 'DELETE', `/api/companies/${company.id}`, { as: superadmin });
    expect(usersOnly.status).toBe(409);
    expect(usersOnly.body.code).toBe('COMPANY_HAS_DEPENDENTS');
    expect(usersOnly.body.message).toContain('2 kullanıcı ve 0 türbin');
    expect(await companyRow(company.id)).toBeDefined();

    // Turbines only.
    await app.dataSource.query(`DELETE FROM users WHERE id = ANY($1)`, [[first.id, second.id]]);
    await makeTurbine(app.dataSource, company.id);
    await makeTurbine(app.dataSource, company.id);
    await makeTurbine(app.dataSource, company.id);
    const turbinesOnly = await call<ErrorReply>(app, 'DELETE', `/api/companies/${company.id}`, { as: superadmin });
    expect(turbinesOnly.status).toBe(409);
    expect(turbinesOnly.body.code).toBe('COMPANY_HAS_DEPENDENTS');
    expect(turbinesOnly.body.message).toContain('0 kullanıcı ve 3 türbin');
    expect(await companyRow(company.id)).toBeDefined();

    await app.dataSource.query(`DELETE FROM turbines WHERE company_id = $1`, [company.id]);
    const done = await call(app, 'DELETE', `/api/companies/${company.id}`, { as: superadmin });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, message: inTurkish('api.companyDeleted') });
    expect(await companyRow(company.id)).toBeUndefined();

    const again = await call(app, 'DELETE', `/api/companies/${company.id}`, { as: superadmin });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'COMPANY_NOT_FOUND' });
    const list = await call<{ data: Company[] }>(app, 'GET', '/api/companies', { as: superadmin });
    expect(list.body.data.some((item) => item.id === company.id)).toBe(false);
  });

  it('frees the name of a deleted company', async () => {
    const company = await create({ name: `Reuse ${unique()}` });
    const deleted = await call(app, 'DELETE', `/api/companies/${company.id}`, { as: superadmin });
    expect(deleted.status).toBe(200);
    const again = await create({ name: company.name });
    expect(again.id).not.toBe(company.id);
  });
});
