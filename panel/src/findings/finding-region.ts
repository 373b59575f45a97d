import { type FindingTarget, PANORAMA_PATTERN, targetBox } from '@kanat360/contracts';
import { type PictureRegion } from '@/viewers/viewer-handle';

/**
 * The part of the picture a finding covers, in the viewer's picture units: a photo's box in original pixels, a
 * panorama's direction in radians (a point: no width). Null for a point-cloud target, which has no picture.
 */
export function findingRegion(target: FindingTarget): PictureRegion | null {
  const { selector } = target;
  if (selector.type === 'PanoramaSelector') {
    const [, yaw = 0, pitch = 0] = (PANORAMA_PATTERN.exec(selector.value) ?? []).map(Number);
    return { x: (yaw * Math.PI) / 180, y: (pitch * Math.PI) / 180, width: 0, height: 0 };
  }
  return targetBox(target);
}
