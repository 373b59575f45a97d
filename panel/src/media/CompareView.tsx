import { type MediaItem } from '@kanat360/contracts';
import { Modal } from '@/components/Modal';
import { formatDate } from '@/i18n/format-date';
import { useI18n } from '@/i18n/language';
import { formatMegabytes } from '@/uploads/format-bytes';
import { campaignMonth, mediaPlace } from './media-labels';
import { MediaStage } from './MediaStage';

/**
 * Spec §2's photo comparison: the two ticked photos side by side, each with its room, date (the campaign's month,
 * as the list shows it, and the capture date when the camera wrote one) and size. Each side is
 * a MediaStage, so the viewers' issue can lock two deep-zoom viewers together here.
 */
export function CompareView({ items, onClose }: { items: readonly [MediaItem, MediaItem]; onClose: () => void }) {
  const { t, language, locale } = useI18n();
  return (
    <Modal title={t('panel.photos.compareTitle')} onClose={onClose} width="xl" testId="compare-view">
      <div className="grid grid-cols-2 gap-4">
        {items.map((item) => (
          <figure key={item.id} className="flex flex-col gap-2" data-testid="compare-side">
            <div className="flex h-[28rem] items-center justify-center overflow-hidden rounded-xl bg-slate-950">
              <MediaStage item={item} />
            </div>
            <figcaption className="text-sm">
              <p className="truncate font-medium">{item.originalName}</p>
              <dl className="mt-1 grid grid-cols-3 gap-2 text-xs text-slate-700 dark:text-slate-300">
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t('panel.photos.compareRoom')}</dt>
                  <dd>{mediaPlace(item, t)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t('panel.photos.compareDate')}</dt>
                  {/* The campaign's month and year, as the list shows it; the camera's own date beside it. */}
                  <dd>{campaignMonth(item, language)}</dd>
                  {item.captured_at && (
                    <dd className="text-slate-500 dark:text-slate-400">
                      {t('panel.photos.capturedOn', { date: formatDate(item.captured_at, language) })}
                    </dd>
                  )}
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t('panel.photos.compareSize')}</dt>
                  <dd>{formatMegabytes(item.size, locale)}</dd>
                </div>
              </dl>
            </figcaption>
          </figure>
        ))}
      </div>
    </Modal>
  );
}
