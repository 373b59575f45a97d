import { type FindingTarget, targetBox } from '@kanat360/contracts';

/** The crop's frame: 4:3, as the page's "before" tiles. */
const FRAME_ASPECT = 4 / 3;
/** The region takes at most half the frame, so the damage is seen with what surrounds it. */
const MARGIN = 2;

/** A box as CSS places it in the frame: percentages of the frame's width and height. */
export interface CropBox {
  width: string;
  height: string;
  left: string;
  top: string;
}

/**
 * Where a photo sits in a 4:3 frame so that the finding's region fills its middle: the image's size and offset in
 * percent of the frame (CSS `width/height/left/top` of an absolutely placed image), and where the region is drawn
 * over it. Null when the finding has no
 * rectangle on the photo (a panorama direction) or the photo's size is unknown: then the whole photo is shown.
 */
export function cropStyle(
  target: unknown,
  photo: { width: number | null; height: number | null },
): { image: CropBox; region: CropBox } | null {
  if (!photo.width || !photo.height || !isTarget(target)) return null;
  const box = targetBox(target);
  if (!box || box.width <= 0 || box.height <= 0) return null;
  let frameWidth = Math.max(box.width * MARGIN, box.height * MARGIN * FRAME_ASPECT);
  frameWidth = Math.min(frameWidth, photo.width, photo.height * FRAME_ASPECT);
  const frameHeight = frameWidth / FRAME_ASPECT;
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max, 0));
  const left = clamp(box.x + box.width / 2 - frameWidth / 2, photo.width - frameWidth);
  const top = clamp(box.y + box.height / 2 - frameHeight / 2, photo.height - frameHeight);
  const percent = (value: number) => `${(value * 100).toFixed(3)}%`;
  return {
    image: {
      width: percent(photo.width / frameWidth),
      height: percent(photo.height / frameHeight),
      left: percent(-left / frameWidth),
      top: percent(-top / frameHeight),
    },
    region: {
      width: percent(box.width / frameWidth),
      height: percent(box.height / frameHeight),
      left: percent((box.x - left) / frameWidth),
      top: percent((box.y - top) / frameHeight),
    },
  };
}

function isTarget(value: unknown): value is FindingTarget {
  if (typeof value !== 'object' || value === null || !('selector' in value)) return false;
  const { selector } = value;
  return typeof selector === 'object' && selector !== null && 'type' in selector && 'value' in selector;
}
