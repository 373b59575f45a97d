import { useQuery } from '@tanstack/react-query';
import { turbineFindingsQueryOptions } from '@/api/findings';
import { useViewerSession } from '@/media/viewer-session';

/** Whether findings are shown and marked on the media on screen (a photo page's photo, not a video). */
export function useFindingsShown(): boolean {
  const { item, findings } = useViewerSession();
  return findings !== null && item.kind !== 'video';
}

/** The findings of the photo on screen (every version of it), from the one query the panel, layer and list share. */
export function usePhotoFindings() {
  const { turbineId, item } = useViewerSession();
  const shown = useFindingsShown();
  return useQuery({ ...turbineFindingsQueryOptions(turbineId, { media_id: item.id }), enabled: shown });
}
