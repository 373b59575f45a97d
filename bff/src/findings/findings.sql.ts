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
