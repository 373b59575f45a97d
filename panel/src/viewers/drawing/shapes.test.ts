import { describe, expect, it } from 'vitest';
import { equirectangularPixel, outline } from './shapes';

describe('drawing shapes', () => {
  it('outline a rectangle through its four corners and close it', () => {
    const points = outline({ kind: 'rectangle', from: { x: 10, y: 20 }, to: { x: 110, y: 70 }, width: 5 });
    expect(points[0]).toEqual({ x: 10, y: 20 });
    expect(points).toContainEqual({ x: 110, y: 20 });
    expect(points).toContainEqual({ x: 110, y: 70 });
    expect(points).toContainEqual({ x: 10, y: 70 });
    expect(points.at(-1)).toEqual({ x: 10, y: 20 });
  });

  it('outline a circle at its radius all round', () => {
    const points = outline({ kind: 'circle', center: { x: 50, y: 50 }, edge: { x: 80, y: 90 }, width: 5 });
    for (const point of points) expect(Math.hypot(point.x - 50, point.y - 50)).toBeCloseTo(50, 6);
  });

  it('map yaw and pitch to the equirectangular pixels Photo Sphere Viewer shows them at', () => {
    const [width, height] = [4000, 2000];
    expect(equirectangularPixel({ x: 0, y: 0 }, width, height, 0)).toEqual({ x: 2000, y: 1000 });
    expect(equirectangularPixel({ x: Math.PI / 2, y: Math.PI / 4 }, width, height, 0)).toEqual({ x: 3000, y: 500 });
    // Just left of the centre is yaw 2π − ε: unwrapped next to a shape that starts right of the centre.
    const left = equirectangularPixel({ x: 2 * Math.PI - 0.1, y: 0 }, width, height, 0.1);
    expect(left.x).toBeCloseTo(2000 - (0.1 / (2 * Math.PI)) * width, 6);
    // A shape across the seam (yaw π) stays in one piece beyond the right edge; the caller paints it again a width left.
    const across = equirectangularPixel({ x: Math.PI + 0.1, y: 0 }, width, height, Math.PI - 0.1);
    expect(across.x).toBeGreaterThan(width);
  });
});
