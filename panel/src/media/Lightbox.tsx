import { type MediaItem } from '@kanat360/contracts';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type PhotoFilters } from '@/api/media';
import { StrokeIcon } from '@/components/StrokeIcon';
import { isTypingTarget } from '@/components/typing-target';
import { useLatest } from '@/components/use-latest';
import { useI18n } from '@/i18n/language';
import { useCan } from '@/session/use-session';
import { toastsAtom } from '@/toast/toast-store';
import { DeletePhotoDialog } from './DeletePhotoDialog';
import { MediaViewer } from './MediaViewer';
import { StepButtons } from './StepButtons';
import { useMediaRow } from './use-media-row';
import { usePhotoPages } from './use-photo-pages';
import { toolInHandAtom } from './viewer-session';

export interface LightboxProps {
  turbineId: number;
  /** The list it steps through: the same paged query (and cache) as the list the photo was opened from. */
  list: PhotoFilters;
  /** The photo on screen (the screen keeps it in its URL as `?media=`). */
  mediaId: number;
  /** Another photo of the list; `replace` when it takes the place of the one on screen (a new version, a delete). */
  onShow: (id: number, options?: { replace?: boolean }) => void;
  onClose: () => void;
}

/**
 * Spec §2's lightbox over a photo list: previous and next (wrapping), the position in the whole list ("3 / 10 000"),
 * the file name, the original to download, delete for those who may; arrow keys and Escape. Its rows are the list's
 * own pages (fetched further when it steps past them); the photo is the URL's, so a link opens it and back and
 * forward step through what was seen.
 */
export function Lightbox({ turbineId, list, mediaId, onShow, onClose }: LightboxProps) {
  const { t, locale } = useI18n();
  const canDelete = useCan('media.delete');
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const { pages, items, total, loadAll } = usePhotoPages(turbineId, list);
  const { item, index, missing } = useMediaRow(turbineId, items, mediaId);
  const [loadingRest, setLoadingRest] = useState(false);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const [toolInHand, setToolInHand] = useAtom(toolInHandAtom);
  const toasts = useAtomValue(toastsAtom);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // showModal focuses the first control (the download link): the close button is the safe first stop.
    closeButton.current?.focus();
    return () => element?.close();
  }, []);

  // A link to a photo further down the list than the pages loaded so far: the next pages, until it is there.
  const { hasNextPage, isFetching, fetchNextPage } = pages;
  useEffect(() => {
    if (index < 0 && hasNextPage && !isFetching) void fetchNextPage();
  }, [index, hasNextPage, isFetching, fetchNextPage]);

  // Spec §4: navigation wraps, first to last and back. Past the pages loaded, the rest is fetched first.
  const step = async (by: 1 | -1) => {
    let rows: readonly MediaItem[] = items;
    if ((index + by < 0 || index + by >= rows.length) && hasNextPage) {
      setLoadingRest(true);
      try {
        rows = await loadAll();
      } finally {
        setLoadingRest(false);
      }
    }
    const at = rows.findIndex((row) => row.id === mediaId);
    const next = rows[at < 0 ? (by > 0 ? 0 : rows.length - 1) : (at + by + rows.length) % rows.length];
    if (next && next.id !== mediaId) onShow(next.id);
  };

  const onDeleted = (deleted: MediaItem) => {
    setDeleting(null);
    const at = items.findIndex((row) => row.id === deleted.id);
    const neighbour = items[at + 1] ?? items[at - 1];
    if (neighbour && neighbour.id !== deleted.id) onShow(neighbour.id, { replace: true });
    else onClose();
  };

  // Arrows go to the previous and next photo wherever the focus is (a viewer's own controls come and go with the
  // kind of media shown), except in a field or a video player, which take arrows themselves.
  const keys = useLatest({ step, busy: deleting !== null || loadingRest });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (keys.current.busy || isTypingTarget(event.target)) return;
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        event.preventDefault();
        void keys.current.step(event.key === 'ArrowRight' ? 1 : -1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys]);

  const number = new Intl.NumberFormat(locale);
  const several = total > 1;
  return (
    <dialog
      ref={dialog}
      aria-label={t('panel.lightbox.label', { name: item?.originalName ?? '' })}
      className="m-0 h-dvh max-h-none w-dvw max-w-none bg-slate-950/95 p-0 text-slate-100 backdrop:bg-slate-950/80"
      data-testid="lightbox"
      onCancel={(event) => {
        event.preventDefault();
        if (!deleting) onClose();
      }}
      onKeyDown={(event) => {
        // Escape closes one thing at a time: a toast first (the toaster takes it), then the tool in hand, then this.
        if (deleting || event.key !== 'Escape' || toasts.length > 0) return;
        event.preventDefault();
        event.stopPropagation();
        if (toolInHand) setToolInHand(null);
        else onClose();
      }}
    >
      <div className="flex h-full flex-col">
        <header className="flex items-center justify-between gap-4 px-6 py-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium" data-testid="lightbox-name">
              {item?.originalName}
            </p>
            <p className="text-xs text-slate-400" data-testid="lightbox-counter" aria-live="polite">
              {index >= 0 && t('panel.lightbox.counter', { n: number.format(index + 1), total: number.format(total) })}
            </p>
          </div>
          <div className="flex items-center gap-2">
            {item && (
              <a
                href={item.download_url}
                className="btn-ghost text-slate-100 hover:bg-slate-800"
                title={item.kind === 'photo' ? t('panel.lightbox.downloadFileHint') : undefined}
                download
              >
                <StrokeIcon className="size-4">
                  <path d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5M16.5 12 12 16.5m0 0L7.5 12m4.5 4.5V3" />
                </StrokeIcon>
                {t('panel.lightbox.downloadFile')}
              </a>
            )}
            {canDelete && item && (
              <button
                type="button"
                className="btn-ghost text-red-300 hover:bg-slate-800"
                onClick={() => setDeleting(item)}
              >
                {t('panel.action.delete')}
              </button>
            )}
            <button
              type="button"
              className="btn-icon text-slate-100 hover:bg-slate-800"
              aria-label={t('panel.lightbox.close')}
              onClick={onClose}
              ref={closeButton}
            >
              <StrokeIcon className="size-6">
                <path d="M6 18 18 6M6 6l12 12" />
              </StrokeIcon>
            </button>
          </div>
        </header>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-20 pb-6">
          {item && (
            <MediaViewer
              turbineId={turbineId}
              item={item}
              onItemChange={(fresh) => onShow(fresh.id, { replace: true })}
            />
          )}
          {missing && (
            <p className="text-sm text-slate-300" role="alert" data-testid="lightbox-missing">
              {t('errors.MEDIA_NOT_FOUND')}
            </p>
          )}
          {several && <StepButtons onStep={(by) => void step(by)} disabled={loadingRest} />}
        </div>
      </div>
      {deleting && (
        <DeletePhotoDialog
          turbineId={turbineId}
          item={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={onDeleted}
        />
      )}
    </dialog>
  );
}
