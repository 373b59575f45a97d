import { createFileRoute, redirect } from '@tanstack/react-router';
import { apiClient } from '@/api/client';
import { findingQueryOptions } from '@/api/findings';
import { findingParams } from './-components/findings/finding-route';
import { TurbineErrorScreen } from './-components/turbine/TurbineErrorScreen';

/**
 * A finding's own address (the blade map, the fleet list and a track link here): it opens the page that shows the
 * photo it was marked on — the 360° view for a blade room's photo, the category page otherwise — with the photo on
 * screen and the finding in view. The photo may have been edited since: the server answers its current version.
 */
export const Route = createFileRoute('/_auth/turbine/$turbineId/findings/$findingId/')({
  params: findingParams,
  loader: async ({ context: { queryClient }, params: { turbineId, findingId } }) => {
    const finding = await queryClient.ensureQueryData(findingQueryOptions(turbineId, findingId));
    const page = await apiClient.get('/turbines/{id}/photos', {
      path: { id: turbineId },
      query: { view: 'all', ids: [finding.media_id] },
    });
    const photo = page.data[0];
    const search = { year: finding.year, media: photo?.id ?? finding.media_id, finding: finding.id };
    // The router's contract: a thrown redirect (a Response, not an Error) ends the load and navigates.
    // Findings are marked on inspection media (never an after-repair photo, which has no page of its own).
    if (!photo || photo.category === '' || photo.category === 'repair') {
      throw redirect({
        to: '/turbine/$turbineId/360-view',
        params: { turbineId },
        search: { ...search, blade: photo?.blade ?? finding.blade, room: Number(photo?.room) || finding.zone },
        replace: true,
      });
    }
    throw redirect({
      to: `/turbine/$turbineId/${photo.category}-photos`,
      params: { turbineId },
      search,
      replace: true,
    });
  },
  errorComponent: TurbineErrorScreen,
});
