import { Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  type ApiPage,
  type ApiSuccess,
  createFindingBody,
  type CreateFindingBody,
  type Finding,
  type FindingDetail,
  findingExportQuery,
  findingFileQuery,
  type FindingFileQuery,
  type FindingFilters,
  findingListQuery,
  type FindingListQuery,
  type FindingSummary,
  inspectionReportQuery,
  type InspectionReportRequest,
  linkFindingBody,
  type LinkFindingBody,
  updateFindingBody,
  type UpdateFindingBody,
} from '@kanat360/contracts';
import { type Language, type Translate } from '@kanat360/i18n';
import { type Response } from 'express';
import { type z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal, Public, RequirePermission } from '@/auth/access.decorators.js';
import { IdPipe } from '@/common/id.pipe.js';
import { CallerLanguage } from '@/common/request-language.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { ValidBody, ValidQuery } from '@/common/zod-validation.js';
import { contentDisposition } from '@/files/content-disposition.js';
import { FindingsService } from './findings.service.js';

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
@ApiTags('findings')
@Controller()
export class FindingsController {
  constructor(private readonly findings: FindingsService) {}

  @Get('findings')
  @RequirePermission('finding.read')
  @ApiOperation({
    summary: "The fleet's findings: every finding of the caller's turbines, newest first, paged with a cursor",
    description:
      'Filters: company_id (superadmin only; ignored for others), turbine_id, year, blade, surface, type, ' +
      'severity_min, status, stage; sort: date_desc (the default), date_asc, severity_desc, severity_asc, ' +
      "turbine_asc, turbine_desc (by the turbine's name), newest first within one key; limit (50, at most 1000) " +
      'and cursor (the next_cursor of the page before, in the same sort). Customers see released findings only.',
  })
  async fleet(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery(findingListQuery) query: FindingListQuery,
  ): Promise<ApiPage<Finding>> {
    return this.findings.listOfFleet(actor, query);
  }

  @Get('findings/summary')
  @RequirePermission('finding.read')
  @ApiOperation({
    summary: 'How many findings of the fleet match the filters, by severity',
    description:
      'The same filters and reach as GET /api/findings (no paging): every matching finding is counted, each ' +
      'severity 1–5 listed (0 when none). Customers count released findings only.',
  })
  async summary(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery(findingExportQuery) query: FindingFilters,
  ): Promise<ApiSuccess<FindingSummary>> {
    return { success: true, data: await this.findings.summaryOfFleet(actor, query) };
  }

  @Get('findings/export.csv')
  @RequirePermission('finding.read')
  @ApiProduces('text/csv')
  @ApiOperation({
    summary: 'The fleet list as CSV for people: labels in the caller’s language, names instead of ids',
    description:
      `${EXPORT_NOTE} ${SHEET_NOTE} UTF-8 with a byte-order mark (Excel reads Turkish letters), RFC 4180 (comma, ` +
      'CRLF line ends); text cells always quoted, and one beginning with =, +, -, @, a tab or a carriage return ' +
      'starts with an apostrophe (OWASP, CSV injection). Machines read the JSON-LD export or the API instead.',
  })
  async exportCsv(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery(findingFileQuery) query: FindingFileQuery,
    @CallerLanguage() language: Language,
  ): Promise<StreamableFile> {
    const { lang, ...filters } = query;
    return new StreamableFile(await this.findings.exportCsv(actor, filters, lang ?? language), {
      type: 'text/csv; charset=utf-8; header=present',
      disposition: contentDisposition('attachment', 'findings.csv'),
    });
  }

  @Get('findings/export.xlsx')
  @RequirePermission('finding.read')
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOperation({
    summary: 'The fleet list as an Excel workbook, in the caller’s language',
    description:
      `${EXPORT_NOTE} ${SHEET_NOTE} One sheet: the header row frozen with filters on, severity cells in the ` +
      "severity's colours, numbers as numbers, times as times, each address a link.",
  })
  async exportXlsx(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery(findingFileQuery) query: FindingFileQuery,
    @CallerLanguage() language: Language,
  ): Promise<StreamableFile> {
    const { lang, ...filters } = query;
    return new StreamableFile(await this.findings.exportXlsx(actor, filters, lang ?? language), {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      disposition: contentDisposition('attachment', 'findings.xlsx'),
    });
  }

  @Get('findings/export.jsonld')
  @RequirePermission('finding.read')
  @ApiProduces('application/ld+json')
  @ApiOperation({
    summary: 'The fleet list as a W3C Web Annotation collection (JSON-LD)',
    description:
      `${EXPORT_NOTE} One Annotation per finding (motivation assessing, id: the finding's address) with the drawn ` +
      'selector as its target and its fields as properties; contexts: the W3C Web Annotation context and ours, ' +
      'GET /api/ns/findings/v1.jsonld. The collection id is this export’s address; with no finding it has no page.',
  })
  async exportJsonLd(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery(findingFileQuery) query: FindingFileQuery,
    @CallerLanguage() language: Language,
  ): Promise<StreamableFile> {
    return new StreamableFile(await this.findings.exportJsonLd(actor, query, language), {
      type: 'application/ld+json; profile="http://www.w3.org/ns/anno.jsonld"',
      disposition: contentDisposition('attachment', 'findings.jsonld'),
    });
  }

  @Get('ns/findings/v1.jsonld')
  @Public()
  @Header('Content-Type', 'application/ld+json')
  @Header('Cache-Control', 'public, max-age=86400')
  @ApiProduces('application/ld+json')
  @ApiOperation({
    summary: 'The JSON-LD context of the findings export, version 1 (public)',
    description:
      'The terms the W3C Web Annotation context lacks: the finding’s fields, the turbine, the track, the panorama ' +
      'and point-cloud selectors and the damage types, in a namespace under this server’s address. A change of ' +
      'meaning gets a new version; this one stays as it is.',
  })
  findingsContext(): Record<string, unknown> {
    return this.findings.findingsContext();
  }

  @Get('turbines/:id/findings')
  @RequirePermission('finding.read')
  @ApiOperation({
    summary: "A turbine's findings (filters and sort as the fleet list's, and media_id), paged with a cursor",
    description: 'media_id: the id of any version of a photo finds the findings marked on each of its versions.',
  })
  async list(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidQuery(findingListQuery) query: FindingListQuery,
  ): Promise<ApiPage<Finding>> {
    return this.findings.listOfTurbine(actor, turbineId, query);
  }

  @Post('turbines/:id/findings')
  @RequirePermission('finding.edit')
  async create(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidBody(createFindingBody) body: CreateFindingBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<FindingDetail>> {
    return {
      success: true,
      data: await this.findings.create(actor, turbineId, body),
      message: t('api.findingCreated'),
    };
  }

  @Get('turbines/:id/findings/:findingId')
  @RequirePermission('finding.read')
  @ApiOperation({ summary: 'A finding with its track: each year of the same damage, and the growth since them' })
  async get(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @Param('findingId', new IdPipe('FINDING_NOT_FOUND')) id: number,
  ): Promise<ApiSuccess<FindingDetail>> {
    return { success: true, data: await this.findings.get(actor, turbineId, id) };
  }

  @Put('turbines/:id/findings/:findingId')
  @RequirePermission('finding.edit')
  @ApiOperation({
    summary: 'Saves a finding',
    description: 'Releasing a draft, taking a release back and changing a released finding need finding.release.',
  })
  async update(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @Param('findingId', new IdPipe('FINDING_NOT_FOUND')) id: number,
    @ValidBody(updateFindingBody) body: UpdateFindingBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<FindingDetail>> {
    return {
      success: true,
      data: await this.findings.update(actor, turbineId, id, body),
      message: t('api.findingUpdated'),
    };
  }

  @Delete('turbines/:id/findings/:findingId')
  @HttpCode(200)
  @RequirePermission('finding.edit')
  async delete(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @Param('findingId', new IdPipe('FINDING_NOT_FOUND')) id: number,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<null>> {
    await this.findings.delete(actor, turbineId, id);
    return { success: true, data: null, message: t('api.findingDeleted') };
  }

  @Post('turbines/:id/findings/:findingId/link')
  @HttpCode(200)
  @RequirePermission('finding.edit')
  @ApiOperation({
    summary: 'Links a finding to the same damage found in an earlier year (same turbine and blade)',
    description: 'The finding’s track joins the earlier finding’s; a track holds each year once.',
  })
  async link(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @Param('findingId', new IdPipe('FINDING_NOT_FOUND')) id: number,
    @ValidBody(linkFindingBody) body: LinkFindingBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<FindingDetail>> {
    return {
      success: true,
      data: await this.findings.link(actor, turbineId, id, body),
      message: t('api.findingLinked'),
    };
  }

  @Get('turbines/:id/inspection-report')
  @RequirePermission('finding.read')
  @ApiProduces('application/pdf', 'application/json')
  @ApiOperation({
    summary: "The inspection report of a turbine's year (PDF, in the caller's language)",
    description:
      'Cover, summary by blade and severity, blade map, then one page per released finding with a crop of its ' +
      'photo, its position, type, severity, action, size, status and history. Up to ' +
      'INSPECTION_REPORT_SYNC_MAX_FINDINGS (50) released findings the answer is 200 with the PDF. Above that the ' +
      'report is made in the background: the answer is 202 with `{ data: { id, status: "pending", status_url } }`; ' +
      'GET status_url until `status` is `ready` (then the report is stored as a report of that year, listed by ' +
      'GET /api/turbines/{id}/reports, and `report_url` downloads it) or `failed`. Asking again while it is being ' +
      'made answers the same request.',
  })
  async inspectionReport(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidQuery(inspectionReportQuery) query: z.output<typeof inspectionReportQuery>,
    @CallerLanguage() language: Language,
    @RequestTranslator() t: Translate,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile | ApiSuccess<InspectionReportRequest>> {
    const answer = await this.findings.inspectionReport(actor, turbineId, query.year, language);
    if (answer.kind === 'pdf') {
      return new StreamableFile(answer.report.pdf, {
        type: 'application/pdf',
        disposition: contentDisposition('attachment', answer.report.fileName),
      });
    }
    response.status(202);
    return { success: true, data: answer.request, message: t('api.inspectionReportQueued') };
  }

  @Get('turbines/:id/inspection-report/:requestId')
  @RequirePermission('finding.read')
  @ApiOperation({ summary: 'Where an inspection report made in the background stands (see inspection-report)' })
  async inspectionReportStatus(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @Param('requestId') requestId: string,
  ): Promise<ApiSuccess<InspectionReportRequest>> {
    return { success: true, data: await this.findings.inspectionReportStatus(actor, turbineId, requestId) };
  }
}
