// How other features' statements reach `findings`: a leaf that imports nothing of the app (STYLE 7a).

/**
 * The worst severity among the open findings (status new, monitoring or repair_planned: OPEN_FINDING_STATUSES) of
 * the turbine `turbineId` (SQL), as a one-row subquery for a lateral join: `worst` over all of them, `worst_released`
 * over the released ones (what a caller who may not read drafts sees); null where there is none. One probe of the
 * turbine's index per turbine, so a list of every turbine stays one query.
 */
export function worstOpenSeverities(turbineId: string): string {
  return `SELECT max(findings.severity) AS worst,
                 max(findings.severity) FILTER (WHERE findings.stage = 'released') AS worst_released
            FROM findings
           WHERE findings.turbine_id = ${turbineId} AND findings.status IN ('new', 'monitoring', 'repair_planned')`;
}

/** How many findings are marked on the media rows whose ids `mediaIds` (a subquery) answers (SQL, a scalar). */
export function findingCountOnMedia(mediaIds: string): string {
  return `(SELECT count(*)::int FROM findings fm WHERE fm.media_id IN (${mediaIds}))`;
}

/** Whether any of the findings whose ids `findingIds` (a subquery) answers is a draft (SQL, a boolean). */
export function anyDraftFinding(findingIds: string): string {
  return `EXISTS (SELECT 1 FROM findings fd WHERE fd.id IN (${findingIds}) AND fd.stage = 'draft')`;
}

/**
 * The finding `findingId` (SQL) as a repair shows it, for a lateral join: where it is, what it is, and the media
 * version it was marked on (whose photo is the repair's "before").
 */
export function findingCard(findingId: string): string {
  return `SELECT fc.id, fc.year, fc.blade, fc.surface, fc.zone, fc.type, fc.severity, fc.status, fc.stage, fc.media_id,
                 fc.media_version, fc.target
            FROM findings fc WHERE fc.id = ${findingId}`;
}

/**
 * The findings of the turbine `turbineId` (SQL) dated `year` (SQL), released ones only when `releasedOnly`: a
 * subquery answering the photo each is marked on (`media_id`) and its `blade`.
 */
export function findingsOfTurbineYear(turbineId: string, year: string, releasedOnly: boolean): string {
  return `SELECT findings.media_id, findings.blade FROM findings
           WHERE findings.turbine_id = ${turbineId} AND findings.year = ${year}${
             releasedOnly ? ` AND findings.stage = 'released'` : ''
           }`;
}
