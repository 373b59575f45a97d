import { MEDIA_CATEGORIES, type MediaCategory } from '@kanat360/contracts';
import { z } from 'zod';
import { type PhotoFilters } from '@/api/media';
import { searchTextParam } from '@/search/text-search';

export const PHOTO_TYPES = ['blade', ...MEDIA_CATEGORIES] as const satisfies readonly MediaCategory[];

/**
 * The all-photos list's filters, kept in the URL (STYLE 9): a filtered list can be shared and survives reload. A
 * value that does not parse is dropped rather than failing the page.
 */
export const photoSearchSchema = z.object({
  year: z.coerce.number().int().min(2000).max(9999).optional().catch(undefined),
  type: z.enum(PHOTO_TYPES).optional().catch(undefined),
  /** A camera as the cameras list offers it (`make|model`). */
  camera: z.string().max(250).includes('|').optional().catch(undefined),
  q: searchTextParam,
});
export type PhotoSearch = z.infer<typeof photoSearchSchema>;

/** What the server is asked for: the URL's filters as the API names them. */
export function photoFiltersOf(search: PhotoSearch): PhotoFilters {
  const q = search.q?.trim();
  return { year: search.year, category: search.type, camera: search.camera, q: q || undefined };
}
