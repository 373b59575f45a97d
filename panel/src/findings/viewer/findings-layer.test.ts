import { findingTarget, polygonPoints, targetBox } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import { findingRegion } from '../finding-region';
import { findingIdOf, overlayId, panoramaTarget, polygonTarget, rectangleTarget } from './findings-layer';

const picture = { width: 4000, height: 3000 };

describe('the targets a drawn region becomes', () => {
  it('a box is clamped to the picture, in whole pixels, and is a target the server accepts', () => {
    const target = rectangleTarget({ x: -10.4, y: 2990.2, width: 120.6, height: 50 }, picture)!;
    expect(target.selector.value).toBe('xywh=pixel:0,2990,110,10');
    expect(findingTarget.safeParse(target).success).toBe(true);
    expect(targetBox(target)).toEqual({ x: 0, y: 2990, width: 110, height: 10 });
  });

  it('a box wholly off the picture is no target', () => {
    expect(rectangleTarget({ x: 4100, y: 10, width: 50, height: 50 }, picture)).toBeNull();
  });

  it('a polygon keeps its corners, clamped, to a tenth of a pixel', () => {
    const target = polygonTarget(
      [
        [10.04, 20.06],
        [4100, 30],
        [50, -5],
      ],
      picture,
    )!;
    expect(findingTarget.safeParse(target).success).toBe(true);
    expect(polygonPoints(target.selector.value)).toEqual([
      [10, 20.1],
      [4000, 30],
      [50, 0],
    ]);
  });

  it('two corners are no polygon', () => {
    expect(
      polygonTarget(
        [
          [1, 1],
          [2, 2],
        ],
        picture,
      ),
    ).toBeNull();
  });

  it('a panorama direction is written in degrees and read back in radians', () => {
    const target = panoramaTarget(Math.PI / 2, -Math.PI / 12);
    expect(target.selector.value).toBe('yaw=90,pitch=-15');
    expect(findingTarget.safeParse(target).success).toBe(true);
    const region = findingRegion(target)!;
    expect(region.x).toBeCloseTo(Math.PI / 2);
    expect(region.y).toBeCloseTo(-Math.PI / 12);
  });

  it('a point-cloud target has no region on a picture', () => {
    expect(findingRegion({ selector: { type: 'PointSelector', value: 'xyz=1,2,3' } })).toBeNull();
  });
});

describe('overlay ids', () => {
  it('name a finding and lead back to it; the draft is no finding', () => {
    expect(findingIdOf(overlayId(42))).toBe(42);
    expect(findingIdOf('finding-draft')).toBeNull();
    expect(findingIdOf('something-else')).toBeNull();
  });
});
