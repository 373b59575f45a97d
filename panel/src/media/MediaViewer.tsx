import { type FindingTarget, type MediaItem } from '@kanat360/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { atom, useAtom } from 'jotai';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { turbineFindingsQueryOptions } from '@/api/findings';
import {
  isProcessing,
  photosByIdQueryOptions,
  photoVersionsQueryOptions,
  refreshAfterMediaChange,
  saveEditedPhoto,
  useRestoreOriginal,
} from '@/api/media';
import { StrokeIcon } from '@/components/StrokeIcon';
import { isTypingTarget } from '@/components/typing-target';
import { findingRegion } from '@/findings/finding-region';
import { type FindingDrawTool } from '@/findings/viewer/findings-layer';
import { FindingsPanel, findingSummary } from '@/findings/viewer/FindingsPanel';
import { formatDate } from '@/i18n/format-date';
import { useI18n } from '@/i18n/language';
import { useCan } from '@/session/use-session';
import { useToast } from '@/toast/toast-store';
import { burnIn } from '@/viewers/drawing/burn-in';
import { DrawingLayer } from '@/viewers/drawing/DrawingLayer';
import { DRAWING_TOOLS, type DrawingTool, type Shape } from '@/viewers/drawing/shapes';
import { type ViewerHandle } from '@/viewers/viewer-handle';
import { MediaInfo } from './MediaInfoPanel';
import { MediaStage } from './MediaStage';

/** The drawing tool in hand, or null when drawing mode is off (spec §4); kept when the photo changes. */
export const drawingToolAtom = atom<DrawingTool | null>(null);

const TOOL_ICONS: Record<DrawingTool, ReactNode> = {
  pen: (
    <path d="m16.86 4.49 1.69-1.69a1.88 1.88 0 1 1 2.65 2.65L6.83 19.82a4.5 4.5 0 0 1-1.9 1.13L2.25 21.75l.8-2.68a4.5 4.5 0 0 1 1.13-1.9z" />
  ),
  circle: <circle cx="12" cy="12" r="8.25" />,
  rectangle: <rect x="3.75" y="5.25" width="16.5" height="13.5" rx="1" />,
  text: <path d="M5.25 6V4.5h13.5V6M12 4.5v15m-3 0h6" />,
};

function ToolButton({
  label,
  pressed,
  onClick,
  disabled,
  children,
  testId,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={`flex size-9 cursor-pointer items-center justify-center rounded-lg text-slate-100 hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-40 ${pressed ? 'bg-red-600/80 hover:bg-red-600' : ''}`}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      <StrokeIcon className="size-5">{children}</StrokeIcon>
    </button>
  );
}

/** The photo's versions (the original first), one to look at, and the original to restore (spec §7, DESIGN). */
function VersionsMenu({
  turbineId,
  item,
  viewing,
  onView,
  onRestored,
}: {
  turbineId: number;
  item: MediaItem;
  viewing: MediaItem | null;
  onView: (version: MediaItem | null) => void;
  onRestored: (item: MediaItem) => void;
}) {
  const { t, language } = useI18n();
  const canEdit = useCan('media.edit');
  const [open, setOpen] = useState(false);
  const versions = useQuery({ ...photoVersionsQueryOptions(turbineId, item.key), enabled: open });
  const menu = useRef<HTMLDivElement>(null);
  // Spec §2: Escape or a click outside closes a dropdown (and Escape does nothing else then).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  const restore = useRestoreOriginal(turbineId, (restored) => {
    setOpen(false);
    onView(null);
    onRestored(restored);
  });
  return (
    <div className="relative" ref={menu}>
      <button
        type="button"
        className="flex h-9 cursor-pointer items-center gap-1 rounded-lg px-2 text-sm text-slate-100 hover:bg-slate-700"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="versions-button"
      >
        <StrokeIcon className="size-5">
          <path d="M12 6v6h4.5m4.5 0a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" />
        </StrokeIcon>
        {t('panel.versions.button')}
      </button>
      {open && (
        <div
          className="absolute right-0 bottom-11 z-20 w-80 rounded-xl bg-white p-3 text-sm text-slate-900 shadow-xl dark:bg-slate-800 dark:text-slate-100"
          data-testid="versions-menu"
        >
          <p className="mb-2 font-semibold">{t('panel.versions.title')}</p>
          {versions.isPending && <p className="text-slate-500">{t('common.loading')}</p>}
          {versions.isError && <p className="text-red-600">{t('panel.versions.loadFailed')}</p>}
          <ul className="flex max-h-60 flex-col gap-1 overflow-y-auto">
            {versions.data?.map((version) => {
              const shown = (viewing ?? item).id === version.id;
              return (
                <li key={version.id} className="flex items-center gap-1">
                  <button
                    type="button"
                    className={`min-w-0 flex-1 cursor-pointer rounded-lg px-2 py-1.5 text-left hover:bg-slate-100 dark:hover:bg-slate-700 ${shown ? 'bg-slate-100 dark:bg-slate-700' : ''}`}
                    aria-current={shown ? 'true' : undefined}
                    onClick={() => onView(version.id === item.id ? null : version)}
                  >
                    <span className="font-medium">
                      {version.is_edited
                        ? t('panel.versions.edited', { n: version.version })
                        : t('panel.versions.original')}
                    </span>
                    {version.id === item.id && (
                      <span className="ml-2 rounded bg-brand-100 px-1.5 text-xs text-brand-800">
                        {t('panel.versions.current')}
                      </span>
                    )}
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      {formatDate(version.upload_date, language, { dateStyle: 'medium', timeStyle: 'short' })}
                      {version.uploader_name ? ` · ${version.uploader_name}` : ''}
                    </span>
                  </button>
                  <a
                    href={version.download_url}
                    download
                    className="btn-icon shrink-0"
                    aria-label={t('panel.versions.download', {
                      version: version.is_edited
                        ? t('panel.versions.edited', { n: version.version })
                        : t('panel.versions.original'),
                    })}
                    title={t('panel.versions.downloadShort')}
                  >
                    <StrokeIcon className="size-4">
                      <path d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5M16.5 12 12 16.5m0 0L7.5 12m4.5 4.5V3" />
                    </StrokeIcon>
                  </a>
                </li>
              );
            })}
          </ul>
          {canEdit && item.is_edited && (
            <button
              type="button"
              className="btn-secondary mt-3 w-full"
              disabled={restore.isPending}
              onClick={() => restore.mutate(item)}
              data-testid="restore-original"
            >
              {t('panel.versions.restore')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** The finding open on the photo (the page keeps it in its URL), and how to open another or none. */
export interface FindingsFocus {
  id: number | null;
  onChange: (id: number | null) => void;
}

/**
 * A media item in its viewer with the tools around it: zoom (0.5× to 5×, step 1.5, spec §9), drawing mode (pen,
 * circle, rectangle, text; undo with Delete or Backspace; clear; save as a new version), and the versions menu.
 * Drawing and restoring need `media.edit`. `onItemChange` hears of a new current version (saved or restored).
 * With `findings`, the photo's findings are drawn over it and listed beside it, and new ones can be marked.
 */
export function MediaViewer({
  turbineId,
  item,
  onItemChange,
  findings,
}: {
  turbineId: number;
  item: MediaItem;
  onItemChange: (item: MediaItem) => void;
  findings?: FindingsFocus;
}) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const canEdit = useCan('media.edit');
  const [handle, setHandle] = useState<ViewerHandle | null>(null);
  const [tool, setTool] = useAtom(drawingToolAtom);
  // Each photo keeps its own unsaved drawing while the user moves between photos.
  const [drawings, setDrawings] = useState<ReadonlyMap<number, Shape[]>>(new Map());
  const [viewing, setViewing] = useState<MediaItem | null>(null);
  const [saving, setSaving] = useState(false);
  const shapes = drawings.get(item.id) ?? [];
  const setShapesOf = (itemId: number, change: (current: Shape[]) => Shape[]) =>
    setDrawings((current) => new Map(current).set(itemId, change(current.get(itemId) ?? [])));
  const setShapes = (next: Shape[]) => setShapesOf(item.id, () => next);

  // Findings: those of the photo on screen (every version of it), the region being drawn for a new one.
  const findingsShown = findings !== undefined && item.kind !== 'video';
  const findingList = useQuery({
    ...turbineFindingsQueryOptions(turbineId, { media_id: item.id }),
    enabled: findingsShown,
  });
  const [findingsOpen, setFindingsOpen] = useState(true);
  const [findingTool, setFindingTool] = useState<FindingDrawTool | null>(null);
  const [draft, setDraft] = useState<FindingTarget | null>(null);
  const selectedFinding = findings?.id ?? null;
  const onSelectFinding = findings?.onChange;

  // Another photo: its own drawing, its current version, no region half drawn.
  const [shownId, setShownId] = useState(item.id);
  if (shownId !== item.id) {
    setShownId(item.id);
    setViewing(null);
    setDraft(null);
    setFindingTool(null);
  }

  // The open finding is brought into view once its photo is open (from the URL, the list or a click).
  const focused = useRef<{ handle: ViewerHandle; id: number } | null>(null);
  const openFinding = findingList.data?.find((finding) => finding.id === selectedFinding);
  useEffect(() => {
    if (!handle || !openFinding) return;
    if (focused.current?.handle === handle && focused.current.id === openFinding.id) return;
    focused.current = { handle, id: openFinding.id };
    const region = findingRegion(openFinding.target);
    if (region) handle.focus(region);
  }, [handle, openFinding]);

  // Escape puts the finding tool down (a region half drawn goes with it), before anything else it would do.
  useEffect(() => {
    if (!findingTool) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || isTypingTarget(event.target)) return;
      event.stopImmediatePropagation();
      setFindingTool(null);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [findingTool]);

  const labels = findingList.data;
  const labelOf = useCallback(
    (id: number) => {
      const finding = labels?.find((candidate) => candidate.id === id);
      return finding ? findingSummary(finding, t, locale) : '';
    },
    [labels, t, locale],
  );

  // A version just saved is processed by the server; follow it until its tiles are there.
  const followed = useQuery(photosByIdQueryOptions(turbineId, isProcessing(item) ? [item.id] : []));
  const fresh = followed.data?.find((candidate) => candidate.id === item.id);
  useEffect(() => {
    if (fresh && !isProcessing(fresh) && isProcessing(item)) onItemChange(fresh);
  }, [fresh, item, onItemChange]);

  // The zoom buttons look disabled at the ends of the zoom (spec §9: 0.5× to 5×).
  const [limits, setLimits] = useState({ atMin: false, atMax: false });
  useEffect(() => {
    if (!handle) return;
    const update = () =>
      setLimits((current) => {
        const next = handle.zoomLimits();
        return current.atMin === next.atMin && current.atMax === next.atMax ? current : next;
      });
    update();
    return handle.projection.subscribe(update);
  }, [handle]);

  const drawable = canEdit && item.kind === 'photo' && item.status === 'ready' && !viewing;
  const activeTool = drawable && !findingTool ? tool : null;
  const findingsDrawable = item.kind === 'photo' && item.status === 'ready' && !viewing;
  useEffect(() => {
    handle?.setNavigation(activeTool === null);
  }, [handle, activeTool]);

  const itemId = item.id;
  useEffect(() => {
    if (!activeTool) return;
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target)) return;
      if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        setDrawings((current) => new Map(current).set(itemId, (current.get(itemId) ?? []).slice(0, -1)));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [activeTool, itemId]);

  const save = async () => {
    if (item.kind !== 'photo' || item.status !== 'ready' || viewing) {
      toast.warning(t('panel.drawing.noActivePhoto'));
      return;
    }
    if (shapes.length === 0) {
      toast.warning(t('panel.drawing.nothingToSave'));
      return;
    }
    setSaving(true);
    try {
      const response = await fetch(item.url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`original: ${response.status}`);
      const jpeg = await burnIn(await response.blob(), shapes, item.is_panorama);
      const answer = await saveEditedPhoto(turbineId, item, jpeg);
      toast.success(answer.message ?? t('api.photoSaved'));
      setShapesOf(item.id, () => []);
      setTool(null);
      onItemChange(answer.data);
      void refreshAfterMediaChange(queryClient, turbineId);
    } catch {
      toast.error(t('panel.drawing.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const shown = viewing ?? item;
  return (
    <div className="flex size-full min-h-0" data-testid="media-viewer">
      <div className="relative flex min-w-0 flex-1 items-center justify-center">
        <MediaStage
          item={shown}
          onHandle={setHandle}
          findings={
            findingsShown
              ? {
                  findings: findingList.data ?? [],
                  selectedId: selectedFinding,
                  onSelect: (id) => onSelectFinding?.(id),
                  drawTool: findingsDrawable ? findingTool : null,
                  onDrawn: (target) => {
                    setDraft(target);
                    setFindingTool(null);
                    setFindingsOpen(true);
                  },
                  draft,
                  labelOf,
                }
              : undefined
          }
        />
        <MediaInfo item={shown} />
        {handle && (
          <DrawingLayer
            projection={handle.projection}
            tool={activeTool}
            shapes={viewing ? [] : shapes}
            onAdd={(shape) => setShapes([...shapes, shape])}
          />
        )}
        {viewing && (
          <p
            className="absolute top-3 left-1/2 -translate-x-1/2 rounded-full bg-amber-500/90 px-4 py-1 text-sm font-medium text-slate-950"
            role="status"
            data-testid="viewing-version"
          >
            {viewing.is_edited
              ? t('panel.versions.viewing', { n: viewing.version })
              : t('panel.versions.viewingOriginal')}{' '}
            <button type="button" className="cursor-pointer underline" onClick={() => setViewing(null)}>
              {t('panel.versions.backToCurrent')}
            </button>
          </p>
        )}
        {(handle || item.kind === 'photo') && (
          <div
            role="toolbar"
            aria-label={t('panel.viewer.toolbar')}
            className="absolute bottom-3 left-1/2 flex max-w-[calc(100%-1rem)] -translate-x-1/2 flex-wrap items-center justify-center gap-1 rounded-xl bg-slate-900/85 p-1 shadow-lg backdrop-blur"
            data-testid="viewer-toolbar"
          >
            <ToolButton
              label={t('panel.viewer.zoomOut')}
              onClick={() => handle?.zoomOut()}
              disabled={!handle || limits.atMin}
              testId="viewer-zoom-out"
            >
              <path d="M21 21l-5.2-5.2M15.8 10.5a5.3 5.3 0 1 1-10.6 0 5.3 5.3 0 0 1 10.6 0ZM7.5 10.5h6" />
            </ToolButton>
            <ToolButton
              label={t('panel.viewer.resetZoom')}
              onClick={() => handle?.resetZoom()}
              disabled={!handle}
              testId="viewer-zoom-reset"
            >
              <path d="M3.75 9V5.25A1.5 1.5 0 0 1 5.25 3.75H9m6 0h3.75a1.5 1.5 0 0 1 1.5 1.5V9m0 6v3.75a1.5 1.5 0 0 1-1.5 1.5H15m-6 0H5.25a1.5 1.5 0 0 1-1.5-1.5V15" />
            </ToolButton>
            <ToolButton
              label={t('panel.viewer.zoomIn')}
              onClick={() => handle?.zoomIn()}
              disabled={!handle || limits.atMax}
              testId="viewer-zoom-in"
            >
              <path d="M21 21l-5.2-5.2M15.8 10.5a5.3 5.3 0 1 1-10.6 0 5.3 5.3 0 0 1 10.6 0ZM10.5 7.5v6m3-3h-6" />
            </ToolButton>
            {drawable && handle && (
              <>
                <span className="mx-1 h-6 w-px bg-slate-600" aria-hidden="true" />
                {DRAWING_TOOLS.map((name) => (
                  <ToolButton
                    key={name}
                    label={t(`panel.drawing.tool.${name}`)}
                    pressed={activeTool === name}
                    onClick={() => {
                      setFindingTool(null);
                      setTool(activeTool === name ? null : name);
                    }}
                    testId={`drawing-tool-${name}`}
                  >
                    {TOOL_ICONS[name]}
                  </ToolButton>
                ))}
                {activeTool && (
                  <>
                    <ToolButton
                      label={t('panel.drawing.undo')}
                      onClick={() => setShapes(shapes.slice(0, -1))}
                      disabled={shapes.length === 0}
                    >
                      <path d="M9 15 3 9m0 0 6-6M3 9h12a6 6 0 0 1 0 12h-3" />
                    </ToolButton>
                    <ToolButton
                      label={t('panel.drawing.clear')}
                      onClick={() => setShapes([])}
                      disabled={shapes.length === 0}
                    >
                      <path d="M6 18 18 6M6 6l12 12" />
                    </ToolButton>
                    <button
                      type="button"
                      className="ml-1 h-9 cursor-pointer rounded-lg bg-red-600 px-3 text-sm font-semibold text-white hover:bg-red-500 disabled:opacity-50"
                      onClick={() => void save()}
                      disabled={saving}
                      data-testid="drawing-save"
                    >
                      {saving ? t('panel.drawing.saving') : t('panel.drawing.save')}
                    </button>
                  </>
                )}
              </>
            )}
            {findingsShown && !findingsOpen && (
              <>
                <span className="mx-1 h-6 w-px bg-slate-600" aria-hidden="true" />
                <button
                  type="button"
                  className="flex h-9 cursor-pointer items-center gap-1 rounded-lg px-2 text-sm text-slate-100 hover:bg-slate-700"
                  onClick={() => setFindingsOpen(true)}
                  data-testid="findings-show"
                >
                  {t('panel.findingViewer.show', { n: findingList.data?.length ?? 0 })}
                </button>
              </>
            )}
            {item.kind === 'photo' && (
              <>
                <span className="mx-1 h-6 w-px bg-slate-600" aria-hidden="true" />
                <VersionsMenu
                  turbineId={turbineId}
                  item={item}
                  viewing={viewing}
                  onView={setViewing}
                  onRestored={onItemChange}
                />
              </>
            )}
          </div>
        )}
      </div>
      {findingsShown && findingsOpen && (
        <FindingsPanel
          turbineId={turbineId}
          item={item}
          findings={findingList.data ?? []}
          loading={findingList.isPending}
          failed={findingList.isError}
          selectedId={selectedFinding}
          onSelect={(id) => onSelectFinding?.(id)}
          drawTool={findingTool}
          onDrawTool={(next) => {
            if (next) setTool(null);
            setFindingTool(next);
          }}
          draft={draft}
          onDraftDone={(created) => {
            setDraft(null);
            if (created) onSelectFinding?.(created.id);
          }}
          drawable={findingsDrawable}
          onClose={() => {
            setFindingTool(null);
            setFindingsOpen(false);
          }}
        />
      )}
    </div>
  );
}
