import { translator } from '@kanat360/i18n';
import { type Page, expect, test } from '@playwright/test';
import { type ApiPage, type ApiSuccess, type Finding, type FindingDetail, type MediaItem } from '@kanat360/contracts';
import { type QueryOf } from '@kanat360/api-client';
import { type TypedApi } from './api.js';
import { demo } from './fixtures.js';
import { apiAs, signInAs } from './panel.js';

const inTurkish = translator('tr');

// Findings in the panel: marked on a photo and on the panorama, linked to last year's, released by a reviewer, seen
// by the customer, and the year's inspection report downloaded.

async function data<T>(response: Awaited<ReturnType<TypedApi['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as ApiSuccess<T>).data;
}

async function findingsOf(
  api: TypedApi,
  turbineId: number,
  query: QueryOf<'/turbines/{id}/findings', 'get'> = {},
): Promise<Finding[]> {
  const response = await api.get('/turbines/{id}/findings', {
    path: { id: turbineId },
    query: { limit: 1000, ...query },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ApiPage<Finding>).data;
}

async function photosOf(api: TypedApi, turbineId: number): Promise<MediaItem[]> {
  const response = await api.get('/turbines/{id}/photos', {
    path: { id: turbineId },
    query: { view: 'all', limit: 1000 },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ApiPage<MediaItem>).data;
}

/** The 360° view's address that shows a blade room's photo. */
const roomViewOf = (turbineId: number, item: MediaItem) =>
  `/dashboard/turbine/${turbineId}/360-view?blade=${item.blade ?? 'A'}&room=${item.room}&year=${item.year}&media=${item.id}`;

/**
 * A flat blade photo of the demo turbine with findings on its blade in an earlier year (so a new finding on it can
 * be linked to last year's), and the turbine's panorama.
 */
async function demoPlaces(api: TypedApi) {
  const turbineId = 1;
  const findings = await findingsOf(api, turbineId);
  // The demo media's tiles are cut in the background after the seed: wait for the panorama's.
  let photos: MediaItem[] = [];
  await expect
    .poll(
      async () => {
        photos = await photosOf(api, turbineId);
        return photos.some((item) => item.is_panorama && item.category === '' && item.panorama_tiles);
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  const photo = photos.find(
    (item) =>
      item.kind === 'photo' &&
      !item.is_panorama &&
      item.category === '' &&
      item.status === 'ready' &&
      item.blade !== null &&
      findings.some((finding) => finding.blade === item.blade && finding.year < item.year),
  );
  const panorama = photos.find((item) => item.is_panorama && item.category === '' && item.panorama_tiles);
  expect(photo, 'a demo blade photo with an earlier finding on its blade').toBeDefined();
  expect(panorama, 'the demo panorama').toBeDefined();
  return { turbineId, photo: photo!, panorama: panorama! };
}

/** The finding the page has open (its id is in the URL once it is saved). */
async function openFindingId(page: Page): Promise<number> {
  await expect(page).toHaveURL(/[?&]finding=\d+/);
  return Number(new URL(page.url()).searchParams.get('finding'));
}

test('an operator marks findings on a photo and on the panorama, links one to last year; an admin releases it; the customer sees it; the report downloads', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const operatorApi = await apiAs(demo('operator'));
  const { turbineId, photo, panorama } = await demoPlaces(operatorApi);

  // On the photo: a box dragged over the picture, then the form (the distance from the root is required).
  await signInAs(page, 'operator', { path: roomViewOf(turbineId, photo) });
  const viewer = page.locator('[data-testid=deep-zoom][data-loaded=true]');
  await expect(viewer).toBeVisible();
  const before = (await findingsOf(operatorApi, turbineId, { media_id: photo.id })).length;
  await expect(page.getByTestId('findings-count')).toHaveText(`(${before})`);
  await page.getByTestId('finding-tool-rectangle').click();
  // The layer takes the drag once it is in place (a lazy chunk); before, the viewer would pan.
  await expect(page.getByTestId('drawing-layer')).toHaveClass(/cursor-crosshair/);
  const box = (await viewer.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.42, { steps: 8 });
  await page.mouse.up();
  const form = page.getByTestId('finding-form');
  await expect(form).toBeVisible();
  await page.getByTestId('finding-save').click();
  await expect(form.getByTestId('field-error')).toHaveText(inTurkish('errors.DISTANCE_REQUIRED'));
  await page.getByTestId('finding-distance_from_root_m').fill('14,2');
  await page.getByTestId('finding-severity-3').click();
  await page.getByTestId('finding-type').selectOption('crack');
  await page.getByTestId('finding-length_mm').fill('85');
  await page.getByTestId('finding-width_mm').fill('12');
  await page.getByTestId('finding-save').click();
  const onPhoto = await openFindingId(page);
  await expect(page.getByTestId('findings-count')).toHaveText(`(${before + 1})`);
  await expect(page.getByTestId('finding-stage')).toHaveText('Taslak');

  // Stored as drawn: on that photo, a box inside it, in the original's pixels, a draft.
  const stored = await data<FindingDetail>(
    await operatorApi.get('/turbines/{id}/findings/{findingId}', { path: { id: turbineId, findingId: onPhoto } }),
  );
  expect(stored).toMatchObject({
    media_id: photo.id,
    year: photo.year,
    blade: photo.blade,
    severity: 3,
    type: 'crack',
    distance_from_root_m: 14.2,
    length_mm: 85,
    width_mm: 12,
    stage: 'draft',
    action: 'repair_planned',
  });
  const [, x, y, w, h] = /^xywh=pixel:(\d+),(\d+),(\d+),(\d+)$/.exec(stored.target.selector.value)!.map(Number);
  expect(x! + w!).toBeLessThanOrEqual(photo.width!);
  expect(y! + h!).toBeLessThanOrEqual(photo.height!);
  expect(w).toBeGreaterThan(0);

  // Linked to the same damage last year: the track shows both years.
  const choice = page.getByTestId('finding-link-choice');
  const earlier = await choice.locator('option:not([value=""])').first().getAttribute('value');
  await choice.selectOption(earlier);
  await page.getByTestId('finding-link').click();
  await expect(page.getByTestId('finding-history').locator('li')).toHaveCount(2);
  const linked = await data<FindingDetail>(
    await operatorApi.get('/turbines/{id}/findings/{findingId}', { path: { id: turbineId, findingId: onPhoto } }),
  );
  expect(linked.history.map((entry) => entry.id)).toContain(Number(earlier));
  expect(linked.growth.since_previous).not.toBeNull();

  // The finding is in view, centred: closed from the list, it opens again with a click on its region.
  await page.locator(`[data-testid=findings-list-item][data-finding-id="${onPhoto}"]`).click();
  await expect(page).not.toHaveURL(/[?&]finding=/);
  await expect(page.getByTestId('finding-details')).toHaveCount(0);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(new RegExp(`[?&]finding=${onPhoto}`));
  await expect(page.getByTestId('finding-details')).toHaveAttribute('data-finding-id', String(onPhoto));

  // An operator may not release (the button is not there).
  await expect(page.getByTestId('finding-release')).toHaveCount(0);

  // On the panorama: a click on the sphere places the finding.
  await page.goto(roomViewOf(turbineId, panorama));
  await expect(page.locator('[data-testid=panorama][data-loaded=true]')).toBeVisible();
  const markersBefore = (await findingsOf(operatorApi, turbineId, { media_id: panorama.id })).length;
  await expect(page.locator('.psv-marker')).toHaveCount(markersBefore);
  await page.getByTestId('finding-tool-point').click();
  await expect(page.getByTestId('finding-tool-point')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('drawing-layer')).toBeAttached();
  const sphere = (await page.getByTestId('panorama').boundingBox())!;
  await page.mouse.click(sphere.x + sphere.width * 0.35, sphere.y + sphere.height * 0.6);
  await page.getByTestId('finding-distance_from_root_m').fill('31');
  await page.getByTestId('finding-type').selectOption('erosion');
  await page.getByTestId('finding-save').click();
  const onPanorama = await openFindingId(page);
  await expect(page.locator('.psv-marker')).toHaveCount(markersBefore + 1);
  const placed = await data<Finding>(
    await operatorApi.get('/turbines/{id}/findings/{findingId}', { path: { id: turbineId, findingId: onPanorama } }),
  );
  expect(placed.target.selector.type).toBe('PanoramaSelector');
  expect(placed.media_id).toBe(panorama.id);

  // The customer sees neither while they are drafts.
  const customerApi = await apiAs(demo('customer'));
  const customerIds = (await findingsOf(customerApi, turbineId)).map((finding) => finding.id);
  expect(customerIds).not.toContain(onPhoto);
  expect(customerIds).not.toContain(onPanorama);

  // An admin releases the photo's finding from its own address.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, 'admin', { path: `/dashboard/turbine/${turbineId}/findings/${onPhoto}` });
  await expect(adminPage).toHaveURL(new RegExp(`finding=${onPhoto}`));
  await adminPage.getByTestId('finding-release').click();
  await expect(adminPage.getByTestId('finding-stage')).toHaveText(inTurkish('findings.stage.released'));

  // The year's inspection report, made from the blade map, downloads as a PDF.
  await adminPage.goto(`/dashboard/turbine/${turbineId}#blade-map`);
  await adminPage.getByTestId('blade-map-year').selectOption(String(photo.year));
  const download = adminPage.waitForEvent('download');
  await adminPage.getByTestId('inspection-report-button').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await (await import('node:fs/promises')).readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await adminContext.close();

  // The customer now sees the released one (and still not the draft), read-only, at its own address.
  expect((await findingsOf(customerApi, turbineId)).map((finding) => finding.id)).toContain(onPhoto);
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signInAs(customerPage, 'customer', { path: `/dashboard/turbine/${turbineId}/findings/${onPhoto}` });
  await expect(customerPage.getByTestId('finding-details')).toHaveAttribute('data-finding-id', String(onPhoto));
  await expect(customerPage.getByTestId('finding-stage')).toHaveText(inTurkish('findings.stage.released'));
  await expect(customerPage.getByTestId('finding-edit')).toHaveCount(0);
  await expect(customerPage.getByTestId('finding-tool-rectangle')).toHaveCount(0);

  // On the turbine's blade map, in its year, and in the fleet list (filtered to the turbine) — the draft in neither.
  await customerPage.goto(`/dashboard/turbine/${turbineId}#blade-map`);
  await customerPage.getByTestId('blade-map-year').selectOption(String(photo.year));
  const mark = customerPage.locator(`[data-testid=blade-mark][data-finding-id="${onPhoto}"]`);
  await expect(mark).toHaveAttribute('data-severity', '3');
  await expect(mark).toHaveAttribute('data-stage', 'released');
  await expect(customerPage.locator(`[data-testid=blade-mark][data-finding-id="${onPanorama}"]`)).toHaveCount(0);
  await customerPage.goto(`/dashboard/findings?turbine=${turbineId}&year=${photo.year}`);
  await expect(customerPage.locator(`[data-testid=finding-row][data-finding-id="${onPhoto}"]`)).toBeVisible();
  await expect(customerPage.locator(`[data-testid=finding-row][data-finding-id="${onPanorama}"]`)).toHaveCount(0);
  await customerContext.close();
});
