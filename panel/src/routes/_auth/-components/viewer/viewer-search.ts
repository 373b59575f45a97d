import { type Blade, BLADES, type MediaCategory, type MediaPlaceCount } from '@kanat360/contracts';
import { idValue, oneOf, searchReader, wholeNumber, yearValue } from '@/search/url-values';

/** The 360° view's choices, in the URL (STYLE 9, 12c): blade, room, year and the photo on screen (`media`). */
export interface PanoramaSearch {
  blade?: Blade;
  room?: number;
  year?: number;
  media?: number;
  /** A finding to bring into view and open on the photo (the blade map, the fleet list and tracks link here). */
  finding?: number;
}
export const panoramaSearchSchema = searchReader((search): PanoramaSearch => ({
  blade: oneOf(search.blade, BLADES),
  room: wholeNumber(search.room, 1, 1000),
  year: yearValue(search.year),
  media: idValue(search.media),
  finding: idValue(search.finding),
}));

/** A category page's choices, in the URL: year, blade (or every blade) and the photo on screen (`media`). */
export type CategorySearch = Omit<PanoramaSearch, 'room'>;
export const categorySearchSchema = searchReader((search): CategorySearch => ({
  year: yearValue(search.year),
  blade: oneOf(search.blade, BLADES),
  media: idValue(search.media),
  finding: idValue(search.finding),
}));

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
