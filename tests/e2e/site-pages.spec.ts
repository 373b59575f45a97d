import { translator } from '@kanat360/i18n';
import { expect, test } from '@playwright/test';
import { expectNoRawKeys, LANGUAGE_KEY, PUBLIC_PAGES } from './site.js';

const inTurkish = translator('tr');

// A stored choice keeps the home pages where they are, whatever the browser's language.
test.beforeEach(async ({ page }) => {
  await page.addInitScript((key) => {
    if (!localStorage.getItem(key)) localStorage.setItem(key, location.pathname.startsWith('/en/') ? 'en' : 'tr');
  }, LANGUAGE_KEY);
});

test.describe('every public page, in both languages', () => {
  for (const pageSpec of PUBLIC_PAGES) {
    for (const language of ['tr', 'en'] as const) {
      test(`${pageSpec.name} (${language}) renders with every text translated`, async ({ page }) => {
        const path = pageSpec[language];
        const response = await page.goto(path);
        expect(response?.status()).toBe(pageSpec.status);
        await expect(page).toHaveURL(path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('h1').first()).toBeVisible();
        await expect(page).toHaveTitle(/· Kanat360$/);
        await expect(page.locator('header nav a').first()).toBeVisible();
        await expect(page.locator('footer')).toContainText(
          language === 'tr' ? 'Gizlilik Politikası' : 'Privacy Policy',
        );
        await expectNoRawKeys(page);

        // Alternates for both languages (and x-default), as absolute addresses.
        const alternates = await page
          .locator('link[rel="alternate"][hreflang]')
          .evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
        expect(Object.fromEntries(alternates)).toEqual({
          tr: expect.stringMatching(new RegExp(`^https?://[^/]+${pageSpec.tr}$`)),
          en: expect.stringMatching(new RegExp(`^https?://[^/]+${pageSpec.en}$`)),
          'x-default': expect.stringMatching(new RegExp(`^https?://[^/]+${pageSpec.tr}$`)),
        });
      });
    }
  }

  test('the not-found page answers 404: in English under /en/, in Turkish (with English) elsewhere', async ({
    page,
  }) => {
    const english = await page.goto('/en/no-such-page/');
    expect(english?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Page not found · Kanat360');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: inTurkish('site.error.notFound.title') })).toHaveCount(0);
    await expect(page.locator('footer')).toContainText('Privacy Policy');
    await expectNoRawKeys(page);

    const turkish = await page.goto('/no-such-page/');
    expect(turkish?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(page.getByRole('heading', { name: inTurkish('site.error.notFound.title') })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('the error pages answer with their own status, without the trailing slash too', async ({ request }) => {
    for (const [path, status] of [
      ['/500', 500],
      ['/en/500', 500],
      ['/401', 401],
      ['/en/401/', 401],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(status);
      expect(response.headers()['content-type'], path).toContain('text/html');
    }
  });
});

test('the sitemap lists every indexable page in both languages, with alternates', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
  const xml = await response.text();
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const expected = PUBLIC_PAGES.filter((page) => !['server error', 'unauthorized'].includes(page.name)).flatMap(
    (page) => [page.tr, page.en],
  );
  expect(locations.sort()).toEqual(expected.sort());
  expect(xml).toContain('hreflang="en"');
  expect(xml).toContain('hreflang="x-default"');

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
});

test('pages are served compressed', async ({ request }) => {
  const response = await request.get('/faq/', { headers: { 'Accept-Encoding': 'gzip, br' } });
  expect(['br', 'gzip']).toContain(response.headers()['content-encoding']);
});
