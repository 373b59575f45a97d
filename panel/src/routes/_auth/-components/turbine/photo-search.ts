import { MEDIA_CATEGORIES, type MediaCategory } from '@kanat360/contracts';
import { type PhotoFilters } from '@/api/media';
import { oneOf, searchReader, searchText, yearValue } from '@/search/url-values';

export const PHOTO_TYPES = ['blade', ...MEDIA_CATEGORIES] as const satisfies readonly MediaCategory[];

/**
 * The all-photos list's filters, kept in the URL (STYLE 9): a filtered list can be shared and survives reload. A
 * value that does not parse is dropped rather than failing the page.
 */
export const photoSearchSchema = searchReader((search): PhotoSearch => ({
  year: yearValue(search.year),
  type: oneOf(search.type, PHOTO_TYPES),
  camera: cameraValue(search.camera),
  q: searchText(search.q),
}));
export interface PhotoSearch {
  year?: number;
  type?: MediaCategory;
  /** A camera as the cameras list offers it (`make|model`). */
  camera?: string;
  q?: string;
}

function cameraValue(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 250 && value.includes('|') ? value : undefined;
}

/** What the server is asked for: the URL's filters as the API names them. */
export function photoFiltersOf(search: PhotoSearch): PhotoFilters {
  const q = search.q?.trim();
  return { year: search.year, category: search.type, camera: search.camera, q: q || undefined };
}
