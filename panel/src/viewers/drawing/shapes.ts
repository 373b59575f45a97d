import { type PicturePoint, type PictureSurface } from '../viewer-handle';

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

export type StrokedShape = Exclude<Shape, { kind: 'text' }>;

const CIRCLE_STEPS = 64;
const RECTANGLE_SIDE_STEPS = 16;
const TURN = 2 * Math.PI;

/** `yaw` moved by whole turns to within half a turn of `near`: the same direction, written next to it. */
function unwrapYaw(yaw: number, near: number): number {
  return yaw - TURN * Math.round((yaw - near) / TURN);
}

/**
 * A path's yaws unwrapped point after point, so a stroke across yaw 0 ↔ 2π (the centre of the first view) or the
 * seam (yaw π) is one continuous line rather than a jump round the sphere.
 */
function continuous(points: readonly PicturePoint[]): PicturePoint[] {
  const result: PicturePoint[] = [];
  for (const point of points) {
    const previous = result.at(-1);
    result.push(previous ? { x: unwrapYaw(point.x, previous.x), y: point.y } : point);
  }
  return result;
}

type Vector = readonly [number, number, number];
const vectorOf = ({ x: yaw, y: pitch }: PicturePoint): Vector => [
  Math.cos(pitch) * Math.sin(yaw),
  Math.sin(pitch),
  Math.cos(pitch) * Math.cos(yaw),
];
const directionOf = ([x, y, z]: Vector): PicturePoint => ({
  x: Math.atan2(x, z),
  y: Math.asin(Math.max(-1, Math.min(1, y))),
});
const cross = (a: Vector, b: Vector): Vector => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const dot = (a: Vector, b: Vector) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const normal = (a: Vector): Vector => {
  const length = Math.hypot(...a) || 1;
  return [a[0] / length, a[1] / length, a[2] / length];
};

/**
 * A circle on the sphere: every direction as far from the centre as the edge is. Worked out on the sphere, not in
 * yaw and pitch, which stretch towards the poles and jump at yaw 0 ↔ 2π.
 */
function sphereCircle(center: PicturePoint, edge: PicturePoint): PicturePoint[] {
  const c = vectorOf(center);
  const radius = Math.acos(Math.max(-1, Math.min(1, dot(c, vectorOf(edge)))));
  // Any axis not parallel to the centre gives the circle's plane two directions.
  const helper: Vector = Math.abs(c[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const u = normal(cross(c, helper));
  const v = cross(c, u);
  const points = Array.from({ length: CIRCLE_STEPS + 1 }, (_, step) => {
    const angle = (step / CIRCLE_STEPS) * TURN;
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    return directionOf([
      Math.cos(radius) * c[0] + Math.sin(radius) * (cos * u[0] + sin * v[0]),
      Math.cos(radius) * c[1] + Math.sin(radius) * (cos * u[1] + sin * v[1]),
      Math.cos(radius) * c[2] + Math.sin(radius) * (cos * u[2] + sin * v[2]),
    ]);
  });
  return continuous(points);
}

function rectangleOutline(from: PicturePoint, to: PicturePoint): PicturePoint[] {
  const corners = [from, { x: to.x, y: from.y }, to, { x: from.x, y: to.y }, from];
  const points: PicturePoint[] = [];
  for (let side = 0; side < 4; side++) {
    const [start, end] = [corners[side]!, corners[side + 1]!];
    for (let step = 0; step < RECTANGLE_SIDE_STEPS; step++) {
      const share = step / RECTANGLE_SIDE_STEPS;
      points.push({ x: start.x + (end.x - start.x) * share, y: start.y + (end.y - start.y) * share });
    }
  }
  points.push(from);
  return points;
}

/**
 * The points a shape is stroked through, in picture units. On a panorama (`sphere`) a rectangle's sides follow yaw
 * and pitch (the short way round), a circle is a circle on the sphere, and every path is continuous across yaw 0 and
 * the seam: its yaws may leave 0…2π. Screen and burn-in both stroke these points, so a shape is saved where it was
 * drawn.
 */
export function strokePoints(shape: StrokedShape, surface: PictureSurface): PicturePoint[] {
  if (surface === 'plane') {
    if (shape.kind === 'pen') return shape.points;
    if (shape.kind === 'rectangle') return rectangleOutline(shape.from, shape.to);
    const radius = Math.hypot(shape.edge.x - shape.center.x, shape.edge.y - shape.center.y);
    return Array.from({ length: CIRCLE_STEPS + 1 }, (_, step) => {
      const angle = (step / CIRCLE_STEPS) * TURN;
      return { x: shape.center.x + radius * Math.cos(angle), y: shape.center.y + radius * Math.sin(angle) };
    });
  }
  if (shape.kind === 'pen') return continuous(shape.points);
  if (shape.kind === 'rectangle') {
    return rectangleOutline(shape.from, { x: unwrapYaw(shape.to.x, shape.from.x), y: shape.to.y });
  }
  return sphereCircle(shape.center, shape.edge);
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
  surface: PictureSurface,
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
    const points = strokePoints(shape, surface);
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
 * Panorama picture units (yaw from the picture's centre, pitch −π/2…π/2) → pixels of the equirectangular original,
 * as Photo Sphere Viewer maps them. A yaw outside −π…π lands beyond the picture's left or right edge: the caller
 * paints such a shape again one width over (`wrappedCopies`).
 */
export function equirectangularPixel(point: PicturePoint, width: number, height: number): { x: number; y: number } {
  return { x: (point.x / TURN + 0.5) * width, y: (0.5 - point.y / Math.PI) * height };
}

/** The shifts (multiples of the width) that bring every part of a stroke spanning `left`…`right` onto the picture. */
export function wrappedCopies(left: number, right: number, width: number): number[] {
  const shifts: number[] = [];
  for (let turn = Math.floor(-right / width) + 1; turn * width + left < width; turn++) shifts.push(turn * width);
  return shifts;
}

/** The picture points a shape covers, for finding how far round the panorama it reaches. */
export function extentPoints(shape: Shape, surface: PictureSurface): PicturePoint[] {
  return shape.kind === 'text' ? [shape.at] : strokePoints(shape, surface);
}
