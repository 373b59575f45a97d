import { describe, expect, it } from 'vitest';
import { panOf, type Painting } from './overlay-canvas';

const painting: Painting = { x: 100, y: 50, scale: 0.25, width: 800, height: 600, margin: 400 };
const size = { width: 800, height: 600 };

describe('an overlay painting and the view that moved on', () => {
  it('is moved, not painted again, while the picture only pans within its margin', () => {
    expect(panOf(painting, { x: 130, y: 20, scale: 0.25 }, size)).toEqual({ dx: 30, dy: -30 });
    expect(panOf(painting, { x: 500, y: 50, scale: 0.25 }, size)).toEqual({ dx: 400, dy: 0 });
  });

  it('is painted afresh after a zoom, a resize, or a pan past its margin', () => {
    expect(panOf(painting, { x: 100, y: 50, scale: 0.3 }, size)).toBeNull();
    expect(panOf(painting, { x: 100, y: 50, scale: 0.25 }, { width: 801, height: 600 })).toBeNull();
    expect(panOf(painting, { x: 100, y: 451, scale: 0.25 }, size)).toBeNull();
  });

  it('is painted afresh when there is none yet, or the view has no place (a panorama turns)', () => {
    expect(panOf(null, { x: 100, y: 50, scale: 0.25 }, size)).toBeNull();
    expect(panOf(painting, null, size)).toBeNull();
  });
});
