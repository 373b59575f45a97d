import { type MediaItem } from '@kanat360/contracts';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { StrokeIcon } from '@/components/StrokeIcon';
import { isTypingTarget } from '@/components/typing-target';
import { useI18n } from '@/i18n/language';
import { useCan } from '@/session/use-session';
import { DeletePhotoDialog } from './DeletePhotoDialog';
import { type LightboxRequest, lightboxAtom } from './lightbox-state';
import { MediaViewer } from './MediaViewer';

function LightboxDialog({ request, onClose }: { request: LightboxRequest; onClose: () => void }) {
  const { t, locale } = useI18n();
  const canDelete = useCan('media.delete');
  const dialog = useRef<HTMLDialogElement>(null);
  const [items, setItems] = useState(request.items);
  const [index, setIndex] = useState(request.index);
  const [total, setTotal] = useState(request.total ?? request.items.length);
  const [loadingRest, setLoadingRest] = useState(false);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const item = items[index];
  // A version saved or restored here takes the photo's place in the list.
  const replaceItem = useCallback(
    (fresh: MediaItem) => setItems((list) => list.map((candidate, at) => (at === index ? fresh : candidate))),
    [index],
  );

  const closeButton = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // showModal focuses the first control (the download link): the close button is the safe first stop.
    closeButton.current?.focus();
    return () => element?.close();
  }, []);

  const hasMore = Boolean(request.loadMore) && items.length < total;
  const loadRest = async (): Promise<readonly MediaItem[]> => {
    if (!request.loadMore) return items;
    setLoadingRest(true);
    try {
      const all = await request.loadMore();
      setItems(all);
      setTotal(all.length);
      return all;
    } finally {
      setLoadingRest(false);
    }
  };

  // Spec §4: navigation wraps, first to last and back. Past the pages loaded, the rest is fetched first.
  const next = async () => {
    if (index + 1 < items.length) return setIndex(index + 1);
    if (hasMore) {
      const all = await loadRest();
      return setIndex(index + 1 < all.length ? index + 1 : 0);
    }
    setIndex(0);
  };
  const previous = async () => {
    if (index > 0) return setIndex(index - 1);
    const all = hasMore ? await loadRest() : items;
    setIndex(all.length - 1);
  };

  const onDeleted = (deleted: MediaItem) => {
    const remaining = items.filter((candidate) => candidate.id !== deleted.id);
    if (remaining.length === 0) return onClose();
    setItems(remaining);
    setTotal((count) => count - 1);
    setIndex((current) => Math.min(current, remaining.length - 1));
  };

  // Arrows go to the previous and next photo wherever the focus is (a viewer's own controls come and go with the
  // kind of media shown), except in a field or a video player, which take arrows themselves.
  const keys = useRef({ next, previous, busy: false });
  keys.current = { next, previous, busy: deleting !== null };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (keys.current.busy || isTypingTarget(event.target)) return;
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        void keys.current.next();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        void keys.current.previous();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const number = new Intl.NumberFormat(locale);
  if (!item) return null;
  return (
    <dialog
      ref={dialog}
      aria-label={t('panel.lightbox.label', { name: item.originalName })}
      className="m-0 h-dvh max-h-none w-dvw max-w-none bg-slate-950/95 p-0 text-slate-100 backdrop:bg-slate-950/80"
      data-testid="lightbox"
      onCancel={(event) => {
        event.preventDefault();
        if (!deleting) onClose();
      }}
      onKeyDown={(event) => {
        if (deleting) return;
        if (event.key === 'Escape') {
          // Handled here so the toaster does not also take this Escape.
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="flex h-full flex-col">
        <header className="flex items-center justify-between gap-4 px-6 py-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium" data-testid="lightbox-name">
              {item.originalName}
            </p>
            <p className="text-xs text-slate-400" data-testid="lightbox-counter" aria-live="polite">
              {t('panel.lightbox.counter', { n: number.format(index + 1), total: number.format(total) })}
            </p>
          </div>
          <div className="flex items-center gap-2">
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
            {canDelete && (
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
          <MediaViewer turbineId={request.turbineId} item={item} onItemChange={replaceItem} />
          {(items.length > 1 || hasMore) && (
            <>
              <button
                type="button"
                className="absolute top-1/2 left-4 flex size-12 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-slate-800/80 hover:bg-slate-700"
                aria-label={t('panel.lightbox.previous')}
                onClick={() => void previous()}
                disabled={loadingRest}
              >
                <StrokeIcon className="size-6">
                  <path d="M15.75 19.5 8.25 12l7.5-7.5" />
                </StrokeIcon>
              </button>
              <button
                type="button"
                className="absolute top-1/2 right-4 flex size-12 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-slate-800/80 hover:bg-slate-700"
                aria-label={t('panel.lightbox.next')}
                onClick={() => void next()}
                disabled={loadingRest}
              >
                <StrokeIcon className="size-6">
                  <path d="m8.25 4.5 7.5 7.5-7.5 7.5" />
                </StrokeIcon>
              </button>
            </>
          )}
        </div>
      </div>
      {deleting && (
        <DeletePhotoDialog
          turbineId={request.turbineId}
          item={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={onDeleted}
        />
      )}
    </dialog>
  );
}

/**
 * Spec §2's lightbox over any list of thumbnails: previous and next (wrapping), the position, the file name, the
 * original to download, delete for those who may; arrow keys and Escape. Mounted once per page; a new request
 * (another thumbnail) starts it afresh.
 */
export function Lightbox() {
  const [request, setRequest] = useAtom(lightboxAtom);
  if (!request) return null;
  return (
    <LightboxDialog
      key={`${request.turbineId}-${request.items[request.index]?.id}`}
      request={request}
      onClose={() => setRequest(null)}
    />
  );
}
