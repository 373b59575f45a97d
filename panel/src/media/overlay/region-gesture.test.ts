import { polygonPoints, targetBox } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import { clickCorner, CORNER_SNAP_PX, regionTarget } from './region-gesture';

// A view at half scale: picture pixel (x, y) is on screen at (x / 2, y / 2).
const screenOf = ({ x, y }: { x: number; y: number }) => ({ x: x / 2, y: y / 2 });
const click = (x: number, y: number) => ({ point: { x, y }, screen: screenOf({ x, y }) });
const picture = { width: 4000, height: 3000 };

describe('a polygon drawn by clicking its corners', () => {
  it('takes a corner at each click', () => {
    let corners = clickCorner([], click(100, 100), screenOf).corners;
    corners = clickCorner(corners, click(400, 100), screenOf).corners;
    expect(corners).toEqual([
      { x: 100, y: 100 },
      { x: 400, y: 100 },
    ]);
  });

  it('closes on a click on its first corner once it has three', () => {
    const corners = [
      { x: 100, y: 100 },
      { x: 400, y: 100 },
      { x: 400, y: 400 },
    ];
    const near = clickCorner(corners, click(100 + CORNER_SNAP_PX, 100 + CORNER_SNAP_PX), screenOf);
    expect(near).toEqual({ corners, closed: true });
    // With two corners, the first one is just another corner: nothing closes.
    expect(clickCorner(corners.slice(0, 2), click(104, 104), screenOf).closed).toBe(false);
  });

  it('adds nothing for the second click of a double click (on the corner just placed)', () => {
    const corners = [
      { x: 100, y: 100 },
      { x: 400, y: 100 },
      { x: 400, y: 400 },
    ];
    expect(clickCorner(corners, click(402, 402), screenOf)).toEqual({ corners, closed: false });
  });

  it('becomes a finding target clamped to the picture', () => {
    const target = regionTarget(
      {
        kind: 'polygon',
        corners: [
          { x: -20, y: 10 },
          { x: 300.04, y: 10 },
          { x: 300, y: 3100 },
        ],
      },
      picture,
    )!;
    expect(polygonPoints(target.selector.value)).toEqual([
      [0, 10],
      [300, 10],
      [300, 3000],
    ]);
  });
});

describe('a box dragged', () => {
  it('becomes its rectangle whichever way it was dragged', () => {
    const target = regionTarget({ kind: 'box', from: { x: 500, y: 400 }, to: { x: 200, y: 100 } }, picture)!;
    expect(targetBox(target)).toEqual({ x: 200, y: 100, width: 300, height: 300 });
  });

  it('is nothing when it covers no pixel of the picture (a click, or a drag beside it)', () => {
    expect(regionTarget({ kind: 'box', from: { x: 50, y: 50 }, to: { x: 50, y: 50 } }, picture)).toBeNull();
    expect(regionTarget({ kind: 'box', from: { x: -90, y: 10 }, to: { x: -10, y: 90 } }, picture)).toBeNull();
  });
});
