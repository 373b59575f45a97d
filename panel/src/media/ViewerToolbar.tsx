import { type MediaItem } from '@kanat360/contracts';
import { useAtom, useSetAtom } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import { StrokeIcon } from '@/components/StrokeIcon';
import { useFindingsShown, usePhotoFindings } from '@/findings/viewer/use-photo-findings';
import { useI18n } from '@/i18n/language';
import { DRAWING_TOOLS, type DrawingTool } from '@/viewers/drawing/shapes';
import { type ViewerHandle } from '@/viewers/viewer-handle';
import { useSaveDrawing } from './use-save-drawing';
import { VersionsMenu } from './VersionsMenu';
import {
  findingsPanelOpenAtom,
  toolInHandAtom,
  useFindingsPanelOpen,
  useUnsavedDrawing,
  useViewerSession,
} from './viewer-session';

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

/** The zoom buttons look disabled at the ends of the zoom (spec §9: 0.5× to 5×). */
function useZoomLimits(handle: ViewerHandle | null) {
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
  return limits;
}

const SEPARATOR = <span className="mx-1 h-6 w-px bg-slate-600" aria-hidden="true" />;

/** Pen, circle, rectangle, text; then undo, clear and save while drawing or while a drawing waits to be saved. */
function DrawingTools() {
  const { t } = useI18n();
  const [inHand, setInHand] = useAtom(toolInHandAtom);
  const drawing = useUnsavedDrawing();
  const { save, saving } = useSaveDrawing();
  const chosen = inHand?.kind === 'drawing' ? inHand.tool : null;
  return (
    <>
      {SEPARATOR}
      {DRAWING_TOOLS.map((name) => (
        <ToolButton
          key={name}
          label={t(`panel.drawing.tool.${name}`)}
          pressed={chosen === name}
          onClick={() => setInHand(chosen === name ? null : { kind: 'drawing', tool: name })}
          testId={`drawing-tool-${name}`}
        >
          {TOOL_ICONS[name]}
        </ToolButton>
      ))}
      {(chosen || drawing.shapes.length > 0) && (
        <>
          <ToolButton label={t('panel.drawing.undo')} onClick={drawing.undo} disabled={drawing.shapes.length === 0}>
            <path d="M9 15 3 9m0 0 6-6M3 9h12a6 6 0 0 1 0 12h-3" />
          </ToolButton>
          <ToolButton label={t('panel.drawing.clear')} onClick={drawing.clear} disabled={drawing.shapes.length === 0}>
            <path d="M6 18 18 6M6 6l12 12" />
          </ToolButton>
          <button
            type="button"
            className="ml-1 h-9 cursor-pointer rounded-lg bg-red-600 px-3 text-sm font-semibold whitespace-nowrap text-white hover:bg-red-500 disabled:opacity-50"
            onClick={() => void save()}
            disabled={saving}
            data-testid="drawing-save"
          >
            {saving ? t('panel.drawing.saving') : t('panel.drawing.save')}
          </button>
        </>
      )}
    </>
  );
}

/**
 * The tools under a picture: zoom (0.5× to 5×, step 1.5, spec §9); for those who may edit a ready photo, drawing
 * (spec §4); the findings panel when it is folded; the versions menu. `drawable`: the drawing tools apply to what is
 * on screen.
 */
export function ViewerToolbar({
  handle,
  drawable,
  viewing,
  onViewVersion,
}: {
  handle: ViewerHandle | null;
  drawable: boolean;
  viewing: MediaItem | null;
  onViewVersion: (versionId: number | null) => void;
}) {
  const { t } = useI18n();
  const { item } = useViewerSession();
  const limits = useZoomLimits(handle);
  const findingsShown = useFindingsShown();
  const panelOpen = useFindingsPanelOpen();
  const openPanel = useSetAtom(findingsPanelOpenAtom);
  const { data: findings } = usePhotoFindings();
  if (!handle && item.kind !== 'photo') return null;
  return (
    <div
      role="toolbar"
      aria-label={t('panel.viewer.toolbar')}
      // Centred between both edges (not from the middle), so it wraps only when the whole picture is too narrow.
      className="absolute inset-x-2 bottom-3 mx-auto flex w-fit flex-wrap items-center justify-center gap-1 rounded-xl bg-slate-900/85 p-1 shadow-lg backdrop-blur"
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
      {drawable && handle && <DrawingTools />}
      {findingsShown && !panelOpen && (
        <>
          {SEPARATOR}
          <button
            type="button"
            className="flex h-9 cursor-pointer items-center gap-1 rounded-lg px-2 text-sm whitespace-nowrap text-slate-100 hover:bg-slate-700"
            onClick={() => openPanel(true)}
            data-testid="findings-show"
          >
            {t('panel.findingViewer.show', { n: findings?.length ?? 0 })}
          </button>
        </>
      )}
      {item.kind === 'photo' && (
        <>
          {SEPARATOR}
          <VersionsMenu viewing={viewing} onView={onViewVersion} />
        </>
      )}
    </div>
  );
}
