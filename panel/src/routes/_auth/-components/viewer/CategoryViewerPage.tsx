import { BLADES, type Blade, MEDIA_CATEGORIES } from '@kanat360/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { mediaPlacesQueryOptions } from '@/api/media';
import { turbineQueryOptions } from '@/api/turbines';
import { usePageTitle } from '@/components/use-page-title';
import { useI18n } from '@/i18n/language';
import { countAt, withCount } from '@/media/media-places';
import { useWatchedPhotos } from '@/media/use-watched-photos';
import { YearPicker } from '../turbine/BladeSection';
import { useTurbineTitle } from '../turbine/TurbineTitleCard';
import { ViewerPage } from './ViewerPage';
import { useViewerSearch } from './use-viewer-search';
import { type CategorySearch, defaultViewerYear } from './viewer-search';

export type PhotoCategory = (typeof MEDIA_CATEGORIES)[number];

/**
 * Spec §2's operator, drone and robot pages: the category's photos of a year (all blades, or one), the viewer, the
 * comments, back to the turbine. The list is asked for again every 15 s with its ETag: an unchanged list is a
 * bodiless 304 and nothing on screen moves; a changed one shows its new photos (spec §4).
 */
export function CategoryViewerPage({
  turbineId,
  category,
  search,
}: {
  turbineId: number;
  category: PhotoCategory;
  search: CategorySearch;
}) {
  const { t, locale } = useI18n();
  const { data: turbine } = useSuspenseQuery(turbineQueryOptions(turbineId));
  const { data: places } = useQuery(mediaPlacesQueryOptions(turbineId));
  const heading = t(`panel.turbine.category.${category}`);
  usePageTitle(`${heading} · ${useTurbineTitle(turbine)}`);

  const year = search.year ?? defaultViewerYear(places, category);
  const list = useWatchedPhotos(turbineId, { category, year, blade: search.blade }, { poll: true });
  const { choose, show, findings } = useViewerSearch(search);

  return (
    <ViewerPage
      turbineId={turbineId}
      heading={heading}
      filters={
        <div className="flex flex-wrap items-center gap-3">
          <YearPicker
            value={year}
            onChange={(option) => choose({ year: option })}
            countOf={(option) => countAt(places, { year: option, category })}
            testId="viewer-year"
          />
          <label className="flex items-center gap-2 text-sm">
            <span className="text-slate-600 dark:text-slate-400">{t('panel.viewerPage.bladeLabel')}</span>
            <select
              className="input h-9 w-40"
              value={search.blade ?? ''}
              onChange={(event) => choose({ blade: (event.target.value || undefined) as Blade | undefined })}
              data-testid="viewer-blade"
            >
              <option value="">{t('panel.viewerPage.allBlades')}</option>
              {BLADES.map((blade) => (
                <option key={blade} value={blade}>
                  {withCount(t('panel.turbine.blade', { blade }), countAt(places, { year, category, blade }), locale)}
                </option>
              ))}
            </select>
          </label>
        </div>
      }
      items={list.data?.items ?? []}
      more={list.data?.more ?? false}
      loading={list.isPending}
      failed={list.isError}
      onRetry={() => void list.refetch()}
      emptyText={
        search.blade
          ? t('panel.viewerPage.categoryEmptyBlade', { year, blade: search.blade })
          : t('panel.viewerPage.categoryEmpty', { year })
      }
      selectedId={search.media}
      onSelect={show}
      findings={findings}
      back={{
        link: { to: '/turbine/$turbineId', params: { turbineId } },
        label: t('panel.viewerPage.backToTurbine'),
      }}
    />
  );
}
