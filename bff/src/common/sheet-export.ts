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

/** The bytes of a chunk of XML: each is one pass through zlib's thread pool. */
const CHUNK_BYTES = 32 * 1024;

/**
 * Texts written as UTF-8 into buffers of CHUNK_BYTES, handed on as each fills. The XML leaves JavaScript's heap as
 * it is written: a row's strings die young, and no chunk is ever a string (one with a Turkish letter in it is two
 * bytes a character, and is copied again to be sent). Pieces one by one were one pass through zlib's thread pool
 * each: the links' 40,000 pieces were most of a workbook's time.
 */
class ByteChunks {
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  private readonly full: Buffer[] = [];

  write(text: string): void {
    // A UTF-16 unit is three bytes of UTF-8 at most.
    if (this.used + text.length * 3 > CHUNK_BYTES) this.end();
    if (text.length * 3 > CHUNK_BYTES) this.full.push(Buffer.from(text, 'utf8'));
    else this.used += this.chunk.write(text, this.used, 'utf8');
  }

  /** Ends the chunk being written, if it holds anything. */
  end(): void {
    if (this.used === 0) return;
    this.full.push(this.chunk.subarray(0, this.used));
    this.chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
  }

  get ready(): boolean {
    return this.full.length > 0;
  }

  /** The full chunks so far, taken. */
  take(): Buffer[] {
    return this.full.splice(0);
  }
}

/**
 * XML pieces as chunks of bytes (ByteChunks): the parts written after the sheet. `pieces` is called at the first read
 * (the zip reads its entries one after another), once the sheet has said which styles, links and rows there are.
 */
function* inChunks(pieces: () => Iterable<string>): Generator<Buffer> {
  const chunks = new ByteChunks();
  for (const piece of pieces()) {
    chunks.write(piece);
    if (chunks.ready) yield* chunks.take();
  }
  chunks.end();
  yield* chunks.take();
}

/**
 * A sheet's links, kept as bytes outside JavaScript's heap until the sheet's end and its relationships list them:
 * 20,000 pairs of strings would live through every young collection of the export. A record is the cell's
 * reference, a space, the address as XML text (which holds no `<`), and a `<`.
 */
class LinkStore {
  private readonly bytes = new ByteChunks();
  private readonly stored: Buffer[] = [];

  add(ref: string, address: string): void {
    this.bytes.write(`${ref} ${xmlText(address)}<`);
  }

  /** The linked cells' references, in the order added. */
  *refs(): Generator<string> {
    for (const { buffer, start, space } of this.records()) yield buffer.toString('latin1', start, space);
  }

  /** The links' addresses as XML text, in the order added. */
  *xmlAddresses(): Generator<string> {
    for (const { buffer, space, end } of this.records()) yield buffer.toString('utf8', space + 1, end);
  }

  private *records(): Generator<{ buffer: Buffer; start: number; space: number; end: number }> {
    this.bytes.end();
    this.stored.push(...this.bytes.take());
    for (const buffer of this.stored) {
      for (let start = 0; start < buffer.length;) {
        const end = buffer.indexOf(0x3c, start);
        yield { buffer, start, space: buffer.indexOf(0x20, start), end };
        start = end + 1;
      }
    }
  }
}

/** How a column's cells look when no row says otherwise. */
function columnStyle(kind: SheetKind): CellStyle {
  if (kind === 'time') return { format: TIME_FORMAT };
  if (kind === 'date') return { format: DATE_FORMAT };
  if (kind === 'link') return { colour: 'FF1D4ED8', underline: true };
  return {};
}

/**
 * A number's text, as String() writes it. String() keeps the text in V8's number-string cache, where it outlives young
 * collections: a workbook's 200,000 numbers were most of the garbage it promoted to the old space (bench:findings,
 * PROMOTED_PROFILE=1). JSON.stringify writes the same digits without the cache.
 */
const numberText = (value: number) => JSON.stringify(value);

/**
 * One cell's XML, written a piece at a time (a row's XML as one string was most of a workbook's garbage); nothing for
 * an empty cell without a style. Texts are inline strings (a shared-strings table would hold every text until the
 * end), never formulas, so no neutralizing is needed; times and calendar days are serial days shown with a date
 * format. The cell is `column` and `row` (A and 2: A2); `style` its ` s="N"`, or '' for the default.
 */
function writeCell(
  out: ByteChunks,
  column: string,
  row: string,
  style: string,
  kind: SheetKind,
  value: SheetValue,
): void {
  const empty = value === null || (typeof value === 'number' && !Number.isFinite(value));
  if (empty && !style) return;
  out.write('<c r="');
  out.write(column);
  out.write(row);
  out.write('"');
  out.write(style);
  if (empty) {
    out.write('/>');
  } else if (typeof value === 'number' || value instanceof Date || kind === 'date') {
    // A time, or a calendar day (`YYYY-MM-DD`), is its serial day.
    const number =
      typeof value === 'number' ? value : serialDay(value instanceof Date ? value : new Date(`${value}T00:00:00Z`));
    // A day or time that is no date (an impossible day) leaves the cell empty, as no number does.
    if (!Number.isFinite(number)) {
      out.write('/>');
      return;
    }
    out.write('><v>');
    out.write(numberText(number));
    out.write('</v></c>');
  } else {
    out.write(' t="inlineStr"><is><t xml:space="preserve">');
    out.write(xmlText(value));
    out.write('</t></is></c>');
  }
}

/**
 * The rows as an Excel workbook: one sheet, its header row bold and frozen, filters on, numbers as numbers, times
 * and days as dates, links clickable, cells coloured where a column says so. The sheet's XML is written here, a page
 * at a time, into a streaming zip (archiver) whose buffers are bounded (BUFFERED_BYTES): the zip asks for more XML only
 * as the client takes its bytes, so an export holds a page or two whatever the total (export-pages.ts; only the links
 * grow with it, as bytes: a sheet lists them after its rows). A client that leaves stops the reading, and a page that
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
  const links = new LinkStore();
  let rows = 1;
  let left = false;

  /** A style's ` s="N"` attribute ('' for the default). */
  const styleAttribute = (index: number) => (index ? ` s="${index}"` : '');
  const coloured = new Map<string, string>();
  /** The style of a cell coloured by its row (a severity's colours), from the few the rows use. */
  const colouredStyle = (kind: SheetKind, colours: { fill: string; text: string }) => {
    const key = `${kind} ${colours.fill} ${colours.text}`;
    let attribute = coloured.get(key);
    if (attribute === undefined) {
      const style = { ...columnStyle(kind), colour: argb(colours.text), fill: argb(colours.fill) };
      attribute = styleAttribute(styles.index(style));
      coloured.set(key, attribute);
    }
    return attribute;
  };

  async function* sheet(): AsyncGenerator<Buffer> {
    const out = new ByteChunks();
    const names = columns.map((_column, index) => columnName(index + 1));
    const plain = columns.map((column) => styleAttribute(styles.index(columnStyle(column.kind))));
    out.write(sheetStart(columns.map((column) => column.width)));
    out.write(`<row r="1"${styleAttribute(header)} customFormat="1">`);
    columns.forEach((column, i) => {
      writeCell(out, names[i]!, '1', styleAttribute(header), 'text', t(column.header));
    });
    out.write('</row>');
    for await (const page of pages) {
      if (left) break;
      for (const item of page) {
        rows += 1;
        const row = numberText(rows);
        out.write('<row r="');
        out.write(row);
        out.write('">');
        columns.forEach((column, i) => {
          const value = column.value(item);
          const colours = value === null ? undefined : column.colours?.(item);
          const style = colours ? colouredStyle(column.kind, colours) : plain[i]!;
          writeCell(out, names[i]!, row, style, column.kind, value);
          if (column.kind === 'link' && typeof value === 'string') links.add(names[i]! + row, value);
        });
        out.write('</row>');
        // The zip asks for the next chunk only once it (and the client) have taken the ones before: the
        // backpressure.
        if (out.ready) yield* out.take();
      }
    }
    for (const piece of sheetEnd(filterRange(), links.refs())) {
      out.write(piece);
      if (out.ready) yield* out.take();
    }
    out.end();
    yield* out.take();
  }
  const filterRange = () => `A1:${columnName(columns.length)}${rows}`;
  /** A part written once the sheet is done. */
  const after = (pieces: () => Iterable<string>) =>
    Readable.from(inChunks(pieces), { objectMode: false, highWaterMark: BUFFERED_BYTES });

  const zip = archiver('zip', { highWaterMark: BUFFERED_BYTES });
  const rowsXml = Readable.from(sheet(), { objectMode: false, highWaterMark: BUFFERED_BYTES });
  zip.append(CONTENT_TYPES, { name: '[Content_Types].xml' });
  zip.append(PACKAGE_RELS, { name: '_rels/.rels' });
  zip.append(coreProperties('Kanat360', new Date()), { name: 'docProps/core.xml' });
  zip.append(WORKBOOK_RELS, { name: 'xl/_rels/workbook.xml.rels' });
  zip.append(rowsXml, { name: 'xl/worksheets/sheet1.xml' });
  zip.append(
    after(() => sheetRels(links.xmlAddresses())),
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
