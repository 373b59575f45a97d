import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { MEDIA_FRAGMENT_SPEC } from '@kanat360/contracts';
import { translator } from '@kanat360/i18n';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type PagePosition } from '@/common/page-cursor.js';
import { type ExportPages } from '@/common/export-pages.js';
import { type SheetColumn, type SheetValue, xlsxExport } from '@/common/sheet-export.js';
import { findingsCsv, type FindingPages } from '@/findings/findings-export.js';
import { findingsJsonLd } from '@/findings/findings-jsonld.js';
import { findingSheet } from '@/findings/findings-sheet.js';
import { type FindingSheetRow } from '@/findings/findings.repository.js';
import { eventually } from './eventually.js';

const PAGES = 6;
const PER_PAGE = 3;

function row(id: number): FindingSheetRow {
  return {
    repair: null,
    id,
    turbineId: 1,
    mediaId: 2,
    mediaVersion: 1,
    year: 2025,
    blade: 'A',
    surface: 'leading_edge',
    zone: 3,
    internal: false,
    distanceFromRootM: 12.5,
    extentM: null,
    distanceFromLeM: null,
    target: JSON.stringify({
      selector: { type: 'FragmentSelector', conformsTo: MEDIA_FRAGMENT_SPEC, value: 'xywh=pixel:1,2,3,4' },
    }),
    type: 'erosion',
    severity: 3,
    action: 'repair_planned',
    lengthMm: 10,
    widthMm: 2,
    description: `Şişli "${id}", virgül`,
    status: 'new',
    stage: 'released',
    trackId: id,
    createdBy: null,
    createdAt: new Date('2025-06-01T10:00:00.000Z'),
    updatedAt: new Date('2025-06-01T10:00:00.000Z'),
    sortAt: '2025-06-01T10:00:00.000000Z',
    turbineName: 'İzmir Türbini',
    turbineCode: 'IZ-1',
    photoName: 'DJI_0001.JPG',
    author: null,
  };
}

/** `count` pages of `perPage` findings (three unless told); `reads` counts the pages asked for. */
function pages(count = PAGES, perPage = PER_PAGE): { read: FindingPages; reads: (PagePosition | null)[] } {
  const reads: (PagePosition | null)[] = [];
  const read: FindingPages = (after) => {
    reads.push(after);
    const page = reads.length;
    const rows = count === 0 ? [] : Array.from({ length: perPage }, (_, i) => row((page - 1) * perPage + i + 1));
    return Promise.resolve({ rows, next: page < count ? { at: `2025-06-0${page}`, id: page } : null });
  };
  return { read, reads };
}

const options = { publicUrl: 'https://x.test', query: {}, language: 'en' as const, t: translator('en') };

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

// A JSON-LD export holds one page at a time whatever the total; a CSV export passes PostgreSQL's bytes through.
describe('an export stream', () => {
  it('reads the first page before answering, then each page only once the client has taken the one before', async () => {
    const { read, reads } = pages();
    const stream = await findingsJsonLd(read, options);
    expect(reads).toEqual([null]);
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      // The stream reads ahead one chunk at most: never a page the client is not about to take.
      expect(reads.length).toBeLessThanOrEqual(chunks.length + 1);
    }
    expect(reads).toHaveLength(PAGES);
    expect(reads.slice(1)).toEqual(
      Array.from({ length: PAGES - 1 }, (_, i) => ({ at: `2025-06-0${i + 1}`, id: i + 1 })),
    );
  });

  it('writes JSON-LD pages as one collection with its total, no page left out', async () => {
    const collection = JSON.parse(await text(await findingsJsonLd(pages().read, options))) as {
      id: string;
      total: number;
      first: { id: string; partOf: string; items: { id: string; description?: string; body: { value: string }[] }[] };
    };
    expect(collection.id).toBe('https://x.test/api/findings/export.jsonld');
    expect(collection.total).toBe(PAGES * PER_PAGE);
    expect(collection.first).toMatchObject({ id: `${collection.id}#page-1`, partOf: collection.id });
    expect(collection.first.items.map((item) => item.id)).toEqual(
      Array.from({ length: PAGES * PER_PAGE }, (_, i) => `https://x.test/dashboard/turbine/1/findings/${i + 1}`),
    );
    expect(collection.first.items[0]!.body.map((body) => body.value)).toEqual(['Erosion', 'Şişli "1", virgül']);
  });

  it('writes an empty export as a collection of no page, its total 0', async () => {
    const collection = JSON.parse(await text(await findingsJsonLd(pages(0).read, options))) as Record<string, unknown>;
    expect(collection).toMatchObject({ type: 'AnnotationCollection', total: 0 });
    expect(collection).not.toHaveProperty('first');
  });

  it('writes the CSV as a byte-order mark, the quoted header and the rows as they come, lines ending CRLF', async () => {
    const rows = ['1,"Şişli ""1"", virgül",false\r\n', '2,,true\r\n'];
    const csv = await text(findingsCsv(Readable.from(rows.map((line) => Buffer.from(line))), ['Kimlik', 'A "b"']));
    expect(csv).toBe(`\ufeff"Kimlik","A ""b"""\r\n${rows.join('')}`);
  });

  it('stops reading the rows when the client leaves, and fails the answer when the rows fail', async () => {
    const rows = new PassThrough();
    const left = findingsCsv(rows, ['a']);
    left.destroy();
    await eventually(() => rows.destroyed, 'the rows destroyed');
    const failing = new PassThrough();
    const answer = findingsCsv(failing, ['a']);
    failing.destroy(new Error('connection lost'));
    await expect(finished(answer)).rejects.toThrow('connection lost');
  });

  it('writes a workbook page by page, stopping while nobody takes the bytes and going on as the client reads', async () => {
    // Far more pages than the zip's and the answer's buffers hold (a page of these rows deflates to a few kB).
    const count = 40;
    const { read, reads } = pages(count, 500);
    const t = translator('en');
    const stream = await xlsxExport(read, findingSheet(t, 'https://x.test'), t, 'findings.export.sheetName');
    // Nobody reads the answer: its buffer fills, and the writer stops reading pages. It counts as stopped once the
    // pages read stay the same for a while: a loaded machine only makes it stop earlier, and a writer without
    // backpressure goes on to read all 40 (and hold them) before it stops.
    let seen = -1;
    await eventually(
      () => {
        const stopped = stream.readableLength >= stream.readableHighWaterMark && reads.length === seen;
        seen = reads.length;
        return stopped;
      },
      'the writer stopped',
      { intervalMs: 300 },
    );
    const stalled = reads.length;
    expect(stalled).toBeLessThan(count / 2);
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(reads).toHaveLength(count);
    const workbook = new ExcelJS.Workbook();
    const bytes = Buffer.concat(chunks);
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    expect(workbook.worksheets[0]!.rowCount).toBe(1 + count * 500);
  });
});

// The workbook's XML is written by hand: what Excel's rules ask of it, read back by exceljs's strict XML parser.
describe('a workbook export', () => {
  const t = translator('en');
  const kinds: SheetColumn<{ value: SheetValue }>[] = (['text', 'number', 'time', 'date', 'link'] as const).map(
    (kind) => ({ header: 'findings.export.sheetName', kind, width: 10, value: (row) => row.value }),
  );
  async function loaded(stream: Readable): Promise<ExcelJS.Worksheet> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    return workbook.worksheets[0]!;
  }

  it('keeps any text as text: XML’s own characters, a formula’s start, letters beyond the BMP, control characters', async () => {
    const texts = ['a & b <c> "d"', '=1+1', 'Şişli 🌬️', 'tab\there', 'bell\u0007', 'lone \ud800 half'];
    const read: ExportPages<{ value: SheetValue }> = () =>
      Promise.resolve({ rows: texts.map((value) => ({ value })), next: null });
    const sheet = await loaded(await xlsxExport(read, [kinds[0]!], t, 'findings.export.sheetName'));
    const cells = texts.map((_text, i) => sheet.getRow(i + 2).getCell(1));
    expect(cells.map((cell) => cell.type)).toEqual(texts.map(() => ExcelJS.ValueType.String));
    // What XML cannot hold is written as Excel's escape of it (_xHHHH_), which Excel reads back as the character.
    expect(cells.map((cell) => cell.value)).toEqual([
      'a & b <c> "d"',
      '=1+1',
      'Şişli 🌬️',
      'tab\there',
      'bell_x0007_',
      'lone _xD800_ half',
    ]);
  });

  it('writes numbers, times, days and links as such, an empty cell as none', async () => {
    const at = new Date('2025-06-01T10:20:30.000Z');
    const values: SheetValue[] = ['x', 12.5, at, '2025-06-02', 'https://x.test/a?b=1&c=2'];
    const read: ExportPages<{ value: SheetValue }> = () => Promise.resolve({ rows: [{ value: null }], next: null });
    // One column per kind, each reading its own value of the row.
    const columns = kinds.map((column, i) => ({ ...column, value: () => values[i]! }));
    const sheet = await loaded(await xlsxExport(read, columns, t, 'findings.export.sheetName'));
    const cells = [1, 2, 3, 4, 5].map((i) => sheet.getRow(2).getCell(i));
    expect(cells.map((cell) => cell.value)).toEqual([
      'x',
      12.5,
      at,
      new Date('2025-06-02T00:00:00Z'),
      { text: 'https://x.test/a?b=1&c=2', hyperlink: 'https://x.test/a?b=1&c=2' },
    ]);
    expect(cells.map((cell) => cell.numFmt)).toEqual([
      undefined,
      undefined,
      'yyyy-mm-dd hh:mm',
      'yyyy-mm-dd',
      undefined,
    ]);
    expect(sheet.autoFilter).toBe('A1:E2');
    const empty = await loaded(
      await xlsxExport(
        () => Promise.resolve({ rows: [{ value: null }], next: null }),
        [kinds[1]!],
        t,
        'findings.export.sheetName',
      ),
    );
    expect(empty.getRow(2).getCell(1).value).toBeNull();
    const impossibleDay = await loaded(
      await xlsxExport(
        () => Promise.resolve({ rows: [{ value: '2025-13-45' }], next: null }),
        [kinds[3]!],
        t,
        'findings.export.sheetName',
      ),
    );
    expect(impossibleDay.getRow(2).getCell(1).value).toBeNull();
  });

  it('keeps every link with its cell across the writer’s chunks, and a text longer than a chunk whole', async () => {
    // Some 3,000 links fill several of the writer's 32 KB chunks of links, and a 20,000-character text (Excel holds
    // 32,767) is more than a chunk on its own.
    const addresses = Array.from({ length: 3000 }, (_v, i) => `https://x.test/ş/${i}?a=1&b="${i % 7}"`);
    const long = 'Ğ'.repeat(20_000);
    const read: ExportPages<{ value: SheetValue }> = () =>
      Promise.resolve({ rows: addresses.map((value) => ({ value })), next: null });
    const columns = [
      kinds[4]!,
      { ...kinds[0]!, value: (row: { value: SheetValue }) => (row.value === addresses[9] ? long : 'x') },
    ];
    const sheet = await loaded(await xlsxExport(read, columns, t, 'findings.export.sheetName'));
    expect(addresses.map((_address, i) => sheet.getRow(i + 2).getCell(1).value)).toEqual(
      addresses.map((address) => ({ text: address, hyperlink: address })),
    );
    expect(sheet.getRow(11).getCell(2).value).toBe(long);
    expect(sheet.getRow(12).getCell(2).value).toBe('x');
  });

  it('fails the answer when a page after the first fails', async () => {
    const failing: ExportPages<{ value: SheetValue }> = (after) =>
      after === null
        ? Promise.resolve({ rows: [{ value: 'x' }], next: { at: '2025-06-01', id: 1 } })
        : Promise.reject(new Error('connection lost'));
    const answer = await xlsxExport(failing, [kinds[0]!], t, 'findings.export.sheetName');
    await expect(loaded(answer)).rejects.toThrow('connection lost');
  });
});
