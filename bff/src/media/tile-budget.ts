import { isEquirectangular, panoramaLevels } from './panorama-levels.js';

/** OpenSeadragon's usual deep-zoom geometry: 254 px tiles with 1 px overlap make 256 px images. */
export const DEEP_ZOOM_TILE = { size: 254, overlap: 1 } as const;

/**
 * The most tiles one photo may be cut into (deep-zoom pyramid and panorama levels together; README, Inspection
 * data). Every photo within the pixel limit whose narrow side is 500 px or more stays below it: a 200 MP square makes
 * 4,195 tiles, a 40,000 × 2,000 blade strip 1,710, a 400,000 × 500 strip 4,739, a 20,000 × 10,000 panorama 4,915.
 * A picture a few pixels high is where the count runs away: 2,000,000 × 1 px (2 MP in a 2 KB PNG) would make 15,764.
 */
export const MAX_TILES = 6_000;

/** The files of a deep-zoom pyramid as libvips lays it out: the image halved (rounding up) down to 1 × 1, and once more. */
export function deepZoomTileCount(width: number, height: number): number {
  const tilesAcross = (pixels: number) => Math.ceil(pixels / DEEP_ZOOM_TILE.size);
  let count = 1;
  for (let w = width, h = height; ; w = Math.ceil(w / 2), h = Math.ceil(h / 2)) {
    count += tilesAcross(w) * tilesAcross(h);
    if (w === 1 && h === 1) return count;
  }
}

/** The tiles a photo of this size is cut into: its deep-zoom pyramid, and a panorama's levels. */
export function tileCount({ width, height }: { width: number; height: number }): number {
  const panorama = isEquirectangular(width, height)
    ? panoramaLevels(width).reduce((sum, level) => sum + level.cols * level.rows, 0)
    : 0;
  return deepZoomTileCount(width, height) + panorama;
}

/** Whether a photo would be cut into more than MAX_TILES tiles: known from its header, before anything decodes it. */
export function exceedsTileBudget(size: { width: number; height: number }): boolean {
  return tileCount(size) > MAX_TILES;
}
