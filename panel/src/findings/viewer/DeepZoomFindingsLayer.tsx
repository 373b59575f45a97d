import '@annotorious/openseadragon/annotorious-openseadragon.css';
import {
  createOSDAnnotator,
  type ImageAnnotation,
  type OpenSeadragonAnnotator,
  UserSelectAction,
  W3CImageFormat,
  type W3CImageAnnotation,
} from '@annotorious/openseadragon';
import { type FindingTarget, polygonPoints, SEVERITY_COLOURS, targetBox } from '@kanat360/contracts';
import OpenSeadragon from 'openseadragon';
import { useEffect, useRef } from 'react';
import { type FindingsLayerProps, polygonTarget, rectangleTarget } from './findings-layer';
import { findingAt, type OverlayShape, shapeOf } from './overlay-shapes';

/** Annotorious wants a source per annotation; it only ever holds the shape being drawn here. */
const SOURCE = 'picture';
const DRAFT_COLOUR = '#ffffff';

/** The region a user drew, as a finding's target in the original's pixels (clamped to it). */
function targetOf(annotation: W3CImageAnnotation, picture: { width: number; height: number }): FindingTarget | null {
  const target = Array.isArray(annotation.target) ? annotation.target[0] : annotation.target;
  if (!target || typeof target === 'string') return null;
  const selector = Array.isArray(target.selector) ? target.selector[0] : target.selector;
  if (!selector) return null;
  if (selector.type === 'FragmentSelector') {
    const box = targetBox({
      selector: { type: 'FragmentSelector', conformsTo: selector.conformsTo, value: selector.value },
    });
    return box && rectangleTarget(box, picture);
  }
  if (selector.type === 'SvgSelector') {
    const points = polygonPoints(selector.value.replace(/\s*xmlns="[^"]*"/, ''));
    return points && polygonTarget(points, picture);
  }
  return null;
}

/** Image pixels → canvas pixels for the view of this frame: a scale and an offset (the viewer never rotates). */
interface Mapping {
  x0: number;
  y0: number;
  scale: number;
  width: number;
  height: number;
}

function mappingOf(viewer: OpenSeadragon.Viewer, pixelRatio: number, width: number, height: number): Mapping {
  const origin = viewer.viewport.imageToViewerElementCoordinates(new OpenSeadragon.Point(0, 0));
  const unit = viewer.viewport.imageToViewerElementCoordinates(new OpenSeadragon.Point(1000, 0));
  return {
    x0: origin.x * pixelRatio,
    y0: origin.y * pixelRatio,
    scale: ((unit.x - origin.x) / 1000) * pixelRatio,
    width,
    height,
  };
}

/** Adds a shape's outline to the current path; false (and nothing added) when it is wholly out of sight. */
function trace(context: CanvasRenderingContext2D, shape: OverlayShape, { x0, y0, scale, width, height }: Mapping) {
  const [left, top, right, bottom] = shape.bounds;
  if (x0 + right * scale < 0 || x0 + left * scale > width || y0 + bottom * scale < 0 || y0 + top * scale > height) {
    return false;
  }
  const [first, ...rest] = shape.points;
  context.moveTo(x0 + first![0] * scale, y0 + first![1] * scale);
  for (const [x, y] of rest) context.lineTo(x0 + x * scale, y0 + y * scale);
  context.closePath();
  return true;
}

/**
 * Findings on a deep-zoom photo. Each finding's box or polygon is drawn in its severity's colour (the open one
 * stronger, the region being written in white) on one 2D canvas over the picture, redrawn whenever the view moves:
 * one path per severity, so a thousand regions pan and zoom with the picture even where WebGL runs on the CPU
 * (Annotorious' own WebGL layer managed half a frame a second with 1,000 regions there: bench:overlays). A click
 * opens the smallest region under it. Annotorious draws the new regions: with a tool in hand the user drags a box or
 * clicks a polygon's corners (a double click, or a click on the first corner, ends it).
 */
export default function DeepZoomFindingsLayer({
  viewer,
  picture,
  findings,
  selectedId,
  onSelect,
  drawTool,
  onDrawn,
  draft,
}: FindingsLayerProps & { viewer: OpenSeadragon.Viewer; picture: { width: number; height: number } }) {
  const annotator = useRef<OpenSeadragonAnnotator<ImageAnnotation, W3CImageAnnotation> | null>(null);
  const shapes = useRef<OverlayShape[]>([]);
  const latest = useRef({ onSelect, onDrawn, picture, drawTool, selectedId, draft });
  latest.current = { onSelect, onDrawn, picture, drawTool, selectedId, draft };
  const redraw = useRef<() => void>(() => undefined);

  // The overlay canvas: inside OpenSeadragon's canvas element (under Annotorious' drawing layer), deaf to the mouse.
  useEffect(() => {
    const element = document.createElement('canvas');
    element.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;pointer-events:none';
    element.dataset.testid = 'findings-overlay';
    viewer.canvas.append(element);
    let frame = 0;
    const draw = () => {
      frame = 0;
      const context = element.getContext('2d');
      if (!context) return;
      const scale = window.devicePixelRatio || 1;
      const width = Math.round(viewer.canvas.clientWidth * scale);
      const height = Math.round(viewer.canvas.clientHeight * scale);
      if (element.width !== width || element.height !== height) {
        element.width = width;
        element.height = height;
      } else {
        context.clearRect(0, 0, width, height);
      }
      const { selectedId: open, draft: drafted } = latest.current;
      const mapping = mappingOf(viewer, scale, width, height);
      context.lineJoin = 'round';
      // One path per severity: a thousand regions are five fills and five strokes.
      for (const severity of [1, 2, 3, 4, 5] as const) {
        context.beginPath();
        let any = false;
        for (const shape of shapes.current) {
          if (shape.severity !== severity || shape.id === open) continue;
          if (trace(context, shape, mapping)) any = true;
        }
        if (!any) continue;
        context.fillStyle = SEVERITY_COLOURS[severity];
        context.globalAlpha = 0.12;
        context.fill();
        context.globalAlpha = 1;
        context.strokeStyle = SEVERITY_COLOURS[severity];
        context.lineWidth = 2 * scale;
        context.stroke();
      }
      const highlighted: { shape: OverlayShape; colour: string }[] = [];
      const openShape = shapes.current.find((shape) => shape.id === open);
      if (openShape) highlighted.push({ shape: openShape, colour: SEVERITY_COLOURS[openShape.severity] });
      const draftShape = drafted && shapeOf(-1, 1, drafted);
      if (draftShape) highlighted.push({ shape: draftShape, colour: DRAFT_COLOUR });
      for (const { shape, colour } of highlighted) {
        context.beginPath();
        trace(context, shape, mapping);
        context.fillStyle = colour;
        context.globalAlpha = 0.3;
        context.fill();
        context.globalAlpha = 1;
        context.strokeStyle = colour;
        context.lineWidth = 4 * scale;
        context.stroke();
      }
    };
    // At most one drawing per animation frame, however many times the view reports a move in it.
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(draw);
    };
    redraw.current = schedule;
    viewer.addHandler('update-viewport', schedule);
    viewer.addHandler('resize', schedule);
    const onClick = (event: OpenSeadragon.CanvasClickEvent) => {
      if (!event.quick || latest.current.drawTool) return;
      const point = viewer.viewport.viewerElementToImageCoordinates(event.position);
      const id = findingAt(shapes.current, point.x, point.y);
      if (id !== null) latest.current.onSelect(id);
    };
    viewer.addHandler('canvas-click', onClick);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      viewer.removeHandler('update-viewport', schedule);
      viewer.removeHandler('resize', schedule);
      viewer.removeHandler('canvas-click', onClick);
      element.remove();
      redraw.current = () => undefined;
    };
  }, [viewer]);

  useEffect(() => {
    shapes.current = findings.flatMap((finding) => shapeOf(finding.id, finding.severity, finding.target) ?? []);
    redraw.current();
  }, [findings, selectedId, draft]);

  // Annotorious draws new regions only; what it drew becomes the draft the form shows (and this layer draws).
  useEffect(() => {
    const anno = createOSDAnnotator<ImageAnnotation, W3CImageAnnotation>(viewer, {
      adapter: W3CImageFormat(SOURCE),
      drawingEnabled: false,
      drawingMode: 'drag',
      userSelectAction: UserSelectAction.NONE,
      style: { stroke: DRAFT_COLOUR, strokeWidth: 3, fill: DRAFT_COLOUR, fillOpacity: 0.15 },
    });
    anno.on('createAnnotation', (annotation) => {
      anno.removeAnnotation(annotation.id);
      const target = targetOf(annotation, latest.current.picture);
      if (target) latest.current.onDrawn(target);
    });
    annotator.current = anno;
    return () => {
      annotator.current = null;
      anno.destroy();
    };
  }, [viewer]);

  useEffect(() => {
    const anno = annotator.current;
    if (!anno) return;
    if (drawTool === 'rectangle' || drawTool === 'polygon') {
      anno.setDrawingTool(drawTool);
      // A box is dragged; a polygon's corners are clicked (in drag mode a click without a drag starts nothing).
      anno.setDrawingMode(drawTool === 'rectangle' ? 'drag' : 'click');
      anno.setDrawingEnabled(true);
    } else {
      anno.cancelDrawing();
      anno.setDrawingEnabled(false);
    }
  }, [drawTool]);

  return null;
}
