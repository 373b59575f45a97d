import { translator } from '@kanat360/i18n';
import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { type Turbine } from '@kanat360/contracts';
import { type TypedApi } from './api.js';
import { demo } from './fixtures.js';
import { apiAs, seeder, signInAs } from './panel.js';

const inTurkish = translator('tr');

// Real cameras' files (tests/fixtures/real-files) in the viewers: the info panel with the camera's own clock, the
// camera filter of the photo list, and a PCL cloud stood on its Y axis.

const REAL_FILES = new URL('../fixtures/real-files/', import.meta.url);
const workspace = (id: number) => `/dashboard/turbine/${id}`;

let api: TypedApi;
let turbine: Turbine;

test.beforeAll(async () => {
  api = await apiAs(demo('superadmin'));
});
test.afterAll(async () => {
  await api.dispose();
});
test.beforeEach(async () => {
  const seed = await seeder();
  turbine = await seed.createTurbine();
  await seed.dispose();
});
// Other specs look for the first point cloud or photo of the demo turbines: this one's go with their turbine.
test.afterEach(async () => {
  const response = await api.delete('/turbines/{id}', { path: { id: turbine.id } });
  expect(response.status(), await response.text()).toBe(200);
});

async function upload(names: string[]): Promise<void> {
  const form = new FormData();
  form.append('category', 'drone');
  form.append('year', '2025');
  for (const name of names) {
    const bytes = readFileSync(new URL(name, REAL_FILES));
    form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  }
  const response = await api.post('/turbines/{id}/photos', { path: { id: turbine.id }, body: form });
  expect(response.status(), await response.text()).toBe(201);
  await expect
    .poll(
      async () => {
        const page = await (
          await api.get('/turbines/{id}/photos', { path: { id: turbine.id }, query: { view: 'all' } })
        ).json();
        return page.data.filter((item) => item.status !== 'pending').length;
      },
      { timeout: 60_000 },
    )
    .toBe(names.length);
}

async function openInLightbox(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Dosya adında veya odada ara' }).fill(name);
  await expect(page.getByTestId('photos-count')).toHaveText('1 dosya');
  await expect(page.getByTestId('photo-name')).toHaveText(name);
  await page.getByTestId('photo-name').click();
  await expect(page.getByTestId('lightbox-name')).toHaveText(name);
}

test('the info panel shows a real camera’s local time with its offset, the camera and where it was taken', async ({
  page,
}) => {
  await upload(['sony-dsc-hx5v-gps.jpg', 'olympus-u1020-damaged-end.jpg']);
  await signInAs(page, 'customer', { path: workspace(turbine.id) });
  await openInLightbox(page, 'sony-dsc-hx5v-gps.jpg');
  await expect(page.getByTestId('deep-zoom')).toHaveAttribute('data-loaded', 'true');

  await page.getByTestId('viewer-info').click();
  const info = page.getByTestId('media-info');
  await expect(info.getByTestId('media-info-camera')).toContainText('SONY DSC-HX5V');
  // 17:12:05 on the camera's clock, whatever the browser's zone; GPS time says the clock was UTC+02:00.
  await expect(info.getByTestId('media-info-taken')).toContainText('15 Mayıs 2010 17:12:05');
  await expect(info.getByTestId('media-info-taken')).toContainText('Saat dilimi: UTC+02:00');
  await expect(info.getByTestId('media-info-gps')).toContainText('51.778615, 8.365638');
  await expect(info.getByTestId('media-info-dimensions')).toContainText('730 × 547 piksel');
  await expect(info.getByTestId('media-info-focal-length')).toContainText('4,25 mm');
  // The file as uploaded: 232,540 bytes.
  await expect(info.getByTestId('media-info-size')).toContainText('227 KB');
  await page.screenshot({ path: test.info().outputPath('info-sony.png') });
  // Escape closes the panel first, and only the panel.
  await page.keyboard.press('Escape');
  await expect(info).toHaveCount(0);
  await expect(page.getByTestId('lightbox')).toBeVisible();

  // The Olympus with a damaged end: shown, with the warning; its clock's offset is not in the file.
  await page.getByTestId('lightbox').getByRole('button', { name: 'Kapat' }).click();
  await openInLightbox(page, 'olympus-u1020-damaged-end.jpg');
  await expect(page.getByTestId('deep-zoom')).toHaveAttribute('data-loaded', 'true');
  await page.keyboard.press('i');
  await expect(info.getByTestId('media-info-warning')).toContainText('okunabildiği yere kadar');
  await expect(info.getByTestId('media-info-camera')).toContainText('OLYMPUS IMAGING CORP. u1020,S1020');
  await expect(info.getByTestId('media-info-taken')).toContainText('8 Eylül 2015 11:02:17');
  await expect(info.getByTestId('media-info-taken')).toContainText('Saat dilimi dosyada yok');
  await expect(info.getByTestId('media-info-gps')).toContainText(inTurkish('panel.mediaInfo.notRecorded'));
  await page.screenshot({ path: test.info().outputPath('info-olympus.png') });
});

test('the photo list filters by the camera the server lists, and the filter stays in the URL', async ({ page }) => {
  await upload(['sony-dsc-hx5v-gps.jpg', 'dji-fc300x.jpg', 'landscape-orientation-8.jpg']);
  await signInAs(page, 'operator', { path: workspace(turbine.id) });
  await expect(page.getByTestId('photos-count')).toHaveText('3 dosya');
  const camera = page.getByTestId('photos-camera');
  await expect(camera.locator('option')).toHaveText([
    inTurkish('panel.photos.allCameras'),
    'DJI FC300X (1)',
    'SONY DSC-HX5V (1)',
  ]);
  await camera.selectOption({ label: 'DJI FC300X (1)' });
  await expect(page.getByTestId('photos-count')).toHaveText('1 dosya');
  await expect(page.getByTestId('photo-name')).toHaveText('dji-fc300x.jpg');
  expect(new URL(page.url()).searchParams.get('camera')).toBe('DJI|FC300X');
  await page.screenshot({ path: test.info().outputPath('camera-filter.png') });
  await page.reload();
  await expect(page.getByTestId('photos-count')).toHaveText('1 dosya');
  await expect(camera).toHaveValue('DJI|FC300X');
});

test('a PCL cloud can stand on its Y axis, and the viewer remembers it for that file', async ({ page }) => {
  // Two clouds opened three times, and a reload.
  test.slow();
  await upload(['pcl-bunny.pcd', 'pcl-colored_cloud.pcd']);
  await signInAs(page, 'operator', { path: workspace(turbine.id) });
  await openInLightbox(page, 'pcl-bunny.pcd');
  const viewer = page.getByTestId('stage-pointcloud');
  await expect(viewer).toHaveAttribute('data-state', 'shown');
  await expect(viewer).toHaveAttribute('data-up-axis', 'z');
  await expect(page.getByTestId('pointcloud-status')).toHaveText('397 nokta');
  await expect(viewer).toContainText(inTurkish('panel.pointcloud.colour.height'));
  const lying = await page.getByTestId('pointcloud-canvas').screenshot();

  await page.getByTestId('pointcloud-up-y').click();
  await expect(viewer).toHaveAttribute('data-up-axis', 'y');
  await expect(page.getByTestId('pointcloud-up-y')).toHaveAttribute('aria-pressed', 'true');
  await expect(viewer).toContainText(inTurkish('panel.pointcloud.colour.heightY'));
  await expect.poll(async () => (await page.getByTestId('pointcloud-canvas').screenshot()).equals(lying)).toBe(false);
  await page.screenshot({ path: test.info().outputPath('bunny-y-up.png') });

  // Another file keeps the default; the bunny keeps Y after a reload.
  await page.getByTestId('lightbox').getByRole('button', { name: 'Kapat' }).click();
  await openInLightbox(page, 'pcl-colored_cloud.pcd');
  await expect(viewer).toHaveAttribute('data-up-axis', 'z');
  await page.goto(workspace(turbine.id));
  await openInLightbox(page, 'pcl-bunny.pcd');
  await expect(viewer).toHaveAttribute('data-state', 'shown');
  await expect(viewer).toHaveAttribute('data-up-axis', 'y');
});
