import { readFileSync } from 'node:fs';
import { type Finding, type FindingDetail, type Turbine } from '@kanat360/contracts';
import ExcelJS from 'exceljs';
import jsonld from 'jsonld';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '@kanat360/i18n';
import { makeCompany, makeFinding, makeMedia, makeTurbine, makeUser, PASSWORD } from './factories.js';
import { call, type Credentials, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

const inTurkish = translator('tr');

// Issue #21: the exports, checked with the tools their users read them with (a CSV parser and the file's bytes, a
// workbook reader, a JSON-LD processor in safe mode).

let app: TestApp;
let manager: Credentials;
let customer: Credentials;
let stranger: Credentials;
let named: number;
let unnamed: number;
const made: FindingDetail[] = [];

const ANNO = readFileSync(new URL('./fixtures/anno.jsonld', import.meta.url), 'utf8');
/** OWASP's CSV injection list: a cell beginning with any of these is read as a formula. */
const FORMULA_STARTS = [
  ['=', '=HYPERLINK("http://x.example","tıkla")'],
  ['+', "+1+cmd|' /C calc'!A0"],
  ['-', "-2+3+cmd|' /C calc'!A0"],
  ['@', "@SUM(1+1)*cmd|' /C calc'!A0"],
  ['a tab', '\t=1+1'],
  ['a carriage return', '\r=1+1'],
] as const;

function create(turbineId: number, fields: Record<string, unknown> & { media_id: number }): Promise<FindingDetail> {
  return makeFinding(app, manager, turbineId, fields);
}

async function download(path: string, caller: Credentials): Promise<Response> {
  const response = await fetch(app.baseUrl + path, {
    headers: 'token' in caller ? { Authorization: `Bearer ${caller.token}` } : {},
  });
  expect(response.status, path).toBe(200);
  return response;
}

/** The CSV export as the file's text and its rows parsed (header first). */
async function csvOf(query: string, caller: Credentials = manager): Promise<{ text: string; rows: string[][] }> {
  const bytes = Buffer.from(await (await download(`/api/findings/export.csv?${query}`, caller)).arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8').slice(1);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { text, rows: parsed.data };
}

async function workbookOf(query: string, caller: Credentials = manager): Promise<ExcelJS.Worksheet> {
  const response = await download(`/api/findings/export.xlsx?${query}`, caller);
  expect(response.headers.get('content-type')).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0]!;
}

beforeAll(async () => {
  app = await startTestApp();
  const company = await makeCompany(app.dataSource);
  const user = await makeUser(app.dataSource, { role: 'company_manager', companyId: company.id });
  manager = (await signIn(app, user.email, PASSWORD)).bearer;
  const reader = await makeUser(app.dataSource, { role: 'customer', companyId: company.id });
  customer = (await signIn(app, reader.email, PASSWORD)).bearer;
  const outsider = await makeUser(app.dataSource, {
    role: 'company_manager',
    companyId: (await makeCompany(app.dataSource)).id,
  });
  stranger = (await signIn(app, outsider.email, PASSWORD)).bearer;
  named = await makeTurbine(app.dataSource, company.id);
  await app.dataSource.query(`UPDATE turbines SET turbine_name = 'Kuzey 7', code = 'KZ-07' WHERE id = $1`, [named]);
  unnamed = await makeTurbine(app.dataSource, company.id);
  await app.dataSource.query(`UPDATE turbines SET city = 'çanakkale ığdır-şile', code = 'CN-01' WHERE id = $1`, [
    unnamed,
  ]);
  const photo = await makeMedia(app, named, { originalName: 'DJI_0042.JPG' });
  const panorama = await makeMedia(app, unnamed, { panorama: true, width: 8000, height: 4000 });
  const cloud = await makeMedia(app, unnamed, { kind: 'pointcloud', originalName: 'scan.pcd' });
  made.push(
    await create(named, { media_id: photo, description: 'Hücum kenarında çatlak;\nikinci satır, "tırnak"' }),
    await create(named, {
      media_id: photo,
      surface: 'trailing_edge',
      internal: true,
      severity: 2,
      type: 'erosion',
      extent_m: 0.75,
      distance_from_le_m: 0.3,
      length_mm: null,
      width_mm: null,
      target: { selector: { type: 'SvgSelector', value: '<svg><polygon points=" 5,5  50,8 20,60 "/></svg>' } },
    }),
    await create(unnamed, {
      media_id: panorama,
      target: { selector: { type: 'PanoramaSelector', value: 'yaw=-12.5,pitch=3' } },
    }),
    await create(unnamed, {
      media_id: cloud,
      target: { selector: { type: 'PointSelector', value: 'xyz=1.5,-2,3.25' } },
    }),
    await create(named, { media_id: photo, stage: 'draft', severity: 5, description: 'taslak' }),
  );
  for (const [, description] of FORMULA_STARTS) {
    // Written in the table: the API trims a description, so a tab or CR could only come from elsewhere.
    const finding = await create(named, { media_id: photo, type: 'other', severity: 1 });
    await app.dataSource.query(`UPDATE findings SET description = $2 WHERE id = $1`, [finding.id, description]);
    made.push({ ...finding, description });
  }
});
afterAll(async () => {
  await app.close();
});

const HEADER_EN = [
  'Finding address',
  'Turbine',
  'Turbine code',
  'Year',
  'Blade',
  'Surface',
  'Zone',
  'Inside / outside',
  'Distance from root (m)',
  'Extent along the blade (m)',
  'Distance from leading edge (m)',
  'Damage type',
  'Severity',
  'Recommended action',
  'Length (mm)',
  'Width (mm)',
  'Description',
  'Status',
  'Stage',
  'Photo',
  'Photo version',
  'Marked region',
  'Recorded by',
  'Recorded (UTC)',
  'Updated (UTC)',
];

/** A row of the export by its finding, keyed by the English header. */
function byFinding(rows: string[][], finding: Finding): Record<string, string> {
  const address = `${app.config.publicUrl}/dashboard/turbine/${finding.turbine_id}/findings/${finding.id}`;
  const row = rows.find((cells) => cells[0] === address);
  expect(row, `the row of finding ${finding.id}`).toBeDefined();
  return Object.fromEntries(HEADER_EN.map((name, index) => [name, row![index]!]));
}

const minute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

describe('the CSV export for people', () => {
  it('has a header and values in the caller’s language: labels, names, the address, the region as text', async () => {
    const { rows } = await csvOf('lang=en');
    expect(rows[0]).toEqual(HEADER_EN);
    expect(rows).toHaveLength(1 + made.length);
    const [crack, polygon, direction, point] = made;
    expect(byFinding(rows, crack!)).toEqual({
      'Finding address': `${app.config.publicUrl}/dashboard/turbine/${named}/findings/${crack!.id}`,
      Turbine: 'Kuzey 7',
      'Turbine code': 'KZ-07',
      Year: '2024',
      Blade: 'A',
      Surface: 'Leading edge',
      Zone: '3',
      'Inside / outside': 'External',
      'Distance from root (m)': '12.5',
      'Extent along the blade (m)': '',
      'Distance from leading edge (m)': '',
      'Damage type': 'Crack',
      Severity: '4 – Major',
      'Recommended action': 'Repair soon',
      'Length (mm)': '120',
      'Width (mm)': '2.5',
      Description: 'Hücum kenarında çatlak;\r\nikinci satır, "tırnak"',
      Status: 'New',
      Stage: 'Released',
      Photo: 'DJI_0042.JPG',
      'Photo version': '1',
      'Marked region': 'Rectangle: x 100, y 200, 300 × 150 px',
      'Recorded by': 'Test company_manager',
      'Recorded (UTC)': minute(crack!.created_at),
      'Updated (UTC)': minute(crack!.updated_at),
    });
    expect(byFinding(rows, polygon!)).toMatchObject({
      Surface: 'Trailing edge',
      'Inside / outside': 'Internal',
      'Extent along the blade (m)': '0.75',
      'Distance from leading edge (m)': '0.3',
      'Damage type': 'Erosion',
      Severity: '2 – Moderate',
      'Length (mm)': '',
      'Marked region': 'Polygon (3 corners, px): 5,5 50,8 20,60',
    });
    expect(byFinding(rows, direction!)).toMatchObject({
      Turbine: 'Çanakkale Iğdır-Şile Türbini',
      'Turbine code': 'CN-01',
      'Marked region': 'Direction: yaw -12.5°, pitch 3°',
    });
    expect(byFinding(rows, point!)).toMatchObject({ Photo: 'scan.pcd', 'Marked region': 'Point: x 1.5, y -2, z 3.25' });
    // No code of the API's speaks in it.
    const cells = rows.slice(1).flat();
    for (const code of ['leading_edge', 'repair_soon', 'released', 'FragmentSelector', 'xywh']) {
      expect(cells.filter((cell) => cell.includes(code))).toEqual([]);
    }
  });

  it('names the turbine as the API does, Turkish capitals included', async () => {
    const turbine = await call<{ data: Turbine }>(app, 'GET', `/api/turbines/${unnamed}`, { as: manager });
    const { rows } = await csvOf(`turbine_id=${unnamed}`);
    expect(rows.slice(1).map((row) => row[1])).toEqual([turbine.body.data.name, turbine.body.data.name]);
  });

  it('is in Turkish without a language, and for a Turkish caller', async () => {
    const { rows } = await csvOf(`turbine_id=${named}&stage=released&type=crack`);
    expect(rows[0]!.slice(0, 3)).toEqual([
      inTurkish('findings.export.column.address'),
      inTurkish('findings.export.column.turbine'),
      inTurkish('findings.export.column.turbineCode'),
    ]);
    expect(rows[1]!.slice(5, 8)).toEqual([
      inTurkish('findings.surface.leading_edge'),
      '3',
      inTurkish('findings.internal.false'),
    ]);
    expect(rows[1]![21]).toBe('Dikdörtgen: x 100, y 200, 300 × 150 piksel');
  });

  it('ends every line with CRLF (RFC 4180), line breaks inside a description too', async () => {
    const { text } = await csvOf('lang=en');
    const inside = made.map((finding) => finding.description?.match(/\r\n|\r|\n/g)?.length ?? 0);
    expect(text.match(/\r\n/g)).toHaveLength(1 + made.length + inside.reduce((sum, n) => sum + n, 0));
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it.each(FORMULA_STARTS)('neutralises a cell beginning with %s (OWASP CSV injection)', async (_start, description) => {
    const finding = made.find((entry) => entry.description === description)!;
    const { text, rows } = await csvOf('lang=en');
    const expected = `'${description.replace('\r', '\r\n')}`;
    expect(byFinding(rows, finding).Description).toBe(expected);
    // Quoted too: a separator in it could not start a cell of its own.
    expect(text).toContain(`"${expected.replaceAll('"', '""')}"`);
  });

  it('answers the caller’s tenancy: released findings only to a customer, none of another company', async () => {
    const released = made.filter((finding) => finding.stage === 'released');
    expect((await csvOf('', customer)).rows).toHaveLength(1 + released.length);
    expect((await csvOf('', stranger)).rows).toHaveLength(1);
  });
});

describe('the Excel export', () => {
  it('is one sheet with a frozen header and filters, numbers as numbers, times as times, links and colours', async () => {
    const sheet = await workbookOf('lang=en');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe(`A1:Y${1 + made.length}`);
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER_EN]);
    expect(sheet.getRow(1).font).toMatchObject({ bold: true });
    expect(sheet.rowCount).toBe(1 + made.length);
    const rows = Array.from({ length: made.length }, (_, i) => sheet.getRow(i + 2));
    const crack = rows.find((row) => (row.getCell(1).value as { text: string }).text.endsWith(`/${made[0]!.id}`))!;
    expect(crack.getCell(1).value).toEqual({
      text: `${app.config.publicUrl}/dashboard/turbine/${named}/findings/${made[0]!.id}`,
      hyperlink: `${app.config.publicUrl}/dashboard/turbine/${named}/findings/${made[0]!.id}`,
    });
    expect(crack.getCell(4).value).toBe(2024);
    expect(crack.getCell(9).value).toBe(12.5);
    expect(crack.getCell(16).value).toBe(2.5);
    expect(crack.getCell(13).value).toBe('4 – Major');
    expect(crack.getCell(13).fill).toEqual({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDC2626' } });
    expect(crack.getCell(24).value).toEqual(
      new Date(`${minute(made[0]!.created_at).replace(' ', 'T')}:${made[0]!.created_at.slice(17)}`),
    );
    expect(crack.getCell(24).numFmt).toBe('yyyy-mm-dd hh:mm');
    // A text beginning with = stays text: a workbook cell is a formula only when written as one.
    const formula = rows.find((row) => row.getCell(17).value === FORMULA_STARTS[0][1])!;
    expect(formula.getCell(17).type).toBe(ExcelJS.ValueType.String);
  });

  it('holds the CSV’s cells, the same findings in the same order', async () => {
    const [sheet, { rows }] = await Promise.all([workbookOf('lang=en'), csvOf('lang=en')]);
    const asCsv = (value: ExcelJS.CellValue): string => {
      if (value === null || value === undefined) return '';
      if (value instanceof Date) return minute(value.toISOString());
      if (typeof value === 'object' && 'hyperlink' in value) return value.text;
      const text = typeof value === 'number' ? String(value) : (value as string);
      return /^[=+\-@\t\r]/.test(text) ? `'${text.replace(/\r\n?|\n/g, '\r\n')}` : text.replace(/\r\n?|\n/g, '\r\n');
    };
    const cells = Array.from({ length: made.length }, (_, i) =>
      HEADER_EN.map((_name, column) => asCsv(sheet.getRow(i + 2).getCell(column + 1).value)),
    );
    // XML reads a carriage return as a line feed (its line-end rule): that one description differs only so.
    const crAddress = byFinding(
      rows,
      made.find((finding) => finding.description?.startsWith('\r'))!,
    )['Finding address'];
    const other = (list: string[][]) => list.filter((row) => row[0] !== crAddress);
    expect(other(cells)).toEqual(other(rows.slice(1)));
    expect(cells).toHaveLength(rows.length - 1);
  });

  it('writes every character of a text as Excel reads it back, those XML treats apart too', async () => {
    // A turbine of its own, and the finding gone after: the other tests count the company's findings.
    const [{ company_id: companyId }] = await app.dataSource.query<[{ company_id: number }]>(
      `SELECT company_id FROM turbines WHERE id = $1`,
      [named],
    );
    const turbine = await makeTurbine(app.dataSource, companyId);
    const photo = await makeMedia(app, turbine, { originalName: 'a&b <c>.jpg' });
    const finding = await create(turbine, { media_id: photo });
    try {
      const description = 'a & b <c> "d" \\ back\\slash\ttab\nline\r\ncr \u0007bell Şişli 🌬️ \\N';
      await app.dataSource.query(`UPDATE findings SET description = $2 WHERE id = $1`, [finding.id, description]);
      const row = (await workbookOf(`turbine_id=${turbine}`)).getRow(2);
      // What XML cannot hold is written as Excel's escape of it (_xHHHH_), which Excel reads back as the character.
      expect(row.getCell(17).value).toBe(description.replace('\u0007', '_x0007_'));
      expect(row.getCell(20).value).toBe('a&b <c>.jpg');
    } finally {
      await app.dataSource.query(`DELETE FROM findings WHERE id = $1`, [finding.id]);
    }
  });

  it('keeps to the filters and the tenancy', async () => {
    expect((await workbookOf(`turbine_id=${unnamed}`)).rowCount).toBe(3);
    expect((await workbookOf('', customer)).rowCount).toBe(1 + made.filter((f) => f.stage === 'released').length);
    const empty = await workbookOf('', stranger);
    expect(empty.rowCount).toBe(1);
    expect(empty.autoFilter).toBe('A1:Y1');
  });
});

describe('the JSON-LD export', () => {
  /** Serves the W3C context from the fixture and ours from the API; any other address fails the test. */
  const documentLoader = async (url: string) => {
    if (url === 'http://www.w3.org/ns/anno.jsonld') return { documentUrl: url, document: JSON.parse(ANNO) as object };
    const ours = `${app.config.publicUrl}/api/ns/findings/v1.jsonld`;
    if (url !== ours) throw new Error(`no document loaded from ${url}`);
    const response = await fetch(`${app.baseUrl}/api/ns/findings/v1.jsonld`);
    expect(response.status).toBe(200);
    return { documentUrl: url, document: (await response.json()) as object };
  };
  const expand = (document: object) =>
    jsonld.expand(document, { documentLoader, safe: true } as Parameters<typeof jsonld.expand>[1]);
  const toRdf = (document: object) =>
    jsonld.toRDF(document, { documentLoader, safe: true, format: 'application/n-quads' } as Parameters<
      typeof jsonld.toRDF
    >[1]) as unknown as Promise<string>;

  it('serves our context to anyone, cacheable, as JSON-LD', async () => {
    const response = await fetch(`${app.baseUrl}/api/ns/findings/v1.jsonld`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/ld+json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const context = (await response.json()) as { '@context': Record<string, unknown> };
    expect(context['@context']).toMatchObject({
      k360: `${app.config.publicUrl}/api/ns/findings#`,
      PanoramaSelector: 'k360:PanoramaSelector',
      erosion: 'k360:erosion',
    });
  });

  it('is accepted by a JSON-LD processor in safe mode: IRIs for every id, every term defined', async () => {
    const response = await download('/api/findings/export.jsonld?lang=en', manager);
    expect(response.headers.get('content-type')).toContain('application/ld+json');
    const document = (await response.json()) as { id: string; total: number; first: { items: { id: string }[] } };
    expect(document.total).toBe(made.length);
    const [collection] = await expand(document);
    const ns = `${app.config.publicUrl}/api/ns/findings#`;
    const AS = 'http://www.w3.org/ns/activitystreams#';
    expect(collection!['@id']).toBe(`${app.config.publicUrl}/api/findings/export.jsonld?lang=en`);
    const page = (collection![`${AS}first`] as Record<string, unknown>[])[0]!;
    expect(page['@id']).toBe(`${app.config.publicUrl}/api/findings/export.jsonld?lang=en#page-1`);
    const items = (page[`${AS}items`] as { '@list': Record<string, unknown>[] }[])[0]!['@list'];
    expect(items.map((item) => item['@id']).sort()).toEqual(
      made.map((f) => `${app.config.publicUrl}/dashboard/turbine/${f.turbine_id}/findings/${f.id}`).sort(),
    );
    const panorama = items.find(
      (item) => item['@id'] === document.first.items.find((i) => i.id.endsWith(`/${made[2]!.id}`))!.id,
    )!;
    expect(panorama[`${ns}severity`]).toEqual([{ '@value': 4 }]);
    expect(panorama[`${ns}damage_type`]).toEqual([{ '@id': `${ns}crack` }]);
    expect(panorama[`${ns}distance_from_root_m`]).toEqual([{ '@value': 12.5 }]);
    const target = (panorama['http://www.w3.org/ns/oa#hasTarget'] as Record<string, unknown>[])[0]!;
    const selector = (target['http://www.w3.org/ns/oa#hasSelector'] as Record<string, unknown>[])[0]!;
    expect(selector['@type']).toEqual([`${ns}PanoramaSelector`]);
    // Every statement has absolute IRIs: turning it into RDF in safe mode fails on any relative one.
    const quads = await toRdf(document);
    expect(quads).toContain(`<${ns}PointSelector>`);
  });

  it('writes an export with no finding as a valid collection of none', async () => {
    const response = await download('/api/findings/export.jsonld?type=hole', manager);
    const document = (await response.json()) as Record<string, unknown>;
    expect(document).toMatchObject({ type: 'AnnotationCollection', total: 0 });
    const [collection] = await expand(document);
    expect(collection!['@id']).toBe(`${app.config.publicUrl}/api/findings/export.jsonld?type=hole`);
    expect(collection!['http://www.w3.org/ns/activitystreams#totalItems']).toEqual([
      { '@type': 'http://www.w3.org/2001/XMLSchema#nonNegativeInteger', '@value': 0 },
    ]);
  });
});
