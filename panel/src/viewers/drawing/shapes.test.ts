import { describe, expect, it } from 'vitest';
import { type PicturePoint } from '../viewer-handle';
import { equirectangularPixel, strokePoints, wrappedCopies } from './shapes';

const TURN = 2 * Math.PI;
const [WIDTH, HEIGHT] = [4000, 2000];

/** The angle between two directions on the sphere (radians). */
function angleBetween(a: PicturePoint, b: PicturePoint): number {
  const cos = Math.sin(a.y) * Math.sin(b.y) + Math.cos(a.y) * Math.cos(b.y) * Math.cos(a.x - b.x);
  return Math.acos(Math.max(-1, Math.min(1, cos)));
}

/** Every pixel a stroke is painted through on the equirectangular original, each copy brought onto the picture. */
function burntPixels(points: readonly PicturePoint[]): { x: number; y: number }[] {
  const pixels = points.map((point) => equirectangularPixel(point, WIDTH, HEIGHT));
  const xs = pixels.map((pixel) => pixel.x);
  return wrappedCopies(Math.min(...xs), Math.max(...xs), WIDTH).flatMap((shift) =>
    pixels.map(({ x, y }) => ({ x: x + shift, y })).filter(({ x }) => x >= 0 && x <= WIDTH),
  );
}

describe('drawing shapes on a flat photo', () => {
  it('outline a rectangle through its four corners and close it', () => {
    const points = strokePoints(
      { kind: 'rectangle', from: { x: 10, y: 20 }, to: { x: 110, y: 70 }, width: 5 },
      'plane',
    );
    expect(points[0]).toEqual({ x: 10, y: 20 });
    expect(points).toContainEqual({ x: 110, y: 20 });
    expect(points).toContainEqual({ x: 110, y: 70 });
    expect(points).toContainEqual({ x: 10, y: 70 });
    expect(points.at(-1)).toEqual({ x: 10, y: 20 });
  });

  it('outline a circle at its radius all round', () => {
    const points = strokePoints(
      { kind: 'circle', center: { x: 50, y: 50 }, edge: { x: 80, y: 90 }, width: 5 },
      'plane',
    );
    for (const point of points) expect(Math.hypot(point.x - 50, point.y - 50)).toBeCloseTo(50, 6);
  });

  it('keep a pen stroke as drawn', () => {
    const stroke = [
      { x: 1, y: 2 },
      { x: 3, y: 4 },
    ];
    expect(strokePoints({ kind: 'pen', points: stroke, width: 5 }, 'plane')).toEqual(stroke);
  });
});

describe('drawing shapes on a panorama', () => {
  it('map yaw and pitch to the equirectangular pixels Photo Sphere Viewer shows them at', () => {
    expect(equirectangularPixel({ x: 0, y: 0 }, WIDTH, HEIGHT)).toEqual({ x: 2000, y: 1000 });
    expect(equirectangularPixel({ x: Math.PI / 2, y: Math.PI / 4 }, WIDTH, HEIGHT)).toEqual({ x: 3000, y: 500 });
  });

  it('a circle drawn from the exact centre of the first view (yaw 0, read back as 2π) stays a small circle there', () => {
    // The viewer answers the centre as just under 2π and a point right of it as just over 0.
    const center = { x: TURN - 1e-9, y: 0 };
    const edge = { x: 0.2, y: 0 };
    const points = strokePoints({ kind: 'circle', center, edge, width: 0.01 }, 'sphere');
    for (const point of points) expect(angleBetween(point, center)).toBeCloseTo(0.2, 6);
    // Burnt in: a ring round the picture's centre, 0.2 rad (127 px) wide — no band from pole to pole.
    const radius = (0.2 / TURN) * WIDTH;
    for (const pixel of burntPixels(points)) {
      expect(Math.hypot(pixel.x - WIDTH / 2, pixel.y - HEIGHT / 2)).toBeCloseTo(radius, -1);
    }
  });

  it('a rectangle across yaw 0 spans the short way between its corners', () => {
    const points = strokePoints(
      { kind: 'rectangle', from: { x: TURN - 0.1, y: 0.1 }, to: { x: 0.1, y: -0.1 }, width: 0.01 },
      'sphere',
    );
    const yaws = points.map((point) => point.x);
    expect(Math.max(...yaws) - Math.min(...yaws)).toBeCloseTo(0.2, 9);
    for (const pixel of burntPixels(points)) expect(Math.abs(pixel.x - WIDTH / 2)).toBeLessThanOrEqual(64);
  });

  it('a circle on the seam (yaw π, the picture’s left and right edges) is painted on both edges', () => {
    const [center, edge] = [
      { x: Math.PI, y: 0.3 },
      { x: Math.PI + 0.15, y: 0.3 },
    ];
    const points = strokePoints({ kind: 'circle', center, edge, width: 0.01 }, 'sphere');
    for (const point of points) expect(angleBetween(point, center)).toBeCloseTo(angleBetween(edge, center), 6);
    // One continuous path (no jump round the sphere between two points)…
    for (let i = 1; i < points.length; i++) expect(Math.abs(points[i]!.x - points[i - 1]!.x)).toBeLessThan(0.1);
    // …that lands at both edges of the original, at the centre's height.
    const pixels = burntPixels(points);
    const centerY = (0.5 - 0.3 / Math.PI) * HEIGHT;
    expect(pixels.some((pixel) => pixel.x < 100)).toBe(true);
    expect(pixels.some((pixel) => pixel.x > WIDTH - 100)).toBe(true);
    for (const pixel of pixels) {
      expect(Math.min(pixel.x, WIDTH - pixel.x)).toBeLessThan(150);
      expect(Math.abs(pixel.y - centerY)).toBeLessThan(110);
    }
  });

  it('a circle near a pole stays round on the sphere and never passes beyond the pole', () => {
    const center = { x: 1, y: 1.45 };
    const points = strokePoints({ kind: 'circle', center, edge: { x: 1, y: 1.3 }, width: 0.01 }, 'sphere');
    for (const point of points) {
      expect(angleBetween(point, center)).toBeCloseTo(0.15, 6);
      expect(point.y).toBeLessThanOrEqual(Math.PI / 2);
      expect(point.y).toBeGreaterThan(1.2);
    }
    for (const pixel of burntPixels(points)) {
      expect(pixel.y).toBeGreaterThanOrEqual(0);
      expect(pixel.y).toBeLessThan(HEIGHT * 0.12);
    }
  });

  it('a pen stroke across the seam is one continuous line', () => {
    const stroke = [Math.PI - 0.05, Math.PI - 0.01, -Math.PI + 0.02, -Math.PI + 0.06].map((x) => ({ x, y: 0 }));
    const points = strokePoints({ kind: 'pen', points: stroke, width: 0.01 }, 'sphere');
    expect(points.at(-1)!.x - points[0]!.x).toBeCloseTo(0.11, 9);
  });

  it('paint a stroke again one width over for each edge it crosses, and only then', () => {
    expect(wrappedCopies(100, 200, WIDTH)).toEqual([0]);
    expect(wrappedCopies(3950, 4050, WIDTH)).toEqual([-WIDTH, 0]);
    expect(wrappedCopies(-50, 40, WIDTH)).toEqual([0, WIDTH]);
    expect(wrappedCopies(-300, -100, WIDTH)).toEqual([WIDTH]);
  });
});
