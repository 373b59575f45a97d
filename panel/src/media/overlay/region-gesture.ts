import { type FindingTarget } from '@kanat360/contracts';
import { polygonTarget, rectangleTarget } from '@/findings/viewer/findings-layer';
import { type PicturePoint } from '@/viewers/viewer-handle';

/** A new finding's region while it is being drawn: a box being dragged, or a polygon's corners clicked so far. */
export type RegionGesture =
  { kind: 'box'; from: PicturePoint; to: PicturePoint } | { kind: 'polygon'; corners: readonly PicturePoint[] };

/** A click this close (CSS pixels) to a corner already placed is on it: the first one closes the polygon. */
export const CORNER_SNAP_PX = 8;

type ScreenOf = (point: PicturePoint) => { x: number; y: number } | null;

function near(screenOf: ScreenOf, corner: PicturePoint | undefined, at: { x: number; y: number }): boolean {
  const screen = corner && screenOf(corner);
  return Boolean(screen && Math.hypot(screen.x - at.x, screen.y - at.y) <= CORNER_SNAP_PX);
}

/**
 * A click while a polygon is drawn: on its first corner (three or more placed) it closes the polygon; on the corner
 * just placed (a double click's second click) it adds nothing; anywhere else it adds a corner there.
 */
export function clickCorner(
  corners: readonly PicturePoint[],
  click: { point: PicturePoint; screen: { x: number; y: number } },
  screenOf: ScreenOf,
): { corners: readonly PicturePoint[]; closed: boolean } {
  if (corners.length >= 3 && near(screenOf, corners[0], click.screen)) return { corners, closed: true };
  if (near(screenOf, corners.at(-1), click.screen)) return { corners, closed: false };
  return { corners: [...corners, click.point], closed: false };
}

/** The finding target a finished gesture makes on a picture of this size; null when it covers nothing of it. */
export function regionTarget(gesture: RegionGesture, picture: { width: number; height: number }): FindingTarget | null {
  if (gesture.kind === 'polygon') {
    return polygonTarget(
      gesture.corners.map(({ x, y }) => [x, y] as const),
      picture,
    );
  }
  const { from, to } = gesture;
  return rectangleTarget(
    {
      x: Math.min(from.x, to.x),
      y: Math.min(from.y, to.y),
      width: Math.abs(to.x - from.x),
      height: Math.abs(to.y - from.y),
    },
    picture,
  );
}
