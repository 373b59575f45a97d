import { Readable } from 'node:stream';
import { TURBINE_IMPORT_LIMITS } from '@kanat360/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError } from '@/common/app-error.js';

/** A sheet as the import reads it: the header row, and each row with content by its number in the sheet. */
export interface Sheet {
  headers: string[];
  rows: { number: number; cells: string[] }[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The legacy binary Excel format (.xls), which is not read: its files start as every OLE2 document does. */
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * The first sheet of an Excel workbook (.xlsx, recognised by its bytes, not its name) or a CSV file (UTF-8, or the
 * Windows Turkish code page Excel writes on a Turkish system; the delimiter, comma, semicolon or tab, is detected).
 * More than the row limit stops the reading there (IMPORT_TOO_MANY_ROWS).
 */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (bytes.length === 0) throw new AppError('IMPORT_FILE_REQUIRED', { field: 'file' });
  if (bytes.subarray(0, 4).equals(OLE2_MAGIC)) throw new AppError('IMPORT_FILE_TYPE', { field: 'file' });
  const rows = bytes.subarray(0, 4).equals(ZIP_MAGIC) ? await xlsxRows(bytes) : csvRows(bytes);
  const [header, ...data] = rows;
  if (!header) throw new AppError('IMPORT_EMPTY');
  return { headers: header.cells, rows: data };
}

const hasContent = (cells: string[]) => cells.some((cell) => cell !== '');

/** Collects rows with content, up to the limit (the header and one beyond, to tell that there are too many). */
function collector() {
  const rows: { number: number; cells: string[] }[] = [];
  return {
    rows,
    add(number: number, cells: string[]) {
      if (!hasContent(cells)) return;
      if (rows.length > TURBINE_IMPORT_LIMITS.maxRows) {
        throw new AppError('IMPORT_TOO_MANY_ROWS', { params: { max: TURBINE_IMPORT_LIMITS.maxRows } });
      }
      rows.push({ number, cells });
    },
  };
}

function csvText(bytes: Buffer): string {
  const text = (() => {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return new TextDecoder('windows-1254').decode(bytes);
    }
  })();
  if (text.includes('\u0000')) throw new AppError('IMPORT_FILE_TYPE', { field: 'file' });
  return text.replace(/^\uFEFF/, '');
}

function csvRows(bytes: Buffer): { number: number; cells: string[] }[] {
  const parsed = Papa.parse<string[]>(csvText(bytes), { delimitersToGuess: [',', ';', '\t'], skipEmptyLines: false });
  const found = collector();
  parsed.data.forEach((cells, index) =>
    found.add(
      index + 1,
      cells.map((cell) => cell.trim()),
    ),
  );
  return found.rows;
}

/** A cell's value as text: formulas by their result, rich text and links by their text, dates as their day. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value).trim();
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('result' in value) return cellText(value.result);
  if ('text' in value) return cellText(value.text);
  return '';
}

async function xlsxRows(bytes: Buffer): Promise<{ number: number; cells: string[] }[]> {
  const found = collector();
  try {
    // The streaming reader: the sheet's XML is read as it inflates, and the reading stops at the row limit.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
    });
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        found.add(
          row.number,
          Array.from(values, (value) => cellText(value)),
        );
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMPORT_FILE_UNREADABLE', { field: 'file' });
  }
  return found.rows;
}
