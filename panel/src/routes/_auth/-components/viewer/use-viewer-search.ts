import { useNavigate } from '@tanstack/react-router';
import { type FindingsFocus } from '@/media/viewer-session';
import { type CategorySearch, type PanoramaSearch } from './viewer-search';

/**
 * How a viewer page (the 360° view, a category page) moves through its URL: the photo shown is a history entry of
 * its own (back and forward go from photo to photo); a new choice of blade, room or year (which starts again at its
 * first photo) and the finding opened on a photo replace the entry they are made on.
 */
export function useViewerSearch<S extends PanoramaSearch | CategorySearch>(search: S) {
  const navigate = useNavigate();
  const findings: FindingsFocus = {
    id: search.finding ?? null,
    onChange: (finding) =>
      void navigate({ to: '.', search: (previous) => ({ ...previous, finding: finding ?? undefined }), replace: true }),
  };
  return {
    choose: (change: Partial<S>) =>
      void navigate({
        to: '.',
        search: (previous) => ({ ...previous, media: undefined, finding: undefined, ...change }),
        replace: true,
      }),
    show: (media: number, options?: { replace?: boolean }) =>
      void navigate({
        to: '.',
        search: (previous) => ({ ...previous, media, finding: undefined }),
        replace: options?.replace ?? false,
      }),
    findings,
  };
}
