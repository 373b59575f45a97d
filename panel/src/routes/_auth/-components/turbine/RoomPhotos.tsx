import { type Blade } from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { photoListQueryOptions } from '@/api/media';
import { useI18n } from '@/i18n/language';
import { useOpenLightbox } from '@/media/lightbox-state';
import { MediaThumb } from '@/media/MediaThumb';

/** The photos of one room of one blade in one year, as thumbnails that open the lightbox (spec §2). */
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
  const openLightbox = useOpenLightbox();
  const { data, isPending, isError, refetch } = useQuery(
    photoListQueryOptions(turbineId, { category: 'blade', blade, room, year }),
  );
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
  const items = data.data;
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
        {t('panel.turbine.roomCount', { n: data.total })}
      </p>
      <ul
        className="grid max-h-96 grid-cols-4 gap-2 overflow-y-auto pr-1"
        aria-label={t('panel.turbine.roomPhotosLabel')}
      >
        {items.map((item, index) => (
          <li key={item.id}>
            <MediaThumb
              item={item}
              size="fill"
              onOpen={() => openLightbox({ turbineId, items, index, total: data.total })}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
