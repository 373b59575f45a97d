import { type Page, type Route, expect, test } from '@playwright/test';
import { PIXEL, seeder, signInAs } from './panel.js';

// A deploy replaces the panel's chunks while a page of the old build is open: the chunks it names are gone, and the
// server answers 404 for them. Here the browser asks the server for a chunk under a name the build does not have.

/** Sends the requests for the panel chunk named `name` (Vite's `<name>-<hash>.js`) to a name the server lacks. */
async function chunkGoesMissing(page: Page, name: string, { times }: { times: number }): Promise<() => number> {
  let missed = 0;
  await page.route(new RegExp(`/dashboard/assets/${name}-[\\w-]+\\.js$`), async (route: Route) => {
    if (missed >= times) return route.continue();
    missed += 1;
    const gone = route.request().url().replace(`/assets/${name}-`, `/assets/${name}-gone-`);
    return route.continue({ url: gone });
  });
  return () => missed;
}

/** How many times the page's document was loaded from now on (a reload counts one). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

test('a missing chunk answers 404, not the panel', async ({ request }) => {
  const missing = await request.get('/dashboard/assets/companies-gone-0000.js');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).not.toContain('<div id="root">');
});

test('a screen whose code a deploy replaced reloads the page once and opens', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await expect(page.getByTestId('turbine-card').first()).toBeVisible();
  const missed = await chunkGoesMissing(page, 'companies', { times: 1 });
  const loads = countLoads(page);
  await page.getByRole('link', { name: 'Ortak Yönetimi' }).click();
  await expect(page.getByRole('heading', { name: 'Ortak Yönetimi', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/companies$/);
  expect(missed()).toBe(1);
  // The page's load event need not have reached the test when the heading shows.
  await expect.poll(loads).toBe(1);
  await expect(page.getByTestId('stale-chunk')).toHaveCount(0);
});

test('a viewer whose code is gone for good: one reload, then a message that offers to reload, in Turkish and English', async ({
  page,
}) => {
  const seed = await seeder();
  const turbine = await seed.createTurbine();
  const form = new FormData();
  const year = String(new Date().getFullYear());
  for (const [key, value] of Object.entries({ blade: 'A', room: '1', year })) form.append(key, value);
  form.append('photos', new Blob([new Uint8Array(PIXEL)], { type: 'image/jpeg' }), 'eski_surum.jpg');
  const path = { id: turbine.id };
  expect((await seed.api.post('/turbines/{id}/photos', { path, body: form })).status()).toBe(201);
  await expect
    .poll(async () => {
      const list = await (await seed.api.get('/turbines/{id}/photos', { path, query: { view: 'all' } })).json();
      return list.data[0]?.status;
    })
    .toBe('ready');
  await seed.dispose();

  for (const [language, title, button] of [
    ['tr', 'Kanat360 güncellendi', 'Sayfayı yeniden yükle'],
    ['en', 'Kanat360 has been updated', 'Reload the page'],
  ] as const) {
    await signInAs(page, 'operator', { language, path: `/dashboard/turbine/${turbine.id}` });
    const missed = await chunkGoesMissing(page, 'DeepZoomViewer', { times: Number.POSITIVE_INFINITY });
    const loads = countLoads(page);
    const openPhoto = () => page.getByTestId('photo-name').first().click();
    // The viewer's code fails to load: the page reloads to take the new version.
    await openPhoto();
    await expect.poll(loads).toBe(1);
    // The reloaded address still names the photo (?media=), so it opens again. Its code is still gone: no second
    // reload, but a message that says why, in the user's language.
    await expect(page).toHaveURL(/[?&]media=\d+/);
    const message = page.getByTestId('stale-chunk');
    await expect(message).toBeVisible();
    await expect(message.getByRole('heading')).toHaveText(title);
    await expect(page).toHaveTitle(new RegExp(title));
    expect(missed()).toBe(2);
    expect(loads()).toBe(1);
    // Its button reloads the page, once, by the user's hand.
    await message.getByRole('button', { name: button }).click();
    await expect.poll(loads).toBe(2);
    await expect.poll(missed).toBe(3);
    await expect(page.getByTestId('stale-chunk')).toBeVisible();
    expect(loads()).toBe(2);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    page.removeAllListeners('load');
  }
});
