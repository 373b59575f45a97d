import { Controller, Header, Res, StreamableFile } from '@nestjs/common';
import {
  createFindingBody,
  type CreateFindingBody,
  doneAnswer,
  findingDetail,
  finding,
  findingExportQuery,
  findingFileQuery,
  type FindingFileQuery,
  type FindingFilters,
  findingListQuery,
  type FindingListQuery,
  findingPath,
  findingSummary,
  inspectionReportPath,
  inspectionReportQuery,
  inspectionReportRequest,
  linkFindingBody,
  type LinkFindingBody,
  pageOf,
  successOf,
  turbinePath,
  updateFindingBody,
  type UpdateFindingBody,
} from '@kanat360/contracts';
import { type Language, type Translate } from '@kanat360/i18n';
import { type Response } from 'express';
import { z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal } from '@/auth/access.decorators.js';
import { CallerLanguage } from '@/common/request-language.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { contentDisposition } from '@/files/content-disposition.js';
import { fileAnswer, Route, RouteGroup, ValidBody, ValidParams, ValidQuery } from '@/openapi/route.js';
import { FindingsService } from './findings.service.js';

type TurbinePath = z.output<typeof turbinePath>;
type FindingPath = z.output<typeof findingPath>;

/** An erosion as an operator marks it: what the create and update bodies send, and the answers repeat. */
const EXAMPLE_FINDING_FIELDS = {
  blade: 'B',
  surface: 'leading_edge',
  zone: 7,
  internal: false,
  distance_from_root_m: 31.5,
  extent_m: 0.4,
  distance_from_le_m: null,
  type: 'erosion',
  severity: 3,
  action: 'repair_planned',
  length_mm: 380,
  width_mm: 45,
  description: 'Hücum kenarında kaplamayı aşan erozyon, laminat görünüyor.',
} as const;
/** Its region as a client sends it (the answer adds the selector's `conformsTo`). */
const EXAMPLE_TARGET = { selector: { type: 'FragmentSelector', value: 'xywh=pixel:2810,1422,380,210' } } as const;

const EXAMPLE_FINDING = {
  id: 311,
  turbine_id: 12,
  media_id: 5120,
  media_version: 1,
  year: 2025,
  ...EXAMPLE_FINDING_FIELDS,
  target: { selector: { ...EXAMPLE_TARGET.selector, conformsTo: 'http://www.w3.org/TR/media-frags/' } },
  status: 'new',
  stage: 'draft',
  track_id: 311,
  created_by: 41,
  created_at: '2025-06-11T14:02:31.000Z',
  updated_at: '2025-06-11T14:02:31.000Z',
  repair: null,
} as const;

/** A released crack of the same turbine, under repair. */
const EXAMPLE_RELEASED_FINDING = {
  ...EXAMPLE_FINDING,
  id: 298,
  media_id: 5087,
  blade: 'A',
  surface: 'trailing_edge',
  zone: 11,
  internal: false,
  distance_from_root_m: 46.2,
  extent_m: 0.25,
  distance_from_le_m: 2.9,
  target: {
    selector: {
      type: 'FragmentSelector',
      conformsTo: 'http://www.w3.org/TR/media-frags/',
      value: 'xywh=pixel:1904,860,240,520',
    },
  },
  type: 'crack',
  severity: 4,
  action: 'repair_soon',
  length_mm: 250,
  width_mm: 2,
  description: 'Arka kenarda yapıştırma hattı boyunca 25 cm boyuna çatlak.',
  status: 'repair_planned',
  stage: 'released',
  track_id: 187,
  created_at: '2025-06-10T11:48:05.000Z',
  updated_at: '2025-06-12T08:20:44.000Z',
  repair: { id: 26, status: 'in_progress' },
} as const;

const EXAMPLE_REPORT_REQUEST = {
  id: '3f6c1f0e-8b7a-4d2e-9c55-0a1b2c3d4e5f',
  turbine_id: 12,
  year: 2025,
  status: 'pending',
  status_url: '/api/turbines/12/inspection-report/3f6c1f0e-8b7a-4d2e-9c55-0a1b2c3d4e5f',
  report_id: null,
  report_url: null,
  created_at: '2025-06-12T10:05:12.000Z',
} as const;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const FINDING_ERRORS = ['FINDING_MEDIA_INVALID', 'FINDING_TARGET_MISMATCH', 'FINDING_RELEASED'] as const;

const EXPORT_NOTE =
  'The same filters as GET /api/findings, every matching finding (no paging), in the list order. Streamed. ' +
  "lang (tr or en): the language of the file's texts; the caller's (X-Lang, Accept-Language) without it.";

/** Column by column, what the CSV and the workbook hold for people. */
const SHEET_NOTE =
  "Columns in the caller's language: the finding's address (its page in the panel), the turbine's name and code, " +
  'year, blade, surface, zone, inside or outside, distances (m), damage type, severity, recommended action, size ' +
  "(mm), description, status, stage, the photo's file name and version, the marked region as text, who recorded " +
  'it, and when it was recorded and updated (UTC). Codes are shown by their names.';

/**
 * Findings of a turbine and of the fleet. Every turbine route checks the turbine first: another company's answers
 * like a missing one, and so does a draft to a customer.
 */
@RouteGroup('findings')
@Controller()
export class FindingsController {
  constructor(private readonly findings: FindingsService) {}

  @Route('GET', 'findings', {
    summary: "The fleet's findings: every finding of the caller's turbines, newest first, paged with a cursor",
    description:
      'Filters: company_id (superadmin only; ignored for others), turbine_id, year, blade, surface, type, ' +
      'severity_min, status, stage; sort: date_desc (the default), date_asc, severity_desc, severity_asc, ' +
      "turbine_asc, turbine_desc (by the turbine's name), newest first within one key; limit (50, at most 1000) " +
      'and cursor (the next_cursor of the page before, in the same sort). Customers see released findings only.',
    access: 'finding.read',
    query: findingListQuery,
    answers: { 200: pageOf(finding) },
    example: {
      answer: {
        success: true,
        data: [EXAMPLE_FINDING],
        next_cursor: 'WyJkYXRlX2Rlc2MiLCIyMDI1LTA2LTExVDE0OjAyOjMxLjAwMDAwMFoiLDMxMV0',
        total: 87,
      },
    },
  })
  async fleet(@CurrentPrincipal() actor: Principal, @ValidQuery() query: FindingListQuery) {
    return this.findings.listOfFleet(actor, query);
  }

  @Route('GET', 'findings/summary', {
    summary: 'How many findings of the fleet match the filters, by severity',
    description:
      'The same filters and reach as GET /findings (no paging): every matching finding is counted, each ' +
      'severity 1–5 listed (0 when none). Customers count released findings only.',
    access: 'finding.read',
    query: findingExportQuery,
    answers: { 200: successOf(findingSummary) },
  })
  async summary(@CurrentPrincipal() actor: Principal, @ValidQuery() query: FindingFilters) {
    return { success: true as const, data: await this.findings.summaryOfFleet(actor, query) };
  }

  @Route('GET', 'findings/export.csv', {
    summary: 'The fleet list as CSV for people: labels in the caller’s language, names instead of ids',
    description:
      `${EXPORT_NOTE} ${SHEET_NOTE} UTF-8 with a byte-order mark (Excel reads Turkish letters), RFC 4180 (comma, ` +
      'CRLF line ends); text cells always quoted, and one beginning with =, +, -, @, a tab or a carriage return ' +
      'starts with an apostrophe (OWASP, CSV injection). Machines read the JSON-LD export or the API instead.',
    access: 'finding.read',
    query: findingFileQuery,
    answers: { 200: fileAnswer('findings.csv, as an attachment', ['text/csv']) },
  })
  async exportCsv(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery() query: FindingFileQuery,
    @CallerLanguage() language: Language,
  ) {
    const { lang, ...filters } = query;
    return new StreamableFile(await this.findings.exportCsv(actor, filters, lang ?? language), {
      type: 'text/csv; charset=utf-8; header=present',
      disposition: contentDisposition('attachment', 'findings.csv'),
    });
  }

  @Route('GET', 'findings/export.xlsx', {
    summary: 'The fleet list as an Excel workbook, in the caller’s language',
    description:
      `${EXPORT_NOTE} ${SHEET_NOTE} One sheet: the header row frozen with filters on, severity cells in the ` +
      "severity's colours, numbers as numbers, times as times, each address a link.",
    access: 'finding.read',
    query: findingFileQuery,
    answers: { 200: fileAnswer('findings.xlsx, as an attachment', [XLSX_TYPE]) },
  })
  async exportXlsx(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery() query: FindingFileQuery,
    @CallerLanguage() language: Language,
  ) {
    const { lang, ...filters } = query;
    return new StreamableFile(await this.findings.exportXlsx(actor, filters, lang ?? language), {
      type: XLSX_TYPE,
      disposition: contentDisposition('attachment', 'findings.xlsx'),
    });
  }

  @Route('GET', 'findings/export.jsonld', {
    summary: 'The fleet list as a W3C Web Annotation collection (JSON-LD)',
    description:
      `${EXPORT_NOTE} One Annotation per finding (motivation assessing, id: the finding's address) with the drawn ` +
      'selector as its target and its fields as properties; contexts: the W3C Web Annotation context and ours, ' +
      'GET /api/ns/findings/v1.jsonld. The collection id is this export’s address; with no finding it has no page.',
    access: 'finding.read',
    query: findingFileQuery,
    answers: { 200: fileAnswer('findings.jsonld, as an attachment', ['application/ld+json']) },
  })
  async exportJsonLd(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery() query: FindingFileQuery,
    @CallerLanguage() language: Language,
  ) {
    return new StreamableFile(await this.findings.exportJsonLd(actor, query, language), {
      type: 'application/ld+json; profile="http://www.w3.org/ns/anno.jsonld"',
      disposition: contentDisposition('attachment', 'findings.jsonld'),
    });
  }

  @Route('GET', 'ns/findings/v1.jsonld', {
    summary: 'The JSON-LD context of the findings export, version 1 (public)',
    description:
      'The terms the W3C Web Annotation context lacks: the finding’s fields, the turbine, the track, the panorama ' +
      'and point-cloud selectors and the damage types, in a namespace under this server’s address. A change of ' +
      'meaning gets a new version; this one stays as it is.',
    access: 'public',
    answers: { 200: fileAnswer('The context (a JSON-LD document), cached for a day', ['application/ld+json']) },
  })
  @Header('Content-Type', 'application/ld+json')
  @Header('Cache-Control', 'public, max-age=86400')
  findingsContext() {
    return JSON.stringify(this.findings.findingsContext());
  }

  @Route('GET', 'turbines/:id/findings', {
    summary: "A turbine's findings (filters and sort as the fleet list's, and media_id), paged with a cursor",
    description:
      'media_id: the id of any version of a photo finds the findings marked on each of its versions. company_id ' +
      'and turbine_id are ignored here.',
    access: 'finding.read',
    params: turbinePath,
    query: findingListQuery,
    answers: { 200: pageOf(finding) },
    example: {
      answer: { success: true, data: [EXAMPLE_FINDING, EXAMPLE_RELEASED_FINDING], next_cursor: null, total: 2 },
    },
  })
  async list(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: TurbinePath,
    @ValidQuery() query: FindingListQuery,
  ) {
    return this.findings.listOfTurbine(actor, id, query);
  }

  @Route('POST', 'turbines/:id/findings', {
    summary: 'Marks a finding on a media item of the turbine',
    description:
      '`media_version` (optional) checks the version drawn on; the target must suit the media (a rectangle or ' +
      'polygon inside a photo, a direction on a panorama, a point in a point cloud), else FINDING_TARGET_MISMATCH. ' +
      "Missing `action` takes the severity's; the finding starts `new` and `draft` unless said otherwise " +
      '(releasing needs finding.release).',
    access: 'finding.edit',
    params: turbinePath,
    body: createFindingBody,
    answers: { 201: successOf(findingDetail) },
    errors: FINDING_ERRORS,
    example: {
      body: { media_id: 5120, media_version: 1, ...EXAMPLE_FINDING_FIELDS, target: EXAMPLE_TARGET },
      answer: {
        success: true,
        data: {
          ...EXAMPLE_FINDING,
          history: [{ id: 311, year: 2025, severity: 3, length_mm: 380, width_mm: 45, status: 'new', stage: 'draft' }],
          growth: { since_previous: null, since_first: null },
          repairs: [],
        },
        message: 'Bulgu eklendi',
      },
    },
  })
  async create(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: TurbinePath,
    @ValidBody() body: CreateFindingBody,
    @RequestTranslator() t: Translate,
  ) {
    return {
      success: true as const,
      data: await this.findings.create(actor, id, body),
      message: t('api.findingCreated'),
    };
  }

  @Route('GET', 'turbines/:id/findings/:findingId', {
    summary: 'A finding with its track: each year of the same damage, and the growth since them',
    access: 'finding.read',
    params: findingPath,
    answers: { 200: successOf(findingDetail) },
  })
  async get(@CurrentPrincipal() actor: Principal, @ValidParams() { id, findingId }: FindingPath) {
    return { success: true as const, data: await this.findings.get(actor, id, findingId) };
  }

  @Route('PUT', 'turbines/:id/findings/:findingId', {
    summary: 'Saves a finding (the whole finding again; the media it was marked on stays)',
    description: 'Releasing a draft, taking a release back and changing a released finding need finding.release.',
    access: 'finding.edit',
    params: findingPath,
    body: updateFindingBody,
    answers: { 200: successOf(findingDetail) },
    errors: FINDING_ERRORS,
    example: {
      body: { ...EXAMPLE_FINDING_FIELDS, target: EXAMPLE_TARGET, status: 'new', stage: 'released' },
      answer: {
        success: true,
        data: {
          ...EXAMPLE_FINDING,
          stage: 'released',
          updated_at: '2025-06-12T09:41:10.000Z',
          history: [
            { id: 311, year: 2025, severity: 3, length_mm: 380, width_mm: 45, status: 'new', stage: 'released' },
          ],
          growth: { since_previous: null, since_first: null },
          repairs: [],
        },
        message: 'Bulgu kaydedildi',
      },
    },
  })
  async update(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id, findingId }: FindingPath,
    @ValidBody() body: UpdateFindingBody,
    @RequestTranslator() t: Translate,
  ) {
    return {
      success: true as const,
      data: await this.findings.update(actor, id, findingId, body),
      message: t('api.findingUpdated'),
    };
  }

  @Route('DELETE', 'turbines/:id/findings/:findingId', {
    summary: 'Deletes a finding',
    description: 'A released finding needs finding.release.',
    access: 'finding.edit',
    params: findingPath,
    answers: { 200: doneAnswer },
    errors: ['FINDING_RELEASED'],
  })
  async delete(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id, findingId }: FindingPath,
    @RequestTranslator() t: Translate,
  ) {
    await this.findings.delete(actor, id, findingId);
    return { success: true as const, data: null, message: t('api.findingDeleted') };
  }

  @Route('POST', 'turbines/:id/findings/:findingId/link', {
    summary: 'Links a finding to the same damage found in an earlier year (same turbine and blade)',
    description: 'The finding’s track joins the earlier finding’s; a track holds each year once.',
    access: 'finding.edit',
    params: findingPath,
    body: linkFindingBody,
    answers: { 200: successOf(findingDetail) },
    errors: ['FINDING_LINK_INVALID', 'FINDING_RELEASED'],
  })
  async link(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id, findingId }: FindingPath,
    @ValidBody() body: LinkFindingBody,
    @RequestTranslator() t: Translate,
  ) {
    return {
      success: true as const,
      data: await this.findings.link(actor, id, findingId, body),
      message: t('api.findingLinked'),
    };
  }

  @Route('GET', 'turbines/:id/inspection-report', {
    summary: "The inspection report of a turbine's year (PDF, in the caller's language)",
    description:
      'Cover, summary by blade and severity, blade map, then one page per released finding with a crop of its ' +
      'photo, its position, type, severity, action, size, status and history. Up to ' +
      'INSPECTION_REPORT_SYNC_MAX_FINDINGS (50) released findings the answer is 200 with the PDF. Above that the ' +
      'report is made in the background: the answer is 202 with `{ data: { id, status: "pending", status_url } }`; ' +
      'GET status_url until `status` is `ready` (then the report is stored as a report of that year, listed by ' +
      'GET /turbines/{id}/reports, and `report_url` downloads it) or `failed`. Asking again while it is being ' +
      'made answers the same request.',
    access: 'finding.read',
    params: turbinePath,
    query: inspectionReportQuery,
    answers: {
      200: fileAnswer('The report, as an attachment named after the turbine and year', ['application/pdf']),
      202: successOf(inspectionReportRequest).meta({ description: 'Accepted: the report is made in the background' }),
    },
    example: {
      answer: {
        success: true,
        data: EXAMPLE_REPORT_REQUEST,
        message: 'Rapor hazırlanıyor; hazır olduğunda bu adresten indirilebilir',
      },
    },
  })
  async inspectionReport(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: TurbinePath,
    @ValidQuery() query: z.output<typeof inspectionReportQuery>,
    @CallerLanguage() language: Language,
    @RequestTranslator() t: Translate,
    @Res({ passthrough: true }) response: Response,
  ) {
    const answer = await this.findings.inspectionReport(actor, id, query.year, language);
    if (answer.kind === 'pdf') {
      return new StreamableFile(answer.report.pdf, {
        type: 'application/pdf',
        disposition: contentDisposition('attachment', answer.report.fileName),
      });
    }
    response.status(202);
    return { success: true as const, data: answer.request, message: t('api.inspectionReportQueued') };
  }

  @Route('GET', 'turbines/:id/inspection-report/:requestId', {
    summary: 'Where an inspection report made in the background stands (see inspection-report)',
    access: 'finding.read',
    params: inspectionReportPath,
    answers: { 200: successOf(inspectionReportRequest) },
    example: {
      answer: {
        success: true,
        data: {
          ...EXAMPLE_REPORT_REQUEST,
          status: 'ready',
          report_id: 88,
          report_url: '/api/files/reports/88/1749729600/p3Vq0sXk7LmN2bRt9YwZcA',
        },
      },
    },
  })
  async inspectionReportStatus(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id, requestId }: z.output<typeof inspectionReportPath>,
  ) {
    return { success: true as const, data: await this.findings.inspectionReportStatus(actor, id, requestId) };
  }
}
