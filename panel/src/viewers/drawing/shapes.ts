import { type PicturePoint } from '../viewer-handle';

/** Spec §9: drawings are red, stroke 5 (3 while a shape is being drawn), text 16 — in screen pixels when drawn. */
export const DRAWING = { color: '#ef4444', stroke: 5, previewStroke: 3, textSize: 16 } as const;

export const DRAWING_TOOLS = ['pen', 'circle', 'rectangle', 'text'] as const;
export type DrawingTool = (typeof DRAWING_TOOLS)[number];

/**
 * A drawn shape in picture units (pixels of the original, or radians on a panorama), its stroke or text size
 * included: drawn 5 px wide at some zoom, it is that wide on the picture at that zoom, and burnt in the same.
 */
export type Shape =
  | { kind: 'pen'; points: PicturePoint[]; width: number }
  | { kind: 'rectangle'; from: PicturePoint; to: PicturePoint; width: number }
  | { kind: 'circle'; center: PicturePoint; edge: PicturePoint; width: number }
  | { kind: 'text'; at: PicturePoint; text: string; size: number };

/** Points along the edges of a rectangle or circle, in picture units, so the outline bends as a sphere does. */
export function outline(shape: Extract<Shape, { kind: 'rectangle' | 'circle' }>): PicturePoint[] {
  if (shape.kind === 'circle') {
    const radius = Math.hypot(shape.edge.x - shape.center.x, shape.edge.y - shape.center.y);
    return Array.from({ length: 65 }, (_, step) => {
      const angle = (step / 64) * 2 * Math.PI;
      return { x: shape.center.x + radius * Math.cos(angle), y: shape.center.y + radius * Math.sin(angle) };
    });
  }
  const { from, to } = shape;
  const corners = [from, { x: to.x, y: from.y }, to, { x: from.x, y: to.y }, from];
  const points: PicturePoint[] = [];
  for (let side = 0; side < 4; side++) {
    const [start, end] = [corners[side]!, corners[side + 1]!];
    for (let step = 0; step < 16; step++) {
      points.push({ x: start.x + ((end.x - start.x) * step) / 16, y: start.y + ((end.y - start.y) * step) / 16 });
    }
  }
  points.push(from);
  return points;
}

/** Where on a target surface a picture point lands, and how many surface pixels one picture unit is. */
export interface Placement {
  place(point: PicturePoint): { x: number; y: number } | null;
  scale: number;
}

/** Draws the shapes on a 2D context through a placement (the screen while drawing; the original when saving). */
export function paintShapes(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  shapes: readonly Shape[],
  placement: Placement,
  options: { strokeOverride?: number } = {},
): void {
  context.save();
  context.strokeStyle = DRAWING.color;
  context.fillStyle = DRAWING.color;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const shape of shapes) {
    if (shape.kind === 'text') {
      const at = placement.place(shape.at);
      if (!at) continue;
      context.font = `600 ${shape.size * placement.scale}px system-ui, sans-serif`;
      context.textBaseline = 'top';
      context.fillText(shape.text, at.x, at.y);
      continue;
    }
    context.lineWidth = options.strokeOverride ?? shape.width * placement.scale;
    const points = shape.kind === 'pen' ? shape.points : outline(shape);
    context.beginPath();
    let drawing = false;
    for (const point of points) {
      const at = placement.place(point);
      if (!at) {
        drawing = false;
        continue;
      }
      if (drawing) context.lineTo(at.x, at.y);
      else context.moveTo(at.x, at.y);
      drawing = true;
    }
    // A single click of the pen leaves a dot.
    if (shape.kind === 'pen' && points.length === 1) {
      const at = placement.place(points[0]!);
      if (at) context.lineTo(at.x + 0.01, at.y);
    }
    context.stroke();
  }
  context.restore();
}

/**
 * Panorama picture units (yaw 0…2π from the picture's centre, pitch −π/2…π/2) → pixels of the equirectangular
 * original, as Photo Sphere Viewer maps them. `nearYaw` keeps a shape that crosses the seam in one piece: its points
 * are unwrapped next to its first one (the caller paints it again one width to the left and right).
 */
export function equirectangularPixel(
  point: PicturePoint,
  width: number,
  height: number,
  nearYaw: number,
): { x: number; y: number } {
  let yaw = point.x;
  while (yaw - nearYaw > Math.PI) yaw -= 2 * Math.PI;
  while (nearYaw - yaw > Math.PI) yaw += 2 * Math.PI;
  return { x: (yaw / (2 * Math.PI) + 0.5) * width, y: (0.5 - point.y / Math.PI) * height };
}

/** The first point of a shape: where its seam unwrapping starts. */
export function anchorOf(shape: Shape): PicturePoint {
  switch (shape.kind) {
    case 'pen':
      return shape.points[0] ?? { x: 0, y: 0 };
    case 'rectangle':
      return shape.from;
    case 'circle':
      return shape.center;
    case 'text':
      return shape.at;
  }
}
