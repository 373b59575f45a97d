import { BLADES, type MediaCategory, type MediaPlaceCount } from '@kanat360/contracts';
import { z } from 'zod';

const idParam = z.coerce.number().int().positive().optional().catch(undefined);
const yearParam = z.coerce.number().int().min(2000).max(9999).optional().catch(undefined);

/** The 360° view's choices, in the URL (STYLE 9, 12c): blade, room, year and the photo on screen (`media`). */
export const panoramaSearchSchema = z.object({
  blade: z.enum(BLADES).optional().catch(undefined),
  room: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
  year: yearParam,
  media: idParam,
  /** A finding to bring into view and open on the photo (the blade map, the fleet list and tracks link here). */
  finding: idParam,
});
export type PanoramaSearch = z.infer<typeof panoramaSearchSchema>;

/** A category page's choices, in the URL: year, blade (or every blade) and the photo on screen (`media`). */
export const categorySearchSchema = z.object({
  year: yearParam,
  blade: z.enum(BLADES).optional().catch(undefined),
  media: idParam,
  finding: idParam,
});
export type CategorySearch = z.infer<typeof categorySearchSchema>;

/**
 * Spec §9: a viewer's year starts at the current year, or else at the latest year that has photos of the kind the
 * page shows.
 */
export function defaultViewerYear(
  places: readonly MediaPlaceCount[] | undefined,
  category: MediaCategory,
  now: Date = new Date(),
): number {
  const current = now.getFullYear();
  const years = (places ?? [])
    .filter((place) => place.category === category && place.count > 0)
    .map((place) => place.year);
  if (years.length === 0 || years.includes(current)) return current;
  return Math.max(...years);
}

/** Spec §9: the viewer's rooms run from 1 to the turbine's room count — and to any room that holds photos. */
export function viewerRooms(turbineRooms: number, places: readonly MediaPlaceCount[] | undefined): number[] {
  const highest = Math.max(
    turbineRooms,
    1,
    ...(places ?? []).filter((place) => place.category === 'blade').map((place) => place.room),
  );
  return Array.from({ length: highest }, (_, index) => index + 1);
}
