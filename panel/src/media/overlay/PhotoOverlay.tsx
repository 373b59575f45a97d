import { type FindingTarget } from '@kanat360/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { type PointerEvent as ReactPointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { isTypingTarget } from '@/components/typing-target';
import { useLatest } from '@/components/use-latest';
import { panoramaTarget } from '@/findings/viewer/findings-layer';
import { findingAt, shapeOf } from '@/findings/viewer/overlay-shapes';
import { usePhotoFindings } from '@/findings/viewer/use-photo-findings';
import { useI18n } from '@/i18n/language';
import { DRAWING, type Shape } from '@/viewers/drawing/shapes';
import { type PicturePoint, type Projection } from '@/viewers/viewer-handle';
import {
  findingsPanelOpenAtom,
  regionDraftAtom,
  type ToolInHand,
  toolInHandAtom,
  useUnsavedDrawing,
  useViewerSession,
} from '../viewer-session';
import { followView } from './overlay-canvas';
import { type OverlayScene, paintOverlay } from './overlay-paint';
import { clickCorner, type RegionGesture, regionTarget } from './region-gesture';

/** A press that moves less than this (CSS pixels) before it is let go is a click, not a pan. */
const CLICK_SLOP_PX = 4;

interface Pointed {
  screen: { x: number; y: number };
  point: PicturePoint;
}

/**
 * The one layer over a photo (flat or panorama): a canvas that follows every pan and zoom and paints the photo's
 * findings by severity (a thousand regions stay at 30 fps: bench:overlays), the new finding's region, and the drawing
 * not saved yet; and the tools that make them — with a drawing tool in hand a stroke, a circle, a box or a text; with
 * a region tool a box dragged, a polygon's corners clicked (a double click, or a click on the first corner, ends
 * it), a point on a panorama. With no tool in hand the picture moves as usual and a click opens the finding under
 * it (the smallest one there). `tool` is the tool that applies to this picture now.
 */
export default function PhotoOverlay({
  projection,
  tool,
  drawingShown,
}: {
  projection: Projection;
  tool: ToolInHand | null;
  /** False while a former version is on screen: the drawing belongs to the current one. */
  drawingShown: boolean;
}) {
  const { t } = useI18n();
  const { item, findings: focus } = useViewerSession();
  const { data: findings } = usePhotoFindings();
  const drawing = useUnsavedDrawing();
  const draft = useAtomValue(regionDraftAtom);
  const setDraft = useSetAtom(regionDraftAtom);
  const setTool = useSetAtom(toolInHandAtom);
  const openFindingsPanel = useSetAtom(findingsPanelOpenAtom);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [shapeInProgress, setShapeInProgress] = useState<Shape | null>(null);
  const [region, setRegion] = useState<RegionGesture | null>(null);
  const [cursor, setCursor] = useState<PicturePoint | null>(null);
  const [textAt, setTextAt] = useState<Pointed | null>(null);
  const [text, setText] = useState('');

  // Another tool (or none): what was half drawn with the last one goes with it.
  const [gestureTool, setGestureTool] = useState(tool);
  if (gestureTool !== tool) {
    setGestureTool(tool);
    setShapeInProgress(null);
    setRegion(null);
    setCursor(null);
  }

  const plane = projection.surface === 'plane';
  const findingShapes = useMemo(
    () =>
      plane ? (findings ?? []).flatMap((finding) => shapeOf(finding.id, finding.severity, finding.target) ?? []) : [],
    [plane, findings],
  );
  const draftTarget = draft?.mediaId === item.id ? draft.target : null;
  const draftShape = useMemo(() => draftTarget && shapeOf(-1, 1, draftTarget), [draftTarget]);
  const scene: OverlayScene = {
    findings: findingShapes,
    selectedId: focus?.id ?? null,
    draft: draftShape,
    region,
    shapes: drawingShown ? drawing.shapes : [],
    shapeInProgress,
  };
  const regionDrawn = (target: FindingTarget | null) => {
    setRegion(null);
    if (!target) return;
    setDraft({ mediaId: item.id, target });
    setTool(null);
    openFindingsPanel(true);
  };
  const picture = { width: item.width ?? 0, height: item.height ?? 0 };

  const onViewerClick = (point: PicturePoint) => {
    if (tool?.kind === 'region' && tool.tool === 'point') regionDrawn(panoramaTarget(point.x, point.y));
    else if (!tool && focus) {
      const id = findingAt(findingShapes, point.x, point.y);
      if (id !== null) focus.onChange(id);
    }
  };
  const latest = useLatest({ scene, cursor, onViewerClick });

  // Painted whenever the view moves, the host resizes or the scene changes (at most once a frame).
  const repaint = useRef<() => void>(() => undefined);
  useEffect(() => {
    const view = followView(canvas.current!, projection, (context, area) =>
      paintOverlay(context, latest.current.scene, projection, area, latest.current.cursor),
    );
    repaint.current = view.repaint;
    return () => {
      view.stop();
      repaint.current = () => undefined;
    };
  }, [projection, latest]);
  useEffect(() => repaint.current());

  // With no tool in hand, or a panorama's point tool, the pointer goes to the viewer (the picture still moves); a
  // click there (a press let go where it started) opens the finding under it, or places the point.
  const pointsOnViewer = tool?.kind === 'region' && tool.tool === 'point';
  useEffect(() => {
    const host = canvas.current!.parentElement!;
    let pressed: { id: number; x: number; y: number } | null = null;
    const onDown = (event: PointerEvent) => {
      pressed = event.button === 0 ? { id: event.pointerId, x: event.clientX, y: event.clientY } : null;
    };
    const onUp = (event: PointerEvent) => {
      if (!pressed || pressed.id !== event.pointerId) return;
      if (Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) > CLICK_SLOP_PX) return;
      const bounds = host.getBoundingClientRect();
      const point = projection.fromScreen(event.clientX - bounds.left, event.clientY - bounds.top);
      if (point) latest.current.onViewerClick(point);
    };
    host.addEventListener('pointerdown', onDown, { capture: true });
    host.addEventListener('pointerup', onUp, { capture: true });
    return () => {
      host.removeEventListener('pointerdown', onDown, { capture: true });
      host.removeEventListener('pointerup', onUp, { capture: true });
    };
  }, [projection, latest]);

  // Delete or Backspace takes back the last shape of the drawing (spec §4).
  const undo = drawing.undo;
  const drawingTool = tool?.kind === 'drawing';
  useEffect(() => {
    if (!drawingTool) return;
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || (event.key !== 'Delete' && event.key !== 'Backspace')) return;
      event.preventDefault();
      undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawingTool, undo]);

  // In the host's terms: the canvas reaches beyond it and moves while the picture pans.
  const pointAt = (event: { clientX: number; clientY: number }): Pointed | null => {
    const bounds = canvas.current!.parentElement!.getBoundingClientRect();
    const screen = { x: event.clientX - bounds.left, y: event.clientY - bounds.top };
    const point = projection.fromScreen(screen.x, screen.y);
    return point ? { screen, point } : null;
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const at = tool && event.button === 0 ? pointAt(event) : null;
    if (!tool || !at) return;
    event.preventDefault();
    if (tool.kind === 'region') {
      if (tool.tool !== 'rectangle') return;
      event.currentTarget.setPointerCapture(event.pointerId);
      setRegion({ kind: 'box', from: at.point, to: at.point });
      return;
    }
    if (tool.tool === 'text') {
      setTextAt(at);
      setText('');
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    const width = DRAWING.stroke * projection.unitsPerPixel();
    if (tool.tool === 'pen') setShapeInProgress({ kind: 'pen', points: [at.point], width });
    else if (tool.tool === 'rectangle') setShapeInProgress({ kind: 'rectangle', from: at.point, to: at.point, width });
    else setShapeInProgress({ kind: 'circle', center: at.point, edge: at.point, width });
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!tool) return;
    const at = pointAt(event);
    if (!at) return;
    if (region?.kind === 'box') setRegion({ ...region, to: at.point });
    else if (tool.kind === 'region' && tool.tool === 'polygon') setCursor(at.point);
    else if (shapeInProgress?.kind === 'pen')
      setShapeInProgress({ ...shapeInProgress, points: [...shapeInProgress.points, at.point] });
    else if (shapeInProgress?.kind === 'rectangle') setShapeInProgress({ ...shapeInProgress, to: at.point });
    else if (shapeInProgress?.kind === 'circle') setShapeInProgress({ ...shapeInProgress, edge: at.point });
  };

  const onPointerUp = () => {
    if (shapeInProgress) drawing.add(shapeInProgress);
    setShapeInProgress(null);
    if (region?.kind === 'box') regionDrawn(regionTarget(region, picture));
  };

  const onClick = (event: React.MouseEvent<HTMLCanvasElement>) => {
    const at = tool?.kind === 'region' && tool.tool === 'polygon' ? pointAt(event) : null;
    if (!at) return;
    const placed = clickCorner(region?.kind === 'polygon' ? region.corners : [], at, projection.toScreen);
    if (placed.closed) regionDrawn(regionTarget({ kind: 'polygon', corners: placed.corners }, picture));
    else setRegion({ kind: 'polygon', corners: placed.corners });
  };

  const onDoubleClick = () => {
    if (region?.kind === 'polygon' && region.corners.length >= 3) regionDrawn(regionTarget(region, picture));
  };

  const commitText = () => {
    const value = text.trim();
    if (textAt && value) {
      drawing.add({ kind: 'text', at: textAt.point, text: value, size: DRAWING.textSize * projection.unitsPerPixel() });
    }
    setTextAt(null);
    setText('');
  };

  return (
    <>
      <canvas
        ref={canvas}
        className={`absolute ${tool && !pointsOnViewer ? 'cursor-crosshair touch-none' : 'pointer-events-none'}`}
        data-testid="drawing-layer"
        data-shapes={scene.shapes.length}
        data-findings={findingShapes.length}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          setShapeInProgress(null);
          if (region?.kind === 'box') setRegion(null);
        }}
        onClick={onClick}
        onDoubleClick={onDoubleClick}
      />
      {textAt && (
        <input
          // The text tool asks for its words where the user clicked.
          autoFocus
          aria-label={t('panel.drawing.textLabel')}
          placeholder={t('panel.drawing.textPlaceholder')}
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          onBlur={commitText}
          onKeyDown={(event) => {
            event.stopPropagation();
            if (event.key === 'Enter') commitText();
            else if (event.key === 'Escape') {
              setTextAt(null);
              setText('');
            }
          }}
          className="absolute z-10 w-56 rounded border border-red-400 bg-white/95 px-2 py-1 text-sm text-slate-900 shadow"
          style={{ left: textAt.screen.x, top: textAt.screen.y }}
          data-testid="drawing-text-input"
        />
      )}
    </>
  );
}
