import { translator } from '@kanat360/i18n';
import { expect, test } from '@playwright/test';
import { type MediaItem, type Turbine } from '@kanat360/contracts';
import { type TypedApi } from './api.js';
import { demo } from './fixtures.js';
import { apiAs, seeder, signInAs } from './panel.js';
import { greyJpeg, listAll, pixelAt, untilReady, upload } from './viewer-media.js';

const inTurkish = translator('tr');

// The viewers: deep zoom in the lightbox and compare, the 360° view, drawing and versions, video, and the
// operator / drone / robot pages with their polling and keys.

/** Every demo media item with its turbine (the superadmin sees both partners'). */
async function demoMedia(api: TypedApi): Promise<(MediaItem & { turbineId: number })[]> {
  const turbines = ((await (await api.get('/turbines')).json()) as { data: Turbine[] }).data;
  const media: (MediaItem & { turbineId: number })[] = [];
  for (const turbine of turbines) {
    media.push(...(await listAll(api, turbine.id)).map((item) => ({ ...item, turbineId: turbine.id })));
  }
  return media;
}

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

test('the lightbox shows a photo through its deep-zoom tiles, never the original, zooms by 1.5 and resets on the next photo', async ({
  page,
}) => {
  const bytes = await greyJpeg(page, 3000, 2000);
  await upload(
    api,
    turbine.id,
    [
      { name: 'dz_1.jpg', bytes },
      { name: 'dz_2.jpg', bytes },
    ],
    { blade: 'A', room: '1', year: '2025' },
  );
  const items = await untilReady(api, turbine.id, 2);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await signInAs(page, 'operator', { path: `/dashboard/turbine/${turbine.id}` });
  await page.getByTestId('photo-name').first().click();
  const viewer = page.getByTestId('lightbox').getByTestId('deep-zoom');
  await expect(viewer).toHaveAttribute('data-loaded', 'true');
  await expect(viewer).toHaveAttribute('data-zoom', '1.000');
  await page.getByRole('button', { name: 'Yakınlaştır' }).click();
  await expect(viewer).toHaveAttribute('data-zoom', '1.500');
  await page.getByRole('button', { name: 'Yakınlaştır' }).click();
  await expect(viewer).toHaveAttribute('data-zoom', '2.250');
  // Zooming in fetched the deeper tiles.
  await expect
    .poll(() => requested.filter((url) => /\/tiles\/image_files\/1[0-2]\//.test(url)).length)
    .toBeGreaterThan(0);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('lightbox-counter')).toHaveText('2 / 2');
  await expect(viewer).toHaveAttribute('data-zoom', '1.000');
  // Zoom stops at half the fitted picture, and the button says so.
  const zoomOut = page.getByRole('button', { name: 'Uzaklaştır' });
  await zoomOut.click();
  await expect(viewer).toHaveAttribute('data-zoom', '0.667');
  await zoomOut.click();
  await expect(viewer).toHaveAttribute('data-zoom', '0.500');
  await expect(zoomOut).toBeDisabled();
  await expect(page.getByRole('button', { name: inTurkish('panel.viewer.zoomIn') })).toBeEnabled();

  expect(requested.some((url) => url.endsWith('/tiles/image.dzi'))).toBe(true);
  for (const item of items) expect(requested).not.toContain(new URL(item.url, page.url()).href);
  expect(requested.some((url) => /\/api\/files\/media\/\d+\/\d+\/[^/]+$/.test(url))).toBe(false);
});

test('compare moves both photos together in picture terms until unlocked', async ({ page }) => {
  const bytes = await greyJpeg(page, 2400, 1600);
  await upload(
    api,
    turbine.id,
    [
      { name: 'cmp_1.jpg', bytes },
      { name: 'cmp_2.jpg', bytes: await greyJpeg(page, 1200, 800) },
    ],
    { blade: 'A', room: '1', year: '2025' },
  );
  await untilReady(api, turbine.id, 2);
  await signInAs(page, 'customer', { path: `/dashboard/turbine/${turbine.id}` });
  await page.getByTestId('compare-toggle').click();
  const ticks = page.locator('#all-photos input[type=checkbox]');
  await ticks.nth(0).check();
  await ticks.nth(1).check();
  await page.getByRole('button', { name: 'Yan yana aç' }).click();
  const [left, right] = [page.getByTestId('deep-zoom').nth(0), page.getByTestId('deep-zoom').nth(1)];
  await expect(left).toHaveAttribute('data-loaded', 'true');
  await expect(right).toHaveAttribute('data-loaded', 'true');
  await expect(page.getByTestId('compare-lock')).toBeChecked();

  // A wheel zoom and a drag on the left one: the right one follows to the same place of its own picture.
  const box = (await left.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => Number(await left.getAttribute('data-zoom'))).toBeGreaterThan(1.4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6, { steps: 8 });
  await page.mouse.up();
  const place = async (viewer: typeof left) =>
    `${await viewer.getAttribute('data-zoom')} @ ${await viewer.getAttribute('data-center')}`;
  // At rest (OpenSeadragon eases every move) and in the same place.
  const atRest = async () => {
    const before = await place(left);
    await page.waitForTimeout(400);
    return before === (await place(left)) && before === (await place(right));
  };
  await expect.poll(atRest).toBe(true);
  expect(await place(left)).not.toBe('1.000 @ 0.500,0.500');
  const lockedZoom = await right.getAttribute('data-zoom');

  // Moving the right one moves the left one too.
  const rightBox = (await right.boundingBox())!;
  await page.mouse.move(rightBox.x + rightBox.width / 2, rightBox.y + rightBox.height / 2);
  await page.mouse.wheel(0, 300);
  await expect.poll(() => left.getAttribute('data-zoom')).not.toBe(lockedZoom);
  // One wheel step out, 1.5 in all: both come to rest back at the fitted zoom, together.
  await expect
    .poll(async () => Math.abs(Number(await right.getAttribute('data-zoom')) - Number(lockedZoom) / 1.5))
    .toBeLessThan(0.002);
  await expect.poll(atRest).toBe(true);

  // Unlocked, the right one stays where it is.
  await page.getByTestId('compare-lock').uncheck();
  const rightBefore = await right.getAttribute('data-zoom');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await expect.poll(() => left.getAttribute('data-zoom')).not.toBe(rightBefore);
  await expect(right).toHaveAttribute('data-zoom', rightBefore!);
});

test('the 360° view opens the demo panorama on a sphere and a flat photo in the deep-zoom viewer', async ({ page }) => {
  // The demo panorama is in a blade room (other tests upload panoramas of their own, as drone photos); on a fresh
  // server its tiles may still be in the making.
  test.setTimeout(180_000);
  const demoPanorama = async () =>
    (await demoMedia(api)).find((item) => item.is_panorama && item.category === '' && item.panorama_tiles);
  await expect.poll(async () => Boolean(await demoPanorama()), { timeout: 120_000 }).toBe(true);
  const pano = (await demoPanorama())!;
  await signInAs(page, 'operator', {
    path: `/dashboard/turbine/${pano.turbineId}/360-view?blade=${pano.blade}&room=${pano.room}&year=${pano.year}`,
  });
  await expect(page.getByRole('heading', { name: inTurkish('panel.viewerPage.bladeChoice') })).toBeVisible();
  await page.getByTestId('viewer-list-item').filter({ hasText: pano.originalName }).getByTestId('media-thumb').click();
  const sphere = page.getByTestId('panorama');
  await expect(sphere).toHaveAttribute('data-loaded', 'true');
  await expect(sphere.locator('canvas')).toHaveCount(1);
  // Only the tiles in view are fetched, from the tile levels the server cut.
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/pano\/\d\//.test(entry.name))),
    )
    .toBe(true);
  // A flat photo of another room opens in the deep-zoom viewer.
  const flat = (await listAll(api, pano.turbineId)).find(
    (item) => item.kind === 'photo' && !item.is_panorama && item.category === '' && item.status === 'ready',
  )!;
  await page.goto(
    `/dashboard/turbine/${pano.turbineId}/360-view?blade=${flat.blade ?? 'A'}&room=${flat.room}&year=${flat.year}&media=${flat.id}`,
  );
  await expect(page.getByTestId('deep-zoom')).toHaveAttribute('data-loaded', 'true');
  await expect(page.getByTestId('viewer-name')).toHaveText(flat.originalName);

  // A customer sees the gallery heading, and neither drawing tools nor restore.
  await signInAs(page, 'customer', {
    path: `/dashboard/turbine/${pano.turbineId}/360-view?blade=${pano.blade}&room=${pano.room}&year=${pano.year}`,
  });
  await expect(page.getByRole('heading', { name: inTurkish('panel.viewerPage.panoramaGallery') })).toBeVisible();
  await expect(page.getByTestId('viewer-toolbar')).toBeVisible();
  await expect(page.getByTestId('drawing-tool-rectangle')).toHaveCount(0);
});

test('drawing on a photo saves a new current version with the drawing burnt in; restore brings the original back', async ({
  page,
}) => {
  await upload(api, turbine.id, [{ name: 'draw_me.jpg', bytes: await greyJpeg(page, 1600, 1200) }], {
    blade: 'B',
    room: '2',
    year: '2025',
  });
  const [original] = await untilReady(api, turbine.id, 1);
  await signInAs(page, 'operator', { path: `/dashboard/turbine/${turbine.id}/360-view?blade=B&room=2&year=2025` });
  const viewer = page.getByTestId('deep-zoom');
  await expect(viewer).toHaveAttribute('data-loaded', 'true');

  // Saving with nothing drawn says so.
  await page.getByTestId('drawing-tool-pen').click();
  await page.getByTestId('drawing-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: inTurkish('panel.drawing.nothingToSave') })).toBeVisible();

  // A pen stroke across the middle of the picture, and an undo of a second one (Delete).
  const box = (await page.getByTestId('drawing-layer').boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(cx - 80, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 80, cy, { steps: 10 });
  await page.mouse.up();
  await page.mouse.move(cx, cy + 100);
  await page.mouse.down();
  await page.mouse.move(cx + 50, cy + 150, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByTestId('drawing-layer')).toHaveAttribute('data-shapes', '2');
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('drawing-layer')).toHaveAttribute('data-shapes', '1');
  await page.getByTestId('drawing-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: inTurkish('api.photoSaved') })).toBeVisible();

  // The list now holds the edited version as current; its pixels are red where the stroke went, grey elsewhere.
  await expect
    .poll(
      async () => {
        const [current] = await listAll(api, turbine.id);
        return current?.is_edited === true && current.status === 'ready';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const [edited] = await listAll(api, turbine.id);
  expect(edited!.id).not.toBe(original!.id);
  expect(edited!.width).toBe(1600);
  const [r, g, b] = await pixelAt(page, edited!.url, 800, 600);
  expect(r).toBeGreaterThan(180);
  expect(g).toBeLessThan(110);
  expect(b).toBeLessThan(110);
  const [gr, gg] = await pixelAt(page, edited!.url, 200, 200);
  expect(Math.abs(gr - gg)).toBeLessThan(12);
  // The stroke below was undone: grey there.
  const below = await pixelAt(page, original!.url, 800, 600);
  expect(Math.abs(below[0] - below[1])).toBeLessThan(12);
  await expect(viewer).toHaveAttribute('data-loaded', 'true');

  // The versions menu lists both; Escape closes it (and only it); restoring makes the original current again.
  await page.getByTestId('versions-button').click();
  const menu = page.getByTestId('versions-menu');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(page).toHaveURL(/360-view/);
  await page.getByTestId('versions-button').click();
  await expect(menu).toContainText('Orijinal');
  await expect(menu).toContainText('Sürüm 2 (çizimli)');
  await page.getByTestId('restore-original').click();
  await expect(page.getByTestId('toast').filter({ hasText: inTurkish('api.photoRestored') })).toBeVisible();
  await expect.poll(async () => (await listAll(api, turbine.id))[0]?.id).toBe(original!.id);
  const [restored] = await listAll(api, turbine.id);
  const center = await pixelAt(page, restored!.url, 800, 600);
  expect(Math.abs(center[0] - center[1])).toBeLessThan(12);
});

test('the demo video plays from its poster and seeks with Range requests', async ({ page }) => {
  const video = (await demoMedia(api)).find((item) => item.kind === 'video')!;
  const ranges: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes(`/api/files/media/${video.id}/`) && response.request().headers().range) {
      ranges.push(response.status());
    }
  });
  await signInAs(page, 'superadmin', {
    path: `/dashboard/turbine/${video.turbineId}/drone-photos?year=${video.year}&media=${video.id}`,
  });
  const player = page.getByTestId('stage-video');
  await expect(player).toHaveAttribute('controls', '');
  if (video.preview_url) await expect(player).toHaveAttribute('poster', video.preview_url);
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThan(0);
  const duration = await player.evaluate((element: HTMLVideoElement) => element.duration);
  expect(duration).toBeGreaterThan(1);
  const landed = await player.evaluate(
    (element: HTMLVideoElement, target) =>
      new Promise<number>((resolve) => {
        element.addEventListener('seeked', () => resolve(element.currentTime), { once: true });
        element.currentTime = target;
      }),
    duration / 2,
  );
  expect(Math.abs(landed - duration / 2)).toBeLessThan(0.6);
  await expect.poll(() => ranges).toContain(206);
});

test('a drone page polls its list every 15 s with ETags: 304 while nothing changed, then the new photo', async ({
  page,
}) => {
  const bytes = await greyJpeg(page, 800, 600);
  await upload(api, turbine.id, [{ name: 'drone_1.jpg', bytes }], { category: 'drone', year: '2025' });
  await untilReady(api, turbine.id, 1);
  const listStatuses: number[] = [];
  page.on('response', (response) => {
    if (/\/photos\?view=all&category=drone/.test(response.url())) listStatuses.push(response.status());
  });
  await page.clock.install();
  await signInAs(page, 'operator', { path: `/dashboard/turbine/${turbine.id}/drone-photos?year=2025` });
  await expect(page.getByTestId('viewer-list-item')).toHaveCount(1);
  await expect(page.getByTestId('deep-zoom')).toHaveAttribute('data-loaded', 'true');
  const before = listStatuses.length;
  await page.clock.runFor(15_500);
  await expect.poll(() => listStatuses.length).toBeGreaterThan(before);
  expect(listStatuses.at(-1)).toBe(304);
  await expect(page.getByTestId('viewer-list-item')).toHaveCount(1);

  await upload(api, turbine.id, [{ name: 'drone_2.jpg', bytes }], { category: 'drone', year: '2025' });
  await page.clock.runFor(15_500);
  await expect(page.getByTestId('viewer-list-item')).toHaveCount(2);
  expect(listStatuses).toContain(200);
});

test('on a photo page arrows go round, f and F11 toggle full screen, Escape leaves it but never the page', async ({
  page,
}) => {
  const bytes = await greyJpeg(page, 800, 600);
  await upload(
    api,
    turbine.id,
    ['op_1.jpg', 'op_2.jpg', 'op_3.jpg'].map((name) => ({ name, bytes })),
    { category: 'operator', year: '2025' },
  );
  await untilReady(api, turbine.id, 3);
  await signInAs(page, 'manager', { path: `/dashboard/turbine/${turbine.id}` });
  await page.getByTestId('view-operator-photos').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/turbine/${turbine.id}/operator-photos`));
  await page.getByTestId('viewer-year').selectOption('2025');
  const counter = page.getByTestId('viewer-counter');
  await expect(counter).toHaveText('1 / 3');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('3 / 3');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('1 / 3');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('2 / 3');
  await page.keyboard.press('f');
  await expect
    .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid')))
    .toBe('viewer-stage');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  await page.keyboard.press('F11');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.keyboard.press('F11');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/dashboard/turbine/${turbine.id}/operator-photos`));
  await expect(counter).toHaveText('2 / 3');
  await page.getByTestId('viewer-back').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/turbine/${turbine.id}$`));
});

test('drawing and restoring are offered only to the roles with media.edit; the server refuses a customer anyway', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await upload(api, turbine.id, [{ name: 'roles.jpg', bytes: await greyJpeg(page, 800, 600) }], {
    blade: 'C',
    room: '3',
    year: '2025',
  });
  const [original] = await untilReady(api, turbine.id, 1);
  // An edited version, so there is an original to restore.
  const form = new FormData();
  form.append('photoId', String(original!.id));
  form.append('photo', new Blob([new Uint8Array(await greyJpeg(page, 800, 600))], { type: 'image/jpeg' }), 'e.jpg');
  expect((await api.post('/turbines/{id}/save-edited-photo', { path: { id: turbine.id }, body: form })).status()).toBe(
    200,
  );
  await expect
    .poll(
      async () =>
        (await listAll(api, turbine.id))[0]?.status === 'ready' && (await listAll(api, turbine.id))[0]?.is_edited,
    )
    .toBe(true);

  const path = `/dashboard/turbine/${turbine.id}/360-view?blade=C&room=3&year=2025`;
  for (const [account, mayEdit] of [
    ['superadmin', true],
    ['admin', true],
    ['manager', true],
    ['operator', true],
    ['customer', false],
  ] as const) {
    await signInAs(page, account, { path });
    await expect(page.getByTestId('deep-zoom')).toHaveAttribute('data-loaded', 'true');
    await expect(page.getByTestId('drawing-tool-pen'), account).toHaveCount(mayEdit ? 1 : 0);
    await page.getByTestId('versions-button').click();
    await expect(page.getByTestId('versions-menu')).toContainText('Orijinal');
    await expect(page.getByTestId('restore-original'), account).toHaveCount(mayEdit ? 1 : 0);
  }
  const customer = await apiAs(demo('customer'));
  const refused = await customer.post('/turbines/{id}/photos/restore', {
    path: { id: turbine.id },
    body: { key: original!.key },
  });
  expect(refused.status()).toBe(403);
  await customer.dispose();
});

test('the lightbox keeps its arrow keys through every kind of media (a point cloud has no zoom buttons to hold the focus)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The demo's scan, among the photos and the panorama of its turbine (another test's turbine may hold a point
  // cloud alone).
  const media = await demoMedia(api);
  const cloud = media.find(
    (item) =>
      item.kind === 'pointcloud' && media.some((other) => other.turbineId === item.turbineId && other.kind === 'photo'),
  )!;
  const items = await listAll(api, cloud.turbineId);
  const total = items.length;
  await signInAs(page, 'superadmin', { path: `/dashboard/turbine/${cloud.turbineId}` });
  await page.getByTestId('photo-name').first().click();
  const counter = page.getByTestId('lightbox-counter');
  await expect(counter).toHaveText(`1 / ${total}`);
  const resetZoom = page.getByTestId('viewer-zoom-reset');
  let sawCloud = false;
  let focusedOnToolbar = 0;
  for (let step = 1; step <= total; step += 1) {
    const name = await page.getByTestId('lightbox-name').textContent();
    if (name === cloud.originalName) sawCloud = true;
    // On a ready photo the focus goes to a toolbar button the next kind of media may not have. The reset button: it
    // is enabled while the viewer holds a picture (the zoom buttons turn off at the ends of the zoom, a small photo's
    // at once), so it is focused once this photo is drawn (until then it may still be the last photo's, about to be
    // let go, and a button that turns off loses the focus); focused, not clicked, so the arrow key is pressed with
    // the focus on it.
    const named = items.filter((item) => item.originalName === name);
    if (named.length > 0 && named.every((item) => item.kind === 'photo' && item.status === 'ready' && item.tiles_url)) {
      await expect(page.getByTestId('viewer-picture').locator('[data-loaded="true"]')).toBeVisible();
      await expect(resetZoom).toBeEnabled();
      await resetZoom.focus();
      await expect(resetZoom).toBeFocused();
      focusedOnToolbar += 1;
    }
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(`${(step % total) + 1} / ${total}`);
  }
  expect(sawCloud).toBe(true);
  expect(focusedOnToolbar, 'arrow keys pressed with the focus on the toolbar').toBeGreaterThan(0);
});
