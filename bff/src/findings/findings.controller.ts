import { Controller, Res, StreamableFile } from '@nestjs/common';
import {
  createFindingBody,
  type CreateFindingBody,
  doneAnswer,
  findingDetail,
  finding,
  findingExportQuery,
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
import { CurrentPrincipal } from '@/auth/access.decorators.js';
import { type Principal } from '@/auth/principal.js';
import { CallerLanguage } from '@/common/request-language.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { contentDisposition } from '@/files/content-disposition.js';
import { fileAnswer, Route, RouteGroup, ValidBody, ValidParams, ValidQuery } from '@/openapi/route.js';
import { FindingsService } from './findings.service.js';

type TurbinePath = z.output<typeof turbinePath>;
type FindingPath = z.output<typeof findingPath>;

const EXAMPLE_FINDING = {
  id: 311,
  turbine_id: 12,
  media_id: 5120,
  media_version: 1,
  year: 2025,
  blade: 'B',
  surface: 'leading_edge',
  zone: 7,
  internal: false,
  distance_from_root_m: 31.5,
  extent_m: 0.4,
  distance_from_le_m: null,
  target: {
    selector: {
      type: 'FragmentSelector',
      conformsTo: 'http://www.w3.org/TR/media-frags/',
      value: 'xywh=pixel:2810,1422,380,210',
    },
  },
  type: 'erosion',
  severity: 3,
  action: 'repair_planned',
  length_mm: 380,
  width_mm: 45,
  description: 'Leading edge erosion through the coating, laminate visible.',
  status: 'new',
  stage: 'draft',
  track_id: 204,
  created_by: 41,
  created_at: '2025-06-11T14:02:31.000Z',
  updated_at: '2025-06-11T14:02:31.000Z',
} as const;

const FINDING_ERRORS = ['FINDING_MEDIA_INVALID', 'FINDING_TARGET_MISMATCH', 'FINDING_RELEASED'] as const;

const EXPORT_NOTE =
  'The same filters as GET /api/findings, every matching finding (no paging), in the list order. Streamed.';

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
      'company_id filters for a superadmin only (others: ignored). limit is 50 by default, at most 1000; cursor is ' +
      'the next_cursor of the page before. Customers see released findings only.',
    access: 'finding.read',
    query: findingListQuery,
    answers: { 200: pageOf(finding) },
    example: {
      answer: {
        success: true,
        data: [EXAMPLE_FINDING],
        next_cursor: 'MjAyNS0wNi0xMVQxNDowMjozMS4wMDBafDMxMQ',
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
    summary: 'The fleet list as CSV (UTF-8 with a byte-order mark, so Excel reads Turkish letters)',
    description: `${EXPORT_NOTE} The header is the finding's field names; the target column holds its JSON.`,
    access: 'finding.read',
    query: findingExportQuery,
    answers: { 200: fileAnswer('findings.csv, as an attachment', ['text/csv']) },
  })
  async exportCsv(@CurrentPrincipal() actor: Principal, @ValidQuery() query: FindingFilters) {
    return new StreamableFile(await this.findings.exportCsv(actor, query), {
      type: 'text/csv; charset=utf-8',
      disposition: contentDisposition('attachment', 'findings.csv'),
    });
  }

  @Route('GET', 'findings/export.jsonld', {
    summary: 'The fleet list as a W3C Web Annotation collection (JSON-LD)',
    description: `${EXPORT_NOTE} One Annotation per finding (motivation assessing) with the drawn selector as its target.`,
    access: 'finding.read',
    query: findingExportQuery,
    answers: { 200: fileAnswer('findings.jsonld, as an attachment', ['application/ld+json']) },
  })
  async exportJsonLd(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery() query: FindingFilters,
    @RequestTranslator() t: Translate,
  ) {
    return new StreamableFile(await this.findings.exportJsonLd(actor, query, t), {
      type: 'application/ld+json; profile="http://www.w3.org/ns/anno.jsonld"',
      disposition: contentDisposition('attachment', 'findings.jsonld'),
    });
  }

  @Route('GET', 'turbines/:id/findings', {
    summary: "A turbine's findings (filters as the fleet list's, and media_id), paged with a cursor",
    description:
      'media_id: the id of any version of a photo finds the findings marked on each of its versions. company_id ' +
      'and turbine_id are ignored here.',
    access: 'finding.read',
    params: turbinePath,
    query: findingListQuery,
    answers: { 200: pageOf(finding) },
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
      body: {
        media_id: 5120,
        media_version: 1,
        blade: 'B',
        surface: 'leading_edge',
        zone: 7,
        distance_from_root_m: 31.5,
        target: { selector: { type: 'FragmentSelector', value: 'xywh=pixel:2810,1422,380,210' } },
        type: 'erosion',
        severity: 3,
        length_mm: 380,
        width_mm: 45,
        description: 'Leading edge erosion through the coating, laminate visible.',
      },
      answer: {
        success: true,
        data: {
          ...EXAMPLE_FINDING,
          history: [{ id: 311, year: 2025, severity: 3, length_mm: 380, width_mm: 45, status: 'new', stage: 'draft' }],
          growth: { since_previous: null, since_first: null },
        },
        message: 'Bulgu kaydedildi.',
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
  })
  async inspectionReportStatus(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id, requestId }: z.output<typeof inspectionReportPath>,
  ) {
    return { success: true as const, data: await this.findings.inspectionReportStatus(actor, id, requestId) };
  }
}
