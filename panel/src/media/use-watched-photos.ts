import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { mediaKeys, type PhotoFilters, watchedPhotosQueryOptions } from '@/api/media';

/**
 * A viewer page's list (`watchedPhotosQueryOptions`), and the counts its pickers show (year, blade, room) kept true
 * to it: when a poll brings a changed list — photos added or removed meanwhile, here or elsewhere — the counts are
 * asked for again, so "2025 (1)" never sits above three photos.
 */
export function useWatchedPhotos(turbineId: number, filters: PhotoFilters, options?: { poll?: boolean }) {
  const queryClient = useQueryClient();
  const list = useQuery(watchedPhotosQueryOptions(turbineId, filters, options));
  const listKey = JSON.stringify(filters);
  const etag = list.data?.etag;
  const seen = useRef<{ listKey: string; etag: string | null } | null>(null);
  useEffect(() => {
    if (etag === undefined) return;
    const before = seen.current;
    seen.current = { listKey, etag };
    // The same list with another ETag than the one seen: it changed on the server.
    if (before?.listKey === listKey && before.etag !== etag) {
      void queryClient.invalidateQueries({ queryKey: mediaKeys.places(turbineId) });
    }
  }, [queryClient, turbineId, listKey, etag]);
  return list;
}
