import { Injectable } from '@nestjs/common';
import {
  can,
  createTurbineBody,
  type ErrorCode,
  importFieldOf,
  importStatus,
  isErrorCode,
  type Turbine,
  TURBINE_IMPORT_COLUMNS,
  TURBINE_IMPORT_LIMITS,
  type TurbineImportField,
  type TurbineImportProblem,
  type TurbineImportReport,
  type TurbineImportRow,
  updateTurbineBody,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { DataSource } from 'typeorm';
import { type z } from 'zod';
import { AccessService } from '@/access/access.service.js';
import { type Principal, tenantScope } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { CompaniesRepository } from '@/companies/companies.repository.js';
import { type MultipartForm } from '@/uploads/multipart.js';
import { TurbineListQuery } from './turbine-list.query.js';
import { readSheet, type Sheet } from './turbine-sheet.js';
import { TurbinesRepository, type TurbineWrite } from './turbines.repository.js';
import { toWrite } from './turbine-write.js';

/** A row's cells by field (blank cells left out: on an update they keep the turbine's value). */
type RowCells = Partial<Record<TurbineImportField, string>>;

/** What a valid row will do. */
type Plan = { kind: 'create'; write: TurbineWrite } | { kind: 'update'; id: number; write: TurbineWrite };

/** The API's field of each write property, to name what an update changes. */
const WRITE_FIELDS: Record<keyof TurbineWrite, string> = {
  turbineName: 'turbine_name',
  code: 'code',
  city: 'city',
  location: 'location',
  siteName: 'site_name',
  coordinates: 'coordinates',
  rooms: 'rooms',
  status: 'status',
  companyId: 'company_id',
  manufacturer: 'manufacturer',
  model: 'model',
  ratedPowerKw: 'rated_power_kw',
  hubHeightM: 'hub_height_m',
  rotorDiameterM: 'rotor_diameter_m',
  bladeLengthM: 'blade_length_m',
  commissionedYear: 'commissioned_year',
  latitude: 'latitude',
  longitude: 'longitude',
};

/** The body fields a sheet's cells fill (the company column is resolved apart). */
const BODY_FIELDS = TURBINE_IMPORT_COLUMNS.map((column) => column.field).filter((field) => field !== 'company');

/**
 * POST /turbines/import: a sheet of turbines checked row by row as the API checks one turbine, matched to existing
 * turbines by code within their company; written in one transaction only when every row is valid.
 */
@Injectable()
export class TurbineImportService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: AccessService,
    private readonly companies: CompaniesRepository,
    private readonly turbines: TurbinesRepository,
    private readonly turbineList: TurbineListQuery,
  ) {}

  async import(
    actor: Principal,
    form: MultipartForm,
    options: { dryRun: boolean; companyId: number | undefined },
    t: Translate,
  ): Promise<TurbineImportReport> {
    if (options.companyId !== undefined) await this.access.requireAssignableCompany(actor, options.companyId);
    const sheet = await readSheet(await receiveFile(form));
    const cells = rowCells(sheet);
    if (cells.length === 0) throw new AppError('IMPORT_EMPTY');

    const rows: TurbineImportRow[] = [];
    const plans: Plan[] = [];
    const companyOf = await this.rowCompanies(actor, cells, options.companyId);
    const existing = await this.turbineList.liveByCodes(
      [...new Set(companyOf.flatMap((company) => (typeof company === 'number' ? [company] : [])))],
      [...new Set(cells.flatMap(({ cells: row }) => (row.code ? [row.code] : [])))],
    );
    const seen = new Set<string>();
    for (const [index, { number, cells: row }] of cells.entries()) {
      const company = companyOf[index]!;
      const problems: TurbineImportProblem[] = [];
      const problem = (code: ErrorCode, field?: string) =>
        problems.push({ code, ...(field ? { field } : {}), message: t(`errors.${code}`, { field: field ?? '' }) });
      const base = { row: number, code: row.code ?? null, company_id: typeof company === 'number' ? company : null };
      if (typeof company !== 'number') problem(company, 'company');
      if (!row.code) problem('CODE_REQUIRED', 'code');
      const matches = existing.filter((turbine) => turbine.company_id === company && turbine.code === row.code);
      const key = `${String(company)}\u0000${row.code}`;
      if (row.code && typeof company === 'number') {
        if (seen.has(key)) problem('IMPORT_CODE_DUPLICATE', 'code');
        seen.add(key);
        if (matches.length > 1) problem('IMPORT_CODE_AMBIGUOUS', 'code');
        if (matches.length === 1 && !can(actor.role, 'turbine.update')) problem('IMPORT_UPDATE_FORBIDDEN', 'code');
      }
      const current = matches.length === 1 ? matches[0]! : null;
      const planned = problems.length === 0 && typeof company === 'number' ? plan(row, current, company) : null;
      if (planned && 'issues' in planned) {
        for (const issue of planned.issues) problem(issue.code, issue.field);
      }
      if (problems.length > 0 || !planned || 'issues' in planned) {
        rows.push({ ...base, action: 'refused', turbine_id: current?.id ?? null, changes: [], problems });
        continue;
      }
      plans.push(planned);
      const changes = current && planned.kind === 'update' ? changed(writeOf(current), planned.write) : [];
      const action = planned.kind === 'create' ? 'create' : changes.length > 0 ? 'update' : 'unchanged';
      rows.push({ ...base, action, turbine_id: current?.id ?? null, changes, problems });
    }

    const count = (action: TurbineImportRow['action']) => rows.filter((row) => row.action === action).length;
    const report = {
      dry_run: options.dryRun,
      written: false,
      created: count('create'),
      updated: count('update'),
      unchanged: count('unchanged'),
      refused: count('refused'),
      rows,
    };
    if (options.dryRun) return report;
    if (report.refused > 0) throw new AppError('IMPORT_ROWS_REFUSED');
    await this.dataSource.transaction(async (manager) => {
      await this.turbines.insertMany(
        manager,
        plans.flatMap((item) => (item.kind === 'create' ? [item.write] : [])),
      );
      for (const item of plans) if (item.kind === 'update') await this.turbines.update(item.id, item.write, manager);
    });
    return { ...report, written: true };
  }

  /**
   * Each row's company id, or why it has none: its company cell (a name or an id the caller may assign turbines
   * to), else the file's company, else the caller's own unless the caller sees every company.
   */
  private async rowCompanies(
    actor: Principal,
    rows: { cells: RowCells }[],
    fileCompany: number | undefined,
  ): Promise<(number | ErrorCode)[]> {
    const named = rows.flatMap(({ cells }) => (cells.company ? [cells.company] : []));
    const ids = named.filter((value) => /^\d{1,9}$/.test(value)).map(Number);
    const known = await this.companies.assignableByNameOrId(named, ids, tenantScope(actor));
    return rows.map(({ cells }) => {
      if (cells.company) {
        const id = /^\d{1,9}$/.test(cells.company)
          ? Number(cells.company)
          : known.byName.get(cells.company.trim().toLowerCase());
        return id !== undefined && known.ids.has(id) ? id : 'COMPANY_INVALID';
      }
      if (fileCompany !== undefined) return fileCompany;
      return can(actor.role, 'tenant.all') ? 'COMPANY_REQUIRED' : actor.companyId;
    });
  }
}

/** The file of the form's `file` field, whole, up to the import's limit. */
async function receiveFile(form: MultipartForm): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let found = false;
  try {
    await form.read(
      // The limit is the file's; the form's framing and fields add a few hundred bytes.
      { maxBytes: TURBINE_IMPORT_LIMITS.maxBytes + 64 * 1024, maxFiles: 1 },
      async ({ fieldName, stream }) => {
        if (fieldName !== 'file') return;
        found = true;
        for await (const chunk of stream) chunks.push(chunk as Buffer);
      },
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'UPLOAD_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (!found) throw new AppError('IMPORT_FILE_REQUIRED', { field: 'file' });
  const bytes = Buffer.concat(chunks);
  if (bytes.length > TURBINE_IMPORT_LIMITS.maxBytes) throw tooLarge();
  return bytes;
}

function tooLarge(): AppError {
  const max = `${TURBINE_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`;
  // As the uploads' own UPLOAD_TOO_LARGE: the connection closes after the answer, or a client still sending the rest
  // keeps it (and a shutdown waiting for it) open.
  return new AppError('IMPORT_FILE_TOO_LARGE', { field: 'file', params: { max }, headers: { Connection: 'close' } });
}

/** The sheet's rows as cells by field; a header that names no column, or one named twice, refuses the file. */
function rowCells(sheet: Sheet): { number: number; cells: RowCells }[] {
  const fields = sheet.headers.map((header) => {
    if (header === '') return null;
    const field = importFieldOf(header);
    if (!field) throw new AppError('IMPORT_HEADER_UNKNOWN', { field: header, params: { field: header } });
    return field;
  });
  for (const [index, field] of fields.entries()) {
    if (field && fields.indexOf(field) !== index) {
      throw new AppError('IMPORT_HEADER_DUPLICATE', { field, params: { field: sheet.headers[index]! } });
    }
  }
  if (!fields.includes('code'))
    throw new AppError('IMPORT_HEADER_MISSING', { field: 'code', params: { field: 'code' } });
  return sheet.rows.map(({ number, cells }) => {
    const row: RowCells = {};
    fields.forEach((field, index) => {
      const cell = cells[index];
      if (field && cell) row[field] = field === 'status' ? importStatus(cell) : cell;
    });
    return { number, cells: row };
  });
}

/** A row checked as the API checks a create, or an update of `current` with the cells it fills; its write. */
function plan(
  cells: RowCells,
  current: Turbine | null,
  companyId: number,
): Plan | { issues: { code: ErrorCode; field?: string }[] } {
  const given = Object.fromEntries(BODY_FIELDS.flatMap((field) => (cells[field] ? [[field, cells[field]]] : [])));
  const parsed = current
    ? updateTurbineBody.safeParse({
        turbine_name: current.turbine_name,
        city: current.city,
        location: current.location,
        site_name: current.site_name,
        ...given,
      })
    : createTurbineBody.safeParse(given);
  if (!parsed.success) return { issues: parsed.error.issues.map(issueOf) };
  const body = parsed.data;
  if (!current) {
    const created = body as z.output<typeof createTurbineBody>;
    return { kind: 'create', write: toWrite(created, null, created.status, created.rooms, companyId) };
  }
  const update = body;
  return {
    kind: 'update',
    id: current.id,
    write: toWrite(update, current, update.status ?? current.status, update.rooms ?? current.rooms, companyId),
  };
}

function issueOf(issue: z.core.$ZodIssue): { code: ErrorCode; field?: string } {
  const field = issue.path.map(String).join('.') || undefined;
  return { code: isErrorCode(issue.message) ? issue.message : 'VALIDATION_ERROR', ...(field ? { field } : {}) };
}

/** The write that would leave `turbine` as it is. */
function writeOf(turbine: Turbine): TurbineWrite {
  return {
    turbineName: turbine.turbine_name,
    code: turbine.code,
    city: turbine.city,
    location: turbine.location,
    siteName: turbine.site_name,
    coordinates: turbine.coordinates,
    rooms: turbine.rooms,
    status: turbine.status,
    companyId: turbine.company_id,
    manufacturer: turbine.manufacturer,
    model: turbine.model,
    ratedPowerKw: turbine.rated_power_kw,
    hubHeightM: turbine.hub_height_m,
    rotorDiameterM: turbine.rotor_diameter_m,
    bladeLengthM: turbine.blade_length_m,
    commissionedYear: turbine.commissioned_year,
    latitude: turbine.latitude,
    longitude: turbine.longitude,
  };
}

function changed(before: TurbineWrite, after: TurbineWrite): string[] {
  return (Object.keys(WRITE_FIELDS) as (keyof TurbineWrite)[])
    .filter((key) => before[key] !== after[key])
    .map((key) => WRITE_FIELDS[key]);
}
