// How other features' statements reach `media`: a leaf that imports nothing of the app (STYLE 7a).

/**
 * The counts a turbine shows of the turbine `turbineId` (SQL), over the current-media index: a subquery for a
 * lateral join, answering `photo_count` and `media_count`.
 */
export function currentMediaCounts(turbineId: string): string {
  return `SELECT count(*) FILTER (WHERE m.kind = 'photo')::int AS photo_count, count(*)::int AS media_count
            FROM media m WHERE m.turbine_id = ${turbineId} AND m.is_current`;
}

/** The bytes of every media version of the turbines whose ids `turbineIds` (a subquery) answers. */
export function mediaBytesOfTurbines(turbineIds: string): string {
  return `(SELECT COALESCE(sum(media.size), 0) FROM media WHERE media.turbine_id IN (${turbineIds}))`;
}

/**
 * The ids of every version of the photo that the media row `mediaId` (SQL) is a version of: its lineage, the
 * original and each edit (none for an unknown id). A finding is marked on one version and belongs to the photo.
 */
export function lineageMediaIds(mediaId: string): string {
  return `SELECT l.id FROM media l, (SELECT COALESCE(k.original_id, k.id) AS root FROM media k WHERE k.id = ${mediaId}) r
           WHERE l.id = r.root OR l.original_id = r.root`;
}

/** Joins the media row (a version) that `mediaId` (SQL) names, as `alias`. */
export function joinMedia(alias: string, mediaId: string): string {
  return `JOIN media ${alias} ON ${alias}.id = ${mediaId}`;
}
