import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { type Report } from '@kanat360/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '@kanat360/i18n';
import { reportPdf } from '@kanat360/demo-media';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { makeCompany, makeTurbine, makeUser, type MadeCompany, PASSWORD } from './factories.js';
import { countOf, eventually } from './eventually.js';
import { call, type Credentials, type Reply, signIn, unchecked } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

const inTurkish = translator('tr');

interface UploadReply {
  success: boolean;
  code?: string;
  message: string;
  data: Report[];
  skipped: { name: string; code: string; message: string }[];
}

type ErrorReply = { success: false; code: string; message: string; field?: string; skipped?: UploadReply['skipped'] };

const REPORT_KEYS = [
  'display_name',
  'file_size_bytes',
  'first_name',
  'id',
  'last_name',
  'original_filename',
  'report_url',
  'turbine_id',
  'uploaded_at',
  'year',
].sort();

// Spec §5 and §8, word for word.
const NOT_PDF = (n: number) => `${n} dosya PDF formatında değil. Bu dosyalar atlandı.`;
const NAME_INVALID = (n: number) =>
  `${n} PDF dosyası geçersiz isim içeriyor (Türkçe karakter, boşluk vb. kullanmayın). Bu dosyalar atlandı.`;
const UPLOADED = (n: number) => `${n} rapor başarıyla yüklendi.`;

const MB = 1024 * 1024;
const THIS_YEAR = new Date().getFullYear();

let app: TestApp;
let storage: ObjectStorage;
let home: MadeCompany;
let other: MadeCompany;
let superadmin: Credentials;
let admin: Credentials;
let operator: Credentials;
let customer: Credentials;
let otherAdmin: Credentials;
/** The home operator's id (the uploader of most reports here). */
let operatorId: number;

let pdfSeed = 0;
/** A small, valid PDF, different every time. */
function pdf(title = 'Kanat360 inspection report'): Buffer {
  pdfSeed += 1;
  return reportPdf({
    title,
    turbine: `T-${pdfSeed}`,
    year: THIS_YEAR,
    lines: [`Finding ${pdfSeed}: leading edge erosion`],
  });
}

interface UploadFile {
  name: string;
  bytes: Buffer | string;
}

/** The seed client's form: `year` first, then every file as `reports`. */
function reportForm(files: UploadFile[], year?: string | number): FormData {
  const form = new FormData();
  if (year !== undefined) form.append('year', String(year));
  for (const file of files) form.append('reports', new Blob([file.bytes]), file.name);
  return form;
}

/** A turbine's reports; a turbine id the server must refuse (text) goes as it is. */
function reportsOf(turbineId: number | string, query: '' | `?${string}` = '') {
  return typeof turbineId === 'number'
    ? (`/api/turbines/${turbineId}/reports${query}` as const)
    : unchecked(`/api/turbines/${turbineId}/reports${query}`);
}

function upload(
  as: Credentials,
  turbineId: number | string,
  files: UploadFile[],
  year: string | number | undefined = THIS_YEAR,
  headers?: Record<string, string>,
): Promise<Reply<UploadReply>> {
  return call<UploadReply>(app, 'POST', reportsOf(turbineId), {
    as,
    form: reportForm(files, year),
    headers,
  });
}

function list(
  as: Credentials,
  turbineId: number | string,
  query: '' | `?${string}` = '',
): Promise<Reply<{ success: boolean; data: Report[] }>> {
  return call(app, 'GET', reportsOf(turbineId, query), { as });
}

async function storageKeyOf(reportId: number): Promise<string | undefined> {
  const rows: { key: string }[] = await app.dataSource.query(`SELECT storage_key AS key FROM reports WHERE id = $1`, [
    reportId,
  ]);
  return rows[0]?.key;
}

/**
 * What a turbine holds of reports: rows, ledger entries, and files on disk (partial writes included: the tests of
 * this file upload one turbine's reports at a time).
 */
async function reportTraces(turbineId: number): Promise<{ rows: number; intents: number; files: string[] }> {
  const storage = join(app.config.dataDir, 'storage');
  const files: string[] = [];
  for (const folder of [join(storage, 'turbines', String(turbineId), 'reports'), join(storage, '.partial')]) {
    try {
      files.push(
        ...readdirSync(folder, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name)),
      );
    } catch {
      // no folder: no files
    }
  }
  return {
    rows: await countOf(app.dataSource, `SELECT count(*)::int AS count FROM reports WHERE turbine_id = $1`, [
      turbineId,
    ]),
    intents: await countOf(app.dataSource, `SELECT count(*)::int AS count FROM upload_intents WHERE turbine_id = $1`, [
      turbineId,
    ]),
    files,
  };
}

const BOUNDARY = '----kanat360-reports-test';

function fieldPart(name: string, value: string): Buffer {
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
}

function fileHead(name: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="reports"; filename="${name}"\r\n` +
      `Content-Type: application/pdf\r\n\r\n`,
  );
}

const CLOSE = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

interface RawUpload {
  /** Resolves with the answer, or null when the connection ended without one. */
  answer: Promise<{ status: number; body: ErrorReply | UploadReply } | null>;
  /** Writes a chunk, waiting for the socket to take it (backpressure). */
  write(chunk: Buffer): Promise<void>;
  end(): void;
  destroy(): void;
}

/** An upload written piece by piece over node:http: to send a body larger than declared, or to stop half-way. */
function rawUpload(as: Credentials, turbineId: number, contentLength?: number): RawUpload {
  const url = new URL(`/api/turbines/${turbineId}/reports`, app.baseUrl);
  const headers: Record<string, string> = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` };
  if ('token' in as) headers.Authorization = `Bearer ${as.token}`;
  if (contentLength !== undefined) headers['Content-Length'] = String(contentLength);
  const req = httpRequest(url, { method: 'POST', headers });
  const answer = new Promise<{ status: number; body: ErrorReply | UploadReply } | null>((resolve) => {
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ErrorReply | UploadReply;
        resolve({ status: response.statusCode ?? 0, body });
      });
      response.on('error', () => resolve(null));
    });
    // The server may close the connection while the body is still being written (413): the answer came first.
    req.on('error', () => setTimeout(() => resolve(null), 1000));
    req.on('close', () => setTimeout(() => resolve(null), 1000));
  });
  return {
    answer,
    write: (chunk) =>
      new Promise((resolve) => {
        if (req.destroyed) {
          resolve();
          return;
        }
        if (req.write(chunk)) resolve();
        else {
          const done = () => {
            req.off('drain', done);
            req.off('close', done);
            resolve();
          };
          req.on('drain', done);
          req.on('close', done);
        }
      }),
    end: () => req.end(),
    destroy: () => req.destroy(),
  };
}

beforeAll(async () => {
  app = await startTestApp();
  storage = app.app.get<ObjectStorage>(OBJECT_STORAGE);
  home = await makeCompany(app.dataSource);
  other = await makeCompany(app.dataSource);
  const login = async (role: 'superadmin' | 'admin' | 'operator' | 'customer', companyId: number) => {
    const user = await makeUser(app.dataSource, { role, companyId });
    return { user, as: (await signIn(app, user.email, PASSWORD)).bearer };
  };
  superadmin = (await login('superadmin', home.id)).as;
  admin = (await login('admin', home.id)).as;
  const op = await login('operator', home.id);
  operator = op.as;
  operatorId = op.user.id;
  customer = (await login('customer', home.id)).as;
  otherAdmin = (await login('admin', other.id)).as;
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/turbines/{id}/reports', () => {
  it('stores PDFs for the year and answers them in the spec shape', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const first = pdf();
    const second = pdf();
    const reply = await upload(operator, turbine, [
      { name: 'Rapor_A.pdf', bytes: first },
      { name: 'Rapor-B.v2.pdf', bytes: second },
    ]);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ success: true, message: UPLOADED(2), skipped: [] });
    expect(reply.body.data).toHaveLength(2);
    for (const report of reply.body.data) expect(Object.keys(report).sort()).toEqual(REPORT_KEYS);
    const byName = new Map(reply.body.data.map((report) => [report.original_filename, report]));
    expect(byName.get('Rapor_A.pdf')).toMatchObject({
      turbine_id: turbine,
      year: THIS_YEAR,
      display_name: 'Rapor_A.pdf',
      file_size_bytes: first.length,
      first_name: 'Test',
      last_name: 'operator',
    });
    expect(byName.get('Rapor-B.v2.pdf')?.file_size_bytes).toBe(second.length);
    const uploadedAt = Date.parse(reply.body.data[0]!.uploaded_at);
    expect(Math.abs(Date.now() - uploadedAt)).toBeLessThan(60_000);

    // Stored under a server-made key, never the client's name, with the bytes sent.
    const report = byName.get('Rapor_A.pdf')!;
    const key = (await storageKeyOf(report.id))!;
    expect(key).toMatch(new RegExp(`^turbines/${turbine}/reports/${THIS_YEAR}/[0-9a-f-]{36}\\.pdf$`));
    expect((await storage.head(key))?.size).toBe(first.length);
    // No ledger entry is left once the rows exist.
    expect((await reportTraces(turbine)).intents).toBe(0);
  });

  it('takes the year from the form, and the current year when the form has none', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const past = await upload(operator, turbine, [{ name: 'Eski.pdf', bytes: pdf() }], THIS_YEAR - 3);
    expect(past.status, past.text).toBe(201);
    expect(past.body.data[0]!.year).toBe(THIS_YEAR - 3);
    const missing = await upload(operator, turbine, [{ name: 'Yeni.pdf', bytes: pdf() }], undefined);
    expect(missing.status, missing.text).toBe(201);
    expect(missing.body.data[0]!.year).toBe(THIS_YEAR);
    const blank = await upload(operator, turbine, [{ name: 'Bos.pdf', bytes: pdf() }], '');
    expect(blank.status, blank.text).toBe(201);
    expect(blank.body.data[0]!.year).toBe(THIS_YEAR);
  });

  it.each(['abc', '1999', String(THIS_YEAR + 2), '2020.5', '-2024'])(
    'refuses the year %j with YEAR_INVALID and stores nothing',
    async (year) => {
      const turbine = await makeTurbine(app.dataSource, home.id);
      const reply = await upload(operator, turbine, [{ name: 'Rapor.pdf', bytes: pdf() }], year);
      expect(reply.status, reply.text).toBe(400);
      expect(reply.body).toMatchObject({ success: false, code: 'YEAR_INVALID' });
      expect(await reportTraces(turbine)).toEqual({ rows: 0, intents: 0, files: [] });
    },
  );

  it('skips a file named .pdf that is not a PDF, with the spec message, and keeps the others', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await upload(operator, turbine, [
      { name: 'Sahte.pdf', bytes: '<html><script>alert(1)</script></html>' },
      { name: 'Gercek.pdf', bytes: pdf() },
    ]);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.data.map((report) => report.original_filename)).toEqual(['Gercek.pdf']);
    expect(reply.body.message).toBe(`${UPLOADED(1)} ${NOT_PDF(1)}`);
    expect(reply.body.skipped).toEqual([{ name: 'Sahte.pdf', code: 'REPORT_NOT_PDF', message: NOT_PDF(1) }]);
    // Only the accepted file reached the store.
    const traces = await reportTraces(turbine);
    expect(traces).toMatchObject({ rows: 1, intents: 0 });
    expect(traces.files).toHaveLength(1);
  });

  it('reads a large skipped file away and goes on with the next one', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await upload(operator, turbine, [
      { name: 'Video.pdf', bytes: Buffer.alloc(3 * MB, 0x41) },
      { name: 'Sonraki.pdf', bytes: pdf() },
    ]);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.data.map((report) => report.original_filename)).toEqual(['Sonraki.pdf']);
    expect(reply.body.skipped.map((skip) => skip.name)).toEqual(['Video.pdf']);
  });

  it('skips a real PDF whose name is not .pdf, and an empty file', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await upload(operator, turbine, [
      { name: 'Rapor.txt', bytes: pdf() },
      { name: 'Bos.pdf', bytes: '' },
      { name: 'Rapor.pdf', bytes: pdf() },
    ]);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.message).toBe(`${UPLOADED(1)} ${NOT_PDF(2)}`);
    expect(reply.body.skipped.map((skip) => skip.name)).toEqual(['Rapor.txt', 'Bos.pdf']);
  });

  it('accepts a PDF behind a UTF-8 byte-order mark, and a large one streamed through', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const large = Buffer.concat([pdf(), Buffer.alloc(5 * MB, 0x20)]);
    const reply = await upload(operator, turbine, [
      { name: 'Bom.pdf', bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), pdf()]) },
      { name: 'Buyuk.pdf', bytes: large },
    ]);
    expect(reply.status, reply.text).toBe(201);
    const big = reply.body.data.find((report) => report.original_filename === 'Buyuk.pdf')!;
    expect(big.file_size_bytes).toBe(large.length);
  });

  it.each([
    ['a Turkish character', 'Türbin_Raporu.pdf'],
    ['a space', 'Rapor 2024.pdf'],
    ['parentheses', 'Rapor(1).pdf'],
    ['a name over 200 characters', `${'a'.repeat(201)}.pdf`],
  ])('skips a PDF whose name has %s, with the spec message', async (_what, name) => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await upload(operator, turbine, [
      { name, bytes: pdf() },
      { name: 'Dogru_Isim.pdf', bytes: pdf() },
    ]);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.data.map((report) => report.original_filename)).toEqual(['Dogru_Isim.pdf']);
    expect(reply.body.message).toBe(`${UPLOADED(1)} ${NAME_INVALID(1)}`);
    expect(reply.body.skipped).toEqual([{ name, code: 'REPORT_NAME_INVALID', message: NAME_INVALID(1) }]);
  });

  it('says both reasons in one message, the non-PDF files first', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await upload(operator, turbine, [
      { name: 'Kötü isim.pdf', bytes: pdf() },
      { name: 'resim.pdf', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]) },
      { name: 'Rapor_ok.pdf', bytes: pdf() },
      { name: 'notlar.pdf', bytes: 'just text' },
    ]);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.data).toHaveLength(1);
    expect(reply.body.message).toBe(`${UPLOADED(1)} ${NOT_PDF(2)} ${NAME_INVALID(1)}`);
    expect(reply.body.skipped.map((skip) => skip.code)).toEqual([
      'REPORT_NOT_PDF',
      'REPORT_NOT_PDF',
      'REPORT_NAME_INVALID',
    ]);
  });

  it('fails when every file is skipped, with the grouped message, and stores nothing', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const both = await upload(operator, turbine, [
      { name: 'Rapor 1.pdf', bytes: pdf() },
      { name: 'foto.pdf', bytes: 'GIF89a' },
    ]);
    expect(both.status, both.text).toBe(415);
    expect(both.body).toMatchObject({
      success: false,
      code: 'REPORT_NOT_PDF',
      message: `${NOT_PDF(1)} ${NAME_INVALID(1)}`,
    });
    expect(both.body.skipped).toHaveLength(2);

    const names = await upload(operator, turbine, [
      { name: 'Rapor 1.pdf', bytes: pdf() },
      { name: 'Rapor 2.pdf', bytes: pdf() },
    ]);
    expect(names.status, names.text).toBe(400);
    expect(names.body).toMatchObject({ success: false, code: 'REPORT_NAME_INVALID', message: NAME_INVALID(2) });
    expect(await reportTraces(turbine)).toEqual({ rows: 0, intents: 0, files: [] });
  });

  it('answers in English when asked', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await upload(
      operator,
      turbine,
      [
        { name: 'Report.pdf', bytes: pdf() },
        { name: 'x.pdf', bytes: 'x' },
      ],
      THIS_YEAR,
      { 'X-Lang': 'en' },
    );
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.message).toBe(
      '1 report uploaded successfully. 1 file is not in PDF format. These files were skipped.',
    );
  });

  it('answers NO_FILES to a form without files', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await upload(operator, turbine, []);
    expect(reply.status, reply.text).toBe(400);
    expect(reply.body).toMatchObject({ success: false, code: 'NO_FILES' });
  });

  it('refuses a body over 55 MB with 413 UPLOAD_TOO_LARGE and stores nothing (declared length)', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const head = Buffer.concat([
      fieldPart('year', String(THIS_YEAR)),
      fileHead('Buyuk.pdf'),
      Buffer.from('%PDF-1.4\n'),
    ]);
    const size = 56 * MB;
    const raw = rawUpload(operator, turbine, head.length + size + CLOSE.length);
    await raw.write(head);
    const filler = Buffer.alloc(MB, 0x20);
    for (let sent = 0; sent < size; sent += MB) await raw.write(filler);
    await raw.write(CLOSE);
    raw.end();
    const answer = await raw.answer;
    expect(answer?.status).toBe(413);
    expect(answer?.body).toMatchObject({ success: false, code: 'UPLOAD_TOO_LARGE' });
    await eventually(async () => (await reportTraces(turbine)).intents === 0, 'no ledger entry');
    expect(await reportTraces(turbine)).toEqual({ rows: 0, intents: 0, files: [] });
  });

  it('refuses a chunked body that grows over 55 MB, even after a complete PDF, and keeps none of it', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const raw = rawUpload(operator, turbine);
    await raw.write(
      Buffer.concat([fieldPart('year', String(THIS_YEAR)), fileHead('Ilk.pdf'), pdf(), Buffer.from('\r\n')]),
    );
    await raw.write(Buffer.concat([fileHead('Ikinci.pdf'), Buffer.from('%PDF-1.4\n')]));
    const filler = Buffer.alloc(MB, 0x20);
    for (let sent = 0; sent < 56 * MB; sent += MB) await raw.write(filler);
    await raw.write(CLOSE);
    raw.end();
    const answer = await raw.answer;
    expect(answer?.status).toBe(413);
    expect(answer?.body).toMatchObject({ success: false, code: 'UPLOAD_TOO_LARGE' });
    await eventually(async () => {
      const traces = await reportTraces(turbine);
      return traces.intents === 0 && traces.files.length === 0;
    }, 'the discarded blobs');
    expect(await reportTraces(turbine)).toEqual({ rows: 0, intents: 0, files: [] });
  });

  it('leaves no row and no blob when the client goes away half-way', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    // Declares 20 MB, sends a complete PDF and part of a second one, then drops the connection.
    const raw = rawUpload(operator, turbine, 20 * MB);
    await raw.write(
      Buffer.concat([fieldPart('year', String(THIS_YEAR)), fileHead('Tam.pdf'), pdf(), Buffer.from('\r\n')]),
    );
    await raw.write(Buffer.concat([fileHead('Yarim.pdf'), Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * MB, 0x20)]));
    // Both files are in the store's hands: each has its ledger entry.
    await eventually(async () => (await reportTraces(turbine)).intents === 2, 'both files streaming');
    const during = await reportTraces(turbine);
    expect(during.rows).toBe(0);
    expect(during.files.length).toBeGreaterThan(0);
    raw.destroy();
    expect(await raw.answer).toBeNull();
    await eventually(async () => {
      const traces = await reportTraces(turbine);
      return traces.intents === 0 && traces.files.length === 0;
    }, 'the abandoned upload to be discarded');
    expect(await reportTraces(turbine)).toEqual({ rows: 0, intents: 0, files: [] });
    // The app is fine afterwards.
    const after = await upload(operator, turbine, [{ name: 'Sonra.pdf', bytes: pdf() }]);
    expect(after.status, after.text).toBe(201);
  });

  it.each([
    ['a JSON body', { raw: '{"year":2024}' }, 415],
    ['a form without a boundary', { raw: 'x', headers: { 'Content-Type': 'multipart/form-data; charset=utf-8' } }, 400],
    [
      'a truncated multipart body',
      {
        raw: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="reports"; filename="a.pdf"\r\n\r\n%PDF-1.4`,
        headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      },
      400,
    ],
    // busboy reads a part with an empty file name as a text field: the form has no file.
    [
      'a file part without a name',
      {
        raw: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="reports"; filename=""\r\n\r\n%PDF-1.4\r\n--${BOUNDARY}--\r\n`,
        headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      },
      400,
    ],
  ] as const)('answers %s with a 4xx, never 5xx', async (_what, options, status) => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await call<ErrorReply>(app, 'POST', `/api/turbines/${turbine}/reports`, { as: operator, ...options });
    expect(reply.status, reply.text).toBe(status);
    expect(reply.body.success).toBe(false);
    expect(await reportTraces(turbine)).toEqual({ rows: 0, intents: 0, files: [] });
  });

  it('refuses more than 200 files in one request', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const bytes = pdf();
    const files = Array.from({ length: 201 }, (_, i) => ({ name: `R${i}.pdf`, bytes }));
    const reply = await upload(operator, turbine, files);
    expect(reply.status, reply.text).toBe(400);
    expect(reply.body).toMatchObject({ success: false, code: 'TOO_MANY_FILES' });
    await eventually(async () => (await reportTraces(turbine)).intents === 0, 'no ledger entry');
    expect(await reportTraces(turbine)).toEqual({ rows: 0, intents: 0, files: [] });
  });
});

describe('GET /api/turbines/{id}/reports', () => {
  it('lists newest first, filters by year, and strips the digits-digits- prefix for display', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const old = await upload(operator, turbine, [{ name: '1699999999-123-Rapor_2024.pdf', bytes: pdf() }], 2024);
    expect(old.status, old.text).toBe(201);
    const recent = await upload(admin, turbine, [{ name: 'Rapor_Guncel.pdf', bytes: pdf() }], THIS_YEAR);
    expect(recent.status, recent.text).toBe(201);

    const all = await list(operator, turbine);
    expect(all.status, all.text).toBe(200);
    expect(all.body.success).toBe(true);
    expect(all.body.data.map((report) => report.original_filename)).toEqual([
      'Rapor_Guncel.pdf',
      '1699999999-123-Rapor_2024.pdf',
    ]);
    expect(all.body.data[1]).toMatchObject({ display_name: 'Rapor_2024.pdf', year: 2024 });
    expect(all.body.data[0]).toMatchObject({ first_name: 'Test', last_name: 'admin' });

    const of2024 = await list(operator, turbine, '?year=2024');
    expect(of2024.body.data.map((report) => report.id)).toEqual([old.body.data[0]!.id]);
    const none = await list(operator, turbine, '?year=2010');
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
  });

  it('keeps the display name as is when the prefix is not digits-digits-', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await upload(operator, turbine, [
      { name: '2024-Rapor.pdf', bytes: pdf() },
      { name: '12-ab-Rapor.pdf', bytes: pdf() },
    ]);
    expect(reply.status, reply.text).toBe(201);
    const names = reply.body.data.map((report) => [report.original_filename, report.display_name]);
    expect(names).toEqual(
      expect.arrayContaining([
        ['2024-Rapor.pdf', '2024-Rapor.pdf'],
        ['12-ab-Rapor.pdf', '12-ab-Rapor.pdf'],
      ]),
    );
  });

  it('answers a bad year filter with YEAR_INVALID', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    for (const year of ['abc', '1999', '20x4']) {
      const reply = await list(operator, turbine, `?year=${year}`);
      expect(reply.status, `${year}: ${reply.text}`).toBe(400);
      expect(reply.body).toMatchObject({ success: false, code: 'YEAR_INVALID' });
    }
  });

  it('gives no uploader name once the uploader is gone', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const leaver = await makeUser(app.dataSource, { role: 'operator', companyId: home.id });
    const as = (await signIn(app, leaver.email, PASSWORD)).bearer;
    const reply = await upload(as, turbine, [{ name: 'Ayrilan.pdf', bytes: pdf() }]);
    expect(reply.status, reply.text).toBe(201);
    await app.dataSource.query(`DELETE FROM users WHERE id = $1`, [leaver.id]);
    const after = await list(operator, turbine);
    expect(after.body.data[0]).toMatchObject({ original_filename: 'Ayrilan.pdf', first_name: null, last_name: null });
  });

  it('stays one query for many reports of many uploaders', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    await app.dataSource.query(
      `INSERT INTO reports (turbine_id, year, original_filename, storage_key, file_size_bytes, uploaded_by)
       SELECT $1::int, 2000 + (n % 20), 'R' || n || '.pdf', 'turbines/' || $1::int || '/reports/bulk-' || n || '.pdf', n, $2::int
         FROM generate_series(1, 300) AS n`,
      [turbine, operatorId],
    );
    const reply = await list(operator, turbine);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toHaveLength(300);
    expect(new Set(reply.body.data.map((report) => report.last_name))).toEqual(new Set(['operator']));
  });
});

describe('downloading a report', () => {
  it('serves the bytes through report_url as an attachment, with Range', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const bytes = pdf();
    const reply = await upload(operator, turbine, [{ name: '1699999999-123-Rapor_2024.pdf', bytes }], 2024);
    expect(reply.status, reply.text).toBe(201);
    const url = reply.body.data[0]!.report_url;
    expect(url).toMatch(new RegExp(`^/api/files/reports/${reply.body.data[0]!.id}/\\d+/[A-Za-z0-9_-]+$`));

    // The address is the credential: no session needed.
    const response = await fetch(app.baseUrl + url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment;/);
    expect(disposition).toContain("filename*=UTF-8''");
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);

    const ranged = await fetch(app.baseUrl + url, { headers: { Range: 'bytes=0-7' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-7/${bytes.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(0, 8))).toBe(true);
  });

  it("refuses an address with a forged signature, or another report's signature", async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await upload(operator, turbine, [
      { name: 'Gizli.pdf', bytes: pdf() },
      { name: 'Komsu.pdf', bytes: pdf() },
    ]);
    const [report, neighbour] = reply.body.data;
    const forged = report!.report_url.replace(/\/([A-Za-z0-9_-]+)$/, '/AAAA$1');
    expect((await fetch(app.baseUrl + forged)).status).toBe(403);
    // An address is signed for one report: its signature does not open the report beside it.
    const borrowed = neighbour!.report_url.replace(`/reports/${neighbour!.id}/`, `/reports/${report!.id}/`);
    expect((await fetch(app.baseUrl + borrowed)).status).toBe(403);
  });
});

describe('DELETE /api/turbines/{id}/reports/{reportId}', () => {
  it('deletes the row at once and the blob through the job', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await upload(operator, turbine, [
      { name: 'Silinecek.pdf', bytes: pdf() },
      { name: 'Kalacak.pdf', bytes: pdf() },
    ]);
    const gone = reply.body.data.find((report) => report.original_filename === 'Silinecek.pdf')!;
    const kept = reply.body.data.find((report) => report.original_filename === 'Kalacak.pdf')!;
    const key = (await storageKeyOf(gone.id))!;
    expect(await storage.head(key)).not.toBeNull();

    const deleted = await call(app, 'DELETE', `/api/turbines/${turbine}/reports/${gone.id}`, { as: operator });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toMatchObject({ success: true, message: inTurkish('api.reportDeleted') });
    expect(await storageKeyOf(gone.id)).toBeUndefined();
    expect((await list(operator, turbine)).body.data.map((report) => report.id)).toEqual([kept.id]);
    await eventually(async () => (await storage.head(key)) === null, 'the blob to be deleted');
    // The other report is untouched, and the deleted one no longer downloads.
    expect(await storage.head((await storageKeyOf(kept.id))!)).not.toBeNull();
    expect((await fetch(app.baseUrl + gone.report_url)).status).toBe(404);

    const again = await call(app, 'DELETE', `/api/turbines/${turbine}/reports/${gone.id}`, { as: operator });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ success: false, code: 'REPORT_NOT_FOUND' });
  });

  it("answers REPORT_NOT_FOUND for another turbine's report and keeps it", async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const elsewhere = await makeTurbine(app.dataSource, home.id);
    const reply = await upload(operator, elsewhere, [{ name: 'Baska.pdf', bytes: pdf() }]);
    const report = reply.body.data[0]!;
    const wrong = await call(app, 'DELETE', `/api/turbines/${turbine}/reports/${report.id}`, { as: superadmin });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({ success: false, code: 'REPORT_NOT_FOUND' });
    expect(await storageKeyOf(report.id)).toBeDefined();
  });

  it.each(['abc', '0', '-1', '99999999999', '2147483647'])('answers the id %j with REPORT_NOT_FOUND', async (id) => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await call(app, 'DELETE', unchecked(`/api/turbines/${turbine}/reports/${id}`), { as: admin });
    expect(reply.status, reply.text).toBe(404);
    expect(reply.body).toMatchObject({ success: false, code: 'REPORT_NOT_FOUND' });
  });
});

describe('access', () => {
  it('lets a customer neither list, upload nor delete (403)', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const stored = await upload(operator, turbine, [{ name: 'Musteri.pdf', bytes: pdf() }]);
    const id = stored.body.data[0]!.id;
    const listing = await list(customer, turbine);
    const uploading = await upload(customer, turbine, [{ name: 'Musteri2.pdf', bytes: pdf() }]);
    const deleting = await call(app, 'DELETE', `/api/turbines/${turbine}/reports/${id}`, { as: customer });
    for (const reply of [listing, uploading, deleting]) {
      expect(reply.status, reply.text).toBe(403);
      expect(reply.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect(await reportTraces(turbine)).toMatchObject({ rows: 1, intents: 0 });
  });

  it("answers another company's turbine exactly like a missing one", async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const stored = await upload(operator, turbine, [{ name: 'Ic.pdf', bytes: pdf() }]);
    const id = stored.body.data[0]!.id;
    const missing = { success: false, code: 'TURBINE_NOT_FOUND', message: inTurkish('errors.TURBINE_NOT_FOUND') };
    const replies = [
      await list(otherAdmin, turbine),
      await upload(otherAdmin, turbine, [{ name: 'Dis.pdf', bytes: pdf() }]),
      await call(app, 'DELETE', `/api/turbines/${turbine}/reports/${id}`, { as: otherAdmin }),
      await list(otherAdmin, 2_000_000_000),
      await list(otherAdmin, 'abc'),
    ];
    for (const reply of replies) {
      expect(reply.status, reply.text).toBe(404);
      expect(reply.body).toMatchObject(missing);
    }
    expect(await reportTraces(turbine)).toMatchObject({ rows: 1, intents: 0 });
  });

  it("lets a superadmin read, upload and delete another company's reports", async () => {
    const turbine = await makeTurbine(app.dataSource, other.id);
    const stored = await upload(superadmin, turbine, [{ name: 'Yonetici.pdf', bytes: pdf() }]);
    expect(stored.status, stored.text).toBe(201);
    expect((await list(superadmin, turbine)).body.data).toHaveLength(1);
    const id = stored.body.data[0]!.id;
    const deleted = await call(app, 'DELETE', `/api/turbines/${turbine}/reports/${id}`, { as: superadmin });
    expect(deleted.status).toBe(200);
  });

  it('answers an anonymous caller with 401', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await call(app, 'GET', `/api/turbines/${turbine}/reports`);
    expect(reply.status).toBe(401);
  });

  it('hides the reports of a deleted turbine', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const stored = await upload(operator, turbine, [{ name: 'Eski.pdf', bytes: pdf() }]);
    await app.dataSource.query(`UPDATE turbines SET deleted_at = now() WHERE id = $1`, [turbine]);
    const reply = await list(operator, turbine);
    expect(reply.status).toBe(404);
    expect((await fetch(app.baseUrl + stored.body.data[0]!.report_url)).status).toBe(404);
  });
});
