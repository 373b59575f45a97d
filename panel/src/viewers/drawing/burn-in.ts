import { equirectangularPixel, extentPoints, paintShapes, type Shape, wrappedCopies } from './shapes';

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
      paintShapes(context, shapes, 'plane', { place: (point) => point, scale: 1 });
    } else {
      const scale = width / (2 * Math.PI);
      for (const shape of shapes) {
        const xs = extentPoints(shape, 'sphere').map((point) => equirectangularPixel(point, width, height).x);
        // A stroke's width, or a text's run, reaches past its points: near an edge it is painted over there too.
        const reach = (shape.kind === 'text' ? shape.size * shape.text.length : shape.width) * scale;
        for (const shift of wrappedCopies(Math.min(...xs) - reach, Math.max(...xs) + reach, width)) {
          paintShapes(context, [shape], 'sphere', {
            place: (point) => {
              const at = equirectangularPixel(point, width, height);
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
