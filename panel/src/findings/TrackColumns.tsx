import {
  FINDING_NAME_KEYS,
  type FindingDetail,
  type FindingTrackEntry,
  type MediaItem,
  SEVERITY_COLOURS,
} from '@kanat360/contracts';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useI18n } from '@/i18n/language';
import { MediaStage } from '@/media/MediaStage';
import { type PictureRegion, type ViewerHandle } from '@/viewers/viewer-handle';
import { findingRegion } from './finding-region';
import { GrowthLine } from './GrowthLine';
import { SeverityBadge } from './SeverityBadge';
import { lockAnchoredViews } from './track-lock';

/** Up to four years fill the width; more scroll sideways at a quarter each. */
const SIDE_BY_SIDE = 4;

/** A panorama direction has no size: a ring this wide (CSS pixels) marks it. */
const DIRECTION_RING_PX = 28;

/**
 * That year's region outlined on its picture, following every pan and zoom, so the eye finds the damage at once.
 * Drawn over the viewer from its projection; it takes no clicks.
 */
function RegionOutline({ handle, region, colour }: { handle: ViewerHandle; region: PictureRegion; colour: string }) {
  const [box, setBox] = useState<{ left: number; top: number; width: number; height: number } | null>(null);
  useEffect(() => {
    const { projection } = handle;
    const place = (): void => {
      const from = projection.toScreen({ x: region.x, y: region.y });
      const to = projection.toScreen({ x: region.x + region.width, y: region.y + region.height });
      if (!from || !to) return setBox(null);
      const width = Math.max(DIRECTION_RING_PX, to.x - from.x);
      const height = Math.max(DIRECTION_RING_PX, to.y - from.y);
      setBox({ left: (from.x + to.x - width) / 2, top: (from.y + to.y - height) / 2, width, height });
    };
    place();
    return projection.subscribe(place);
  }, [handle, region]);
  if (!box) return null;
  return (
    <div
      className={`pointer-events-none absolute border-2 shadow-[0_0_0_1px_rgb(0_0_0/0.6)] ${region.width === 0 ? 'rounded-full' : 'rounded-sm'}`}
      style={{ ...box, borderColor: colour }}
      aria-hidden="true"
      data-testid="track-region"
    />
  );
}

/** One year of the track: its photo zoomed to that year's region, its size, severity, status and growth. */
function TrackColumn({
  turbineId,
  entry,
  detail,
  photo,
  photosFailed,
  current,
  wide,
  onHandle,
}: {
  turbineId: number;
  entry: FindingTrackEntry;
  detail: FindingDetail | undefined;
  photo: MediaItem | undefined;
  photosFailed: boolean;
  current: boolean;
  wide: boolean;
  onHandle: (handle: ViewerHandle | null) => void;
}) {
  const { t, locale } = useI18n();
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const target = detail?.target;
  const region = useMemo(() => (target ? findingRegion(target) : null), [target]);
  const [handle, setHandle] = useState<ViewerHandle | null>(null);
  const size =
    entry.length_mm === null && entry.width_mm === null
      ? t('panel.bladeMap.sizeUnknown')
      : t('panel.findingViewer.size', {
          length: entry.length_mm === null ? '—' : numbers.format(entry.length_mm),
          width: entry.width_mm === null ? '—' : numbers.format(entry.width_mm),
        });
  const headingId = `track-year-${entry.id}`;
  return (
    <section
      className={`flex min-w-48 flex-col gap-2 ${wide ? 'flex-1 basis-0' : 'shrink-0 basis-[calc(25%-0.75rem)]'}`}
      aria-labelledby={headingId}
      data-testid="track-column"
      data-year={entry.year}
      data-finding-id={entry.id}
    >
      <div className="flex min-h-7 flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold tabular-nums">
          {entry.year}
        </h2>
        <SeverityBadge severity={entry.severity} compact />
        {current && (
          <span className="badge bg-brand-100 text-brand-900 dark:bg-brand-950 dark:text-brand-100">
            {t('panel.findingTrack.current')}
          </span>
        )}
        {entry.stage === 'draft' && (
          <span className="badge bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {t(FINDING_NAME_KEYS.stage('draft'))}
          </span>
        )}
      </div>
      <div
        className={`relative flex h-80 items-center justify-center overflow-hidden rounded-xl bg-slate-950 ${current ? 'ring-2 ring-brand-500' : ''}`}
        data-testid="track-stage"
      >
        {photo && detail ? (
          <MediaStage
            item={photo}
            onHandle={(opened) => {
              // Every photo opens fitted; each year's is brought to that year's region as soon as it is open.
              if (opened && region) opened.focus(region);
              setHandle(opened);
              onHandle(opened);
            }}
          />
        ) : (
          <p className="px-4 text-center text-sm text-slate-300" role="status">
            {photosFailed || (detail && photo === undefined) ? t('panel.findingTrack.noPicture') : '…'}
          </p>
        )}
        {handle && region && photo && (
          <RegionOutline handle={handle} region={region} colour={SEVERITY_COLOURS[entry.severity]} />
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">{t('panel.findingTrack.severity')}</dt>
        <dd data-testid="track-severity">{t(FINDING_NAME_KEYS.severity(entry.severity))}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('panel.findingViewer.sizeLabel')}</dt>
        <dd data-testid="track-size">{size}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('panel.findingViewer.field.status')}</dt>
        <dd>{t(FINDING_NAME_KEYS.status(entry.status))}</dd>
      </dl>
      {detail?.growth.since_previous && (
        <GrowthLine
          as="p"
          className="text-sm text-slate-700 dark:text-slate-300"
          growth={detail.growth.since_previous}
          to={entry.severity}
          testId="track-column-growth"
        />
      )}
      <Link
        to="/turbine/$turbineId/findings/$findingId"
        params={{ turbineId, findingId: entry.id }}
        className="w-fit text-sm font-medium text-brand-700 underline hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-100"
      >
        {t('panel.findingTrack.openPhoto')}
      </Link>
    </section>
  );
}

/**
 * The years of a track side by side, oldest first, each a viewer zoomed to that year's region. "Move the views
 * together" pans and zooms the flat photos with the one the user moves, each around where it stood.
 */
export function TrackColumns({
  turbineId,
  currentId,
  history,
  details,
  photos,
  photosFailed,
}: {
  turbineId: number;
  currentId: number;
  history: readonly FindingTrackEntry[];
  details: readonly (FindingDetail | undefined)[];
  photos: readonly MediaItem[] | undefined;
  photosFailed: boolean;
}) {
  const { t } = useI18n();
  const [handles, setHandles] = useState<ReadonlyMap<number, ViewerHandle>>(new Map());
  const [locked, setLocked] = useState(false);
  const views = [...handles.values()].flatMap((handle) => (handle.view ? [handle.view] : []));
  const lockable = views.length >= 2;
  useEffect(() => {
    if (!locked || views.length < 2) return;
    return lockAnchoredViews(views.map((view) => ({ view, anchor: view.get() })));
    // The views are the handles' (a new handle is a new set); a new array each render is not a change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locked, handles]);
  const setHandle = (id: number) => (handle: ViewerHandle | null) =>
    setHandles((current) => {
      if ((current.get(id) ?? null) === handle) return current;
      const next = new Map(current);
      if (handle) next.set(id, handle);
      else next.delete(id);
      return next;
    });
  const wide = history.length <= SIDE_BY_SIDE;
  return (
    <div className="card p-5">
      {history.length > 1 && (
        <label className="mb-3 flex w-fit cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={locked && lockable}
            disabled={!lockable}
            onChange={(event) => setLocked(event.target.checked)}
            data-testid="track-lock"
          />
          {t('panel.findingTrack.lock')}
        </label>
      )}
      <div
        className="flex gap-4 overflow-x-auto pb-2"
        data-testid="track-columns"
        // Scrolled sideways by keyboard too, when the years do not fit.
        tabIndex={wide ? undefined : 0}
      >
        {history.map((entry, index) => {
          const detail = details[index];
          return (
            <TrackColumn
              key={entry.id}
              turbineId={turbineId}
              entry={entry}
              detail={detail}
              photo={detail ? photos?.find((photo) => photo.id === detail.media_id) : undefined}
              photosFailed={photosFailed}
              current={entry.id === currentId}
              wide={wide}
              onHandle={setHandle(entry.id)}
            />
          );
        })}
      </div>
    </div>
  );
}
