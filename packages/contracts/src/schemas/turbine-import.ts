import { z } from 'zod';
import { type ErrorCode } from '../errors.js';
import { idField } from './fields.js';
import { uploadedFile } from './media.js';
import { TURBINE_STATUSES, type TurbineStatus } from '../turbines.js';

/*
 * POST /turbines/import (issue #25): a CSV or Excel sheet of turbines, one a row, matched to existing turbines by
 * `code` within their company. A dry run answers per row what would happen; a real run writes every row in one
 * transaction, or nothing when any row is refused.
 */

export const TURBINE_IMPORT_LIMITS = {
  /** The largest file taken (a sheet of the most rows with every column fits in a fraction of it). */
  maxBytes: 2 * 1024 * 1024,
  /** The most turbine rows one file may hold. */
  maxRows: 2000,
} as const;

/** A sheet's column: the body field it fills and its header in each language (the template's words). */
export interface TurbineImportColumn {
  field: string;
  en: string;
  tr: string;
  /** Needed on a row that creates a turbine (an update keeps what a blank cell leaves out). */
  required?: boolean;
}

/** The columns a sheet may have, in the template's order. `company` is a company's name or id (superadmin). */
export const TURBINE_IMPORT_COLUMNS = [
  { field: 'code', en: 'Code', tr: 'Kod', required: true },
  { field: 'turbine_name', en: 'Name', tr: 'Ad' },
  { field: 'city', en: 'City', tr: 'Şehir', required: true },
  { field: 'location', en: 'Location', tr: 'Konum', required: true },
  { field: 'site_name', en: 'Site', tr: 'Saha' },
  { field: 'rooms', en: 'Rooms', tr: 'Oda sayısı' },
  { field: 'status', en: 'Status', tr: 'Durum' },
  { field: 'company', en: 'Company', tr: 'Şirket' },
  { field: 'manufacturer', en: 'Manufacturer', tr: 'Üretici' },
  { field: 'model', en: 'Model', tr: 'Model' },
  { field: 'rated_power_kw', en: 'Rated power (kW)', tr: 'Nominal güç (kW)' },
  { field: 'hub_height_m', en: 'Hub height (m)', tr: 'Göbek yüksekliği (m)' },
  { field: 'rotor_diameter_m', en: 'Rotor diameter (m)', tr: 'Rotor çapı (m)' },
  { field: 'blade_length_m', en: 'Blade length (m)', tr: 'Kanat uzunluğu (m)' },
  { field: 'commissioned_year', en: 'Commissioned year', tr: 'İşletmeye alma yılı' },
  { field: 'latitude', en: 'Latitude', tr: 'Enlem' },
  { field: 'longitude', en: 'Longitude', tr: 'Boylam' },
  { field: 'coordinates', en: 'Coordinates', tr: 'Koordinatlar' },
] as const satisfies readonly TurbineImportColumn[];
export type TurbineImportField = (typeof TURBINE_IMPORT_COLUMNS)[number]['field'];

/** A header as compared: lowercased the Turkish way, Turkish letters as their Latin base, only letters and digits. */
export function headerKey(header: string): string {
  return header
    .toLocaleLowerCase('tr-TR')
    .replace(/[çğıöşü]/g, (letter) => ({ ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u' })[letter]!)
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');
}

const HEADER_FIELDS = new Map<string, TurbineImportField>(
  TURBINE_IMPORT_COLUMNS.flatMap((column) =>
    [column.field, column.en, column.tr].map((header) => [headerKey(header), column.field] as const),
  ),
);

/** The field a header names: the template's English or Turkish words or the API's field name, however written. */
export function importFieldOf(header: string): TurbineImportField | null {
  return HEADER_FIELDS.get(headerKey(header)) ?? null;
}

/** A status as a sheet may write it: the API's word or the panel's Turkish label. */
const STATUS_WORDS = new Map<string, TurbineStatus>([
  ...TURBINE_STATUSES.map((status) => [status, status] as const),
  ['aktif', 'active'],
  ['bakimda', 'maintenance'],
  ['bakim', 'maintenance'],
  ['arizali', 'faulty'],
  ['cevrimdisi', 'offline'],
  ['pasif', 'inactive'],
]);

/** The status a cell names, or the cell itself (the schema then refuses it with STATUS_INVALID). */
export function importStatus(cell: string): string {
  return STATUS_WORDS.get(headerKey(cell)) ?? cell;
}

const optionalBlank = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The query of POST /turbines/import: whether to write, and (a superadmin's) the company of every row. */
export const turbineImportQuery = z.object({
  /** Writes nothing unless `false`: the safe default for a call that may touch thousands of rows. */
  dry_run: z.preprocess(
    optionalBlank,
    z
      .enum(['true', 'false'], { error: 'VALIDATION_ERROR' })
      .default('true')
      .transform((value) => value === 'true'),
  ),
  company_id: z.preprocess(optionalBlank, idField('COMPANY_INVALID', 'COMPANY_INVALID').optional()),
});

/** POST /turbines/import (multipart): the sheet. */
export const turbineImportForm = z.object({
  file: uploadedFile.meta({ description: 'The sheet: .csv (comma, semicolon or tab) or .xlsx' }),
});

export const TURBINE_IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'refused'] as const;
export type TurbineImportAction = (typeof TURBINE_IMPORT_ACTIONS)[number];

const problem = z.strictObject({
  code: z.string().meta({ description: 'An error code (errors.ts)' }),
  field: z.string().optional(),
  message: z.string().meta({ description: "The code's message in the caller's language" }),
});
export type TurbineImportProblem = z.infer<typeof problem> & { code: ErrorCode };

export const turbineImportRow = z
  .strictObject({
    /** The row's number in the sheet (the header is row 1). */
    row: z.int().min(2),
    code: z.string().nullable(),
    action: z.enum(TURBINE_IMPORT_ACTIONS),
    /** The turbine the row updates (null for a create or a refused row). */
    turbine_id: z.int().nullable(),
    company_id: z.int().nullable(),
    /** What an update changes: the fields whose values differ. */
    changes: z.array(z.string()),
    /** Why the row is refused (none otherwise). */
    problems: z.array(problem),
  })
  .meta({ id: 'TurbineImportRow' });
export type TurbineImportRow = z.infer<typeof turbineImportRow>;

export const turbineImportReport = z
  .strictObject({
    dry_run: z.boolean(),
    /** Whether the rows were written: a real run with no refused row. */
    written: z.boolean(),
    created: z.int().min(0),
    updated: z.int().min(0),
    unchanged: z.int().min(0),
    refused: z.int().min(0),
    rows: z.array(turbineImportRow),
  })
  .meta({ id: 'TurbineImportReport' });
export type TurbineImportReport = z.infer<typeof turbineImportReport>;
