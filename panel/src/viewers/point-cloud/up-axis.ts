import { localStore } from '@/state/local-storage';

/**
 * Which of a file's axes points up. Scanners and survey tools write z up; PCL's own samples (the Stanford bunny) and
 * many depth cameras write y up. A PCD file does not say (its VIEWPOINT is the sensor's pose, not the world's), so
 * z is the default and the viewer offers the other, remembered per file.
 */
export type UpAxis = 'y' | 'z';

const storageKey = (mediaId: number) => `kanat360.pointcloud.up.${mediaId}`;

/** The up axis chosen for this file in this browser, z when none was. */
export function savedUpAxis(mediaId: number): UpAxis {
  return localStore.get(storageKey(mediaId)) === 'y' ? 'y' : 'z';
}

/** Remembers the choice for the file; z, the default, is remembered by forgetting. */
export function saveUpAxis(mediaId: number, axis: UpAxis): void {
  if (axis === 'y') localStore.set(storageKey(mediaId), 'y');
  else localStore.remove(storageKey(mediaId));
}

/** The turn about x that stands a y-up cloud upright in the z-up scene: (x, y, z) → (x, −z, y). */
export const Y_UP_TURN_X = Math.PI / 2;

type Triple = [number, number, number];

/** Where a point of the file is in the z-up scene. */
export function upright([x, y, z]: Triple, axis: UpAxis): Triple {
  return axis === 'z' ? [x, y, z] : [x, -z, y];
}

/** The bounds in the scene of a cloud whose bounds in the file are `min`–`max`. */
export function uprightBounds(min: Triple, max: Triple, axis: UpAxis): { min: Triple; max: Triple } {
  const [a, b] = [upright(min, axis), upright(max, axis)];
  return {
    min: [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.min(a[2], b[2])],
    max: [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.max(a[2], b[2])],
  };
}
