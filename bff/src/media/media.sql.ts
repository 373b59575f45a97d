// How other features' statements reach `media`: a leaf that imports nothing of the app (STYLE 7a).

/**
 * The counts a turbine shows of the turbine `turbineId` (SQL), over the current-media index: a subquery for a
 * lateral join, answering `photo_count` and `media_count`.
 */
export function currentMediaCounts(turbineId: string): string {
  // After-repair photos are counted by their repairs, not as the turbine's inspection photos (the list leaves them
  // out too).
  return `SELECT count(*) FILTER (WHERE m.kind = 'photo')::int AS photo_count, count(*)::int AS media_count
            FROM media m WHERE m.turbine_id = ${turbineId} AND m.is_current AND m.category <> 'repair'`;
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

/**
 * The media row `mediaId` (SQL) as a photo card, for a lateral join: its place, its size, and which derivatives it
 * has (the answer signs their addresses).
 */
export function mediaCard(mediaId: string): string {
  return `SELECT mc.id, mc.turbine_id, mc.kind, mc.category, mc.blade, mc.year, mc.original_name, mc.is_panorama,
                 mc.width, mc.height, mc.status, mc.is_current, mc.thumb_key IS NOT NULL AS has_thumb,
                 mc.preview_key IS NOT NULL AS has_preview, mc.tiles_key IS NOT NULL AS has_tiles
            FROM media mc WHERE mc.id = ${mediaId}`;
}

/**
 * A campaign year's photos per place, for coverage: the current photos (not videos or point clouds, not failed ones)
 * of the turbines whose ids `turbineIds` (a subquery) answers, taken in `year` (SQL), counted by turbine, category,
 * blade (null for a category photo that names none) and room. A subquery answering `turbine_id, category, blade,
 * room, photos`.
 */
export function photoCountsByPlace(turbineIds: string, year: string): string {
  return `SELECT media.turbine_id, media.category, media.blade, media.room, count(*)::int AS photos
            FROM media
           WHERE media.turbine_id IN (${turbineIds}) AND media.year = ${year} AND media.is_current
             AND media.kind = 'photo' AND media.status <> 'failed'
           GROUP BY media.turbine_id, media.category, media.blade, media.room`;
}

/** Where each media row of the turbine `turbineId` (SQL) was taken: a subquery answering `id, category, room`. */
export function mediaPlacesOfTurbine(turbineId: string): string {
  return `SELECT media.id, media.category, media.room FROM media WHERE media.turbine_id = ${turbineId}`;
}

/** Joins the media row (a version) that `mediaId` (SQL) names, as `alias`. */
export function joinMedia(alias: string, mediaId: string): string {
  return `JOIN media ${alias} ON ${alias}.id = ${mediaId}`;
}
