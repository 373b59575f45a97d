import { type FindingTarget, MEDIA_FRAGMENT_SPEC } from '@kanat360/contracts';

/** How a region is being drawn: a box or a polygon on a photo, a point on a panorama. */
export type FindingDrawTool = 'rectangle' | 'polygon' | 'point';

/** The layer's id of a finding's overlay, and back. */
export const overlayId = (id: number) => `finding-${id}`;
export const DRAFT_OVERLAY_ID = 'finding-draft';
export function findingIdOf(overlay: string): number | null {
  const match = /^finding-(\d+)$/.exec(overlay);
  return match ? Number(match[1]) : null;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** A panorama direction (radians, as the viewer gives it) as the finding's target (degrees, two decimals). */
export function panoramaTarget(yaw: number, pitch: number): FindingTarget {
  const degrees = (radians: number) => round((radians * 180) / Math.PI, 2);
  return { selector: { type: 'PanoramaSelector', value: `yaw=${degrees(yaw)},pitch=${degrees(pitch)}` } };
}

/** A box drawn on a photo, clamped to the picture and in whole pixels; null when nothing of it is on the picture. */
export function rectangleTarget(
  box: { x: number; y: number; width: number; height: number },
  picture: { width: number; height: number },
): FindingTarget | null {
  const left = Math.max(0, Math.round(box.x));
  const top = Math.max(0, Math.round(box.y));
  const right = Math.min(picture.width, Math.round(box.x + box.width));
  const bottom = Math.min(picture.height, Math.round(box.y + box.height));
  if (right - left < 1 || bottom - top < 1) return null;
  return {
    selector: {
      type: 'FragmentSelector',
      conformsTo: MEDIA_FRAGMENT_SPEC,
      value: `xywh=pixel:${left},${top},${right - left},${bottom - top}`,
    },
  };
}

/** A polygon drawn on a photo, each point clamped to the picture, to a tenth of a pixel; null below 3 points. */
export function polygonTarget(
  points: readonly (readonly [number, number])[],
  picture: { width: number; height: number },
): FindingTarget | null {
  if (points.length < 3 || points.length > 1000) return null;
  const clamp = (value: number, max: number) => round(Math.min(max, Math.max(0, value)), 1);
  const list = points.map(([x, y]) => `${clamp(x, picture.width)},${clamp(y, picture.height)}`).join(' ');
  return { selector: { type: 'SvgSelector', value: `<svg><polygon points="${list}" /></svg>` } };
}
