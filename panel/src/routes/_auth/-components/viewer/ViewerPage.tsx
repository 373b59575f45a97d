import { type MediaItem } from '@kanat360/contracts';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useAtom, useSetAtom } from 'jotai';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { CommentsButton, CommentsDrawer } from '@/comments/CommentsDrawer';
import { HeaderActions } from '@/components/HeaderActions';
import { StrokeIcon } from '@/components/StrokeIcon';
import { isTypingTarget } from '@/components/typing-target';
import { useI18n } from '@/i18n/language';
import { mediaKindLabel } from '@/media/media-labels';
import { MediaThumb } from '@/media/MediaThumb';
import { MediaViewer } from '@/media/MediaViewer';
import { StepButtons } from '@/media/StepButtons';
import { useMediaRow } from '@/media/use-media-row';
import {
  type FindingsFocus,
  findingsPanelOpenAtom,
  toolInHandAtom,
  useFindingsPanelOpen,
  useNarrowViewer,
} from '@/media/viewer-session';

interface ViewerPageProps {
  turbineId: number;
  /** The sidebar's heading. */
  heading: string;
  /** The sidebar's pickers (blade, room, year). */
  filters: ReactNode;
  items: readonly MediaItem[];
  /** More photos match than the sidebar lists: it says so. */
  more: boolean;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  emptyText: string;
  /** The photo on screen (the URL's `media`); the list's first when none is chosen. */
  selectedId: number | undefined;
  /** Another photo; `replace` when it takes the place of the one on screen (a version saved or restored). */
  onSelect: (id: number, options?: { replace?: boolean }) => void;
  /** Where "back" and Escape lead. */
  back: { link: LinkProps; label: string };
  /** The finding open on the photo, kept in the page's URL. */
  findings: FindingsFocus;
}

/**
 * The layout of the 360° view and the operator, drone and robot pages (spec §2): a collapsible sidebar with the
 * pickers and the photo list, the viewer of the chosen photo with its tools, the comments drawer. Keyboard (spec §4):
 * arrows go to the previous and next photo (wrapping), F11 or f toggles full screen, Escape closes one thing: a
 * toast, full screen, then the tool in hand. Below 1280 px the list and the findings panel take turns beside the
 * photo, so it keeps most of the width.
 */
export function ViewerPage({
  turbineId,
  heading,
  filters,
  items,
  more,
  loading,
  failed,
  onRetry,
  emptyText,
  selectedId,
  onSelect,
  back,
  findings,
}: ViewerPageProps) {
  const { t, locale } = useI18n();
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [tool, setTool] = useAtom(toolInHandAtom);
  const narrow = useNarrowViewer();
  const findingsPanelOpen = useFindingsPanelOpen();
  const setFindingsPanelOpen = useSetAtom(findingsPanelOpenAtom);
  const stage = useRef<HTMLDivElement>(null);

  // The URL's photo (from the list, or asked for by id); the list's first when none is chosen or it is gone.
  const chosen = useMediaRow(turbineId, items, selectedId ?? items[0]?.id);
  const shownItem = chosen.item ?? (chosen.missing ? (items[0] ?? null) : null);
  const index = chosen.item ? chosen.index : 0;
  const sidebarShown =
    sidebarOpen && !(narrow && findingsPanelOpen && shownItem !== null && shownItem.kind !== 'video');

  const go = useCallback(
    (step: number) => {
      if (items.length === 0) return;
      const next = items[(Math.max(index, 0) + step + items.length) % items.length];
      if (next) onSelect(next.id);
    },
    [items, index, onSelect],
  );

  const toggleFullScreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void stage.current?.requestFullscreen();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || commentsOpen || document.querySelector('dialog[open]')) return;
      if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
        event.preventDefault();
        go(1);
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
        event.preventDefault();
        go(-1);
      } else if (
        event.key === 'F11' ||
        ((event.key === 'f' || event.key === 'F') && !event.ctrlKey && !event.metaKey)
      ) {
        event.preventDefault();
        toggleFullScreen();
      } else if (event.key === 'Escape' && !event.defaultPrevented) {
        // Escape closes, one thing at a time (a toast took it already): full screen, then the tool in hand. It never
        // leaves the page (an unsaved drawing, or a menu the user meant to close, would go with it).
        if (document.fullscreenElement) void document.exitFullscreen();
        else if (tool) setTool(null);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, toggleFullScreen, commentsOpen, tool, setTool]);

  const number = new Intl.NumberFormat(locale);
  return (
    <div className="flex h-full min-h-0 flex-1" data-testid="viewer-page">
      <HeaderActions>
        <CommentsButton turbineId={turbineId} onClick={() => setCommentsOpen(true)} />
      </HeaderActions>
      {sidebarShown && (
        <aside
          className="flex w-80 shrink-0 flex-col border-r border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
          aria-label={heading}
          data-testid="viewer-sidebar"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <Link {...back.link} className="btn-ghost -ml-2 px-2 text-sm" data-testid="viewer-back">
              <StrokeIcon className="size-4">
                <path d="M10.5 19.5 3 12m0 0 7.5-7.5M3 12h18" />
              </StrokeIcon>
              {back.label}
            </Link>
            <button
              type="button"
              className="btn-icon"
              aria-label={t('panel.viewerPage.hideSidebar')}
              title={t('panel.viewerPage.hideSidebar')}
              aria-expanded="true"
              onClick={() => setSidebarOpen(false)}
            >
              <StrokeIcon className="size-5">
                <path d="M15.75 19.5 8.25 12l7.5-7.5" />
              </StrokeIcon>
            </button>
          </div>
          <div className="flex flex-col gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <h1 className="text-base font-semibold">{heading}</h1>
            {filters}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-2" data-testid="viewer-list">
            {loading && <p className="p-3 text-sm text-slate-500">{t('panel.turbine.loadingPhotos')}</p>}
            {failed && (
              <div className="p-3 text-sm" role="alert">
                <p className="text-red-700 dark:text-red-300">{t('panel.viewerPage.listFailed')}</p>
                <button type="button" className="btn-secondary mt-2" onClick={onRetry}>
                  {t('common.tryAgain')}
                </button>
              </div>
            )}
            {!loading && !failed && items.length === 0 && (
              <p className="p-3 text-sm text-slate-600 dark:text-slate-400" data-testid="viewer-empty">
                {emptyText}
              </p>
            )}
            <ul className="flex flex-col gap-1">
              {items.map((item) => {
                const selected = item.id === shownItem?.id;
                const kind = mediaKindLabel(item, t);
                return (
                  <li key={item.id}>
                    <div
                      className={`flex items-center gap-3 rounded-lg p-1.5 ${selected ? 'bg-brand-50 ring-1 ring-brand-300 dark:bg-brand-950 dark:ring-brand-700' : 'hover:bg-slate-50 dark:hover:bg-slate-800'}`}
                      aria-current={selected ? 'true' : undefined}
                      data-testid="viewer-list-item"
                      data-media-id={item.id}
                    >
                      <MediaThumb item={item} size="sm" onOpen={() => onSelect(item.id)} />
                      <div className="min-w-0 text-sm">
                        <p className="truncate font-medium" title={item.originalName}>
                          {item.originalName}
                        </p>
                        <p className="text-xs text-slate-500 dark:text-slate-400">
                          {[kind, item.blade ? t('panel.turbine.blade', { blade: item.blade }) : null]
                            .filter(Boolean)
                            .join(' · ')}
                        </p>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
            {more && <p className="p-3 text-xs text-slate-500">{t('panel.viewerPage.more')}</p>}
          </div>
        </aside>
      )}
      <div
        ref={stage}
        className="relative flex min-w-0 flex-1 flex-col bg-slate-950 text-slate-100"
        data-testid="viewer-stage"
      >
        <div className="flex items-center gap-3 px-4 py-2">
          {!sidebarShown && (
            <button
              type="button"
              className="btn-icon text-slate-100 hover:bg-slate-800"
              aria-label={t('panel.viewerPage.showSidebar')}
              title={t('panel.viewerPage.showSidebar')}
              aria-expanded="false"
              onClick={() => {
                setSidebarOpen(true);
                if (narrow) setFindingsPanelOpen(false);
              }}
              data-testid="viewer-show-sidebar"
            >
              <StrokeIcon className="size-5">
                <path d="M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5" />
              </StrokeIcon>
            </button>
          )}
          {shownItem && (
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium" data-testid="viewer-name">
                {shownItem.originalName}
              </p>
              <p className="text-xs text-slate-400" aria-live="polite" data-testid="viewer-counter">
                {index >= 0 &&
                  t('panel.lightbox.counter', { n: number.format(index + 1), total: number.format(items.length) })}
              </p>
            </div>
          )}
          {shownItem && (
            <a
              href={shownItem.download_url}
              className="btn-ghost text-slate-100 hover:bg-slate-800"
              title={shownItem.kind === 'photo' ? t('panel.lightbox.downloadFileHint') : undefined}
              download
            >
              {t('panel.lightbox.downloadFile')}
            </a>
          )}
          <button
            type="button"
            className="btn-icon text-slate-100 hover:bg-slate-800"
            aria-label={t('panel.viewerPage.fullScreen')}
            title={t('panel.viewerPage.fullScreen')}
            onClick={toggleFullScreen}
            data-testid="viewer-fullscreen"
          >
            <StrokeIcon className="size-5">
              <path d="M3.75 3.75v4.5m0-4.5h4.5m-4.5 0L9 9M3.75 20.25v-4.5m0 4.5h4.5m-4.5 0L9 15M20.25 3.75h-4.5m4.5 0v4.5m0-4.5L15 9m5.25 11.25h-4.5m4.5 0v-4.5m0 4.5L15 15" />
            </StrokeIcon>
          </button>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center">
          {shownItem ? (
            <MediaViewer
              turbineId={turbineId}
              item={shownItem}
              onItemChange={(item) => onSelect(item.id, { replace: true })}
              findings={findings}
              controls={items.length > 1 && <StepButtons onStep={go} />}
            />
          ) : (
            !loading && <p className="text-sm text-slate-400">{emptyText}</p>
          )}
        </div>
      </div>
      {commentsOpen && <CommentsDrawer turbineId={turbineId} onClose={() => setCommentsOpen(false)} />}
    </div>
  );
}
