import { type TurbineImportReport } from '@kanat360/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '@kanat360/i18n';
import { countOf } from './eventually.js';
import { makeCompany, makeTurbine, makeUser, type MadeCompany, PASSWORD, unique } from './factories.js';
import { call, type Credentials, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

const inTurkish = translator('tr');

// POST /api/turbines/import (issue #25): dry run, all or nothing, bad rows and bad files.

let app: TestApp;
let home: MadeCompany;
let other: MadeCompany;
let superadmin: Credentials;
let admin: Credentials;
let operator: Credentials;
let customer: Credentials;

type ImportReply = { success: true; data: TurbineImportReport };

function form(bytes: Buffer | string, name = 'turbines.csv'): FormData {
  const data = new FormData();
  data.append('file', new Blob([bytes]), name);
  return data;
}

async function upload(caller: Credentials, file: FormData, query: '' | `?${string}` = '') {
  return call<ImportReply>(app, 'POST', `/api/turbines/import${query}`, { as: caller, form: file });
}

const turbineCount = () => countOf(app.dataSource, `SELECT count(*)::int AS count FROM turbines`);

async function turbineByCode(code: string): Promise<Record<string, unknown> | undefined> {
  const rows: Record<string, unknown>[] = await app.dataSource.query(
    `SELECT id, company_id, city, location, rooms, status, model, blade_length_m, latitude, longitude, coordinates
       FROM turbines WHERE code = $1 AND deleted_at IS NULL`,
    [code],
  );
  return rows[0];
}

async function codeOf(id: number): Promise<string> {
  const rows: { code: string }[] = await app.dataSource.query(`SELECT code FROM turbines WHERE id = $1`, [id]);
  return rows[0]!.code;
}

const bearer = async (role: 'superadmin' | 'admin' | 'operator' | 'customer', companyId: number) =>
  (await signIn(app, (await makeUser(app.dataSource, { role, companyId })).email, PASSWORD)).bearer;

beforeAll(async () => {
  app = await startTestApp({ WORKER: 'off' });
  home = await makeCompany(app.dataSource);
  other = await makeCompany(app.dataSource);
  superadmin = await bearer('superadmin', home.id);
  admin = await bearer('admin', home.id);
  operator = await bearer('operator', home.id);
  customer = await bearer('customer', home.id);
});
afterAll(async () => {
  await app.close();
});

describe('a dry run', () => {
  it('answers per row what would be created, updated or refused and why, and writes nothing', async () => {
    const existing = await makeTurbine(app.dataSource, home.id);
    const existingCode = await codeOf(existing);
    const [a, b, c] = [`I-${unique()}`, `I-${unique()}`, `I-${unique()}`];
    const csv = [
      'Kod,Şehir,Konum,Oda sayısı,Durum,Şirket,Üretici,Model,Kanat uzunluğu (m),Rotor çapı (m),Enlem,Boylam',
      `${a},Çanakkale,Bozcaada,8,aktif,${home.name},Vestas,V112-3.45 MW,"54,65",112,39.8226,26.0411`,
      `${existingCode},,,,Bakımda,${home.id},Enercon,E-82 E2,38.8,82,,`,
      `${b},izmir,,3,,${home.name},,,,,,`, // no location: refused
      '', // an empty line is passed over
      `${c},izmir,Aliağa,3,broken,Nobody Ltd,,,480,,,`, // unknown company, bad status and blade length
      `${a},izmir,Aliağa,3,,${home.name},,,,,,`, // the same code again
    ].join('\r\n');
    const before = await turbineCount();
    const reply = await upload(superadmin, form(csv));
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toMatchObject({ dry_run: true, written: false, created: 1, updated: 1, refused: 3 });
    const rows = reply.body.data.rows;
    expect(rows.map((row) => [row.row, row.code, row.action])).toEqual([
      [2, a, 'create'],
      [3, existingCode, 'update'],
      [4, b, 'refused'],
      [6, c, 'refused'],
      [7, a, 'refused'],
    ]);
    expect(rows[1]).toMatchObject({ turbine_id: existing, company_id: home.id });
    expect(rows[1]!.changes.sort()).toEqual(
      ['blade_length_m', 'manufacturer', 'model', 'rotor_diameter_m', 'status'].sort(),
    );
    expect(rows[2]!.problems).toEqual([
      { code: 'LOCATION_REQUIRED', field: 'location', message: expect.any(String) as string },
    ]);
    expect(rows[3]!.problems.map((problem) => problem.code)).toEqual(['COMPANY_INVALID']);
    expect(rows[4]!.problems.map((problem) => [problem.code, problem.field])).toEqual([
      ['IMPORT_CODE_DUPLICATE', 'code'],
    ]);
    expect(await turbineCount()).toBe(before);
    expect(await turbineByCode(a)).toBeUndefined();
  });

  it('reports every problem of a row with its field', async () => {
    const csv = `code,city,location,status,blade length m,rotor diameter m\nX-${unique()},izmir,Aliağa,broken,480,90\n`;
    const reply = await upload(superadmin, form(csv), `?company_id=${home.id}`);
    expect(reply.status, reply.text).toBe(200);
    const problems = reply.body.data.rows[0]!.problems;
    expect(problems.map((problem) => [problem.code, problem.field]).sort()).toEqual([
      ['BLADE_LENGTH_INVALID', 'blade_length_m'],
      ['STATUS_INVALID', 'status'],
    ]);
    expect(problems.find((problem) => problem.code === 'STATUS_INVALID')!.message).toBe(
      inTurkish('errors.STATUS_INVALID'),
    );
  });
});

describe('a real run', () => {
  it('writes nothing when any row is refused', async () => {
    const [good, bad] = [`R-${unique()}`, `R-${unique()}`];
    const csv = `code,city,location\n${good},izmir,Aliağa\n${bad},izmir,\n`;
    const before = await turbineCount();
    const reply = await upload(superadmin, form(csv), `?dry_run=false&company_id=${home.id}`);
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ success: false, code: 'IMPORT_ROWS_REFUSED' });
    expect(await turbineCount()).toBe(before);
    expect(await turbineByCode(good)).toBeUndefined();
  });

  it('creates and updates every row of an Excel workbook in one go', async () => {
    const existing = await makeTurbine(app.dataSource, other.id);
    const existingCode = await codeOf(existing);
    const fresh = `W-${unique()}`;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Turbines');
    sheet.addRow(['Code', 'City', 'Location', 'Rooms', 'Company', 'Model', 'Blade length (m)', 'Coordinates']);
    sheet.addRow([
      fresh,
      'İZMİR',
      { richText: [{ text: 'Ali' }, { text: 'ağa' }] },
      9,
      home.name,
      'N117/3600',
      57.3,
      '38.8012, 26.9724',
    ]);
    sheet.addRow([existingCode, null, null, { formula: '2+3', result: 5 }, other.id, 'V90-3.0 MW', 44, null]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const reply = await upload(superadmin, form(bytes, 'fleet.xlsx'), '?dry_run=false');
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toMatchObject({ dry_run: false, written: true, created: 1, updated: 1, refused: 0 });
    expect(await turbineByCode(fresh)).toMatchObject({
      company_id: home.id,
      city: 'izmir',
      location: 'Aliağa',
      rooms: 9,
      model: 'N117/3600',
      blade_length_m: 57.3,
      latitude: 38.8012,
      longitude: 26.9724,
      coordinates: '38.8012,26.9724',
    });
    expect(await turbineByCode(existingCode)).toMatchObject({
      id: existing,
      company_id: other.id,
      rooms: 5,
      model: 'V90-3.0 MW',
      blade_length_m: 44,
    });
    // The same file again changes nothing.
    const again = await upload(superadmin, form(bytes, 'fleet.xlsx'));
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it('reads a semicolon CSV in the Windows Turkish code page with decimal commas', async () => {
    const code = `S-${unique()}`;
    const text = `Kod;Şehir;Konum;Nominal güç (kW);Kanat uzunluğu (m)\n${code};Muğla;Milas;3465;64,5\n`;
    const cp1254 = Buffer.from(
      Array.from(text, (ch) => ({ ş: 0xfe, Ş: 0xde, ğ: 0xf0, ı: 0xfd, ü: 0xfc })[ch] ?? ch.charCodeAt(0)),
    );
    const reply = await upload(admin, form(cp1254), '?dry_run=false');
    expect(reply.status, reply.text).toBe(200);
    expect(await turbineByCode(code)).toMatchObject({ company_id: home.id, city: 'muğla', blade_length_m: 64.5 });
  });
});

describe('who may import what', () => {
  it('keeps an admin to their own company and to new turbines', async () => {
    const mine = await makeTurbine(app.dataSource, home.id);
    const code = await codeOf(mine);
    const csv = `code,city,location,company\n${code},izmir,Aliağa,\nN-${unique()},izmir,Aliağa,${other.name}\nN-${unique()},izmir,Aliağa,\n`;
    const reply = await upload(admin, form(csv));
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data.rows.map((row) => [row.action, row.problems.map((problem) => problem.code)])).toEqual([
      ['refused', ['IMPORT_UPDATE_FORBIDDEN']],
      ['refused', ['COMPANY_INVALID']],
      ['create', []],
    ]);
    expect(reply.body.data.rows[2]!.company_id).toBe(home.id);
    const foreign = await upload(admin, form(csv), `?company_id=${other.id}`);
    expect(foreign.status).toBe(422);
    expect(foreign.body).toMatchObject({ code: 'COMPANY_INVALID' });
  });

  it('asks a superadmin for a company per row or for the file', async () => {
    const reply = await upload(superadmin, form(`code,city,location\nQ-${unique()},izmir,Aliağa\n`));
    expect(reply.body.data.rows[0]!.problems.map((problem) => problem.code)).toEqual(['COMPANY_REQUIRED']);
  });

  it('is refused to the other roles', async () => {
    for (const caller of [operator, customer]) {
      const reply = await upload(caller, form(`code,city,location\nZ-${unique()},izmir,Aliağa\n`));
      expect(reply.status).toBe(403);
    }
  });
});

describe('a file that cannot be imported', () => {
  it.each([
    ['no file', () => new FormData(), 400, 'IMPORT_FILE_REQUIRED'],
    ['an empty file', () => form(''), 400, 'IMPORT_FILE_REQUIRED'],
    ['only a header', () => form('code,city,location\n'), 422, 'IMPORT_EMPTY'],
    ['an unknown column', () => form('code,city,location,colour\nX,izmir,a,red\n'), 422, 'IMPORT_HEADER_UNKNOWN'],
    ['a column twice', () => form('code,Kod,city\nX,Y,izmir\n'), 422, 'IMPORT_HEADER_DUPLICATE'],
    ['no code column', () => form('city,location\nizmir,a\n'), 422, 'IMPORT_HEADER_MISSING'],
    [
      'a legacy .xls',
      () => form(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'x.xls'),
      415,
      'IMPORT_FILE_TYPE',
    ],
    [
      'a broken workbook',
      () => form(Buffer.from('PK\u0003\u0004 not really a zip'), 'x.xlsx'),
      422,
      'IMPORT_FILE_UNREADABLE',
    ],
    ['too many rows', () => form(`code,city,location\n${'T,izmir,a\n'.repeat(2001)}`), 413, 'IMPORT_TOO_MANY_ROWS'],
    [
      'too large a file',
      () => form(`code,city,location\n${'x'.repeat(2.5 * 1024 * 1024)}`),
      413,
      'IMPORT_FILE_TOO_LARGE',
    ],
  ])('%s is %s %s and nothing is written', async (_label, file, status, code) => {
    const before = await turbineCount();
    const reply = await upload(superadmin, file(), `?dry_run=false&company_id=${home.id}`);
    expect(reply.status, reply.text).toBe(status);
    expect(reply.body).toMatchObject({ success: false, code });
    expect(await turbineCount()).toBe(before);
    // A file refused for its size is not read to its end: the connection closes rather than wait for the rest.
    if (code === 'IMPORT_FILE_TOO_LARGE') expect(reply.headers.get('connection')).toBe('close');
  });
});
