// How other features' statements reach the repairs' tables (`repair_work_orders`, `repair_findings`,
// `repair_media`): a leaf that imports nothing of the app (STYLE 7a). Whether a repair has a draft finding is the
// findings' question: callers pass `anyDraft`, which answers it for a subquery of finding ids (findings.sql.ts).

/** The SQL of "any of these findings (a subquery of ids) is a draft". */
export type AnyDraftFinding = (findingIds: string) => string;

/** The ids of the findings the repair `repairId` (SQL) covers: a subquery. */
export function findingIdsOfRepair(repairId: string): string {
  return `SELECT rfd.finding_id FROM repair_findings rfd WHERE rfd.repair_id = ${repairId}`;
}

/**
 * The repair of the finding `findingId` (SQL) as a finding's list entry carries it: the latest one not cancelled, as
 * JSON text `{ id, status, released }` (`released`: all its findings are released, so a customer may read it); null
 * when there is none. A scalar subquery, one probe of the finding's index.
 */
export function findingRepairJson(findingId: string, anyDraft: AnyDraftFinding): string {
  return `(SELECT json_build_object('id', rw.id, 'status', rw.status,
                                    'released', NOT ${anyDraft(findingIdsOfRepair('rw.id'))})::text
             FROM repair_findings rfr JOIN repair_work_orders rw ON rw.id = rfr.repair_id
            WHERE rfr.finding_id = ${findingId} AND rw.status <> 'cancelled'
            ORDER BY rw.created_at DESC, rw.id DESC LIMIT 1)`;
}

/**
 * Every repair of the finding `findingId` (SQL), cancelled ones too, oldest first, as JSON text of an array of
 * FindingRepairEntry with `released` beside each (see findingRepairJson); `[]` when there is none.
 */
export function findingRepairsJson(findingId: string, anyDraft: AnyDraftFinding): string {
  return `(SELECT COALESCE(json_agg(json_build_object(
                    'id', rw.id, 'title', rw.title, 'method', rw.method, 'status', rw.status,
                    'due_date', to_char(rw.due_date, 'YYYY-MM-DD'), 'window_start', rw.window_start,
                    'window_end', rw.window_end, 'completed_at', rw.completed_at, 'verified_at', rw.verified_at,
                    'after_media_ids', COALESCE((SELECT json_agg(rmd.media_id ORDER BY rmd.position)
                                                  FROM repair_media rmd WHERE rmd.repair_id = rw.id), '[]'),
                    'created_at', rw.created_at,
                    'released', NOT ${anyDraft(findingIdsOfRepair('rw.id'))})
                  ORDER BY rw.created_at, rw.id), '[]')::text
             FROM repair_findings rfr JOIN repair_work_orders rw ON rw.id = rfr.repair_id
            WHERE rfr.finding_id = ${findingId})`;
}

/**
 * The open repairs of the turbine `turbineId` (SQL) and how many of them are overdue (due before `today`, an SQL
 * date), over every one and over those a customer may read (`…_released`): a one-row subquery for a lateral join,
 * over the open-repairs index.
 */
export function turbineRepairCounts(turbineId: string, today: string, anyDraft: AnyDraftFinding): string {
  return `SELECT count(*)::int AS open,
                 count(*) FILTER (WHERE ro.due_date < ${today})::int AS overdue,
                 count(*) FILTER (WHERE ro.released)::int AS open_released,
                 count(*) FILTER (WHERE ro.released AND ro.due_date < ${today})::int AS overdue_released
            FROM (SELECT rw.due_date, NOT ${anyDraft(findingIdsOfRepair('rw.id'))} AS released
                    FROM repair_work_orders rw
                   WHERE rw.turbine_id = ${turbineId} AND rw.status IN ('planned', 'scheduled', 'in_progress')) ro`;
}

/** How many repairs name one of the media rows whose ids `mediaIds` (a subquery) answers as an after photo. */
export function repairCountOnMedia(mediaIds: string): string {
  return `(SELECT count(*)::int FROM repair_media rmc WHERE rmc.media_id IN (${mediaIds}))`;
}
