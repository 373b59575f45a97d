import { anchorOf, equirectangularPixel, paintShapes, type Shape } from './shapes';

/** Spec §7: the edited photo goes up as a JPEG of quality 0.9. */
const JPEG_QUALITY = 0.9;

/**
 * The original with the shapes burnt in at its full resolution, as a JPEG. Flat photos take the shapes as they are
 * (they are in the original's pixels); on a panorama yaw and pitch become equirectangular pixels, and a shape
 * across the seam is painted on both edges.
 */
export async function burnIn(original: Blob, shapes: readonly Shape[], panorama: boolean): Promise<Blob> {
  // Decoded as a viewer shows it (EXIF orientation applied), the same pixels the tiles were cut from.
  const bitmap = await createImageBitmap(original, { imageOrientation: 'from-image' });
  try {
    const { width, height } = bitmap;
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context');
    context.drawImage(bitmap, 0, 0);
    if (!panorama) {
      paintShapes(context, shapes, { place: (point) => point, scale: 1 });
    } else {
      const scale = width / (2 * Math.PI);
      for (const shape of shapes) {
        const nearYaw = anchorOf(shape).x;
        for (const shift of [-width, 0, width]) {
          paintShapes(context, [shape], {
            place: (point) => {
              const at = equirectangularPixel(point, width, height, nearYaw);
              return { x: at.x + shift, y: at.y };
            },
            scale,
          });
        }
      }
    }
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  } finally {
    bitmap.close();
  }
}
