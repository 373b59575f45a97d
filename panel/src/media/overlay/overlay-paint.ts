import { FINDING_SEVERITIES } from '@kanat360/contracts';
import { type OverlayShape } from '@/findings/viewer/overlay-shapes';
import { SEVERITY_COLOURS } from '@kanat360/contracts';
import { DRAWING, paintShapes, type Shape } from '@/viewers/drawing/shapes';
import { type PicturePoint, type Projection } from '@/viewers/viewer-handle';
import { type PaintedArea } from './overlay-canvas';
import { CORNER_SNAP_PX, type RegionGesture } from './region-gesture';

/** The region of the finding being written, and the one being drawn, are white: no severity yet. */
const NEW_REGION_COLOUR = '#ffffff';

/** Everything the overlay shows over the picture at one moment. */
export interface OverlayScene {
  /** The photo's findings' regions (flat photos: a panorama's findings are markers on the sphere). */
  findings: readonly OverlayShape[];
  selectedId: number | null;
  /** The region of the new finding whose form is open. */
  draft: OverlayShape | null;
  region: RegionGesture | null;
  /** The drawing not saved yet, and the shape the pointer is drawing now. */
  shapes: readonly Shape[];
  shapeInProgress: Shape | null;
}

type Context = CanvasRenderingContext2D;

/** Adds a region's outline to the current path; false (and nothing added) when it lies wholly outside the area. */
function trace(context: Context, shape: OverlayShape, projection: Projection, area: PaintedArea) {
  const [left, top, right, bottom] = shape.bounds;
  const from = projection.toScreen({ x: left, y: top });
  const to = projection.toScreen({ x: right, y: bottom });
  if (!from || !to || to.x < area.left || from.x > area.right || to.y < area.top || from.y > area.bottom) return false;
  let first = true;
  for (const [x, y] of shape.points) {
    const at = projection.toScreen({ x, y });
    if (!at) continue;
    if (first) context.moveTo(at.x, at.y);
    else context.lineTo(at.x, at.y);
    first = false;
  }
  context.closePath();
  return true;
}

function fillAndStroke(context: Context, colour: string, fill: number, lineWidth: number) {
  context.fillStyle = colour;
  context.globalAlpha = fill;
  context.fill();
  context.globalAlpha = 1;
  context.strokeStyle = colour;
  context.lineWidth = lineWidth;
  context.stroke();
}

function paintFindings(context: Context, scene: OverlayScene, projection: Projection, area: PaintedArea) {
  // One path per severity: a thousand regions are five fills and five strokes.
  for (const severity of FINDING_SEVERITIES) {
    context.beginPath();
    let any = false;
    for (const shape of scene.findings) {
      if (shape.severity !== severity || shape.id === scene.selectedId) continue;
      if (trace(context, shape, projection, area)) any = true;
    }
    if (any) fillAndStroke(context, SEVERITY_COLOURS[severity], 0.12, 2);
  }
  const selected = scene.findings.find((shape) => shape.id === scene.selectedId);
  for (const [shape, colour] of [
    [selected, selected && SEVERITY_COLOURS[selected.severity]],
    [scene.draft, NEW_REGION_COLOUR],
  ] as const) {
    if (!shape || !colour) continue;
    context.beginPath();
    if (trace(context, shape, projection, area)) fillAndStroke(context, colour, 0.3, 4);
  }
}

function paintRegion(context: Context, region: RegionGesture, projection: Projection, cursor: PicturePoint | null) {
  const corners =
    region.kind === 'box'
      ? [region.from, { x: region.to.x, y: region.from.y }, region.to, { x: region.from.x, y: region.to.y }]
      : [...region.corners, ...(cursor ? [cursor] : [])];
  const screen = corners.map((corner) => projection.toScreen(corner)).filter((at) => at !== null);
  context.save();
  context.strokeStyle = NEW_REGION_COLOUR;
  context.fillStyle = NEW_REGION_COLOUR;
  context.lineWidth = 2;
  context.shadowColor = 'rgb(0 0 0 / 0.7)';
  context.shadowBlur = 2;
  context.beginPath();
  screen.forEach((at, index) => (index === 0 ? context.moveTo(at.x, at.y) : context.lineTo(at.x, at.y)));
  if (region.kind === 'box') context.closePath();
  context.globalAlpha = 0.15;
  if (region.kind === 'box') context.fill();
  context.globalAlpha = 1;
  context.stroke();
  if (region.kind === 'polygon') {
    // The corners placed; the first one, where a click closes the polygon, as large as that reach.
    screen.slice(0, region.corners.length).forEach((at, index) => {
      context.beginPath();
      context.arc(at.x, at.y, index === 0 && region.corners.length >= 3 ? CORNER_SNAP_PX : 3, 0, 2 * Math.PI);
      context.stroke();
    });
  }
  context.restore();
}

/**
 * Paints the scene over `area` in the host's CSS pixels (the caller scales the context to the device's): findings by
 * severity (the open one stronger), the new finding's region, the region being drawn, then the drawing in red on top.
 */
export function paintOverlay(
  context: Context,
  scene: OverlayScene,
  projection: Projection,
  area: PaintedArea,
  cursor: PicturePoint | null,
): void {
  context.lineJoin = 'round';
  paintFindings(context, scene, projection, area);
  if (scene.region) paintRegion(context, scene.region, projection, cursor);
  const placement = { place: projection.toScreen, scale: 1 / projection.unitsPerPixel() };
  paintShapes(context, scene.shapes, projection.surface, placement);
  if (scene.shapeInProgress) {
    paintShapes(context, [scene.shapeInProgress], projection.surface, placement, {
      strokeOverride: DRAWING.previewStroke,
    });
  }
}
