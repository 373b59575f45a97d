import { BLADES, type Blade } from '@kanat360/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { mediaPlacesQueryOptions } from '@/api/media';
import { turbineQueryOptions } from '@/api/turbines';
import { usePageTitle } from '@/components/use-page-title';
import { useI18n } from '@/i18n/language';
import { countAt, withCount } from '@/media/media-places';
import { useWatchedPhotos } from '@/media/use-watched-photos';
import { useCan } from '@/session/use-session';
import { YearPicker } from './-components/turbine/BladeSection';
import { roomLabel } from './-components/turbine/inspection-options';
import { useTurbineTitle } from './-components/turbine/TurbineTitleCard';
import { useViewerSearch } from './-components/viewer/use-viewer-search';
import { ViewerPage } from './-components/viewer/ViewerPage';
import { defaultViewerYear, panoramaSearchSchema, viewerRooms } from './-components/viewer/viewer-search';

/**
 * Spec §2's /dashboard/turbine/{id}/360-view: a blade room's photos, 360° panoramas on a sphere and every other
 * photo in the deep-zoom viewer, with drawing, versions and comments. The parent route has loaded the turbine and
 * shows spec's texts for a bad id, an unknown turbine and a failed load.
 */
export const Route = createFileRoute('/_auth/turbine/$turbineId/360-view')({
  validateSearch: panoramaSearchSchema,
  staticData: { fullBleed: true },
  component: PanoramaView,
});

function PanoramaView() {
  const { t, locale } = useI18n();
  const { turbineId } = Route.useParams();
  const search = Route.useSearch();
  const { data: turbine } = useSuspenseQuery(turbineQueryOptions(turbineId));
  const { data: places } = useQuery(mediaPlacesQueryOptions(turbineId));
  const customer = !useCan('media.upload');
  usePageTitle(`${t('panel.viewerPage.panoramaTitle')} · ${useTurbineTitle(turbine)}`);

  const blade: Blade = search.blade ?? 'A';
  const room = search.room ?? 1;
  const year = search.year ?? defaultViewerYear(places, 'blade');
  const list = useWatchedPhotos(turbineId, { category: 'blade', blade, room, year });
  const { choose, show, findings } = useViewerSearch(search);

  return (
    <ViewerPage
      turbineId={turbineId}
      heading={customer ? t('panel.viewerPage.panoramaGallery') : t('panel.viewerPage.bladeChoice')}
      filters={
        <>
          <div role="radiogroup" aria-label={t('panel.viewerPage.bladeLabel')} className="flex gap-1">
            {BLADES.map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={option === blade}
                className={`h-9 flex-1 cursor-pointer rounded-lg border text-sm font-medium ${option === blade ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800'}`}
                onClick={() => choose({ blade: option })}
                data-testid={`viewer-blade-${option}`}
              >
                {withCount(
                  t('panel.turbine.blade', { blade: option }),
                  countAt(places, { year, category: 'blade', blade: option }),
                  locale,
                )}
              </button>
            ))}
          </div>
          <label className="flex flex-col gap-1 text-sm">
            <span className="text-slate-600 dark:text-slate-400">{t('panel.viewerPage.roomLabel')}</span>
            <select
              className="input h-9"
              value={room}
              onChange={(event) => choose({ room: Number(event.target.value) })}
              data-testid="viewer-room"
            >
              {viewerRooms(turbine.rooms, places).map((option) => (
                <option key={option} value={option}>
                  {withCount(
                    roomLabel(option, t),
                    countAt(places, { year, category: 'blade', blade, room: option }),
                    locale,
                  )}
                </option>
              ))}
            </select>
          </label>
          <YearPicker
            value={year}
            onChange={(option) => choose({ year: option })}
            countOf={(option) => countAt(places, { year: option, category: 'blade', blade, room })}
            testId="viewer-year"
          />
        </>
      }
      items={list.data?.items ?? []}
      more={list.data?.more ?? false}
      loading={list.isPending}
      failed={list.isError}
      onRetry={() => void list.refetch()}
      emptyText={t('panel.turbine.roomEmpty')}
      selectedId={search.media}
      onSelect={show}
      findings={findings}
      back={{ link: { to: '/' }, label: t('panel.viewerPage.backToTurbines') }}
    />
  );
}
