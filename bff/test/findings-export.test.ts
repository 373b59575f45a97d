import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { MEDIA_FRAGMENT_SPEC } from '@kanat360/contracts';
import { translator } from '@kanat360/i18n';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type PagePosition } from '@/common/page-cursor.js';
import { xlsxExport } from '@/common/sheet-export.js';
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

  it('writes a workbook page by page, the next page read only once the zip and the client have taken one', async () => {
    // Pages big enough to fill the answer's buffers.
    const { read, reads } = pages(PAGES, 500);
    const t = translator('en');
    const stream = await xlsxExport(read, findingSheet(t, 'https://x.test'), t, 'findings.export.sheetName');
    // Nobody reads the answer: the writer stops after a page or two, however long it is given.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads.length).toBeLessThanOrEqual(2);
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(reads).toHaveLength(PAGES);
    const workbook = new ExcelJS.Workbook();
    const bytes = Buffer.concat(chunks);
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    expect(workbook.worksheets[0]!.rowCount).toBe(1 + PAGES * 500);
  });
});
