import { PassThrough, pipeline, Readable } from 'node:stream';
import { type PagePosition } from '@/common/page-cursor.js';
import { type FindingSheetRow } from './findings.repository.js';

/** One page of an export's findings, in the lists' order, and where the next one starts (null: it was the last). */
export interface FindingPage {
  rows: FindingSheetRow[];
  next: PagePosition | null;
}

/** Reads the page of an export after `after` (null: the first page). */
export type FindingPages = (after: PagePosition | null) => Promise<FindingPage>;

/** What a text export writes around and for its pages. */
export interface PagedText {
  /** Before the first page; `empty`: no finding at all. */
  head(empty: boolean): string;
  /** A page's findings; `first`: the first page. */
  page(rows: FindingSheetRow[], first: boolean): string;
  /** After the last page, once `count` findings were written. */
  tail(count: number, empty: boolean): string;
}

/**
 * An export as a stream of bytes, each page read only once the client has taken the one before (Readable.from holds
 * one chunk): a page becomes UTF-8 bytes the moment it arrives, inside one function, so what waits for a slow client
 * is one Buffer (outside the V8 heap), never the page's rows; an export holds one page at most whatever the total.
 * The first page is read before the answer starts, so a failure then is still a proper error answer rather than a
 * cut download.
 */
export async function pagedTextExport(read: FindingPages, text: PagedText): Promise<Readable> {
  const first = await read(null);
  const empty = first.rows.length === 0;
  async function* chunks(): AsyncGenerator<Buffer> {
    let page: FindingPage | null = first;
    let count = 0;
    yield Buffer.from(text.head(empty), 'utf8');
    while (page) {
      const bytes = Buffer.from(text.page(page.rows, count === 0), 'utf8');
      count += page.rows.length;
      const next: PagePosition | null = page.next;
      page = null;
      if (bytes.length > 0) yield bytes;
      if (next !== null) page = await read(next);
    }
    yield Buffer.from(text.tail(count, empty), 'utf8');
  }
  return Readable.from(chunks());
}

/**
 * The findings as CSV for people: a byte-order mark (Excel reads the file as UTF-8 only with it, and Turkish letters
 * come out right), the header in the caller's language, then `rows`, the CSV rows PostgreSQL writes (see
 * findings-sheet.ts), with RFC 4180's CRLF line ends. The rows' bytes pass through as they come, at the client's
 * pace; a client that leaves destroys `rows` (which frees its connection).
 */
export function findingsCsv(rows: Readable, header: readonly string[]): Readable {
  const csv = new PassThrough();
  csv.write(`\ufeff${header.map((name) => `"${name.replaceAll('"', '""')}"`).join(',')}\r\n`, 'utf8');
  // A failure of either side destroys the other: the answer is cut, or the copy stops.
  pipeline(rows, csv, () => undefined);
  return csv;
}
