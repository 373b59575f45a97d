import { type MediaItem } from '@kanat360/contracts';
import { StrokeIcon } from '@/components/StrokeIcon';
import { useI18n } from '@/i18n/language';
import { mediaKindLabel } from './media-labels';

const SIZES = { sm: 'size-12', md: 'size-24', fill: 'aspect-square w-full' } as const;

/** What a thumbnail says about its media besides the picture: a video, a point cloud or a 360° panorama. */
function MediaKindMark({ item }: { item: Pick<MediaItem, 'kind' | 'is_panorama'> }) {
  const { t } = useI18n();
  const label = mediaKindLabel(item, t);
  if (!label) return null;
  return (
    <span className="badge absolute right-1 bottom-1 left-1 justify-center truncate bg-slate-950/75 px-1 text-[10px] text-white">
      {label}
    </span>
  );
}

/**
 * A media item as a small square: its 400 px thumbnail (never the original), "processing" until the server has
 * made it, and a mark for videos, point clouds and panoramas. A button: it opens the lightbox.
 */
export function MediaThumb({
  item,
  onOpen,
  size = 'md',
}: {
  item: MediaItem;
  onOpen: () => void;
  size?: keyof typeof SIZES;
}) {
  const { t } = useI18n();
  const processing = item.status === 'pending';
  const failed = item.status === 'failed';
  return (
    <button
      type="button"
      onClick={onOpen}
      className={`group relative ${SIZES[size]} shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800`}
      aria-label={t('panel.media.open', { name: item.originalName })}
      title={item.originalName}
      data-testid="media-thumb"
      data-media-id={item.id}
      data-status={item.status}
    >
      {item.thumbnail_url ? (
        <img
          src={item.thumbnail_url}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition-transform group-hover:scale-105"
        />
      ) : (
        <span className="flex size-full flex-col items-center justify-center gap-1 p-1 text-center text-[10px] leading-tight text-slate-600 dark:text-slate-300">
          {processing ? (
            <>
              <span
                className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600 dark:border-slate-600 dark:border-t-brand-300"
                aria-hidden="true"
              />
              <span data-testid="media-processing">{t('panel.media.processing')}</span>
            </>
          ) : failed ? (
            <span className="text-red-700 dark:text-red-300">{t('panel.media.failed')}</span>
          ) : (
            <StrokeIcon className="size-6">
              <path d="M19.5 14.25v-2.625a3.375 3.375 0 0 0-3.375-3.375h-1.5A1.125 1.125 0 0 1 13.5 7.125v-1.5a3.375 3.375 0 0 0-3.375-3.375H8.25m2.25 0H5.625c-.621 0-1.125.504-1.125 1.125v17.25c0 .621.504 1.125 1.125 1.125h12.75c.621 0 1.125-.504 1.125-1.125V11.25a9 9 0 0 0-9-9Z" />
            </StrokeIcon>
          )}
        </span>
      )}
      {/* A list row names the kind beside the thumbnail: a 48 px square has no room for it. */}
      {size !== 'sm' && <MediaKindMark item={item} />}
    </button>
  );
}
