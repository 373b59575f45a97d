import { type MediaItem } from '@kanat360/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import {
  isProcessing,
  patchCachedPhotos,
  type PhotoFilters,
  photoPagesQueryOptions,
  photosByIdQueryOptions,
  PHOTO_ID_BATCH,
} from '@/api/media';

/** Photos still being processed among those loaded get their fresh state (and thumbnail) without a list refetch. */
function useFollowProcessing(turbineId: number, items: readonly MediaItem[]) {
  const queryClient = useQueryClient();
  const ids = useMemo(
    () =>
      items
        .filter(isProcessing)
        .slice(0, PHOTO_ID_BATCH)
        .map((item) => item.id),
    [items],
  );
  const { data } = useQuery(photosByIdQueryOptions(turbineId, ids));
  useEffect(() => {
    if (data) patchCachedPhotos(queryClient, turbineId, data);
  }, [data, queryClient, turbineId]);
}

/**
 * A photo list of a turbine as the screens show it, whatever its length: pages fetched with the cursor as they are
 * needed, the server's total, photos still processing followed until their thumbnails exist, and every page at
 * once for the lightbox (it wraps from the first photo to the last).
 */
export function usePhotoPages(turbineId: number, filters: PhotoFilters, { keepPrevious = false } = {}) {
  const pages = useInfiniteQuery({
    ...photoPagesQueryOptions(turbineId, filters),
    // A filter change keeps the rows in view until the new ones come.
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.data) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.total ?? 0;
  useFollowProcessing(turbineId, items);

  const { fetchNextPage } = pages;
  const loadAll = useCallback(async (): Promise<readonly MediaItem[]> => {
    let result = await fetchNextPage();
    while (result.hasNextPage && !result.isError) result = await fetchNextPage();
    return result.data?.pages.flatMap((page) => page.data) ?? items;
  }, [fetchNextPage, items]);

  return { pages, items, total, loadAll };
}
