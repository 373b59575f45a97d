import { getRouteApi } from '@tanstack/react-router';
import { type PhotoSearch } from './photo-search';

const route = getRouteApi('/_auth/turbine/$turbineId/');

/**
 * The turbine screen's lightbox lives in its URL (`?media=` and, for a blade room's photos, `&room=`): opening a
 * photo and stepping to another are history entries, so back and forward go through the photos seen. The page
 * under the lightbox keeps its scroll.
 */
export function useLightboxNavigation() {
  const navigate = route.useNavigate();
  const go = (change: Partial<PhotoSearch>, replace = false) =>
    void navigate({ search: (previous) => ({ ...previous, ...change }), replace, resetScroll: false });
  return {
    /** Opens the lightbox on a photo of the all-photos list, or of a blade room's list (`room`). */
    open: (media: number, room?: string) => go({ media, room }),
    show: (media: number, options?: { replace?: boolean }) => go({ media }, options?.replace),
    close: () => go({ media: undefined, room: undefined }),
  };
}
