import { type PanoramaLevel } from '@kanat360/contracts';

/** An equirectangular 360° picture: twice as wide as high (±2 %), and large enough to be one. */
export function isEquirectangular(width: number, height: number): boolean {
  return width >= 2000 && Math.abs(width / height / 2 - 1) <= 0.02;
}

/** Photo Sphere Viewer maps tiles onto its sphere's 64 × 32 segments: at most 64 columns and 32 rows. */
const MAX_COLS = 64;
const MIN_COLS = 4;
/** The largest tile of the sharpest level; it is at least half of this. */
const MAX_TILE = 1024;
/** Tiles of the lower levels, and the width of the lowest one. */
const LOW_TILE = 512;
const LOWEST_WIDTH = 4096;
/** A lower level is only worth having when the sharpest one is this much wider. */
const LEVEL_STEP = 1.5;

/**
 * The tile levels of an equirectangular panorama `width` pixels wide, low to high resolution, for Photo Sphere
 * Viewer's EquirectangularTilesAdapter: square tiles (cols = 2 × rows, both powers of two), each level's width a
 * multiple of its cols. The sharpest level is the original's width (rounded down to a multiple of its cols, never
 * up) in tiles of 512–1024 px; below it come 4096, 8192… px wide levels of 512 px tiles. A pure function of the
 * width: the job cuts these levels and the list describes them from the width it stored.
 */
export function panoramaLevels(width: number): PanoramaLevel[] {
  let cols = MIN_COLS;
  while (width / cols > MAX_TILE && cols < MAX_COLS) cols *= 2;
  const sharpest = { width: Math.floor(width / cols) * cols, cols, rows: cols / 2 };
  const lower: PanoramaLevel[] = [];
  for (let levelWidth = LOWEST_WIDTH; levelWidth * LEVEL_STEP <= sharpest.width; levelWidth *= 2) {
    const levelCols = Math.min(levelWidth / LOW_TILE, MAX_COLS);
    lower.push({ width: levelWidth, cols: levelCols, rows: levelCols / 2 });
  }
  return [...lower, sharpest];
}

/** Where a level's tile is, below the media's derivatives prefix (and below its signed address). */
export function panoramaTilePath(level: number | string, col: number | string, row: number | string): string {
  return `pano/${level}/${col}_${row}.jpg`;
}
