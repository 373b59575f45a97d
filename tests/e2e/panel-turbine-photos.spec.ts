import { translator } from '@kanat360/i18n';
import { type Page, expect, test } from '@playwright/test';
import { type ApiPage, type MediaItem, type Turbine } from '@kanat360/contracts';
import { type TypedApi } from './api.js';
import { demo } from './fixtures.js';
import { apiAs, PIXEL, seeder, seedPhotos, signInAs } from './panel.js';

const inTurkish = translator('tr');

// The turbine screen's all-photos list and lightbox: paging, filters in the URL, compare, delete, and the viewer.

async function listAll(api: TypedApi, turbineId: number): Promise<MediaItem[]> {
  const items: MediaItem[] = [];
  let cursor: string | null = null;
  do {
    const response = await api.get('/turbines/{id}/photos', {
      path: { id: turbineId },
      query: { view: 'all', limit: 1000, cursor: cursor ?? undefined },
    });
    const page = (await response.json()) as ApiPage<MediaItem>;
    items.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

const workspace = (id: number, search = '') => `/dashboard/turbine/${id}${search}`;
const rows = (page: Page) => page.getByTestId('photo-row');
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

/** Scrolls the virtualized list from top to bottom, collecting the id each row position shows, in order. */
async function idsByScrolling(page: Page): Promise<number[]> {
  const scroller = page.getByTestId('photos-scroller');
  const byIndex = new Map<number, number>();
  for (let guard = 0; guard < 200; guard += 1) {
    // One look per pass: the rows, whether a page is still loading and whether the end is reached are read together,
    // so a page that arrives between two reads cannot end the walk before its rows are taken.
    const { shown, loading, atEnd } = await scroller.evaluate((element) => {
      const pairs = [...element.querySelectorAll<HTMLElement>('[data-testid="photo-row"]')].map(
        (row) => [Number(row.dataset.index), Number(row.dataset.mediaId)] as const,
      );
      const end = element.scrollTop + element.clientHeight >= element.scrollHeight - 2;
      element.scrollTop += element.clientHeight * 0.8;
      return {
        shown: pairs,
        loading: element.querySelectorAll('[data-testid="photo-row-loading"]').length > 0,
        atEnd: end,
      };
    });
    for (const [index, id] of shown) byIndex.set(index, id);
    if (atEnd && !loading) break;
    await page.waitForTimeout(80);
  }
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, id]) => id);
}

let turbine: Turbine;
let api: TypedApi;

test.beforeEach(async () => {
  const seed = await seeder();
  turbine = await seed.createTurbine();
  await seed.dispose();
  api = await apiAs(demo('superadmin'));
});
test.afterEach(async () => {
  await api.dispose();
});

test('filters by year, type and text on the server, keeps them in the URL, and they survive a reload', async ({
  page,
}) => {
  await seedPhotos(api, turbine.id, 12, 'blade', 'blade');
  await seedPhotos(api, turbine.id, 5, 'drone', 'drone');
  await signInAs(page, 'operator', { path: workspace(turbine.id) });
  await expect(page.getByTestId('photos-count')).toHaveText('17 dosya');
  await expect(page.getByTestId('photos-year').locator('option')).toHaveText([
    inTurkish('panel.photos.allYears'),
    '2025',
  ]);

  await page.getByTestId('photos-type').selectOption('drone');
  await expect(page).toHaveURL(/type=drone/);
  await expect(page.getByTestId('photos-count')).toHaveText('5 dosya');
  await expect(rows(page).first()).toContainText('Drone');

  await page.getByTestId('photos-type').selectOption('');
  await page.getByRole('searchbox', { name: 'Dosya adında veya odada ara' }).fill('blade_000');
  await expect(page).toHaveURL(/q=blade_000/);
  await expect(page.getByTestId('photos-count')).toHaveText('9 dosya');
  await page.reload();
  await expect(page.getByTestId('photos-count')).toHaveText('9 dosya');
  await expect(page.getByRole('searchbox', { name: inTurkish('panel.photos.searchLabel') })).toHaveValue('blade_000');

  await page.getByTestId('photos-year').selectOption('2025');
  await expect(page).toHaveURL(/year=2025/);
  await page.getByRole('searchbox', { name: 'Dosya adında veya odada ara' }).fill('nothing-like-this');
  await expect(page.getByTestId('empty-state')).toContainText(inTurkish('panel.photos.noMatch'));
  await page.getByRole('button', { name: 'Filtreleri Temizle' }).click();
  await expect(page.getByTestId('photos-count')).toHaveText('17 dosya');
});

test('compares exactly two photos side by side; a third is refused; leaving clears the selection', async ({ page }) => {
  await seedPhotos(api, turbine.id, 4, 'blade', 'cmp');
  await signInAs(page, 'customer', { path: workspace(turbine.id) });
  await page.getByTestId('compare-toggle').click();
  const ticks = page.locator('#all-photos input[type=checkbox]');
  await ticks.nth(0).check();
  await ticks.nth(1).check();
  await ticks.nth(2).click();
  await expect(toast(page, inTurkish('panel.photos.compareMax'))).toBeVisible();
  await expect(ticks.nth(2)).not.toBeChecked();
  await expect(page.getByTestId('compare-hint')).toContainText('(2/2)');
  await page.getByRole('button', { name: 'Yan yana aç' }).click();
  const sides = page.getByTestId('compare-side');
  await expect(sides).toHaveCount(2);
  await expect(sides.first()).toContainText('Oda');
  await expect(sides.first()).toContainText('Boyut');
  // The date is the campaign's, as the list shows it.
  const listed = await rows(page).first().locator('span', { hasText: /2025$/ }).first().textContent();
  await expect(sides.first()).toContainText(listed!);
  await page.keyboard.press('Escape');
  await page.getByTestId('compare-toggle').click();
  await expect(ticks).toHaveCount(0);
  await page.getByTestId('compare-toggle').click();
  await expect(ticks.nth(0)).not.toBeChecked();
  await expect(page.getByTestId('compare-hint')).toContainText('(0/2)');
});

test('the lightbox wraps both ways with its counter, keys and Escape, and opens on the deep-zoom viewer', async ({
  page,
}) => {
  await seedPhotos(api, turbine.id, 3, 'blade', 'lb');
  const items = await listAll(api, turbine.id);
  // Wait for the tiles: the lightbox shows them, not the originals.
  await expect
    .poll(async () => (await listAll(api, turbine.id)).every((item) => item.tiles_url), { timeout: 60_000 })
    .toBe(true);
  await signInAs(page, 'operator', { path: workspace(turbine.id) });
  await page.getByTestId('photo-name').first().click();
  const lightbox = page.getByTestId('lightbox');
  await expect(page.getByTestId('lightbox-counter')).toHaveText('1 / 3');
  // The first stop is closing, never downloading the original by an Enter press.
  await expect(lightbox.getByRole('button', { name: 'Kapat' })).toBeFocused();
  await expect(page.getByTestId('lightbox-name')).toHaveText(items[0]!.originalName);
  await expect(lightbox.getByTestId('deep-zoom')).toHaveAttribute('data-loaded', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('lightbox-counter')).toHaveText('3 / 3');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('lightbox-counter')).toHaveText('1 / 3');
  await lightbox.getByRole('button', { name: 'Sonraki' }).click();
  await expect(page.getByTestId('lightbox-counter')).toHaveText('2 / 3');
  // An operator may not delete photos: no delete button here either.
  await expect(lightbox.getByRole('button', { name: 'Sil' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);
});

test('a video plays with seeking and a 2:1 photo opens on the sphere', async ({ page }) => {
  // The demo data has a video (on a turbine of either partner: the superadmin sees both).
  const turbines = (await (await api.get('/turbines')).json()) as { data: Turbine[] };
  const media: (MediaItem & { turbineId: number })[] = [];
  for (const candidate of turbines.data) {
    media.push(...(await listAll(api, candidate.id)).map((item) => ({ ...item, turbineId: candidate.id })));
  }
  const video = media.find((item) => item.kind === 'video')!;
  await signInAs(page, 'superadmin', { path: workspace(video.turbineId) });
  const open = async (name: string) => {
    await page.getByRole('searchbox', { name: 'Dosya adında veya odada ara' }).fill(name);
    await expect(page.getByTestId('photos-count')).toHaveText('1 dosya');
    await page.getByTestId('photo-name').first().click();
  };
  await open(video.originalName);
  await expect(page.getByTestId('stage-video')).toHaveAttribute('controls', '');
  const range = await page.request.get(video.url, { headers: { Range: 'bytes=0-99' } });
  expect(range.status()).toBe(206);
  await page.keyboard.press('Escape');

  // A 2:1 photo is a panorama once the server has looked at it.
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(2048, 1024);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#7ab';
    context.fillRect(0, 0, 2048, 1024);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg' })).arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  const form = new FormData();
  form.append('category', 'drone');
  form.append(
    'photos',
    new Blob([new Uint8Array(Buffer.from(base64, 'base64'))], { type: 'image/jpeg' }),
    'pano_360.jpg',
  );
  expect((await api.post('/turbines/{id}/photos', { path: { id: turbine.id }, body: form })).status()).toBe(201);
  await expect
    .poll(async () => (await listAll(api, turbine.id)).some((item) => item.is_panorama), { timeout: 60_000 })
    .toBe(true);
  await page.goto(workspace(turbine.id));
  await page.getByTestId('photo-name').first().click();
  await expect(page.getByTestId('panorama')).toHaveAttribute('data-loaded', 'true');
});

test('a manager deletes with "Fotoğrafı Sil"; operators and customers get no delete, and the server refuses them', async ({
  page,
}) => {
  await seedPhotos(api, turbine.id, 3, 'blade', 'del');
  const [first] = await listAll(api, turbine.id);
  await signInAs(page, 'manager', { path: workspace(turbine.id) });
  await page.getByRole('button', { name: `Sil: ${first!.originalName}` }).click();
  const dialog = page.getByTestId('delete-photo-dialog');
  await expect(dialog.getByRole('heading')).toHaveText(inTurkish('panel.photos.deleteTitle'));
  await expect(dialog).toContainText('Bu işlem geri alınamaz');
  await dialog.getByRole('button', { name: 'Sil' }).click();
  await expect(toast(page, inTurkish('api.photoDeleted'))).toBeVisible();
  await expect(page.getByTestId('photos-count')).toHaveText('2 dosya');

  // From the lightbox too: it goes on with the photos that are left.
  await page.getByTestId('photo-name').first().click();
  const lightbox = page.getByTestId('lightbox');
  await expect(page.getByTestId('lightbox-counter')).toHaveText('1 / 2');
  const shown = await page.getByTestId('lightbox-name').textContent();
  await lightbox.getByRole('button', { name: 'Sil' }).click();
  await dialog.getByRole('button', { name: 'Sil' }).click();
  await expect(page.getByTestId('lightbox-counter')).toHaveText('1 / 1');
  await expect(page.getByTestId('lightbox-name')).not.toHaveText(shown!);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('photos-count')).toHaveText('1 dosya');

  const [remaining] = await listAll(api, turbine.id);
  for (const account of ['operator', 'customer'] as const) {
    await signInAs(page, account, { path: workspace(turbine.id) });
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Sil: / })).toHaveCount(0);
    const client = await apiAs(demo(account));
    const refused = await client.delete('/turbines/{id}/photos', {
      path: { id: turbine.id },
      query: { key: remaining!.key },
    });
    expect(refused.status()).toBe(403);
    await client.dispose();
  }
});

test('a new upload appears in the list "processing", then gets its thumbnail without a reload', async ({ page }) => {
  await signInAs(page, 'operator', { path: workspace(turbine.id) });
  // The server makes a 1-pixel photo's thumbnail at once: until the test has seen the row "processing", the lists
  // answer as they would while a camera-sized photo is still being worked on.
  let processing = true;
  await page.route(
    (url) => url.pathname === `/api/turbines/${turbine.id}/photos`,
    async (route) => {
      if (route.request().method() !== 'GET' || !processing) return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as ApiPage<MediaItem>;
      const pending = body.data.map((item) => ({ ...item, status: 'pending', thumbnail_url: null, preview_url: null }));
      return route.fulfill({ response, json: { ...body, data: pending } });
    },
  );
  const panel = page.getByTestId('category-panel-robot');
  await panel
    .locator('input[type=file]')
    .setInputFiles([{ name: 'robot_0001.jpg', mimeType: 'image/jpeg', buffer: PIXEL }]);
  await panel.getByTestId('upload-button').click();
  const row = rows(page).first();
  await expect(row).toContainText('robot_0001.jpg');
  await expect(row.getByTestId('media-processing')).toHaveText(inTurkish('panel.media.processing'));
  processing = false;
  await expect(row.getByTestId('media-thumb').locator('img')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('media-thumb')).toHaveAttribute('data-status', 'ready');
});

test('pages through every photo exactly once while scrolling, with the total', async ({ page }) => {
  test.slow();
  await seedPhotos(api, turbine.id, 230, 'blade', 'page');
  await seedPhotos(api, turbine.id, 20, 'drone', 'drone');
  const expected = (await listAll(api, turbine.id)).map((item) => item.id);
  expect(expected).toHaveLength(250);

  const pageRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/api/turbines/${turbine.id}/photos?`)) pageRequests.push(request.url());
  });
  await signInAs(page, 'operator', { path: workspace(turbine.id) });
  await expect(page.getByTestId('photos-count')).toHaveText('250 dosya');
  // Row by row, the same photos in the same order as the API's pages: none twice, none left out.
  expect(await idsByScrolling(page)).toEqual(expected);
  // The first page is 200 rows; the rest came with a cursor as the list was scrolled.
  expect(pageRequests.some((url) => url.includes('limit=200') && !url.includes('cursor='))).toBe(true);
  expect(pageRequests.some((url) => url.includes('cursor='))).toBe(true);
});

test('a room with more photos than a page shows them all as the grid scrolls, and the lightbox reaches the last', async ({
  page,
}) => {
  test.slow();
  await seedPhotos(api, turbine.id, 230, 'blade', 'room', { room: 4 });
  await seedPhotos(api, turbine.id, 3, 'drone', 'drone');
  await signInAs(page, 'customer', { path: workspace(turbine.id) });
  // A customer's galleries say how much each holds.
  await expect(page.getByTestId('gallery-drone').getByTestId('gallery-count')).toHaveText('3 dosya');
  await expect(page.getByTestId('gallery-robot').getByTestId('gallery-count')).toHaveText('0 dosya');
  await signInAs(page, 'operator', { path: workspace(turbine.id) });
  await expect(page.getByTestId('blade-year').locator('option[value="2025"]')).toHaveText('2025 (230)');
  await page.getByTestId('blade-year').selectOption('2025');
  const panel = page.getByTestId('blade-panel-A');
  await panel.getByTestId('room-picker').selectOption('4');
  await expect(panel.getByTestId('room-count')).toHaveText('230 dosya');
  const grid = panel.getByTestId('room-photos');
  const thumbs = grid.getByTestId('media-thumb');
  await expect(thumbs).toHaveCount(200);
  await grid.evaluate((element) => (element.scrollTop = element.scrollHeight));
  await expect(thumbs).toHaveCount(230);

  await page.reload();
  await page.getByTestId('blade-year').selectOption('2025');
  await panel.getByTestId('room-picker').selectOption('4');
  await expect(grid.getByTestId('media-thumb')).toHaveCount(200);
  await grid.getByTestId('media-thumb').first().click();
  await expect(page.getByTestId('lightbox-counter')).toHaveText('1 / 230');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('lightbox-counter')).toHaveText('230 / 230');
  await expect(page.getByTestId('lightbox-name')).toHaveText('room_0001.jpg');
});
