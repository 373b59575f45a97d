import { randomUUID } from 'node:crypto';
import { finished, type Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import {
  ACTIVE_REPAIR_STATUSES,
  type ApiPage,
  can,
  type CreateFindingBody,
  type Finding,
  type FindingDetail,
  type FindingFileQuery,
  type FindingFilters,
  type FindingListQuery,
  FINDING_SEVERITIES,
  type FindingSeverity,
  type FindingSummary,
  type FindingTarget,
  type InspectionReportRequest,
  type LinkFindingBody,
  type RepairStatus,
  targetBox,
  type UpdateFindingBody,
} from '@kanat360/contracts';
import { type Language, translator } from '@kanat360/i18n';
import { DataSource } from 'typeorm';
import { AccessService } from '@/access/access.service.js';
import { type Principal, tenantScope } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { isForeignKeyViolation } from '@/common/database-errors.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '@/common/page-cursor.js';
import { xlsxExport } from '@/common/sheet-export.js';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { runAsJob } from '@/database/app-data-source.js';
import { FileUrls } from '@/files/file-urls.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { type MediaRow, MediaRepository } from '@/media/media.repository.js';
import { MemoryBudget } from '@/media/memory-budget.js';
import { findingsCsv, type FindingPages } from './findings-export.js';
import { findingsContext, findingsJsonLd } from './findings-jsonld.js';
import { csvColumns, findingSheet } from './findings-sheet.js';
import { toFinding, toFindingDetail } from './findings.mapper.js';
import { type FindingReach, type FindingRow, FindingsRepository, type FindingWrite } from './findings.repository.js';
import { type BuiltReport, InspectionReportBuilder } from './inspection-report.builder.js';
import { type InspectionReportRow, InspectionReportsRepository } from './inspection-reports.repository.js';

/**
 * Findings a JSON-LD or Excel export reads a query at a time. An export holds one page, as bytes, while its client takes it:
 * 200 findings are about 70 KB, so 50 exports at once hold a few MB. Smaller pages did not lower the memory measured
 * (bench:findings) and cost more queries.
 */
const EXPORT_BATCH = 200;
/**
 * Export reads at once in this process, however many exports run: a JSON-LD export's page query, or a CSV export's
 * COPY for its whole download. Each export waits its turn instead of queueing on the pool (where it would hit the
 * acquire time-out under 50 parallel exports), and the jobs' pool keeps connections for the jobs. Counted with
 * MemoryBudget, whose units here are reads.
 */
const EXPORT_READS_AT_ONCE = 3;
/**
 * Excel exports written at once in this process: each holds a zip deflate stream and the writer's buffers for its
 * whole download, and keeps a core busy while it writes. Others wait their turn.
 */
const WORKBOOKS_AT_ONCE = 2;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What GET …/inspection-report answers: the PDF itself, or the request of one being made in the background. */
export type InspectionReportAnswer =
  { kind: 'pdf'; report: BuiltReport } | { kind: 'queued'; request: InspectionReportRequest };

/**
 * Findings (DESIGN "Findings"). Whoever may see a turbine reads its findings; customers only released ones, as if
 * the drafts did not exist. Creating, editing, linking and deleting are finding.edit; releasing a draft, taking a
 * release back or changing a released finding also need finding.release (the review).
 */
@Injectable()
export class FindingsService {
  private readonly exportReads = new MemoryBudget(EXPORT_READS_AT_ONCE);
  private readonly workbooks = new MemoryBudget(WORKBOOKS_AT_ONCE);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly dataSource: DataSource,
    private readonly access: AccessService,
    private readonly findings: FindingsRepository,
    private readonly requests: InspectionReportsRepository,
    private readonly media: MediaRepository,
    private readonly builder: InspectionReportBuilder,
    private readonly urls: FileUrls,
    private readonly jobs: JobQueue,
  ) {}

  /** A page of one turbine's findings (company and turbine filters do not apply). */
  async listOfTurbine(actor: Principal, turbineId: number, query: FindingListQuery): Promise<ApiPage<Finding>> {
    await this.access.requireAccess(actor, 'finding.read', turbineId);
    const { company_id: _company, turbine_id: _turbine, ...filters } = query;
    return this.page({ turbineId, ...this.reach(actor) }, filters, query);
  }

  /** A page of the fleet: every finding of the caller's turbines (a superadmin's: of every company, or of one). */
  async listOfFleet(actor: Principal, query: FindingListQuery): Promise<ApiPage<Finding>> {
    return this.page(this.reach(actor), query, query);
  }

  /**
   * How many findings of the fleet the filters match, by severity: all of them (the list's pages only hold some), in
   * the list's reach.
   */
  async summaryOfFleet(actor: Principal, filters: FindingFilters): Promise<FindingSummary> {
    const rows = await this.findings.countBySeverity(this.reach(actor), filters);
    const bySeverity = Object.fromEntries(FINDING_SEVERITIES.map((severity) => [severity, 0])) as Record<
      FindingSeverity,
      number
    >;
    for (const row of rows) bySeverity[row.severity] = row.count;
    return { total: rows.reduce((sum, row) => sum + row.count, 0), by_severity: bySeverity };
  }

  /**
   * The CSV export for people (findings-sheet.ts), written by PostgreSQL: Node passes its bytes on (row by row,
   * 20,000 findings made 200+ MB of garbage at 50 exports at once: bench:findings). It holds a connection of the
   * jobs' pool, and its turn among the export reads, until the download is over or the client has gone: the turns
   * bound how many copies run, and so the memory they take.
   */
  async exportCsv(actor: Principal, filters: FindingFilters, language: Language): Promise<Readable> {
    const reach = this.reach(actor);
    const t = translator(language);
    const columns = findingSheet(t, this.config.publicUrl);
    const release = await this.exportReads.reserve(1);
    try {
      const rows = await runAsJob(() => this.findings.exportCsv(reach, filters, csvColumns(columns)));
      finished(rows, release);
      return findingsCsv(
        rows,
        columns.map((column) => t(column.header)),
      );
    } catch (error) {
      release();
      throw error;
    }
  }

  /** The Excel workbook of the same columns, written while the client takes it, a few workbooks at a time. */
  async exportXlsx(actor: Principal, filters: FindingFilters, language: Language): Promise<Readable> {
    const t = translator(language);
    const release = await this.workbooks.reserve(1);
    try {
      const workbook = await xlsxExport(
        this.exportPages(actor, filters),
        findingSheet(t, this.config.publicUrl),
        t,
        'findings.export.sheetName',
      );
      finished(workbook, release);
      return workbook;
    } catch (error) {
      release();
      throw error;
    }
  }

  /**
   * The W3C Web Annotation collection (JSON-LD) of the same findings, in `query.lang` or else the caller's language;
   * the query (its language included) makes the collection's address.
   */
  async exportJsonLd(actor: Principal, query: FindingFileQuery, callerLanguage: Language): Promise<Readable> {
    const { lang, ...filters } = query;
    const language = lang ?? callerLanguage;
    return findingsJsonLd(this.exportPages(actor, filters), {
      publicUrl: this.config.publicUrl,
      query,
      language,
      t: translator(language),
    });
  }

  /** Our JSON-LD context (the terms of the export's annotations that the W3C context lacks). */
  findingsContext(): Record<string, unknown> {
    return findingsContext(this.config.publicUrl);
  }

  async get(actor: Principal, turbineId: number, id: number): Promise<FindingDetail> {
    await this.access.requireAccess(actor, 'finding.read', turbineId);
    return this.detail(actor, await this.mustFind(actor, turbineId, id));
  }

  async create(actor: Principal, turbineId: number, body: CreateFindingBody): Promise<FindingDetail> {
    await this.access.requireAccess(actor, 'finding.edit', turbineId);
    if (body.stage === 'released') this.requireRelease(actor, 'FORBIDDEN');
    const media = await this.media.findById(body.media_id);
    // Findings are marked on inspection media: an after-repair photo is its repair's record.
    if (!media || media.turbineId !== turbineId || media.kind === 'video' || media.category === 'repair') {
      throw new AppError('FINDING_MEDIA_INVALID', { field: 'media_id' });
    }
    if (body.media_version !== undefined && body.media_version !== media.version) {
      throw new AppError('FINDING_MEDIA_INVALID', { field: 'media_version' });
    }
    assertTargetFits(body.target, media);
    const id = await this.findings
      .insert({
        ...toWrite(body, body.status, body.stage),
        turbineId,
        mediaId: media.id,
        mediaVersion: media.version,
        year: media.year,
        createdBy: actor.userId,
      })
      .catch((error: unknown) => {
        // The photo was deleted between the look-up and the insert.
        if (isForeignKeyViolation(error)) throw new AppError('FINDING_MEDIA_INVALID', { field: 'media_id' });
        throw error;
      });
    return this.detail(actor, await this.mustFind(actor, turbineId, id));
  }

  async update(actor: Principal, turbineId: number, id: number, body: UpdateFindingBody): Promise<FindingDetail> {
    await this.access.requireAccess(actor, 'finding.edit', turbineId);
    const current = await this.mustFind(actor, turbineId, id);
    if (current.stage === 'released') this.requireRelease(actor, 'FINDING_RELEASED');
    const stage = body.stage ?? current.stage;
    if (stage !== current.stage) this.requireRelease(actor, 'FORBIDDEN');
    // A finding in a repair follows it: its status changes with the repair's (issue #24), never by hand.
    if (body.status !== undefined && body.status !== current.status && inActiveRepair(current)) {
      throw new AppError('FINDING_IN_REPAIR', { field: 'status' });
    }
    const media = await this.media.findById(current.mediaId);
    if (media) assertTargetFits(body.target, media);
    if (!(await this.findings.update(turbineId, id, toWrite(body, body.status ?? current.status, stage)))) {
      throw new AppError('FINDING_NOT_FOUND');
    }
    return this.detail(actor, await this.mustFind(actor, turbineId, id));
  }

  async delete(actor: Principal, turbineId: number, id: number): Promise<void> {
    await this.access.requireAccess(actor, 'finding.edit', turbineId);
    const current = await this.mustFind(actor, turbineId, id);
    if (current.stage === 'released') this.requireRelease(actor, 'FINDING_RELEASED');
    // A repair's record keeps its findings: one that was (or is being) repaired stays.
    if (current.repair !== null) throw new AppError('FINDING_IN_REPAIR');
    if (!(await this.findings.delete(turbineId, id))) throw new AppError('FINDING_NOT_FOUND');
  }

  /**
   * Links a finding to the same damage found in an earlier year of the same turbine and blade: its track (with any
   * later years it already had) joins the earlier finding's. A track holds each year once.
   */
  async link(actor: Principal, turbineId: number, id: number, body: LinkFindingBody): Promise<FindingDetail> {
    await this.access.requireAccess(actor, 'finding.edit', turbineId);
    const later = await this.mustFind(actor, turbineId, id);
    if (later.stage === 'released') this.requireRelease(actor, 'FINDING_RELEASED');
    const earlier = await this.findings.find(turbineId, body.earlier_id);
    if (!earlier || earlier.id === later.id || earlier.blade !== later.blade || earlier.year >= later.year) {
      throw new AppError('FINDING_LINK_INVALID', { field: 'earlier_id' });
    }
    if (earlier.trackId !== later.trackId) {
      await this.dataSource.transaction(async (manager) => {
        await this.findings.lockTracks(manager, [earlier.trackId, later.trackId]);
        const years = new Set(await this.findings.yearsOfTrack(manager, earlier.trackId));
        const joining = await this.findings.yearsOfTrack(manager, later.trackId);
        if (joining.some((year) => years.has(year))) {
          throw new AppError('FINDING_LINK_INVALID', { field: 'earlier_id' });
        }
        await this.findings.moveTrack(manager, later.trackId, earlier.trackId);
      });
    }
    return this.detail(actor, await this.mustFind(actor, turbineId, id));
  }

  /**
   * The inspection report of a turbine's year: made within the request up to INSPECTION_REPORT_SYNC_MAX_FINDINGS
   * released findings, by a job above that (asking again while it is being made answers the same request).
   */
  async inspectionReport(
    actor: Principal,
    turbineId: number,
    year: number,
    language: Language,
  ): Promise<InspectionReportAnswer> {
    await this.access.requireAccess(actor, 'finding.read', turbineId);
    const count = await this.findings.countReleased(turbineId, year);
    if (count <= this.config.inspectionReportSyncMaxFindings) {
      return { kind: 'pdf', report: await this.builder.build(turbineId, year, language) };
    }
    const pending = await this.requests.findPending(turbineId, year, language);
    if (pending) return { kind: 'queued', request: this.toRequest(pending) };
    const requestId = randomUUID();
    await this.dataSource.transaction(async (manager) => {
      await this.requests.insert(manager, { id: requestId, turbineId, year, language, requestedBy: actor.userId });
      await this.jobs.send(QUEUES.inspectionReport, { requestId }, manager);
    });
    const row = await this.requests.find(turbineId, requestId);
    return { kind: 'queued', request: this.toRequest(row!) };
  }

  /** Where an inspection report made in the background stands. */
  async inspectionReportStatus(
    actor: Principal,
    turbineId: number,
    requestId: string,
  ): Promise<InspectionReportRequest> {
    await this.access.requireAccess(actor, 'finding.read', turbineId);
    const row = UUID.test(requestId) ? await this.requests.find(turbineId, requestId) : null;
    if (!row) throw new AppError('REPORT_NOT_FOUND');
    return this.toRequest(row);
  }

  private toRequest(row: InspectionReportRow): InspectionReportRequest {
    return {
      id: row.id,
      turbine_id: row.turbineId,
      year: row.year,
      status: row.status,
      status_url: `/api/turbines/${row.turbineId}/inspection-report/${row.id}`,
      report_id: row.reportId,
      report_url: row.reportId === null ? null : this.urls.signer().reports(row.reportId),
      created_at: row.createdAt.toISOString(),
    };
  }

  private reach(actor: Principal): Omit<FindingReach, 'turbineId'> {
    return { tenant: tenantScope(actor), releasedOnly: !can(actor.role, 'finding.readDrafts') };
  }

  private async page(
    reach: FindingReach,
    filters: FindingFilters,
    { limit, cursor, sort }: Pick<FindingListQuery, 'limit' | 'cursor' | 'sort'>,
  ): Promise<ApiPage<Finding>> {
    const after = cursor === undefined ? null : decodeKeysetCursor(cursor, sort, this.findings.pageKeyTypes(sort));
    const page = await this.findings.listPage(reach, filters, after, limit, { sort });
    const reader = { readsDrafts: !reach.releasedOnly };
    return {
      success: true,
      data: page.rows.map((row) => toFinding(row, reader)),
      next_cursor: page.more && page.last ? encodeKeysetCursor(sort, page.last) : null,
      total: page.total,
    };
  }

  /**
   * The pages of findings a JSON-LD or Excel export writes: those the fleet list would page through with the same
   * filters, read in keyset pages as the client takes them (a query each: no connection is held while a client is
   * slow).
   */
  private exportPages(actor: Principal, filters: FindingFilters): FindingPages {
    const reach = this.reach(actor);
    return async (after) => {
      const release = await this.exportReads.reserve(1);
      try {
        // On the jobs' pool: an export is long work, and never takes a connection a request is waiting for.
        return await runAsJob(() => this.findings.exportPage(reach, filters, after, EXPORT_BATCH));
      } finally {
        release();
      }
    };
  }

  /** A finding of the turbine the caller may see: a draft is as missing as a finding of another turbine to a customer. */
  private async mustFind(actor: Principal, turbineId: number, id: number): Promise<FindingRow> {
    const row = await this.findings.find(turbineId, id);
    if (!row || (row.stage === 'draft' && !can(actor.role, 'finding.readDrafts'))) {
      throw new AppError('FINDING_NOT_FOUND');
    }
    return row;
  }

  private requireRelease(actor: Principal, code: 'FORBIDDEN' | 'FINDING_RELEASED'): void {
    if (!can(actor.role, 'finding.release')) throw new AppError(code, code === 'FORBIDDEN' ? { field: 'stage' } : {});
  }

  private async detail(actor: Principal, row: FindingRow): Promise<FindingDetail> {
    const readsDrafts = can(actor.role, 'finding.readDrafts');
    const [track, repairs] = await Promise.all([
      this.findings.tracks([row.trackId], !readsDrafts),
      this.findings.repairHistory(row.id),
    ]);
    return toFindingDetail(row, track, repairs, { readsDrafts });
  }
}

/** Whether the finding is held by a repair (open, or done and not verified yet): its status is the repair's. */
function inActiveRepair(row: FindingRow): boolean {
  if (row.repair === null) return false;
  const { status } = JSON.parse(row.repair) as { status: RepairStatus };
  return (ACTIVE_REPAIR_STATUSES as readonly RepairStatus[]).includes(status);
}

function toWrite(
  body: CreateFindingBody | UpdateFindingBody,
  status: FindingWrite['status'],
  stage: FindingWrite['stage'],
): FindingWrite {
  return {
    blade: body.blade,
    surface: body.surface,
    zone: body.zone,
    internal: body.internal,
    distanceFromRootM: body.distance_from_root_m,
    extentM: body.extent_m,
    distanceFromLeM: body.distance_from_le_m,
    target: body.target,
    type: body.type,
    severity: body.severity,
    action: body.action,
    lengthMm: body.length_mm,
    widthMm: body.width_mm,
    description: body.description,
    status,
    stage,
  };
}

/**
 * The region must be of the media's kind: a point on a point cloud, a direction on a panorama, a pixel region on
 * any other photo, inside the original when its size is known.
 */
function assertTargetFits(target: FindingTarget, media: MediaRow): void {
  const type = target.selector.type;
  const expected =
    media.kind === 'pointcloud'
      ? ['PointSelector']
      : media.isPanorama
        ? ['PanoramaSelector']
        : ['FragmentSelector', 'SvgSelector'];
  const box = targetBox(target);
  const outside =
    box !== null &&
    media.width !== null &&
    media.height !== null &&
    (box.x + box.width > media.width || box.y + box.height > media.height);
  if (!expected.includes(type) || outside) throw new AppError('FINDING_TARGET_MISMATCH', { field: 'target' });
}
