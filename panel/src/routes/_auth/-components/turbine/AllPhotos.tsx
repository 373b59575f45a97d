import { type MediaCategory, type MediaItem, type TurbineDetail } from '@kanat360/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { TrashIcon } from '@/components/StrokeIcon';
import { useI18n } from '@/i18n/language';
import { compareModeAtom, compareSelectionAtom, toggleCompareAtom } from '@/media/compare-state';
import { CompareView } from '@/media/CompareView';
import { DeletePhotoDialog } from '@/media/DeletePhotoDialog';
import { campaignMonth, mediaKindLabel, mediaType, uploaderName } from '@/media/media-labels';
import { MediaThumb } from '@/media/MediaThumb';
import { usePhotoPages } from '@/media/use-photo-pages';
import { useCan } from '@/session/use-session';
import { useToast } from '@/toast/toast-store';
import { formatMegabytes } from '@/uploads/format-bytes';
import { PhotoFilterBar } from './PhotoFilterBar';
import { photoFiltersOf } from './photo-search';
import { SectionCard } from './SectionCard';
import { useLightboxNavigation } from './use-lightbox';

const route = getRouteApi('/_auth/turbine/$turbineId/');

const ROW_HEIGHT = 64;
/** The list's box grows with its rows up to this height (nine rows), then scrolls. */
const LIST_MAX_HEIGHT = 576;
/** Asks for the next page when the rows in view come this close to the end of what is loaded. */
const LOAD_AHEAD_ROWS = 40;

const TYPE_BADGE: Record<MediaCategory, string> = {
  blade: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  drone: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100',
  operator: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  robot: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  // Listed when asked for by id (an after-repair photo just uploaded); the repairs' screens show them.
  repair: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-100',
};

function PhotoRow({
  item,
  compare,
  selected,
  onOpen,
  onToggle,
  onDelete,
}: {
  item: MediaItem;
  compare: boolean;
  selected: boolean;
  onOpen: () => void;
  onToggle: () => void;
  onDelete: (() => void) | null;
}) {
  const { t, language, locale } = useI18n();
  const type = mediaType(item);
  const kind = mediaKindLabel(item, t);
  return (
    <div className="flex h-full items-center gap-4 px-3">
      {compare && (
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={selected}
          onChange={onToggle}
          aria-label={t('panel.photos.compareTick', { name: item.originalName })}
        />
      )}
      <MediaThumb item={item} size="sm" onOpen={onOpen} />
      <div className="min-w-0 flex-1">
        <button
          type="button"
          className="block max-w-full cursor-pointer truncate text-left text-sm font-medium hover:underline"
          onClick={onOpen}
          data-testid="photo-name"
        >
          {item.originalName}
        </button>
        <p className="truncate text-xs text-slate-600 dark:text-slate-400">{uploaderName(item)}</p>
      </div>
      {kind && (
        <span className="badge bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900" data-testid="kind-badge">
          {kind}
        </span>
      )}
      <span className={`badge ${TYPE_BADGE[type]}`}>{t(`panel.photos.type.${type}`)}</span>
      <span className="w-24 text-right text-sm tabular-nums">{formatMegabytes(item.size, locale)}</span>
      <span className="w-32 text-sm text-slate-700 dark:text-slate-300">{campaignMonth(item, language)}</span>
      <span className="w-9">
        {onDelete && (
          <button
            type="button"
            className="btn-icon text-red-700 dark:text-red-400"
            aria-label={t('panel.photos.deleteOf', { name: item.originalName })}
            title={t('panel.action.delete')}
            onClick={onDelete}
          >
            <TrashIcon />
          </button>
        )}
      </span>
    </div>
  );
}

/**
 * Spec §2's all-photos list, at fleet scale: filters in the URL and on the server, the count, and rows drawn only
 * where the user looks (virtualized) while pages load as the user scrolls. Compare two side by side; delete for
 * those who may; any row opens the lightbox over the whole list (as filtered).
 */
export function AllPhotos({ turbine }: { turbine: TurbineDetail }) {
  const { t } = useI18n();
  const toast = useToast();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const filters = photoFiltersOf(search);
  const canDelete = useCan('media.delete');
  const lightbox = useLightboxNavigation();
  const [compare, setCompare] = useAtom(compareModeAtom);
  const selection = useAtomValue(compareSelectionAtom);
  const toggleCompare = useSetAtom(toggleCompareAtom);
  const [comparing, setComparing] = useState(false);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  // Leaving the page leaves compare mode (and its selection).
  useEffect(() => () => setCompare(false), [setCompare]);

  const { pages, items, total } = usePhotoPages(turbine.id, filters, { keepPrevious: true });

  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastInView = virtualRows.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastInView >= items.length - LOAD_AHEAD_ROWS) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastInView, items.length]);

  const tick = (item: MediaItem) => {
    if (!toggleCompare(item)) toast.warning(t('panel.photos.compareMax'));
  };
  const clearFilters = () =>
    void navigate({
      search: (previous) => ({ ...previous, year: undefined, type: undefined, camera: undefined, q: undefined }),
    });

  const filtered = Boolean(search.year || search.type || search.camera || search.q);
  return (
    <SectionCard
      id="all-photos"
      title={t('panel.turbine.allPhotosTitle')}
      description={<span data-testid="photos-count">{t('panel.photos.count', { n: total })}</span>}
      actions={
        <>
          {compare && (
            <>
              <span className="text-sm text-slate-700 dark:text-slate-300" data-testid="compare-hint">
                {selection.length === 2
                  ? t('panel.photos.compareReady')
                  : t('panel.photos.compareHint', { n: selection.length })}
              </span>
              <button
                type="button"
                className="btn-primary"
                disabled={selection.length !== 2}
                onClick={() => setComparing(true)}
              >
                {t('panel.photos.compareOpen')}
              </button>
            </>
          )}
          {/* Comparing needs two photos in the list. */}
          {(compare || total >= 2) && (
            <button
              type="button"
              className="btn-secondary"
              aria-pressed={compare}
              onClick={() => setCompare(!compare)}
              data-testid="compare-toggle"
            >
              {compare ? t('panel.photos.compareLeave') : t('panel.photos.compareEnter')}
            </button>
          )}
        </>
      }
    >
      <PhotoFilterBar turbineId={turbine.id} years={turbine.media_years} />
      {pages.isError && items.length === 0 ? (
        <p className="text-sm text-red-700 dark:text-red-300" role="alert">
          {t('panel.turbine.photosLoadFailed')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void pages.refetch()}>
            {t('common.tryAgain')}
          </button>
        </p>
      ) : total === 0 && !pages.isPending ? (
        <EmptyState title={filtered ? t('panel.photos.noMatch') : t('panel.photos.empty')}>
          {filtered && (
            <button type="button" className="btn-secondary" onClick={clearFilters}>
              {t('panel.turbines.clearFilters')}
            </button>
          )}
        </EmptyState>
      ) : (
        <div
          ref={scroller}
          className="overflow-y-auto rounded-xl border border-slate-200 dark:border-slate-700"
          style={{ height: Math.min(LIST_MAX_HEIGHT, Math.max(total, 1) * ROW_HEIGHT + 2) }}
          aria-busy={pages.isFetching}
          data-testid="photos-scroller"
        >
          <div
            role="list"
            aria-label={t('panel.photos.listLabel')}
            style={{ height: virtualizer.getTotalSize() }}
            className="relative"
          >
            {virtualRows.map((row) => {
              const item = items[row.index];
              return (
                <div
                  key={item?.id ?? `placeholder-${row.index}`}
                  role="listitem"
                  className="absolute inset-x-0 border-b border-slate-100 dark:border-slate-800"
                  style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
                  data-testid={item ? 'photo-row' : 'photo-row-loading'}
                  data-index={row.index}
                  data-media-id={item?.id}
                >
                  {item ? (
                    <PhotoRow
                      item={item}
                      compare={compare}
                      selected={selection.some((chosen) => chosen.id === item.id)}
                      onOpen={() => lightbox.open(item.id)}
                      onToggle={() => tick(item)}
                      onDelete={canDelete ? () => setDeleting(item) : null}
                    />
                  ) : (
                    <div className="flex h-full items-center gap-4 px-3" aria-hidden="true">
                      <span className="size-12 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
                      <span className="h-3 w-48 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
      {comparing && selection.length === 2 && (
        <CompareView items={[selection[0]!, selection[1]!]} onClose={() => setComparing(false)} />
      )}
      {deleting && (
        <DeletePhotoDialog
          turbineId={turbine.id}
          item={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => setDeleting(null)}
        />
      )}
    </SectionCard>
  );
}
