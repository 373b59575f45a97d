import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { type Finding, FINDING_FIELDS, MEDIA_FRAGMENT_SPEC } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import { type PagePosition } from '@/common/page-cursor.js';
import { findingsCsv, type FindingPages, findingsJsonLd } from '@/findings/findings-export.js';
import { eventually } from './eventually.js';

const PAGES = 6;
const PER_PAGE = 3;

function finding(id: number): Finding {
  return {
    repair: null,
    id,
    turbine_id: 1,
    media_id: 2,
    media_version: 1,
    year: 2025,
    blade: 'A',
    surface: 'leading_edge',
    zone: 3,
    internal: false,
    distance_from_root_m: 12.5,
    extent_m: null,
    distance_from_le_m: null,
    target: { selector: { type: 'FragmentSelector', conformsTo: MEDIA_FRAGMENT_SPEC, value: 'xywh=pixel:1,2,3,4' } },
    type: 'erosion',
    severity: 3,
    action: 'repair_planned',
    length_mm: 10,
    width_mm: 2,
    description: `Şişli "${id}", virgül`,
    status: 'new',
    stage: 'released',
    track_id: id,
    created_by: null,
    created_at: '2025-06-01T10:00:00.000Z',
    updated_at: '2025-06-01T10:00:00.000Z',
  };
}

/** Six pages of three findings; `reads` counts the pages asked for. */
function pages(): { read: FindingPages; reads: (PagePosition | null)[] } {
  const reads: (PagePosition | null)[] = [];
  const read: FindingPages = (after) => {
    reads.push(after);
    const page = reads.length;
    const findings = Array.from({ length: PER_PAGE }, (_, i) => finding((page - 1) * PER_PAGE + i + 1));
    return Promise.resolve({ findings, next: page < PAGES ? { at: `2025-06-0${page}`, id: page } : null });
  };
  return { read, reads };
}

// A JSON-LD export holds one page at a time whatever the total; a CSV export passes PostgreSQL's bytes through.
describe('an export stream', () => {
  it('reads the first page before answering, then each page only once the client has taken the one before', async () => {
    const { read, reads } = pages();
    const stream = await findingsJsonLd(read, 'https://x.test', (key) => key);
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
    const collection = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      first: { items: { 'kanat360:finding': Finding }[] };
    };
    expect(collection.first.items.map((item) => item['kanat360:finding'].id)).toEqual(
      Array.from({ length: PAGES * PER_PAGE }, (_, i) => i + 1),
    );
    expect(collection.first.items[0]!['kanat360:finding']).toMatchObject({ description: 'Şişli "1", virgül' });
  });

  it('writes the CSV as a byte-order mark, the header and the rows as they come', async () => {
    const rows = ['1,"Şişli ""1"", virgül",false\n', '2,,true\n'];
    const chunks: Buffer[] = [];
    for await (const chunk of findingsCsv(
      Readable.from(rows.map((row) => Buffer.from(row))),
    ) as AsyncIterable<Buffer>) {
      chunks.push(chunk);
    }
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv).toBe(`\ufeff${FINDING_FIELDS.join(',')}\n${rows.join('')}`);
  });

  it('stops reading the rows when the client leaves, and fails the answer when the rows fail', async () => {
    const rows = new PassThrough();
    const left = findingsCsv(rows);
    left.destroy();
    await eventually(() => rows.destroyed, 'the rows destroyed');
    const failing = new PassThrough();
    const answer = findingsCsv(failing);
    failing.destroy(new Error('connection lost'));
    await expect(finished(answer)).rejects.toThrow('connection lost');
  });

  it('writes JSON-LD pages as one valid collection, with no page left out', async () => {
    const { read } = pages();
    const chunks: Buffer[] = [];
    for await (const chunk of (await findingsJsonLd(read, 'https://x.test', (key) => key)) as AsyncIterable<Buffer>) {
      chunks.push(chunk);
    }
    const collection = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { first: { items: { id: string }[] } };
    expect(collection.first.items).toHaveLength(PAGES * PER_PAGE);
    expect(collection.first.items[0]!.id).toBe('https://x.test/api/turbines/1/findings/1');
  });
});
