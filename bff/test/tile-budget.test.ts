import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEEP_ZOOM_TILE, deepZoomTileCount, exceedsTileBudget, MAX_TILES, tileCount } from '@/media/tile-budget.js';

const folder = mkdtempSync(join(tmpdir(), 'kanat360-tile-budget-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the tile budget', () => {
  it.each([
    [20_000, 1],
    [3001, 7],
    [5000, 3000],
    [2049, 1025],
    [255, 255],
    [1, 1],
  ])('counts the files libvips cuts a %i × %i image into', async (width, height) => {
    const out = join(folder, `${width}x${height}`);
    await sharp({ create: { width, height, channels: 3, background: '#777' } })
      .jpeg()
      .tile({ ...DEEP_ZOOM_TILE, layout: 'dz' })
      .toFile(out);
    const files = readdirSync(`${out}_files`, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    expect(deepZoomTileCount(width, height)).toBe(files.length);
  });

  it('lets real photos through, long blade strips and panoramas included, and stops a picture a pixel high', () => {
    const passing = [
      [8192, 5464], // a 45 MP camera photo
      [14_142, 14_142], // 200 MP, the pixel limit
      [40_000, 2000], // a blade strip
      [400_000, 500], // 200 MP at 500 px high
      [20_000, 10_000], // a 200 MP panorama: its equirectangular levels count too
    ];
    for (const [width, height] of passing) {
      expect(exceedsTileBudget({ width: width!, height: height! }), `${width} × ${height}`).toBe(false);
    }
    expect(tileCount({ width: 20_000, height: 10_000 })).toBeGreaterThan(deepZoomTileCount(20_000, 10_000));
    expect(tileCount({ width: 2_000_000, height: 1 })).toBe(15_764);
    expect(exceedsTileBudget({ width: 2_000_000, height: 1 })).toBe(true);
    expect(exceedsTileBudget({ width: 1_000_000, height: 200 })).toBe(true);
    expect(MAX_TILES).toBe(6000);
  });
});
