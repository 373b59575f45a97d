import { PassThrough, type Readable } from 'node:stream';
import { type FindingSeverity, SEVERITY_COLOURS, SEVERITY_TEXT } from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import ExcelJS from 'exceljs';
import { type FindingPage, type FindingPages } from './findings-export.js';
import { type SheetColumn } from './findings-sheet.js';

/** How a time reads in the workbook (UTC, as the header says). */
const TIME_FORMAT = 'yyyy-mm-dd hh:mm';

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

/**
 * The findings as an Excel workbook (DESIGN "Findings"): one sheet of findingSheet's columns in the caller's language,
 * its header row frozen and filters on, severity cells in the severity's colours, numbers as numbers, times as
 * times, each finding's address a link. Written by exceljs's streaming WorkbookWriter: each page of findings becomes
 * committed rows of the zip's deflate stream, and the next page is read only once the zip and the client have taken
 * them (the writer itself does not wait for either: see caughtUp), so an export holds a page or two whatever the
 * total. Strings
 * are written inline, not as a shared-strings table, which would hold every text until the end. The first page is
 * read before the answer starts (a failure then is a proper error answer); a client that leaves stops the reading.
 */
export async function findingsXlsx(
  read: FindingPages,
  columns: readonly SheetColumn[],
  t: Translate,
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
  const sheet = workbook.addWorksheet(t('findings.export.sheetName'), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: t(column.header),
    width: column.width,
    style: column.kind === 'time' ? { numFmt: TIME_FORMAT } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  const write = async () => {
    let page: FindingPage | null = first;
    let rows = 1;
    while (page) {
      for (const finding of page.rows) {
        const row = sheet.addRow(columns.map((column) => column.value(finding)));
        columns.forEach((column, index) => {
          const cell = row.getCell(index + 1);
          if (column.kind === 'link' && typeof cell.value === 'string') {
            cell.value = { text: cell.value, hyperlink: cell.value };
            cell.font = { color: { argb: 'FF1D4ED8' }, underline: true };
          } else if (column.kind === 'severity') {
            const severity: FindingSeverity = finding.severity;
            cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(SEVERITY_COLOURS[severity]) } };
            cell.font = { color: { argb: argb(SEVERITY_TEXT[severity]) } };
          }
        });
        row.commit();
        rows += 1;
      }
      const next = page.next;
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
