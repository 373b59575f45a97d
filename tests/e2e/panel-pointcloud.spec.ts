import { translator } from '@kanat360/i18n';
import { type Page, expect, test } from '@playwright/test';
import { type ApiPage, type MediaItem, type Turbine } from '@kanat360/contracts';
import { type TypedApi } from './api.js';
import { demo } from './fixtures.js';
import { apiAs, seeder, signInAs } from './panel.js';

const inTurkish = translator('tr');

// The point-cloud viewer in the lightbox: the demo scan draws, a damaged file says so, a huge file is thinned out.

const workspace = (id: number) => `/dashboard/turbine/${id}`;

let api: TypedApi;
test.beforeEach(async () => {
  api = await apiAs(demo('superadmin'));
});
test.afterEach(async () => {
  await api.dispose();
});

function pcdHeader(fields: string[], points: number, data: 'ascii' | 'binary' | 'binary_compressed'): Buffer {
  return Buffer.from(
    [
      'VERSION 0.7',
      `FIELDS ${fields.join(' ')}`,
      `SIZE ${fields.map(() => 4).join(' ')}`,
      `TYPE ${fields.map(() => 'F').join(' ')}`,
      `COUNT ${fields.map(() => 1).join(' ')}`,
      `WIDTH ${points}`,
      'HEIGHT 1',
      'VIEWPOINT 0 0 0 1 0 0 0',
      `POINTS ${points}`,
      `DATA ${data}`,
      '',
    ].join('\n'),
    'latin1',
  );
}

/**
 * LZF of a block that repeats every `period` bytes: the first period as literals, then back references of the
 * longest length (264) one period back. PCL's files are LZF too; this one stays small however many points.
 */
function lzfOfPeriodic(block: Buffer, period: number): Buffer {
  const out: number[] = [];
  for (let start = 0; start < period; start += 32) {
    const run = block.subarray(start, Math.min(period, start + 32));
    out.push(run.length - 1, ...run);
  }
  const offset = period - 1;
  for (let position = period; position < block.length;) {
    const length = Math.min(264, block.length - position);
    if (length < 3) {
      out.push(length - 1, ...block.subarray(position, position + length));
    } else if (length - 2 < 7) {
      out.push(((length - 2) << 5) | (offset >> 8), offset & 0xff);
    } else {
      out.push((7 << 5) | (offset >> 8), length - 2 - 7, offset & 0xff);
    }
    position += length;
  }
  return Buffer.from(out);
}

/** A wavy sheet of `points` points as binary_compressed x y z: each field repeats, so the file stays a few hundred KB. */
function largeCompressedCloud(points: number): Buffer {
  const periods = { x: 1024, y: 997, z: 1024 };
  const value = {
    x: (i: number) => (i % periods.x) * 0.02,
    y: (i: number) => (i % periods.y) * 0.02,
    z: (i: number) => Math.sin(((i % periods.z) / periods.z) * Math.PI * 4),
  };
  const blocks = (['x', 'y', 'z'] as const).map((axis) => {
    const block = Buffer.alloc(points * 4);
    for (let i = 0; i < points; i++) block.writeFloatLE(value[axis](i), i * 4);
    return lzfOfPeriodic(block, periods[axis] * 4);
  });
  const compressed = Buffer.concat(blocks);
  const sizes = Buffer.alloc(8);
  sizes.writeUInt32LE(compressed.length, 0);
  sizes.writeUInt32LE(points * 12, 4);
  return Buffer.concat([pcdHeader(['x', 'y', 'z'], points, 'binary_compressed'), sizes, compressed]);
}

async function uploadPcd(turbineId: number, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('category', 'blade');
  form.append('blade', 'A');
  form.append('room', '1');
  form.append('year', '2025');
  form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  const response = await api.post('/turbines/{id}/photos', { path: { id: turbineId }, body: form });
  expect(response.status(), await response.text()).toBe(201);
}

async function openInLightbox(page: Page, turbineId: number, name: string) {
  await signInAs(page, 'superadmin', { path: workspace(turbineId) });
  await page.getByRole('searchbox', { name: 'Dosya adında veya odada ara' }).fill(name);
  await expect(page.getByTestId('photos-count')).toHaveText('1 dosya');
  await page.getByTestId('photo-name').first().click();
  await expect(page.getByTestId('lightbox-name')).toHaveText(name);
}

/** Pixels of the viewer's canvas that differ from its background (slate-950). */
function drawnPixels(page: Page): Promise<number> {
  return page.getByTestId('pointcloud-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d')!;
    context.drawImage(canvas, 0, 0);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    let drawn = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i]! - 2) + Math.abs(data[i + 1]! - 6) + Math.abs(data[i + 2]! - 23) > 30) drawn += 1;
    }
    return drawn;
  });
}

test('the demo scan renders in the 3D viewer: points on the canvas, the count, the colour by height', async ({
  page,
}) => {
  const turbines = ((await (await api.get('/turbines')).json()) as { data: Turbine[] }).data;
  let found: { turbine: Turbine; item: MediaItem } | null = null;
  for (const turbine of turbines) {
    const listed = (await (
      await api.get('/turbines/{id}/photos', { path: { id: turbine.id }, query: { view: 'all', limit: 1000 } })
    ).json()) as ApiPage<MediaItem>;
    const item = listed.data.find((candidate) => candidate.kind === 'pointcloud');
    if (item) {
      found = { turbine, item };
      break;
    }
  }
  expect(found, 'the demo data has a point cloud').not.toBeNull();
  await openInLightbox(page, found!.turbine.id, found!.item.originalName);

  const viewer = page.getByTestId('stage-pointcloud');
  await expect(viewer).toHaveAttribute('data-state', 'shown');
  await expect(page.getByTestId('pointcloud-status')).toHaveText('20.000 nokta');
  await expect(viewer).toContainText(inTurkish('panel.pointcloud.colour.height'));
  await expect(page.getByTestId('pointcloud-decimated')).toHaveCount(0);
  await expect.poll(() => drawnPixels(page)).toBeGreaterThan(2_000);

  // Bigger points cover more of the canvas; "Fit to view" after a zoom brings the whole blade back.
  const before = await drawnPixels(page);
  await viewer.getByLabel('Nokta boyutu').fill('6');
  await expect.poll(() => drawnPixels(page)).toBeGreaterThan(before * 1.2);
  await page.getByRole('button', { name: 'Sığdır' }).click();
  await expect(page.getByTestId('pointcloud-error')).toHaveCount(0);
});

test('a .pcd whose data is cut short shows an error card with the reason and the download, not a blank canvas', async ({
  page,
}) => {
  const seed = await seeder();
  const turbine = await seed.createTurbine();
  await seed.dispose();
  // The header promises 1 000 points; the data stops after two.
  const truncated = Buffer.concat([pcdHeader(['x', 'y', 'z'], 1_000, 'binary'), Buffer.alloc(24, 1)]);
  await uploadPcd(turbine.id, 'kesik_tarama.pcd', truncated);
  await openInLightbox(page, turbine.id, 'kesik_tarama.pcd');

  const error = page.getByTestId('pointcloud-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText(inTurkish('panel.pointcloud.errorTitle'));
  await expect(error).toContainText('Dosya eksik');
  await expect(error.getByRole('link', { name: 'Orijinali indir' })).toHaveAttribute('href', /download=1/);
  await expect(page.getByTestId('stage-pointcloud')).toHaveAttribute('data-state', 'failed');
});

test('a file past the point budget is thinned out evenly, and the viewer says how many points it shows', async ({
  page,
}) => {
  // 4 million points read in the browser: a few seconds on 2 busy cores.
  test.setTimeout(60_000);
  const seed = await seeder();
  const turbine = await seed.createTurbine();
  await seed.dispose();
  await uploadPcd(turbine.id, 'buyuk_tarama.pcd', largeCompressedCloud(4_000_000));
  await openInLightbox(page, turbine.id, 'buyuk_tarama.pcd');

  await expect(page.getByTestId('stage-pointcloud')).toHaveAttribute('data-state', 'shown', { timeout: 30_000 });
  await expect(page.getByTestId('pointcloud-status')).toHaveText('4.000.000 noktadan 3.000.000 tanesi gösteriliyor');
  await expect(page.getByTestId('pointcloud-decimated')).toContainText('seyreltildi');
  await expect.poll(() => drawnPixels(page)).toBeGreaterThan(2_000);
});
