import { type MediaItem } from '@kanat360/contracts';
import { useEffect, useState } from 'react';
import { Modal } from '@/components/Modal';
import { formatCameraTime } from '@/i18n/format-date';
import { useI18n } from '@/i18n/language';
import { formatMegabytes } from '@/uploads/format-bytes';
import { lockViews } from '@/viewers/lock-views';
import { type ViewerHandle } from '@/viewers/viewer-handle';
import { campaignMonth, mediaPlace } from './media-labels';
import { MediaStage } from './MediaStage';

/**
 * Spec §2's photo comparison: the two ticked photos side by side, each with its room, date (the campaign's month,
 * as the list shows it, and the capture date when the camera wrote one) and size. Two flat photos move together —
 * pan and zoom in each picture's own terms — until the lock is turned off.
 */
export function CompareView({ items, onClose }: { items: readonly [MediaItem, MediaItem]; onClose: () => void }) {
  const { t, language, locale } = useI18n();
  const [handles, setHandles] = useState<[ViewerHandle | null, ViewerHandle | null]>([null, null]);
  const [locked, setLocked] = useState(true);
  const [left, right] = handles;
  useEffect(() => {
    if (!locked || !left?.view || !right?.view) return;
    return lockViews(left.view, right.view);
  }, [locked, left, right]);
  const lockable = Boolean(left?.view && right?.view);
  return (
    <Modal title={t('panel.photos.compareTitle')} onClose={onClose} width="xl" testId="compare-view">
      <label className="mb-3 flex w-fit cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={locked && lockable}
          disabled={!lockable}
          onChange={(event) => setLocked(event.target.checked)}
          data-testid="compare-lock"
        />
        {t('panel.photos.compareLock')}
      </label>
      <div className="grid grid-cols-2 gap-4">
        {items.map((item, side) => (
          <figure key={item.id} className="flex flex-col gap-2" data-testid="compare-side">
            <div className="relative flex h-[28rem] items-center justify-center overflow-hidden rounded-xl bg-slate-950">
              <MediaStage
                item={item}
                onHandle={(handle) =>
                  setHandles((current) => (side === 0 ? [handle, current[1]] : [current[0], handle]))
                }
              />
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
                  {item.captured_at_local && (
                    <dd className="text-slate-500 dark:text-slate-400">
                      {t('panel.photos.capturedOn', { date: formatCameraTime(item.captured_at_local, language) })}
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
