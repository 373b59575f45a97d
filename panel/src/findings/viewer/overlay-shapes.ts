import { type FindingSeverity, type FindingTarget, FRAGMENT_PATTERN, polygonPoints } from '@kanat360/contracts';

/** A finding's region on a photo as the overlay draws and hit-tests it: a closed outline in the original's pixels. */
export interface OverlayShape {
  id: number;
  severity: FindingSeverity;
  points: readonly (readonly [number, number])[];
  /** For choosing the smallest region under a click (the one inside the others). */
  area: number;
  /** Left, top, right, bottom: what is out of sight is not drawn. */
  bounds: readonly [number, number, number, number];
}

/** The outline of a photo target (a box's four corners, or the polygon); null for a panorama or point-cloud one. */
export function shapeOf(id: number, severity: FindingSeverity, target: FindingTarget): OverlayShape | null {
  const { selector } = target;
  let points: [number, number][] | null = null;
  if (selector.type === 'FragmentSelector') {
    const [, x = 0, y = 0, w = 0, h = 0] = (FRAGMENT_PATTERN.exec(selector.value) ?? []).map(Number);
    points = [
      [x, y],
      [x + w, y],
      [x + w, y + h],
      [x, y + h],
    ];
  } else if (selector.type === 'SvgSelector') {
    points = polygonPoints(selector.value);
  }
  if (!points || points.length < 3) return null;
  const xs = points.map((point) => point[0]);
  const ys = points.map((point) => point[1]);
  const bounds = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] as const;
  return { id, severity, points, area: Math.abs(signedArea(points)), bounds };
}

function signedArea(points: readonly (readonly [number, number])[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i += 1) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

/** Whether a point is inside a closed outline (even-odd rule, as the canvas fills it). */
export function contains(points: readonly (readonly [number, number])[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The finding whose region is under a picture point: the smallest of those that hold it; null where none does. */
export function findingAt(shapes: readonly OverlayShape[], x: number, y: number): number | null {
  let best: OverlayShape | null = null;
  for (const shape of shapes) {
    const [left, top, right, bottom] = shape.bounds;
    if (x < left || x > right || y < top || y > bottom) continue;
    if ((best === null || shape.area < best.area) && contains(shape.points, x, y)) best = shape;
  }
  return best?.id ?? null;
}
