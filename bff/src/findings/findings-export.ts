import { PassThrough, pipeline, Readable } from 'node:stream';
import { type ExportPages, exportPages } from '@/common/export-pages.js';
import { type FindingSheetRow } from './findings.repository.js';

/** Reads the page of a findings export after `after` (null: the first page). */
export type FindingPages = ExportPages<FindingSheetRow>;

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
 * An export as a stream of bytes, its pages read as the client takes the ones before (Readable.from holds one chunk;
 * export-pages.ts): a page becomes UTF-8 bytes the moment it is written, inside one function, so what waits for a slow
 * client is one Buffer (outside the V8 heap), never the page's rows; an export holds one page whatever the total.
 */
export async function pagedTextExport(read: FindingPages, text: PagedText): Promise<Readable> {
  const pages = await exportPages(read);
  async function* chunks(): AsyncGenerator<Buffer> {
    let count = 0;
    let empty = true;
    let first = true;
    // The first page always comes (it may be empty).
    for await (const rows of pages) {
      if (first) {
        empty = rows.length === 0;
        yield Buffer.from(text.head(empty), 'utf8');
      }
      const bytes = Buffer.from(text.page(rows, first), 'utf8');
      first = false;
      count += rows.length;
      if (bytes.length > 0) yield bytes;
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
