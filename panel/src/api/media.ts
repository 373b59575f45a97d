import { type ApiPage, type Blade, type MediaCategory, type MediaItem, PHOTO_PAGE } from '@kanat360/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './client';
import { turbineKeys } from './turbines';
import { useApiMutation } from './use-api-mutation';

/** What a photo list asks the server for (GET /turbines/{id}/photos); undefined means "any". */
export interface PhotoFilters {
  year?: number;
  category?: MediaCategory;
  blade?: Blade;
  room?: number;
  q?: string;
  /** One camera, as `mediaCamerasQueryOptions` offers it (`make|model`). */
  camera?: string;
}

export const mediaKeys = {
  /** Every photo list of a turbine: what an upload or a delete invalidates. */
  all: (turbineId: number) => [...turbineKeys.detail(turbineId), 'photos'] as const,
  pages: (turbineId: number, filters: PhotoFilters) => [...mediaKeys.all(turbineId), 'pages', filters] as const,
  byIds: (turbineId: number, ids: readonly number[]) => [...mediaKeys.all(turbineId), 'ids', ids] as const,
  places: (turbineId: number) => [...mediaKeys.all(turbineId), 'places'] as const,
  cameras: (turbineId: number) => [...mediaKeys.all(turbineId), 'cameras'] as const,
};

/** Spec §9: photo lists are cached 3 minutes. */
const PHOTO_LIST_STALE_MS = 3 * 60_000;
/** How often the photos still being processed are asked for again, until their thumbnails are ready. */
const PROCESSING_POLL_MS = 2000;
/** The first page comes fast; the ones after it, asked for while the user scrolls, are as large as the API allows. */
export const FIRST_PAGE_SIZE = PHOTO_PAGE.defaultLimit;
export const NEXT_PAGE_SIZE = PHOTO_PAGE.maxLimit;
/** How many photos one by-ids question may name. */
export const PHOTO_ID_BATCH = PHOTO_PAGE.maxIds;

function fetchPhotoPage(
  turbineId: number,
  filters: PhotoFilters & { limit?: number; cursor?: string; ids?: readonly number[] },
  signal: AbortSignal,
) {
  return apiClient.get('/turbines/{id}/photos', {
    path: { id: turbineId },
    query: { view: 'all', ...filters, ids: filters.ids && [...filters.ids] },
    signal,
  });
}

export const isProcessing = (item: Pick<MediaItem, 'status'>) => item.status === 'pending';

/** A photo list (a room's, or all of a turbine's): pages fetched one after another as needed (cursor paging). */
export function photoPagesQueryOptions(turbineId: number, filters: PhotoFilters) {
  return infiniteQueryOptions({
    queryKey: mediaKeys.pages(turbineId, filters),
    queryFn: ({ signal, pageParam }) =>
      fetchPhotoPage(
        turbineId,
        { ...filters, limit: pageParam ? NEXT_PAGE_SIZE : FIRST_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: PHOTO_LIST_STALE_MS,
  });
}

/** How many media each year, category, blade and room of the turbine holds (its pickers and galleries say so). */
export function mediaPlacesQueryOptions(turbineId: number) {
  return queryOptions({
    queryKey: mediaKeys.places(turbineId),
    queryFn: async ({ signal }) =>
      (await apiClient.get('/turbines/{id}/photos/summary', { path: { id: turbineId }, signal })).data,
    staleTime: PHOTO_LIST_STALE_MS,
  });
}

/** The cameras that made the turbine's media, each with its value of the list's `camera` filter. */
export function mediaCamerasQueryOptions(turbineId: number) {
  return queryOptions({
    queryKey: mediaKeys.cameras(turbineId),
    queryFn: async ({ signal }) =>
      (await apiClient.get('/turbines/{id}/photos/cameras', { path: { id: turbineId }, signal })).data,
    staleTime: PHOTO_LIST_STALE_MS,
  });
}

/** The current state of a few photos (those still processing), to patch into the lists that show them. */
export function photosByIdQueryOptions(turbineId: number, ids: readonly number[]) {
  return queryOptions({
    queryKey: mediaKeys.byIds(turbineId, ids),
    queryFn: async ({ signal }) => (await fetchPhotoPage(turbineId, { ids }, signal)).data,
    enabled: ids.length > 0,
    refetchInterval: (query) => (query.state.data?.some(isProcessing) === false ? false : PROCESSING_POLL_MS),
    staleTime: 0,
  });
}

/** Replaces the given items wherever a cached list of the turbine holds them. */
export function patchCachedPhotos(queryClient: QueryClient, turbineId: number, fresh: readonly MediaItem[]): void {
  const byId = new Map(fresh.map((item) => [item.id, item]));
  const patch = (page: ApiPage<MediaItem>): ApiPage<MediaItem> =>
    page.data.some((item) => byId.has(item.id))
      ? { ...page, data: page.data.map((item) => byId.get(item.id) ?? item) }
      : page;
  queryClient.setQueriesData<{ pages: ApiPage<MediaItem>[]; pageParams: unknown[] }>(
    { queryKey: [...mediaKeys.all(turbineId), 'pages'] },
    (old) => (old ? { ...old, pages: old.pages.map(patch) } : old),
  );
}

/** After media were added or removed: the lists, the title card's counts and years, and the dashboard's cards. */
export async function refreshAfterMediaChange(queryClient: QueryClient, turbineId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: mediaKeys.all(turbineId) }),
    queryClient.invalidateQueries({ queryKey: turbineKeys.detail(turbineId), exact: true }),
    queryClient.invalidateQueries({ queryKey: turbineKeys.list() }),
  ]);
}

/** DELETE /turbines/{id}/photos?key= — the photo and every version of it (media.delete). */
export function useDeletePhoto(turbineId: number, onDeleted: (item: MediaItem) => void) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (item: MediaItem) =>
      apiClient.delete('/turbines/{id}/photos', { path: { id: turbineId }, query: { key: item.key } }),
    invalidates: [],
    onSuccess: (_data, item) => {
      onDeleted(item);
      void refreshAfterMediaChange(queryClient, turbineId);
    },
  });
}

/** Every version of a photo, the original first (GET /turbines/{id}/photos/versions?key=). */
export function photoVersionsQueryOptions(turbineId: number, key: string) {
  return queryOptions({
    queryKey: [...mediaKeys.all(turbineId), 'versions', key] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.get('/turbines/{id}/photos/versions', { path: { id: turbineId }, query: { key }, signal })).data,
  });
}

/** Spec §7: a multipart upload may take 5 minutes; an edited 45 MP photo is one. */
const SAVE_EDITED_TIMEOUT_MS = 300_000;

/**
 * POST /turbines/{id}/save-edited-photo — the drawing burnt into a full-resolution JPEG becomes the photo's current
 * version (the original stays, restorable). The fields come before the file: the server reads them to find the photo.
 */
export function saveEditedPhoto(turbineId: number, item: MediaItem, jpeg: Blob) {
  const form = new FormData();
  form.append('photoId', String(item.id));
  form.append('photoKey', item.key);
  form.append('turbineId', String(turbineId));
  form.append('replaceOriginal', 'true');
  form.append('photo', jpeg, `${item.originalName.replace(/\.[^.]+$/, '')}.jpg`);
  return apiClient.post('/turbines/{id}/save-edited-photo', {
    path: { id: turbineId },
    body: form,
    timeoutMs: SAVE_EDITED_TIMEOUT_MS,
  });
}

/** POST /turbines/{id}/photos/restore — the original becomes current again; the edited versions stay listed. */
export function useRestoreOriginal(turbineId: number, onRestored: (item: MediaItem) => void) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (item: MediaItem) =>
      apiClient.post('/turbines/{id}/photos/restore', { path: { id: turbineId }, body: { key: item.key } }),
    invalidates: [],
    onSuccess: (restored) => {
      onRestored(restored);
      void refreshAfterMediaChange(queryClient, turbineId);
    },
  });
}

/** Spec §9: the operator, drone and robot pages ask for their list again every 15 seconds. */
export const PHOTO_POLL_MS = 15_000;

/** A list as a viewer page holds it: its photos, whether more exist past the first page, and its ETag. */
export interface WatchedPhotos {
  items: MediaItem[];
  total: number;
  more: boolean;
  etag: string | null;
}

/**
 * The photos of a viewer page's sidebar (as many as one page of the API holds). Asked for again with the ETag of the
 * list held, so an unchanged list costs a bodiless 304 and keeps the very same data (nothing re-renders); with
 * `poll`, every 15 s (spec §4).
 */
export function watchedPhotosQueryOptions(turbineId: number, filters: PhotoFilters, { poll = false } = {}) {
  const queryKey = [...mediaKeys.all(turbineId), 'watched', filters] as const;
  return queryOptions({
    queryKey,
    queryFn: async ({ signal, client }): Promise<WatchedPhotos> => {
      const held = client.getQueryData<WatchedPhotos>(queryKey);
      const answer = await apiClient.getIfChanged('/turbines/{id}/photos', held?.etag ?? null, {
        path: { id: turbineId },
        query: { view: 'all', ...filters, limit: PHOTO_PAGE.maxLimit },
        signal,
      });
      if (answer.notModified && held) return held;
      if (answer.notModified) throw new Error('304 without a list held');
      const page = answer.data;
      return { items: page.data, total: page.total, more: page.next_cursor !== null, etag: answer.etag };
    },
    // Photos still being processed are followed closely until their tiles exist.
    refetchInterval: (query) =>
      query.state.data?.items.some(isProcessing) ? PROCESSING_POLL_MS : poll ? PHOTO_POLL_MS : false,
    staleTime: 0,
  });
}
