import { type Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import {
  actsAs,
  addDays,
  type ApiPage,
  can,
  type CompleteRepairBody,
  type CreateRepairBody,
  FINDING_NAME_KEYS,
  FINDING_STATUS_OF_REPAIR,
  type FindingStatus,
  METHOD_OF_FINDING_TYPE,
  type Repair,
  type RepairActor,
  type RepairAssignee,
  REPAIR_CURRENCIES,
  type RepairCurrency,
  type RepairEditableField,
  REPAIR_FIELD_RULES,
  type RepairFilters,
  REPAIR_HORIZONS,
  type RepairListQuery,
  type RepairStatus,
  type RepairSummary,
  repairTransition,
  type RepairViewer,
  type UpdateRepairBody,
} from '@kanat360/contracts';
import { type Translate, translator } from '@kanat360/i18n';
import { DataSource, type EntityManager } from 'typeorm';
import { AccessService } from '@/access/access.service.js';
import { type Principal, tenantScope } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { isUniqueViolation } from '@/common/database-errors.js';
import { decodeCursor, encodeCursor } from '@/common/page-cursor.js';
import { type ExportPages } from '@/common/export-pages.js';
import { csvExport, xlsxExport } from '@/common/sheet-export.js';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { runAsJob } from '@/database/app-data-source.js';
import { FileUrls } from '@/files/file-urls.js';
import { FindingsRepository, type LockedFindingRow } from '@/findings/findings.repository.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { MediaRepository } from '@/media/media.repository.js';
import { MemoryBudget } from '@/media/memory-budget.js';
import { TurbineListQuery } from '@/turbines/turbine-list.query.js';
import { UsersRepository } from '@/users/users.repository.js';
import { RepairClock } from './repair-clock.js';
import { repairAssignedMail, repairLink } from './repair-mails.js';
import {
  type RepairReach,
  type RepairRow,
  type RepairStateRow,
  RepairWorkOrdersRepository,
  type RepairWrite,
} from './repair-work-orders.repository.js';
import { type RepairReader, toMailedRepair, toRepair } from './repairs.mapper.js';
import { repairSheet } from './repairs-sheet.js';

/** Repairs an export reads a query at a time. */
const EXPORT_BATCH = 500;
/** Export reads at once in this process (see FindingsService: each waits its turn rather than queue on the pool). */
const EXPORT_READS_AT_ONCE = 2;

const ACTIVE_LINK = 'UQ_repair_findings_active_finding';

/** The caller as the repair rules see them. */
function viewerOf(actor: Principal): RepairViewer {
  return { role: actor.role, userId: actor.userId };
}

/** A changed value: both null, or the same number, text or instant, is no change. */
function differs(next: unknown, current: unknown): boolean {
  if (next instanceof Date || current instanceof Date) {
    const time = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
    return time(next) !== time(current);
  }
  return next !== current;
}

/**
 * Repairs (DESIGN "Repairs", issue #24). A repair covers findings of one turbine and drives their status: open
 * (planned, scheduled, in progress) → `repair_planned`, done → `repaired`, verified → `closed`, cancelled → each
 * back to the status it had. Every change runs in one transaction with its findings' status, the repair row locked
 * first: two changes of one repair take turns, and the second sees what the first did (a clear
 * REPAIR_STATUS_CONFLICT when its step is gone). The status graph, what may change when and who may do what are
 * contracts' data (REPAIR_TRANSITIONS, REPAIR_FIELD_RULES, repairActions).
 */
@Injectable()
export class RepairsService {
  private readonly exportReads = new MemoryBudget(EXPORT_READS_AT_ONCE);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly dataSource: DataSource,
    private readonly access: AccessService,
    private readonly repairs: RepairWorkOrdersRepository,
    private readonly findings: FindingsRepository,
    private readonly media: MediaRepository,
    private readonly users: UsersRepository,
    private readonly turbines: TurbineListQuery,
    private readonly urls: FileUrls,
    private readonly jobs: JobQueue,
    private readonly clock: RepairClock,
  ) {}

  // ---------------------------------------------------------------------------------------------------------------
  // Reading

  async listOfTurbine(actor: Principal, turbineId: number, query: RepairListQuery): Promise<ApiPage<Repair>> {
    await this.access.requireAccess(actor, 'repair.read', turbineId);
    const { company_id: _company, turbine_id: _turbine, ...filters } = query;
    return this.page(actor, { ...this.reach(actor), turbineId }, filters, query);
  }

  async listOfFleet(actor: Principal, query: RepairListQuery): Promise<ApiPage<Repair>> {
    return this.page(actor, this.reach(actor), query, query);
  }

  async get(actor: Principal, turbineId: number, id: number): Promise<Repair> {
    await this.access.requireAccess(actor, 'repair.read', turbineId);
    return this.answer(actor, turbineId, id);
  }

  /**
   * The fleet's repairs in the list's reach and filters: counts by status, the open ones overdue and due within 30
   * days, and this year's costs by currency (null for a caller who may not see costs).
   */
  async summary(actor: Principal, filters: RepairFilters): Promise<RepairSummary> {
    const reach = this.reach(actor);
    const today = this.clock.today();
    const year = today.slice(0, 4);
    const [{ counts, overdue, dueSoon }, costs] = await Promise.all([
      this.repairs.summary(reach, filters, today, addDays(today, REPAIR_HORIZONS.summaryDays + 1)),
      this.costsVisible(actor)
        ? this.repairs.costs(reach, filters, today, `${year}-01-01`, `${Number(year) + 1}-01-01`)
        : Promise.resolve(null),
    ]);
    const byCurrency = (pick: 'estimated' | 'actual') =>
      Object.fromEntries(
        REPAIR_CURRENCIES.map((currency) => [currency, costs?.find((row) => row.currency === currency)?.[pick] ?? 0]),
      ) as Record<RepairCurrency, number>;
    return {
      total: counts.total,
      by_status: {
        planned: counts.planned,
        scheduled: counts.scheduled,
        in_progress: counts.inProgress,
        done: counts.done,
        verified: counts.verified,
        cancelled: counts.cancelled,
      },
      overdue,
      due_30_days: dueSoon,
      cost_this_year: costs ? { estimated: byCurrency('estimated'), actual: byCurrency('actual') } : null,
    };
  }

  /** The people a repair of the turbine may be assigned to: active users of its company who may carry it out. */
  async assignees(actor: Principal, turbineId: number): Promise<RepairAssignee[]> {
    await this.access.requireAccess(actor, 'repair.manage', turbineId);
    const turbine = await this.turbines.findLive(turbineId);
    if (!turbine) throw new AppError('TURBINE_NOT_FOUND');
    const users = await this.users.list({ all: false, companyId: turbine.company_id });
    return users
      .filter((user) => user.isActive && can(user.role, 'repair.complete'))
      .map((user) => ({
        id: user.id,
        name: `${user.firstName} ${user.lastName}`.trim(),
        role: user.role,
        email: user.email,
      }));
  }

  /** The fleet list as CSV for people, in the caller's language (every matching repair, the list's order). */
  async exportCsv(actor: Principal, filters: RepairFilters, t: Translate): Promise<Readable> {
    return csvExport(this.exportPages(actor, filters), this.sheet(actor, t), t);
  }

  /** The fleet list as an Excel workbook, in the caller's language. */
  async exportXlsx(actor: Principal, filters: RepairFilters, t: Translate): Promise<Readable> {
    return xlsxExport(this.exportPages(actor, filters), this.sheet(actor, t), t, 'repairs.export.sheetName');
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Changing

  /**
   * A work order from findings of the turbine (every role that may edit findings). Scheduling it, assigning it and
   * its estimated cost at once need repair.manage, as they would later.
   */
  async create(actor: Principal, turbineId: number, body: CreateRepairBody): Promise<Repair> {
    await this.access.requireAccess(actor, 'repair.create', turbineId);
    const viewer = viewerOf(actor);
    const managed: [keyof CreateRepairBody, boolean][] = [
      ['assignee_id', body.assignee_id !== null],
      ['due_date', body.due_date !== null],
      ['window_start', body.window_start !== null],
      ['estimated_cost', body.estimated_cost !== null],
      ['currency', body.currency !== 'TRY'],
      ['status', body.status !== 'planned'],
    ];
    for (const [field, given] of managed) {
      if (given && !actsAs(viewer, 'manage', { assignee_id: null })) throw new AppError('FORBIDDEN', { field });
    }
    if (body.status === 'scheduled' && body.due_date === null && body.window_start === null) {
      throw new AppError('REPAIR_SCHEDULE_REQUIRED', { field: 'status' });
    }
    if (body.assignee_id !== null) await this.requireAssignee(turbineId, body.assignee_id);
    const id = await this.transaction(async (manager) => {
      const findings = await this.takeFindings(manager, turbineId, body.finding_ids);
      const worst = [...findings].sort((a, b) => b.severity - a.severity || a.id - b.id)[0]!;
      const t = translator(actor.language);
      const repairId = await this.repairs.insert(manager, {
        turbineId,
        title: body.title ?? defaultTitle(findings, worst, t),
        method: body.method ?? METHOD_OF_FINDING_TYPE[worst.type],
        priority: body.priority ?? worst.severity,
        status: body.status,
        assigneeId: body.assignee_id,
        dueDate: body.due_date,
        windowStart: body.window_start === null ? null : new Date(body.window_start),
        windowEnd: body.window_end === null ? null : new Date(body.window_end),
        estimatedCost: body.estimated_cost,
        currency: body.currency,
        note: body.note,
        createdBy: actor.userId,
      });
      await this.repairs.link(
        manager,
        repairId,
        findings.map((finding) => ({ findingId: finding.id, previousStatus: finding.status })),
      );
      await this.findings.setStatuses(
        manager,
        findings.map((finding) => ({ id: finding.id, status: FINDING_STATUS_OF_REPAIR[body.status] })),
      );
      if (body.assignee_id !== null) await this.mailAssignee(manager, actor, turbineId, repairId, body.assignee_id);
      return repairId;
    });
    return this.answer(actor, turbineId, id);
  }

  /**
   * Saves the fields given (those left out stay) and makes the status steps of the graph marked `put`: schedule
   * (planned ↔ scheduled), start, postpone, reopen. REPAIR_FIELD_RULES decides what may change in the repair's
   * status (REPAIR_FIELD_LOCKED) and by whom (FORBIDDEN); a field sent as it is changes nothing.
   */
  async update(actor: Principal, turbineId: number, id: number, body: UpdateRepairBody): Promise<Repair> {
    await this.access.requireAccess(actor, 'repair.create', turbineId);
    const viewer = viewerOf(actor);
    await this.transaction(async (manager) => {
      const current = await this.mustLock(manager, turbineId, id);
      const links = await this.repairs.links(manager, id);
      const write: RepairWrite = {};
      const change = (field: RepairEditableField, next: unknown, now: unknown, apply: () => void) => {
        if (next === undefined || !differs(next, now)) return;
        const rule = REPAIR_FIELD_RULES[field];
        if (!(rule.statuses as readonly RepairStatus[]).includes(current.status)) {
          throw new AppError('REPAIR_FIELD_LOCKED', { field });
        }
        if (!actsAs(viewer, rule.by, { assignee_id: current.assigneeId })) throw new AppError('FORBIDDEN', { field });
        apply();
      };
      const instant = (value: string | null | undefined) =>
        value === undefined ? undefined : value === null ? null : new Date(value);
      change('title', body.title, current.title, () => (write.title = body.title));
      change('method', body.method, current.method, () => (write.method = body.method));
      change('priority', body.priority, current.priority, () => (write.priority = body.priority));
      change('note', body.note, current.note, () => (write.note = body.note));
      change('assignee_id', body.assignee_id, current.assigneeId, () => (write.assigneeId = body.assignee_id));
      change('due_date', body.due_date, current.dueDate, () => (write.dueDate = body.due_date));
      change('window_start', instant(body.window_start), current.windowStart, () => {
        write.windowStart = instant(body.window_start);
      });
      change('window_end', instant(body.window_end), current.windowEnd, () => {
        write.windowEnd = instant(body.window_end);
      });
      change('estimated_cost', body.estimated_cost, current.estimatedCost, () => {
        write.estimatedCost = body.estimated_cost;
      });
      change('actual_cost', body.actual_cost, current.actualCost, () => (write.actualCost = body.actual_cost));
      change('currency', body.currency, current.currency, () => (write.currency = body.currency));
      change('labour_hours', body.labour_hours, current.labourHours, () => (write.labourHours = body.labour_hours));
      const currentIds = links.map((link) => link.findingId);
      const wanted = body.finding_ids;
      const sameFindings =
        wanted === undefined ||
        (wanted.length === currentIds.length && wanted.every((fid) => currentIds.includes(fid)));
      change('finding_ids', sameFindings ? undefined : wanted, currentIds, () => undefined);

      const status = body.status ?? current.status;
      if (status !== current.status) {
        const step = repairTransition(current.status, status);
        if (!step || step.via !== 'put') throw new AppError('REPAIR_STATUS_CONFLICT', { field: 'status' });
        requireActor(viewer, step.by, current);
        write.status = status;
        if (step.action === 'reopen') {
          write.completedAt = null;
          write.completedBy = null;
        }
      }
      // The window as it will be: both ends or none (the body may change one end only).
      const windowStart = write.windowStart !== undefined ? write.windowStart : current.windowStart;
      const windowEnd = write.windowEnd !== undefined ? write.windowEnd : current.windowEnd;
      if ((windowStart === null) !== (windowEnd === null) || (windowStart && windowEnd && windowEnd <= windowStart)) {
        throw new AppError('REPAIR_WINDOW_INVALID', { field: 'window_end' });
      }
      const dueDate = write.dueDate !== undefined ? write.dueDate : current.dueDate;
      if (status === 'scheduled' && windowStart === null && dueDate === null) {
        throw new AppError('REPAIR_SCHEDULE_REQUIRED', { field: body.status === undefined ? 'due_date' : 'status' });
      }
      if (write.assigneeId !== undefined && write.assigneeId !== null) {
        await this.requireAssignee(turbineId, write.assigneeId);
      }

      if (!sameFindings && wanted) {
        const removed = links.filter((link) => !wanted.includes(link.findingId));
        const added = wanted.filter((fid) => !currentIds.includes(fid));
        await this.repairs.unlink(
          manager,
          id,
          removed.map((link) => link.findingId),
        );
        await this.findings.setStatuses(
          manager,
          removed.map((link) => ({ id: link.findingId, status: link.previousStatus })),
        );
        const taken = await this.takeFindings(manager, turbineId, added);
        await this.repairs.link(
          manager,
          id,
          taken.map((finding) => ({ findingId: finding.id, previousStatus: finding.status })),
        );
        await this.findings.setStatuses(
          manager,
          taken.map((finding) => ({ id: finding.id, status: 'repair_planned' as const })),
        );
      }
      if (write.status !== undefined) {
        await this.findings.setStatuses(
          manager,
          links
            .filter((link) => wanted === undefined || wanted.includes(link.findingId))
            .map((link) => ({ id: link.findingId, status: findingStatusOf(status) })),
        );
      }
      if (Object.keys(write).length > 0) await this.repairs.update(manager, id, write);
      if (write.assigneeId !== undefined && write.assigneeId !== null) {
        await this.mailAssignee(manager, actor, turbineId, id, write.assigneeId);
      }
    });
    return this.answer(actor, turbineId, id);
  }

  /**
   * The work is done: needs a note and after-repair photos (uploaded with category `repair` on a blade of the
   * repair's findings, in their year or later); its findings read `repaired`. The assignee or a holder of repair.manage, from in progress.
   */
  async complete(actor: Principal, turbineId: number, id: number, body: CompleteRepairBody): Promise<Repair> {
    await this.access.requireAccess(actor, 'repair.complete', turbineId);
    await this.transaction(async (manager) => {
      const current = await this.mustLock(manager, turbineId, id);
      const step = requireStep(current, 'done');
      requireActor(viewerOf(actor), step.by, current);
      const links = await this.repairs.links(manager, id);
      const findings = await this.findings.lockOfTurbine(
        manager,
        turbineId,
        links.map((link) => link.findingId),
      );
      const blades = new Set(findings.map((finding) => finding.blade));
      // An after photo is of the repair: not of a campaign before the damage was found.
      const since = Math.max(...findings.map((finding) => finding.year));
      for (const mediaId of body.after_media_ids) {
        const media = await this.media.findById(mediaId);
        const fits =
          media !== null &&
          media.turbineId === turbineId &&
          media.category === 'repair' &&
          media.kind === 'photo' &&
          media.status !== 'failed' &&
          media.blade !== null &&
          blades.has(media.blade) &&
          media.year >= since;
        if (!fits) throw new AppError('REPAIR_MEDIA_INVALID', { field: 'after_media_ids' });
      }
      await this.repairs.update(manager, id, {
        status: 'done',
        note: body.note,
        ...(body.actual_cost !== undefined ? { actualCost: body.actual_cost } : {}),
        ...(body.labour_hours !== undefined ? { labourHours: body.labour_hours } : {}),
        completedAt: new Date(),
        completedBy: actor.userId,
      });
      await this.repairs.setAfterMedia(manager, id, body.after_media_ids);
      await this.findings.setStatuses(
        manager,
        findings.map((finding) => ({ id: finding.id, status: FINDING_STATUS_OF_REPAIR.done })),
      );
    });
    return this.answer(actor, turbineId, id);
  }

  /** Checked at the next inspection: the findings are closed and let go (repair.manage, from done). */
  async verify(actor: Principal, turbineId: number, id: number): Promise<Repair> {
    await this.access.requireAccess(actor, 'repair.manage', turbineId);
    await this.transaction(async (manager) => {
      const current = await this.mustLock(manager, turbineId, id);
      requireStep(current, 'verified');
      const links = await this.repairs.links(manager, id);
      await this.repairs.update(manager, id, { status: 'verified', verifiedAt: new Date(), verifiedBy: actor.userId });
      await this.findings.setStatuses(
        manager,
        links.map((link) => ({ id: link.findingId, status: FINDING_STATUS_OF_REPAIR.verified })),
      );
      await this.repairs.releaseFindings(manager, id);
    });
    return this.answer(actor, turbineId, id);
  }

  /** Called off: each finding gets back the status it had, and may go into another repair (repair.manage). */
  async cancel(actor: Principal, turbineId: number, id: number): Promise<Repair> {
    await this.access.requireAccess(actor, 'repair.manage', turbineId);
    await this.transaction(async (manager) => {
      const current = await this.mustLock(manager, turbineId, id);
      requireStep(current, 'cancelled');
      await this.restoreFindings(manager, id);
      await this.repairs.update(manager, id, { status: 'cancelled' });
      await this.repairs.releaseFindings(manager, id);
    });
    return this.answer(actor, turbineId, id);
  }

  /**
   * Deletes a repair made by mistake: planned only (later ones are cancelled, which keeps their record), by its
   * author or a holder of repair.manage; its findings get back the status they had.
   */
  async delete(actor: Principal, turbineId: number, id: number): Promise<void> {
    await this.access.requireAccess(actor, 'repair.create', turbineId);
    await this.transaction(async (manager) => {
      const current = await this.mustLock(manager, turbineId, id);
      if (current.status !== 'planned') throw new AppError('REPAIR_NOT_DELETABLE');
      if (!can(actor.role, 'repair.manage') && current.createdBy !== actor.userId) throw new AppError('FORBIDDEN');
      await this.restoreFindings(manager, id);
      await this.repairs.delete(manager, id);
    });
  }

  // ---------------------------------------------------------------------------------------------------------------

  private reach(actor: Principal): Omit<RepairReach, 'turbineId'> {
    return {
      tenant: tenantScope(actor),
      releasedOnly: !can(actor.role, 'finding.readDrafts'),
      userId: actor.userId,
    };
  }

  private costsVisible(actor: Principal): boolean {
    return can(actor.role, 'repair.readCosts') || this.config.repairs.costsVisibleToCustomers;
  }

  private sheet(actor: Principal, t: Translate) {
    return repairSheet(t, this.config.publicUrl, this.costsVisible(actor), this.clock.today());
  }

  private reader(actor: Principal): RepairReader {
    return { ...viewerOf(actor), costsVisible: this.costsVisible(actor), today: this.clock.today() };
  }

  private async page(
    actor: Principal,
    reach: RepairReach,
    filters: RepairFilters,
    { limit, cursor }: Pick<RepairListQuery, 'limit' | 'cursor'>,
  ): Promise<ApiPage<Repair>> {
    const after = cursor === undefined ? null : decodeCursor(cursor);
    const reader = this.reader(actor);
    const page = await this.repairs.listPage(reach, filters, reader.today, after, limit);
    const files = this.urls.signer();
    return {
      success: true,
      data: page.rows.map((row) => toRepair(row, files, reader)),
      next_cursor: page.more && page.last ? encodeCursor(page.last) : null,
      total: page.total,
    };
  }

  /** The pages an export writes: the fleet list's rows with the same filters, read in keyset batches. */
  private exportPages(actor: Principal, filters: RepairFilters): ExportPages<RepairRow> {
    const reach = this.reach(actor);
    const today = this.clock.today();
    return async (after) => {
      const release = await this.exportReads.reserve(1);
      try {
        // On the jobs' pool: an export is long work, and never takes a connection a request is waiting for.
        const page = await runAsJob(() =>
          this.repairs.listPage(reach, filters, today, after, EXPORT_BATCH, { count: false }),
        );
        return { rows: page.rows, next: page.more ? page.last : null };
      } finally {
        release();
      }
    };
  }

  /** The repair as the caller may read it: one whose findings are not all released is missing to a customer. */
  private async answer(actor: Principal, turbineId: number, id: number): Promise<Repair> {
    const row = await this.repairs.find(turbineId, id);
    if (!row || (!row.released && !can(actor.role, 'finding.readDrafts'))) throw new AppError('REPAIR_NOT_FOUND');
    return toRepair(row, this.urls.signer(), this.reader(actor));
  }

  private async mustLock(manager: EntityManager, turbineId: number, id: number): Promise<RepairStateRow> {
    const row = await this.repairs.lock(manager, turbineId, id);
    if (!row) throw new AppError('REPAIR_NOT_FOUND');
    return row;
  }

  /**
   * Runs `work` in one transaction; a finding another repair took meanwhile (the unique index of held findings)
   * is REPAIR_FINDING_TAKEN, with nothing written.
   */
  private async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, ACTIVE_LINK)) throw new AppError('REPAIR_FINDING_TAKEN', { field: 'finding_ids' });
      throw error;
    }
  }

  /**
   * The findings a repair is about to cover, locked: each must be a finding of the turbine that is not closed
   * (REPAIR_FINDINGS_INVALID); one held by another repair fails on the unique index when linked.
   */
  private async takeFindings(
    manager: EntityManager,
    turbineId: number,
    ids: readonly number[],
  ): Promise<LockedFindingRow[]> {
    if (ids.length === 0) return [];
    const found = await this.findings.lockOfTurbine(manager, turbineId, ids);
    if (found.length !== ids.length || found.some((finding) => finding.status === 'closed')) {
      throw new AppError('REPAIR_FINDINGS_INVALID', { field: 'finding_ids' });
    }
    return found;
  }

  /** Gives each finding of the repair back the status it had before the repair. */
  private async restoreFindings(manager: EntityManager, id: number): Promise<void> {
    const links = await this.repairs.links(manager, id);
    await this.findings.setStatuses(
      manager,
      links.filter((link) => link.active).map((link) => ({ id: link.findingId, status: link.previousStatus })),
    );
  }

  /** An assignee is an active user of the turbine's company who may carry out repairs. */
  private async requireAssignee(turbineId: number, userId: number): Promise<void> {
    const [user, turbine] = await Promise.all([this.users.findById(userId), this.turbines.findLive(turbineId)]);
    if (
      !user ||
      !turbine ||
      !user.isActive ||
      user.companyId !== turbine.company_id ||
      !can(user.role, 'repair.complete')
    ) {
      throw new AppError('REPAIR_ASSIGNEE_INVALID', { field: 'assignee_id' });
    }
  }

  /**
   * Mails the new assignee (in their language), in the transaction that assigns them: the mail goes exactly when
   * the assignment holds. Nobody is mailed about assigning themselves.
   */
  private async mailAssignee(
    manager: EntityManager,
    actor: Principal,
    turbineId: number,
    repairId: number,
    assigneeId: number,
  ): Promise<void> {
    if (assigneeId === actor.userId) return;
    const [user, row] = await Promise.all([
      this.users.findById(assigneeId),
      this.repairs.find(turbineId, repairId, manager),
    ]);
    if (!user || !row) return;
    const repair = toMailedRepair(row);
    const message = repairAssignedMail({
      to: user.email,
      name: user.firstName,
      actor: `${actor.firstName} ${actor.lastName}`.trim(),
      repair,
      link: repairLink(this.config.publicUrl, repair),
      language: user.language,
    });
    await this.jobs.send(QUEUES.sendMail, message, manager);
  }
}

/** The step of the graph from the repair's status to `to` (routes of their own: complete, verify, cancel). */
function requireStep(current: RepairStateRow, to: RepairStatus) {
  const step = repairTransition(current.status, to);
  if (!step) throw new AppError('REPAIR_STATUS_CONFLICT');
  return step;
}

/** The caller must be who the step names: the assignee's steps say so apart from a plain refusal. */
function requireActor(viewer: RepairViewer, by: RepairActor, current: RepairStateRow): void {
  if (actsAs(viewer, by, { assignee_id: current.assigneeId })) return;
  throw new AppError(by === 'assignee' ? 'REPAIR_NOT_ASSIGNEE' : 'FORBIDDEN', { field: 'status' });
}

/** The finding status an open or done repair gives its findings. */
function findingStatusOf(status: RepairStatus): FindingStatus {
  if (status === 'cancelled') throw new Error('a cancelled repair gives its findings back their own status');
  return FINDING_STATUS_OF_REPAIR[status];
}

/** A new repair's title when none is given: its worst finding's damage and place, and how many more it covers. */
function defaultTitle(findings: LockedFindingRow[], worst: LockedFindingRow, t: Translate): string {
  const params = { type: t(FINDING_NAME_KEYS.type(worst.type)), blade: worst.blade, zone: worst.zone };
  return findings.length > 1
    ? t('repairs.defaultTitleMore', { ...params, more: findings.length - 1 })
    : t('repairs.defaultTitle', params);
}
