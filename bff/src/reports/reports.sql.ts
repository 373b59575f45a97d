// How other features' statements reach `reports`: a leaf that imports nothing of the app (STYLE 7a).

/** The bytes of every report of the turbines whose ids `turbineIds` (a subquery) answers. */
export function reportBytesOfTurbines(turbineIds: string): string {
  return `(SELECT COALESCE(sum(reports.file_size_bytes), 0) FROM reports WHERE reports.turbine_id IN (${turbineIds}))`;
}
