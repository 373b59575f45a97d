import { type Blade, BLADES, MEDIA_CATEGORIES, type MediaCategory } from '@kanat360/contracts';
import { type PhotoFilters } from '@/api/media';
import { idValue, oneOf, searchReader, searchText, yearValue } from '@/search/url-values';

export const PHOTO_TYPES = ['blade', ...MEDIA_CATEGORIES] as const satisfies readonly MediaCategory[];

/** A blade room's photos of a year as the lightbox's list, written `A-3-2025` (blade, room, year). */
const ROOM_LIST = /^([ABC])-(\d{1,4})-(\d{4})$/;

/**
 * The turbine screen's URL (STYLE 9, 12c): the all-photos list's filters, and the photo open in the lightbox with
 * the list it steps through, so a filtered list or an open photo can be shared and survives reload, and back and
 * forward go from photo to photo. A value that does not parse is dropped rather than failing the page.
 */
export const photoSearchSchema = searchReader((search): PhotoSearch => ({
  year: yearValue(search.year),
  type: oneOf(search.type, PHOTO_TYPES),
  camera: cameraValue(search.camera),
  q: searchText(search.q),
  media: idValue(search.media),
  room: typeof search.room === 'string' && ROOM_LIST.test(search.room) ? search.room : undefined,
}));
export interface PhotoSearch {
  year?: number;
  type?: MediaCategory;
  /** A camera as the cameras list offers it (`make|model`). */
  camera?: string;
  q?: string;
  /** The photo open in the lightbox. */
  media?: number;
  /** The lightbox's list when it is a blade room's (`A-3-2025`); without it, the all-photos list as filtered. */
  room?: string;
}

function cameraValue(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 250 && value.includes('|') ? value : undefined;
}

/** What the server is asked for: the URL's filters as the API names them. */
export function photoFiltersOf(search: PhotoSearch): PhotoFilters {
  const q = search.q?.trim();
  return { year: search.year, category: search.type, camera: search.camera, q: q || undefined };
}

/** The `room` a blade room's photos of a year are named by in the URL. */
export function roomListParam(blade: Blade, room: number, year: number): string {
  return `${blade}-${room}-${year}`;
}

/** The photo list the lightbox steps through: the blade room the photo was opened from, or the all-photos list. */
export function lightboxListOf(search: PhotoSearch): PhotoFilters {
  const [, blade, room, year] = ROOM_LIST.exec(search.room ?? '') ?? [];
  if (!blade || !BLADES.includes(blade as Blade)) return photoFiltersOf(search);
  return { category: 'blade', blade: blade as Blade, room: Number(room), year: Number(year) };
}
