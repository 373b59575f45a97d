import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type MessageKey, type Translate } from '@kanat360/i18n';
import { stringify } from 'csv-stringify/sync';
import archiver from 'archiver';
import { type ExportPages, exportPages } from './export-pages.js';
import {
  CONTENT_TYPES,
  type CellStyle,
  columnName,
  coreProperties,
  PACKAGE_RELS,
  serialDay,
  SheetStyles,
  sheetEnd,
  sheetRels,
  sheetStart,
  WORKBOOK_RELS,
  workbookXml,
  xmlText,
} from './workbook-xml.js';

/*
 * Tables for people (DESIGN "Findings": CSV for people, an Excel workbook): headers in the caller's language, labels
 * instead of codes, names instead of ids, written from one list of columns. Rows are read a page at a time as the
 * client takes the bytes (export-pages.ts), so an export holds a page whatever the total. The findings' columns
 * (findings-sheet.ts) add the SQL of each CSV cell, since PostgreSQL writes their CSV; the repairs' CSV is written
 * here.
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
 * the file as UTF-8 only with it, and Turkish letters come out right).
 */
export async function csvExport<R>(
  read: ExportPages<R>,
  columns: readonly SheetColumn<R>[],
  t: Translate,
): Promise<Readable> {
  const write = (records: (string | number | null)[][]) =>
    stringify(records, { record_delimiter: '\r\n', quoted_string: true });
  const pages = await exportPages(read);
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(`\ufeff${write([columns.map((column) => t(column.header))])}`, 'utf8');
    for await (const rows of pages) {
      const records = rows.map((row) => columns.map((column) => csvCell(column.kind, column.value(row))));
      if (records.length > 0) yield Buffer.from(write(records), 'utf8');
    }
  }
  return Readable.from(chunks());
}

const TIME_FORMAT = 'yyyy-mm-dd hh:mm';
const DATE_FORMAT = 'yyyy-mm-dd';

/** An ARGB colour as a workbook's styles take it, from a #rrggbb hex. */
const argb = (hex: string) => `FF${hex.slice(1).toUpperCase()}`;

/** The bytes the zip may hold before it stops taking the sheet's XML, and the sheet's XML before it stops reading. */
const BUFFERED_BYTES = 64 * 1024;

/**
 * The XML goes to the zip in chunks of about this many characters: each chunk is one pass through zlib's thread
 * pool, and the links' 20,000 pieces one by one were 40,000 passes, most of a workbook's time. A chunk stays a
 * young, small object (a large one, over 128 KB, only a full collection frees: 16K characters with a Turkish
 * letter are 32 KB).
 */
const CHUNK_CHARS = 16 * 1024;

/** XML pieces (a row, a link) gathered into chunks of CHUNK_CHARS or so. */
async function* inChunks(pieces: AsyncIterable<string> | Iterable<string>): AsyncGenerator<string> {
  let chunk = '';
  for await (const piece of pieces) {
    chunk += piece;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** How a column's cells look when no row says otherwise. */
function columnStyle(kind: SheetKind): CellStyle {
  if (kind === 'time') return { format: TIME_FORMAT };
  if (kind === 'date') return { format: DATE_FORMAT };
  if (kind === 'link') return { colour: 'FF1D4ED8', underline: true };
  return {};
}

/**
 * One cell's XML, or '' for an empty one without a style. Texts are inline strings (a shared-strings table would hold
 * every text until the end), never formulas, so no neutralizing is needed; times and calendar days are serial days
 * shown with a date format.
 */
function xlsxCell(ref: string, style: number, kind: SheetKind, value: SheetValue): string {
  const s = style ? ` s="${style}"` : '';
  if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return s ? `<c r="${ref}"${s}/>` : '';
  if (value instanceof Date) return `<c r="${ref}"${s}><v>${serialDay(value)}</v></c>`;
  if (kind === 'date') return `<c r="${ref}"${s}><v>${serialDay(new Date(`${value}T00:00:00Z`))}</v></c>`;
  if (typeof value === 'number') return `<c r="${ref}"${s}><v>${value}</v></c>`;
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
}

/**
 * The rows as an Excel workbook: one sheet, its header row bold and frozen, filters on, numbers as numbers, times
 * and days as dates, links clickable, cells coloured where a column says so. The sheet's XML is written here, a page
 * at a time, into a streaming zip (archiver) whose buffers are bounded (BUFFERED_BYTES): the zip asks for more XML only
 * as the client takes its bytes, so an export holds a page or two whatever the total (export-pages.ts; only the links'
 * addresses grow with it: a sheet lists them after its rows). A client that leaves stops the reading, and a page that
 * fails fails the answer.
 */
export async function xlsxExport<R>(
  read: ExportPages<R>,
  columns: readonly SheetColumn<R>[],
  t: Translate,
  sheetName: MessageKey,
): Promise<Readable> {
  const pages = await exportPages(read);
  const styles = new SheetStyles();
  const header = styles.index({ bold: true });
  const plain = columns.map((column) => styles.index(columnStyle(column.kind)));
  const links: { cells: string[]; targets: string[] } = { cells: [], targets: [] };
  let rows = 1;
  let left = false;

  async function* sheet(): AsyncGenerator<string> {
    const names = columns.map((_column, index) => columnName(index + 1));
    yield (
      sheetStart(columns.map((column) => column.width)) +
      `<row r="1" s="${header}" customFormat="1">` +
      columns.map((column, i) => xlsxCell(`${names[i]}1`, header, 'text', t(column.header))).join('') +
      '</row>'
    );
    for await (const page of pages) {
      if (left) break;
      for (const item of page) {
        rows += 1;
        let xml = `<row r="${rows}">`;
        columns.forEach((column, i) => {
          const ref = `${names[i]}${rows}`;
          const value = column.value(item);
          const colours = value === null ? undefined : column.colours?.(item);
          const style = colours
            ? styles.index({ ...columnStyle(column.kind), colour: argb(colours.text), fill: argb(colours.fill) })
            : plain[i]!;
          xml += xlsxCell(ref, style, column.kind, value);
          if (column.kind === 'link' && typeof value === 'string') {
            links.cells.push(ref);
            links.targets.push(value);
          }
        });
        // The zip asks for the next chunk of rows only once it (and the client) have taken the ones before: the
        // backpressure.
        yield `${xml}</row>`;
      }
    }
    yield* sheetEnd(filterRange(), links.cells);
  }
  const filterRange = () => `A1:${columnName(columns.length)}${rows}`;
  /** A part written once the sheet is done (the zip reads its entries one after another). */
  const after = (pieces: () => Iterable<string>) =>
    Readable.from(
      inChunks(
        (function* () {
          yield* pieces();
        })(),
      ),
      { objectMode: false, highWaterMark: BUFFERED_BYTES },
    );

  const zip = archiver('zip', { highWaterMark: BUFFERED_BYTES });
  const rowsXml = Readable.from(inChunks(sheet()), { objectMode: false, highWaterMark: BUFFERED_BYTES });
  zip.append(CONTENT_TYPES, { name: '[Content_Types].xml' });
  zip.append(PACKAGE_RELS, { name: '_rels/.rels' });
  zip.append(coreProperties('Kanat360', new Date()), { name: 'docProps/core.xml' });
  zip.append(WORKBOOK_RELS, { name: 'xl/_rels/workbook.xml.rels' });
  zip.append(rowsXml, { name: 'xl/worksheets/sheet1.xml' });
  zip.append(
    after(() => sheetRels(links.targets)),
    { name: 'xl/worksheets/_rels/sheet1.xml.rels' },
  );
  zip.append(
    after(() => [styles.xml()]),
    { name: 'xl/styles.xml' },
  );
  zip.append(
    after(() => [workbookXml(t(sheetName), filterRange())]),
    { name: 'xl/workbook.xml' },
  );
  const output = new PassThrough({ highWaterMark: BUFFERED_BYTES });
  pipeline(zip, output).catch(() => {
    // The output has the error (pipeline destroyed it with it), or the client left: stop reading the pages.
    left = true;
    rowsXml.destroy();
  });
  rowsXml.once('error', (error) => output.destroy(error));
  zip.on('warning', (error) => output.destroy(error));
  void zip.finalize().catch(() => undefined);
  return output;
}
