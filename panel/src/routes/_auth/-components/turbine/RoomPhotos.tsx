import { type Blade } from '@kanat360/contracts';
import { type UIEvent } from 'react';
import { useI18n } from '@/i18n/language';
import { MediaThumb } from '@/media/MediaThumb';
import { usePhotoPages } from '@/media/use-photo-pages';
import { roomListParam } from './photo-search';
import { useLightboxNavigation } from './use-lightbox';

/** The next page is asked for when the grid is scrolled this close (px) to its end. */
const LOAD_AHEAD_PX = 200;

/**
 * The photos of one room of one blade in one year, as thumbnails that open the lightbox (spec §2). A campaign can
 * put hundreds in one room: they come a page at a time as the grid is scrolled, and the lightbox reaches them all.
 */
export function RoomPhotos({
  turbineId,
  blade,
  room,
  year,
}: {
  turbineId: number;
  blade: Blade;
  room: number;
  year: number;
}) {
  const { t } = useI18n();
  const lightbox = useLightboxNavigation();
  const { pages, items, total } = usePhotoPages(turbineId, { category: 'blade', blade, room, year });
  const { isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadAhead = (event: UIEvent<HTMLElement>) => {
    const grid = event.currentTarget;
    if (hasNextPage && !isFetchingNextPage && grid.scrollTop + grid.clientHeight >= grid.scrollHeight - LOAD_AHEAD_PX)
      void fetchNextPage();
  };
  if (isPending) {
    return (
      <p className="text-xs text-slate-600 dark:text-slate-400" role="status">
        {t('panel.turbine.loadingPhotos')}
      </p>
    );
  }
  if (isError) {
    return (
      <p className="text-xs text-red-700 dark:text-red-300" role="alert">
        {t('panel.turbine.photosLoadFailed')}{' '}
        <button type="button" className="font-medium underline" onClick={() => void refetch()}>
          {t('common.tryAgain')}
        </button>
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="room-empty">
        {t('panel.turbine.roomEmpty')}
      </p>
    );
  }
  return (
    <div className="space-y-1.5">
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="room-count">
        {t('panel.turbine.roomCount', { n: total })}
      </p>
      <ul
        className="grid max-h-96 grid-cols-4 gap-2 overflow-y-auto pr-1"
        aria-label={t('panel.turbine.roomPhotosLabel')}
        aria-busy={isFetchingNextPage}
        onScroll={loadAhead}
        data-testid="room-photos"
      >
        {items.map((item) => (
          <li key={item.id}>
            <MediaThumb
              item={item}
              size="fill"
              onOpen={() => lightbox.open(item.id, roomListParam(blade, room, year))}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
