import { Injectable } from '@nestjs/common';
import {
  type FindingStatus,
  OPEN_REPAIR_STATUSES,
  type RepairCurrency,
  type RepairFilters,
  type RepairMethod,
  type RepairStatus,
  REPAIR_TIME_ZONE,
} from '@kanat360/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { type TenantScope } from '@/access/principal.js';
import { cursorTime, type PagePosition } from '@/common/page-cursor.js';
import { joinCompany } from '@/companies/companies.sql.js';
import {
  affectedRows,
  col,
  expr,
  queryRows,
  type RowOf,
  rowMapper,
  type SqlRunner,
  type SqlType,
  sqlValue,
} from '@/database/row-mapper.js';
import { anyDraftFinding, findingCard } from '@/findings/findings.sql.js';
import { mediaCard } from '@/media/media.sql.js';
import { isLiveTurbine, joinTurbine, turbineIdsOfCompany } from '@/turbines/turbines.sql.js';
import { userNameOf } from '@/users/users.sql.js';
import { RepairFindingEntity } from './repair-finding.entity.js';
import { RepairMediaEntity } from './repair-media.entity.js';
import { RepairWorkOrderEntity } from './repair-work-order.entity.js';
import { findingIdsOfRepair } from './repair-work-orders.sql.js';

const w = <T extends SqlType>(name: string, type: T) => col('repair_work_orders', 'w', name, type);
const userName = (userId: string) => expr(userNameOf(userId), 'text');

/** The Turkish calendar day of a timestamptz (SQL). */
const localDay = (sql: string) => `(${sql} AT TIME ZONE '${REPAIR_TIME_ZONE}')::date`;

const OPEN = `w.status IN (${OPEN_REPAIR_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** The columns of the table itself: what a transaction locks and decides on. */
const OWN_COLUMNS = {
  id: w('id', 'integer'),
  turbineId: w('turbine_id', 'integer'),
  title: w('title', 'character varying'),
  method: w('method', 'character varying').as<RepairMethod>(),
  priority: w('priority', 'integer'),
  status: w('status', 'character varying').as<RepairStatus>(),
  assigneeId: w('assignee_id', 'integer').orNull(),
  dueDate: w('due_date', 'date').orNull(),
  windowStart: w('window_start', 'timestamp with time zone').orNull(),
  windowEnd: w('window_end', 'timestamp with time zone').orNull(),
  estimatedCost: w('estimated_cost', 'numeric').orNull(),
  actualCost: w('actual_cost', 'numeric').orNull(),
  currency: w('currency', 'character varying').as<RepairCurrency>(),
  labourHours: w('labour_hours', 'numeric').orNull(),
  note: w('note', 'character varying').orNull(),
  completedAt: w('completed_at', 'timestamp with time zone').orNull(),
  completedBy: w('completed_by', 'integer').orNull(),
  verifiedAt: w('verified_at', 'timestamp with time zone').orNull(),
  verifiedBy: w('verified_by', 'integer').orNull(),
  createdBy: w('created_by', 'integer').orNull(),
  createdAt: w('created_at', 'timestamp with time zone'),
  updatedAt: w('updated_at', 'timestamp with time zone'),
};

/** A repair as a transaction finds it, locked. */
const REPAIR_STATE_ROW = rowMapper('repair state', 'FROM repair_work_orders w', OWN_COLUMNS);
export type RepairStateRow = RowOf<typeof REPAIR_STATE_ROW.columns>;

/**
 * A repair as the API answers it, in one statement per page: its turbine and company, the names of the people it
 * names (scalar subqueries: four more joins made the statement take longer to plan than to run), its findings with the photo each was marked on (JSON of findings' findingCard and media's mediaCard) and
 * its after photos (JSON of mediaCard), each an aggregate over its own index.
 */
export const REPAIR_ROW = rowMapper(
  'repair',
  `FROM repair_work_orders w
     ${joinTurbine('t', 'w.turbine_id')}
     ${joinCompany('c', 't.company_id')}`,
  {
    ...OWN_COLUMNS,
    turbineName: col('turbines', 't', 'turbine_name', 'character varying').orNull(),
    turbineCity: col('turbines', 't', 'city', 'character varying'),
    turbineCode: col('turbines', 't', 'code', 'character varying'),
    companyId: col('turbines', 't', 'company_id', 'integer'),
    companyName: col('companies', 'c', 'name', 'character varying'),
    assigneeName: userName('w.assignee_id').orNull(),
    completedByName: userName('w.completed_by').orNull(),
    verifiedByName: userName('w.verified_by').orNull(),
    createdByName: userName('w.created_by').orNull(),
    /** `[{ finding: findingCard, photo: mediaCard | null }]` in finding id order. */
    findings: expr(
      `(SELECT COALESCE(json_agg(json_build_object('finding', to_json(fc), 'photo', to_json(mc)) ORDER BY fc.id), '[]')::text
          FROM repair_findings rf
          CROSS JOIN LATERAL (${findingCard('rf.finding_id')}) fc
          LEFT JOIN LATERAL (${mediaCard('fc.media_id')}) mc ON true
         WHERE rf.repair_id = w.id)`,
      'text',
    ),
    /** `[mediaCard]` in the order the completion named them. */
    afterPhotos: expr(
      `(SELECT COALESCE(json_agg(to_json(mc) ORDER BY rm.position), '[]')::text
          FROM repair_media rm CROSS JOIN LATERAL (${mediaCard('rm.media_id')}) mc
         WHERE rm.repair_id = w.id)`,
      'text',
    ),
    /** Every finding of it is released: a customer may read it. */
    released: expr(`NOT ${anyDraftFinding(findingIdsOfRepair('w.id'))}`, 'boolean'),
    sortAt: expr(cursorTime('w.created_at'), 'text'),
  },
);
export type RepairRow = RowOf<typeof REPAIR_ROW.columns>;

/** A finding a repair covers, as its link row holds it. */
const REPAIR_LINK_ROW = rowMapper('repair finding link', 'FROM repair_findings rf', {
  findingId: col('repair_findings', 'rf', 'finding_id', 'integer'),
  previousStatus: col('repair_findings', 'rf', 'previous_status', 'character varying').as<FindingStatus>(),
  active: col('repair_findings', 'rf', 'active', 'boolean'),
});
export type RepairLinkRow = RowOf<typeof REPAIR_LINK_ROW.columns>;

/** The figures of GET /repairs/summary, in one pass over the list's rows. */
const REPAIR_SUMMARY_ROW = rowMapper('repair summary', 'FROM repair_work_orders w', {
  total: expr('count(*)::int', 'integer'),
  planned: expr(`count(*) FILTER (WHERE w.status = 'planned')::int`, 'integer'),
  scheduled: expr(`count(*) FILTER (WHERE w.status = 'scheduled')::int`, 'integer'),
  inProgress: expr(`count(*) FILTER (WHERE w.status = 'in_progress')::int`, 'integer'),
  done: expr(`count(*) FILTER (WHERE w.status = 'done')::int`, 'integer'),
  verified: expr(`count(*) FILTER (WHERE w.status = 'verified')::int`, 'integer'),
  cancelled: expr(`count(*) FILTER (WHERE w.status = 'cancelled')::int`, 'integer'),
});

/** Estimated and actual costs of a currency over a year (see summary). */
const REPAIR_COST_ROW = rowMapper(
  'repair cost',
  'FROM repair_work_orders w',
  {
    currency: w('currency', 'character varying').as<RepairCurrency>(),
    estimated: expr('COALESCE(sum(w.estimated_cost), 0)', 'numeric'),
    actual: expr('COALESCE(sum(w.actual_cost), 0)', 'numeric'),
  },
  { groupBy: 'w.currency' },
);
export type RepairCostRow = RowOf<typeof REPAIR_COST_ROW.columns>;

/**
 * Which repairs a list reaches: those of one turbine (whose access was checked before), or the fleet of a tenant
 * scope; with `releasedOnly`, only those whose findings are all released (a customer's). `userId` is who `me` is.
 */
export interface RepairReach {
  turbineId?: number;
  tenant: TenantScope;
  releasedOnly: boolean;
  userId: number;
}

/** The columns a repair's writes set (the table's own, but its id and times). */
export type RepairWrite = Partial<
  Pick<
    RepairWorkOrderEntity,
    | 'title'
    | 'method'
    | 'priority'
    | 'status'
    | 'assigneeId'
    | 'dueDate'
    | 'windowStart'
    | 'windowEnd'
    | 'estimatedCost'
    | 'actualCost'
    | 'currency'
    | 'labourHours'
    | 'note'
    | 'completedAt'
    | 'completedBy'
    | 'verifiedAt'
    | 'verifiedBy'
  >
>;

export type RepairInsert = RepairWrite &
  Pick<RepairWorkOrderEntity, 'turbineId' | 'title' | 'method' | 'priority' | 'status' | 'currency' | 'createdBy'> &
  Partial<Pick<RepairWorkOrderEntity, 'createdAt' | 'updatedAt'>>;

const ORDER = 'ORDER BY w.created_at DESC, w.id DESC';

/** Puts a value into a statement as a bind parameter (`$n`), added to `params`. */
function bindParams(params: unknown[]): (value: unknown) => string {
  return (value) => {
    params.push(value);
    return `$${params.length}`;
  };
}

/**
 * The repair work orders, their findings (`repair_findings`) and after photos (`repair_media`). Every read names
 * the turbine or the tenant scope: a repair of another company is never found.
 */
@Injectable()
export class RepairWorkOrdersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One page of the repairs the reach and filters select, newest first, in one query with the total (unless
   * `count` is false: an export's batches do not need it). `today` is the Turkish calendar day overdue is counted
   * against.
   */
  async listPage(
    reach: RepairReach,
    filters: RepairFilters,
    today: string,
    after: PagePosition | null,
    limit: number,
    { count = true }: { count?: boolean } = {},
  ): Promise<{ rows: RepairRow[]; total: number; last: PagePosition | null; more: boolean }> {
    const params: unknown[] = [];
    const param = bindParams(params);
    const matching = whereClause(reach, filters, today, param);
    const keyset = after ? ` AND (w.created_at, w.id) < (${param(after.at)}::timestamptz, ${param(after.id)})` : '';
    const page = `SELECT ${REPAIR_ROW.select} ${REPAIR_ROW.from} WHERE ${matching}${keyset} ${ORDER} LIMIT ${param(limit + 1)}`;
    let found: RepairRow[];
    let total = 0;
    if (count) {
      // The count's row always comes back, so an empty page past the end still knows the total.
      const answer = await queryRows(
        this.dataSource,
        `SELECT t.total, p.*
           FROM (SELECT count(*)::int AS total FROM repair_work_orders w WHERE ${matching}) t
           LEFT JOIN LATERAL (${page}) p ON true
          ORDER BY p."sortAt" DESC, p.id DESC`,
        params,
      );
      // Read in place (the rows keep the count's field): toRepair and the exports' columns copy what they answer.
      found = answer.filter((row) => row.id !== null).map(REPAIR_ROW.readInPlace);
      total = sqlValue(answer[0]?.total, 'integer') ?? 0;
    } else {
      found = await REPAIR_ROW.all(this.dataSource, page, params);
    }
    const more = found.length > limit;
    const rows = more ? found.slice(0, limit) : found;
    const lastRow = rows.at(-1);
    return { rows, total, last: lastRow ? { at: lastRow.sortAt, id: lastRow.id } : null, more };
  }

  /** The SQL of the first page `listPage` runs, with its parameters (what bench:repairs runs bare). */
  listPageStatement(reach: RepairReach, filters: RepairFilters, today: string, limit: number) {
    const params: unknown[] = [];
    const param = bindParams(params);
    const matching = whereClause(reach, filters, today, param);
    const page = `SELECT ${REPAIR_ROW.select} ${REPAIR_ROW.from} WHERE ${matching} ${ORDER} LIMIT ${param(limit + 1)}`;
    return {
      sql: `SELECT t.total, p.*
              FROM (SELECT count(*)::int AS total FROM repair_work_orders w WHERE ${matching}) t
              LEFT JOIN LATERAL (${page}) p ON true
             ORDER BY p."sortAt" DESC, p.id DESC`,
      params,
    };
  }

  /** A repair of the turbine, as the API answers it. */
  async find(turbineId: number, id: number, runner: SqlRunner = this.dataSource): Promise<RepairRow | null> {
    return REPAIR_ROW.one(
      runner,
      `SELECT ${REPAIR_ROW.select} ${REPAIR_ROW.from} WHERE w.turbine_id = $1 AND w.id = $2`,
      [turbineId, id],
    );
  }

  /**
   * A repair of the turbine, locked for the caller's transaction: a second change of the same repair waits for the
   * first to commit, then finds the repair as the first left it.
   */
  async lock(manager: EntityManager, turbineId: number, id: number): Promise<RepairStateRow | null> {
    return REPAIR_STATE_ROW.one(
      manager,
      `SELECT ${REPAIR_STATE_ROW.select} ${REPAIR_STATE_ROW.from} WHERE w.turbine_id = $1 AND w.id = $2 FOR UPDATE`,
      [turbineId, id],
    );
  }

  async insert(manager: EntityManager, row: RepairInsert): Promise<number> {
    const result = await manager.getRepository(RepairWorkOrderEntity).insert(row);
    return (result.identifiers[0] as { id: number }).id;
  }

  async update(manager: EntityManager, id: number, write: RepairWrite): Promise<void> {
    await manager.getRepository(RepairWorkOrderEntity).update({ id }, write);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await affectedRows(manager, `DELETE FROM repair_work_orders WHERE id = $1`, [id]);
  }

  /** The findings the repair covers, with the status each had before it (in finding id order). */
  async links(manager: EntityManager, repairId: number): Promise<RepairLinkRow[]> {
    return REPAIR_LINK_ROW.all(
      manager,
      `SELECT ${REPAIR_LINK_ROW.select} ${REPAIR_LINK_ROW.from} WHERE rf.repair_id = $1 ORDER BY rf.finding_id`,
      [repairId],
    );
  }

  /**
   * Adds findings to the repair, held (active). A finding already held by another repair breaks the unique index
   * UQ_repair_findings_active_finding: the caller answers REPAIR_FINDING_TAKEN.
   */
  async link(
    manager: EntityManager,
    repairId: number,
    findings: readonly { findingId: number; previousStatus: FindingStatus }[],
  ): Promise<void> {
    if (findings.length === 0) return;
    await manager
      .getRepository(RepairFindingEntity)
      .insert(findings.map((finding) => ({ repairId, ...finding, active: true })));
  }

  async unlink(manager: EntityManager, repairId: number, findingIds: readonly number[]): Promise<void> {
    if (findingIds.length === 0) return;
    await affectedRows(manager, `DELETE FROM repair_findings WHERE repair_id = $1 AND finding_id = ANY($2::int[])`, [
      repairId,
      [...findingIds],
    ]);
  }

  /** Lets the repair's findings go (verified or cancelled): another repair may take them from now on. */
  async releaseFindings(manager: EntityManager, repairId: number): Promise<void> {
    await affectedRows(manager, `UPDATE repair_findings SET active = false WHERE repair_id = $1`, [repairId]);
  }

  /** The after photos a completion names, in its order, replacing any named before. */
  async setAfterMedia(manager: EntityManager, repairId: number, mediaIds: readonly number[]): Promise<void> {
    await affectedRows(manager, `DELETE FROM repair_media WHERE repair_id = $1`, [repairId]);
    if (mediaIds.length === 0) return;
    await manager
      .getRepository(RepairMediaEntity)
      .insert(mediaIds.map((mediaId, position) => ({ repairId, mediaId, position })));
  }

  /**
   * How many repairs the reach and filters select, by status, and how many of the open ones are overdue (before
   * `today`) or due from today until `horizon` (not included).
   */
  async summary(
    reach: RepairReach,
    filters: RepairFilters,
    today: string,
    horizon: string,
  ): Promise<{ counts: RowOf<typeof REPAIR_SUMMARY_ROW.columns>; overdue: number; dueSoon: number }> {
    const params: unknown[] = [];
    const param = bindParams(params);
    const matching = whereClause(reach, filters, today, param);
    const todayParam = param(today);
    const horizonParam = param(horizon);
    const answer = await queryRows(
      this.dataSource,
      `SELECT ${REPAIR_SUMMARY_ROW.select},
              count(*) FILTER (WHERE ${OPEN} AND w.due_date < ${todayParam}::date)::int AS overdue,
              count(*) FILTER (WHERE ${OPEN} AND w.due_date >= ${todayParam}::date
                                             AND w.due_date < ${horizonParam}::date)::int AS due_soon
         ${REPAIR_SUMMARY_ROW.from} WHERE ${matching}`,
      params,
    );
    const row = answer[0] ?? {};
    return {
      counts: REPAIR_SUMMARY_ROW.map(row),
      overdue: sqlValue(row.overdue, 'integer') ?? 0,
      dueSoon: sqlValue(row.due_soon, 'integer') ?? 0,
    };
  }

  /**
   * Costs by currency of the repairs the reach and filters select over the Turkish calendar days [from, to):
   * estimated over those not cancelled whose work falls then (completed, else the window's start, else the due
   * date, else created), actual over those completed then.
   */
  async costs(
    reach: RepairReach,
    filters: RepairFilters,
    today: string,
    from: string,
    to: string,
  ): Promise<RepairCostRow[]> {
    const params: unknown[] = [];
    const param = bindParams(params);
    const matching = whereClause(reach, filters, today, param);
    const local = localDay;
    const within = (sql: string) => `${sql} >= ${param(from)}::date AND ${sql} < ${param(to)}::date`;
    const workDay = `COALESCE(${local('w.completed_at')}, ${local('w.window_start')}, w.due_date, ${local('w.created_at')})`;
    return REPAIR_COST_ROW.all(
      this.dataSource,
      `SELECT w.currency AS "currency",
              COALESCE(sum(w.estimated_cost) FILTER (WHERE w.status <> 'cancelled' AND ${within(workDay)}), 0)
                AS "estimated",
              COALESCE(sum(w.actual_cost) FILTER (WHERE w.completed_at IS NOT NULL
                                                    AND ${within(local('w.completed_at'))}), 0) AS "actual"
         ${REPAIR_COST_ROW.from} WHERE ${matching}
        GROUP BY ${REPAIR_COST_ROW.groupBy}`,
      params,
    );
  }

  /**
   * The repairs of a calendar feed: those the reach selects (assigned to `assigneeId` only, when given) that have a
   * window or a due date, not cancelled, and not over before `since` (a calendar day). Newest first, at most `limit`.
   */
  async feed(reach: RepairReach, assigneeId: number | null, since: string, limit: number): Promise<RepairRow[]> {
    const params: unknown[] = [];
    const param = bindParams(params);
    const where = [whereClause(reach, {}, since, param), `w.status <> 'cancelled'`];
    where.push('(w.window_start IS NOT NULL OR w.due_date IS NOT NULL)');
    if (assigneeId !== null) where.push(`w.assignee_id = ${param(assigneeId)}`);
    const sinceParam = param(since);
    where.push(`(${OPEN} OR w.due_date >= ${sinceParam}::date OR w.window_end >= ${sinceParam}::date)`);
    return REPAIR_ROW.all(
      this.dataSource,
      `SELECT ${REPAIR_ROW.select} ${REPAIR_ROW.from} WHERE ${where.join(' AND ')} ${ORDER} LIMIT ${param(limit)}`,
      params,
    );
  }

  /**
   * Every open repair of a live turbine that comes due before `horizon` (a Turkish day): its due date, or its
   * window's start, falls before it (overdue ones among them). What the daily mail lists, over every company.
   */
  async dueBefore(horizon: string): Promise<RepairRow[]> {
    return REPAIR_ROW.all(
      this.dataSource,
      `SELECT ${REPAIR_ROW.select} ${REPAIR_ROW.from}
        WHERE ${OPEN} AND ${isLiveTurbine('w.turbine_id')}
          AND (w.due_date < $1::date OR ${localDay('w.window_start')} < $1::date)
        ORDER BY w.due_date NULLS LAST, w.window_start NULLS LAST, w.id`,
      [horizon],
    );
  }
}

/**
 * The WHERE of a list: the reach (turbine or tenant, released only) and the filters; `param` puts each value into
 * the statement as a bind parameter.
 */
function whereClause(
  reach: RepairReach,
  filters: RepairFilters,
  today: string,
  param: (value: unknown) => string,
): string {
  const where: string[] = [];
  if (reach.turbineId !== undefined) {
    where.push(`w.turbine_id = ${param(reach.turbineId)}`);
  } else {
    // A turbine being deleted is gone with everything on it.
    where.push(isLiveTurbine('w.turbine_id'));
    if (!reach.tenant.all) where.push(`w.turbine_id IN (${turbineIdsOfCompany(param(reach.tenant.companyId))})`);
    else if (filters.company_id !== undefined)
      where.push(`w.turbine_id IN (${turbineIdsOfCompany(param(filters.company_id))})`);
    if (filters.turbine_id !== undefined) where.push(`w.turbine_id = ${param(filters.turbine_id)}`);
  }
  if (reach.releasedOnly) where.push(`NOT ${anyDraftFinding(findingIdsOfRepair('w.id'))}`);
  if (filters.status !== undefined) where.push(`w.status = ANY(${param(filters.status)}::varchar[])`);
  if (filters.assignee_id !== undefined) {
    where.push(`w.assignee_id = ${param(filters.assignee_id === 'me' ? reach.userId : filters.assignee_id)}`);
  }
  if (filters.due_before !== undefined) where.push(`${OPEN} AND w.due_date < ${param(filters.due_before)}::date`);
  if (filters.overdue !== undefined) {
    const overdue = `(${OPEN} AND w.due_date IS NOT NULL AND w.due_date < ${param(today)}::date)`;
    where.push(filters.overdue ? overdue : `NOT ${overdue}`);
  }
  if (filters.priority_min !== undefined) where.push(`w.priority >= ${param(filters.priority_min)}`);
  return where.join(' AND ');
}
