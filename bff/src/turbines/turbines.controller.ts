import { Controller } from '@nestjs/common';
import {
  createTurbineBody,
  type CreateTurbineBody,
  doneAnswer,
  successOf,
  turbine,
  turbineDetail,
  turbineImportForm,
  turbineImportQuery,
  turbineImportReport,
  turbineListQuery,
  turbinePath,
  updateTurbineBody,
  type UpdateTurbineBody,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal } from '@/auth/access.decorators.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { Route, RouteGroup, ValidBody, ValidParams, ValidQuery } from '@/openapi/route.js';
import { MultipartBody, type MultipartForm } from '@/uploads/multipart.js';
import { TurbineImportService } from './turbine-import.service.js';
import { TurbinesService } from './turbines.service.js';

/** A turbine as a client adds it (POST /turbines). */
const EXAMPLE_TURBINE_BODY = {
  code: 'ALG-07',
  city: 'İzmir',
  location: 'Aliağa',
  site_name: 'Aliağa RES',
  coordinates: '38.7996,26.9707',
  rooms: 9,
  company_id: 1000,
  manufacturer: 'Nordex',
  model: 'N149/5.X',
  rated_power_kw: 5700,
  hub_height_m: 125,
  rotor_diameter_m: 149.1,
  blade_length_m: 72.4,
  commissioned_year: 2022,
} as const;

/** That turbine as the API answers it some weeks later. */
const EXAMPLE_TURBINE = {
  id: 12,
  turbine_name: null,
  name: 'İzmir Türbini',
  ...EXAMPLE_TURBINE_BODY,
  city: 'izmir',
  status: 'active',
  company_name: 'Anadolu Rüzgar Enerji A.Ş.',
  latitude: 38.7996,
  longitude: 26.9707,
  photo_count: 42,
  media_count: 45,
  worst_open_severity: 3,
  open_repairs: 1,
  overdue_repairs: 0,
  created_at: '2025-04-02T08:15:00.000Z',
  updated_at: '2025-06-11T14:02:31.000Z',
} as const;

const EXAMPLE_NAMED_TURBINE = {
  ...EXAMPLE_TURBINE,
  id: 15,
  turbine_name: 'Soma WTG-07',
  name: 'Soma WTG-07',
  code: 'SOM-07',
  city: 'manisa',
  location: 'Soma',
  site_name: 'Soma RES',
  coordinates: '39.1858,27.6056',
  manufacturer: 'Enercon',
  model: 'E-138 EP3',
  rated_power_kw: 4200,
  hub_height_m: 131,
  rotor_diameter_m: 138.3,
  blade_length_m: 66.7,
  commissioned_year: 2021,
  latitude: 39.1858,
  longitude: 27.6056,
  photo_count: 118,
  media_count: 121,
  worst_open_severity: 4,
  open_repairs: 2,
  overdue_repairs: 1,
  created_at: '2024-03-18T07:40:00.000Z',
  updated_at: '2025-05-27T10:12:09.000Z',
} as const;

// The seed client's user_id/role/company_id parameters (query and delete body) are ignored: identity comes from the
// session, and the company scope from it.
@RouteGroup('turbines')
@Controller('turbines')
export class TurbinesController {
  constructor(
    private readonly turbines: TurbinesService,
    private readonly turbineImport: TurbineImportService,
  ) {}

  @Route('GET', '', {
    summary: 'The turbines the caller may see',
    description: "A superadmin sees every company's turbines and may narrow them with `filter_company_id`.",
    access: 'turbine.read',
    query: turbineListQuery,
    answers: { 200: successOf(z.array(turbine)) },
    example: { answer: { success: true, data: [EXAMPLE_TURBINE, EXAMPLE_NAMED_TURBINE] } },
  })
  async list(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery() { filter_company_id }: z.output<typeof turbineListQuery>,
  ) {
    return { success: true as const, data: await this.turbines.list(actor, filter_company_id) };
  }

  @Route('GET', ':id', {
    summary: 'A turbine, with the campaign years that have media',
    description: 'Spec §7 reads the turbine as `turbine`; `data` holds the same, as in every other answer.',
    access: 'turbine.read',
    params: turbinePath,
    answers: { 200: successOf(turbineDetail).extend({ turbine: turbineDetail }) },
    example: {
      answer: {
        success: true,
        data: { ...EXAMPLE_TURBINE, media_years: [2025, 2024] },
        turbine: { ...EXAMPLE_TURBINE, media_years: [2025, 2024] },
      },
    },
  })
  async get(@CurrentPrincipal() actor: Principal, @ValidParams() { id }: z.output<typeof turbinePath>) {
    const detail = await this.turbines.detail(actor, id);
    return { success: true as const, data: detail, turbine: detail };
  }

  @Route('POST', '', {
    summary: 'Adds a turbine',
    description: 'Admins and superadmins name its company; everybody else adds to their own.',
    access: 'turbine.create',
    body: createTurbineBody,
    answers: { 201: successOf(turbine) },
    errors: ['COMPANY_REQUIRED', 'COMPANY_INVALID'],
    example: {
      body: EXAMPLE_TURBINE_BODY,
      // Just added: nothing uploaded, found or repaired yet.
      answer: {
        success: true,
        data: {
          ...EXAMPLE_TURBINE,
          photo_count: 0,
          media_count: 0,
          worst_open_severity: null,
          open_repairs: 0,
          overdue_repairs: 0,
          updated_at: EXAMPLE_TURBINE.created_at,
        },
        message: 'Türbin başarıyla eklendi',
      },
    },
  })
  async create(
    @CurrentPrincipal() actor: Principal,
    @ValidBody() body: CreateTurbineBody,
    @RequestTranslator() t: Translate,
  ) {
    return { success: true as const, data: await this.turbines.create(actor, body), message: t('api.turbineCreated') };
  }

  @Route('POST', 'import', {
    summary: 'Adds and updates turbines from a CSV or Excel sheet',
    description:
      'The sheet is the multipart field `file` (.csv or .xlsx, at most 2 MB and 2,000 rows; headers as the README ' +
      'lists them, in Turkish or English). Rows are matched to existing turbines by `code` within their company. ' +
      '`dry_run` (the default) answers per row `create`, `update`, `unchanged` or `refused` with the reasons; ' +
      '`dry_run=false` writes every row in one transaction, or nothing (422 IMPORT_ROWS_REFUSED) when any is refused.',
    access: 'turbine.import',
    query: turbineImportQuery,
    form: turbineImportForm,
    answers: { 200: successOf(turbineImportReport) },
    errors: [
      'IMPORT_FILE_REQUIRED',
      'IMPORT_FILE_TOO_LARGE',
      'IMPORT_FILE_TYPE',
      'IMPORT_FILE_UNREADABLE',
      'IMPORT_EMPTY',
      'IMPORT_TOO_MANY_ROWS',
      'IMPORT_HEADER_UNKNOWN',
      'IMPORT_HEADER_DUPLICATE',
      'IMPORT_HEADER_MISSING',
      'IMPORT_ROWS_REFUSED',
    ],
  })
  async import(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery() { dry_run, company_id }: z.output<typeof turbineImportQuery>,
    @MultipartBody() form: MultipartForm,
    @RequestTranslator() t: Translate,
  ) {
    return {
      success: true as const,
      data: await this.turbineImport.import(actor, form, { dryRun: dry_run, companyId: company_id }, t),
    };
  }

  @Route('PUT', ':id', {
    summary: 'Changes a turbine',
    description: 'Rooms and status keep their values when left out.',
    access: 'turbine.update',
    params: turbinePath,
    body: updateTurbineBody,
    answers: { 200: successOf(turbine) },
    errors: ['COMPANY_REQUIRED', 'COMPANY_INVALID'],
    example: {
      body: {
        turbine_name: 'Aliağa WTG-07',
        code: 'ALG-07',
        city: 'İzmir',
        location: 'Aliağa',
        site_name: 'Aliağa RES',
        status: 'maintenance',
        hub_height_m: 125,
        company_id: 1000,
      },
      answer: {
        success: true,
        data: {
          ...EXAMPLE_TURBINE,
          turbine_name: 'Aliağa WTG-07',
          name: 'Aliağa WTG-07',
          status: 'maintenance',
          updated_at: '2025-06-12T09:30:00.000Z',
        },
        message: 'Türbin başarıyla kaydedildi',
      },
    },
  })
  async update(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: z.output<typeof turbinePath>,
    @ValidBody() body: UpdateTurbineBody,
    @RequestTranslator() t: Translate,
  ) {
    return {
      success: true as const,
      data: await this.turbines.update(actor, id, body),
      message: t('api.turbineUpdated'),
    };
  }

  @Route('DELETE', ':id', {
    summary: 'Deletes a turbine with its media, reports, comments and findings',
    description: 'The rows go at once; the stored files follow in the background.',
    access: 'turbine.delete',
    params: turbinePath,
    answers: { 200: doneAnswer },
  })
  async delete(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: z.output<typeof turbinePath>,
    @RequestTranslator() t: Translate,
  ) {
    await this.turbines.delete(actor, id);
    return { success: true as const, data: null, message: t('api.turbineDeleted') };
  }
}
