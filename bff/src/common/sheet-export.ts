import { PassThrough, Readable } from 'node:stream';
import { type MessageKey, type Translate } from '@kanat360/i18n';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { type PagePosition } from './page-cursor.js';

/*
 * Tables for people (DESIGN "Findings": CSV for people, an Excel workbook): headers in the caller's language, labels
 * instead of codes, names instead of ids, written from one list of columns. Rows are read a page at a time as the
 * client takes the bytes, so an export holds a page whatever the total. The findings' columns (findings-sheet.ts)
 * add the SQL of each CSV cell, since PostgreSQL writes their CSV; the repairs' CSV is written here.
 */

/** What a cell holds: a text, a number, a time (UTC), a calendar day (`YYYY-MM-DD`); null leaves it empty. */
export type SheetValue = string | number | Date | null;

/** How the workbook shows a column's cells. */
export type SheetKind = 'text' | 'number' | 'time' | 'date' | 'link';

export interface SheetColumn<R> {
  header: MessageKey;
  kind: SheetKind;
  /** In characters, for the workbook. */
  width: number;
  value(this: void, row: R): SheetValue;
  /** The workbook cell's background and text colours (#rrggbb) for a row, when the value has one (a severity's). */
  colours?(this: void, row: R): { fill: string; text: string };
}

/** One page of an export's rows, and where the next one starts (null: it was the last). */
export interface SheetPage<R> {
  rows: R[];
  next: PagePosition | null;
}

/** Reads the page after `after` (null: the first page). */
export type SheetPages<R> = (after: PagePosition | null) => Promise<SheetPage<R>>;

/**
 * A text as a spreadsheet must not run it (OWASP CSV injection): one that starts with = + - @, a tab or a carriage
 * return gets a leading apostrophe, which Excel and LibreOffice show as text.
 */
export function neutralized(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A time as the CSV writes it: UTC, to the minute (the header says UTC). */
function csvTime(value: Date): string {
  return value.toISOString().slice(0, 16).replace('T', ' ');
}

function csvCell(kind: SheetKind, value: SheetValue): string | number | null {
  if (value === null) return null;
  if (value instanceof Date) return csvTime(value);
  if (typeof value === 'number') return value;
  // Texts and links are people's words: never run as a formula, their line breaks RFC 4180's CRLF.
  return kind === 'text' || kind === 'link' ? neutralized(value).replace(/\r\n|\r|\n/g, '\r\n') : value;
}

/**
 * The rows as CSV for people (RFC 4180: every text quoted, CRLF line ends), UTF-8 with a byte-order mark (Excel reads
 * the file as UTF-8 only with it, and Turkish letters come out right). The first page is read before the answer
 * starts, so a failure then is a proper error answer rather than a cut download.
 */
export async function csvExport<R>(
  read: SheetPages<R>,
  columns: readonly SheetColumn<R>[],
  t: Translate,
): Promise<Readable> {
  const write = (records: (string | number | null)[][]) =>
    stringify(records, { record_delimiter: '\r\n', quoted_string: true });
  const first = await read(null);
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(`\ufeff${write([columns.map((column) => t(column.header))])}`, 'utf8');
    let page: SheetPage<R> | null = first;
    while (page) {
      const records = page.rows.map((row) => columns.map((column) => csvCell(column.kind, column.value(row))));
      const next: PagePosition | null = page.next;
      page = null;
      if (records.length > 0) yield Buffer.from(write(records), 'utf8');
      if (next !== null) page = await read(next);
    }
  }
  return Readable.from(chunks());
}

const TIME_FORMAT = 'yyyy-mm-dd hh:mm';
const DATE_FORMAT = 'yyyy-mm-dd';

/** An ARGB colour as Excel's styles take it, from a #rrggbb hex. */
const argb = (hex: string) => `FF${hex.slice(1).toUpperCase()}`;

/** How long the zip must write nothing before it counts as caught up with the rows given to it. */
const QUIET_MS = 4;

/**
 * Waits until the zip has written out what it was given: exceljs hands the sheet's XML to the zip without waiting
 * for it (its StreamBuf ignores backpressure), so rows made faster than the zip deflates them would pile up,
 * uncompressed (some 45 MB per workbook of 20,000 findings, bench:findings). `zipped` counts the bytes the zip
 * wrote; the wait ends once it has been quiet for QUIET_MS (it took all it had), or the client has gone. While the
 * client is slow (`zipped` full), it waits for the client first.
 */
async function caughtUp(zipped: PassThrough & { bytes: number }): Promise<void> {
  for (;;) {
    if (zipped.destroyed) return;
    if (zipped.writableNeedDrain) {
      await new Promise<void>((resolve) => {
        const done = () => {
          zipped.off('drain', done).off('close', done);
          resolve();
        };
        zipped.once('drain', done).once('close', done);
      });
      continue;
    }
    const before = zipped.bytes;
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    if (zipped.bytes === before) return;
  }
}

/** A workbook cell's value: a calendar day becomes a date cell (UTC midnight, shown without a time). */
function xlsxCell(kind: SheetKind, value: SheetValue): ExcelJS.CellValue {
  if (value === null) return null;
  if (kind === 'date' && typeof value === 'string') return new Date(`${value}T00:00:00Z`);
  if (kind === 'link' && typeof value === 'string') return { text: value, hyperlink: value };
  // exceljs writes strings as text cells (never formulas), so no neutralizing is needed here.
  return value;
}

/**
 * The rows as an Excel workbook: one sheet, its header row bold and frozen, filters on, numbers as numbers, times
 * and days as dates, links clickable, cells coloured where a column says so. Written by exceljs's streaming
 * WorkbookWriter, strings inline (a shared-strings table would hold every text until the end): each page becomes
 * committed rows of the zip's deflate stream, and the next page is read only once the zip and the client have taken
 * them (the writer itself does not wait for either: see caughtUp), so an export holds a page or two whatever the
 * total. The first page is read before the answer starts (a failure then is a proper error answer); a client that
 * leaves stops the reading.
 */
export async function xlsxExport<R>(
  read: SheetPages<R>,
  columns: readonly SheetColumn<R>[],
  t: Translate,
  sheetName: MessageKey,
): Promise<Readable> {
  const first = await read(null);
  const output = Object.assign(
    new PassThrough({
      transform(chunk: Buffer, _encoding, done) {
        output.bytes += chunk.length;
        done(null, chunk);
      },
    }),
    { bytes: 0 },
  );
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Kanat360';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(t(sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: t(column.header),
    width: column.width,
    style: column.kind === 'time' ? { numFmt: TIME_FORMAT } : column.kind === 'date' ? { numFmt: DATE_FORMAT } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  const write = async () => {
    let page: SheetPage<R> | null = first;
    let rows = 1;
    while (page) {
      for (const item of page.rows) {
        const row = sheet.addRow(columns.map((column) => xlsxCell(column.kind, column.value(item))));
        columns.forEach((column, index) => {
          const cell = row.getCell(index + 1);
          if (column.kind === 'link' && cell.value !== null) {
            cell.font = { color: { argb: 'FF1D4ED8' }, underline: true };
          }
          const colours = column.colours?.(item);
          if (colours) {
            cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(colours.fill) } };
            cell.font = { color: { argb: argb(colours.text) } };
          }
        });
        row.commit();
        rows += 1;
      }
      const next: PagePosition | null = page.next;
      page = null;
      // The next page only once the zip, and the client, have taken this one.
      await caughtUp(output);
      if (output.destroyed) return;
      if (next !== null) page = await read(next);
    }
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows, column: columns.length } };
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
