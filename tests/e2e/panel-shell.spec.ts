import { expect, type Page, test } from '@playwright/test';
import { SESSION_COOKIE, SESSION_USER_STORAGE_KEY } from '@kanat360/contracts';
import { demo, DEMO_PASSWORD } from './fixtures.js';
import { seeder, seedPhotos, signInAs } from './panel.js';
import { expectNoRawKeys, RAW_KEY } from './site.js';
import { listAll } from './viewer-media.js';

test.describe('panel shell', () => {
  test('a window of 768 px shows the desktop-only notice in the current language; 769 px shows the panel', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await signInAs(page, 'operator');
    const notice = page.getByTestId('mobile-notice');
    await expect(notice).toContainText(
      'Yönetim paneli yalnızca masaüstü bilgisayarlar içindir. Lütfen bir bilgisayar veya dizüstü bilgisayar kullanın.',
    );
    await expect(page.getByTestId('turbine-card')).toHaveCount(0);
    await notice.getByRole('button', { name: /^English/ }).click();
    await expect(notice).toContainText('The management panel is for desktop computers only.');
    await page.setViewportSize({ width: 769, height: 900 });
    await expect(notice).toBeHidden();
    await expect(page.getByTestId('turbine-card').first()).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({
      viewport: { width: 1280, height: 800 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });

    test('at 390 px the notice lets a signed-in user sign out', async ({ page, context }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAs(page, 'operator');
      const notice = page.getByTestId('mobile-notice');
      await expect(notice).toBeVisible();
      const logout = notice.getByRole('button', { name: 'Çıkış Yap' });
      await expect(logout).toBeVisible();
      // Every button of the card fits the phone's width.
      for (const button of await notice.locator('a, button').all()) {
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      await logout.click();
      await expect(page).toHaveURL(/\/$/);
      expect((await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
      expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_USER_STORAGE_KEY)).toBeNull();
    });

    test('a phone user agent gets the notice even on a wide screen', async ({ page }) => {
      await signInAs(page, 'operator', { language: 'en' });
      await expect(page.getByTestId('mobile-notice')).toContainText(
        'The management panel is for desktop computers only.',
      );
      await expect(page.getByTestId('turbine-card')).toHaveCount(0);
    });
  });

  test('an expired session goes to sign in, keeping the filtered view, and comes back to it', async ({
    page,
    context,
  }) => {
    await signInAs(page, 'operator', { path: '/dashboard?city=izmir&view=list' });
    await expect(page.getByTestId('turbine-row').first()).toBeVisible();
    // The server no longer knows the session (as after it expired): the next load is refused.
    await context.clearCookies({ name: SESSION_COOKIE });
    await page.reload();
    await expect(page).toHaveURL(/\/login\/?\?redirect=%2Fdashboard%3Fcity%3Dizmir%26view%3Dlist$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_USER_STORAGE_KEY)).toBeNull();

    await expect(page.locator('button[type="submit"]')).toBeEnabled();
    await page.locator('input[name="email"]').fill(demo('operator'));
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard\?city=izmir&view=list$/);
    await expect(page.getByTestId('turbine-row').first()).toBeVisible();
    await expect(page.getByLabel('Şehir', { exact: true })).toHaveValue('izmir');
  });

  test('a stored profile whose session has run out signs out without asking the server', async ({ page }) => {
    await signInAs(page, 'operator');
    await expect(page.getByTestId('turbine-card').first()).toBeVisible();
    await page.evaluate((key) => {
      const user = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...user, session_expires_at: '2000-01-01T00:00:00.000Z' }));
    }, SESSION_USER_STORAGE_KEY);
    let validations = 0;
    await page.route('**/api/auth/validate-session', (route) => {
      validations += 1;
      return route.continue();
    });
    await page.goto('/dashboard?q=ALG');
    await expect(page).toHaveURL(/\/login\/?\?redirect=%2Fdashboard%3Fq%3DALG$/);
    expect(validations).toBe(0);
  });

  test('a 401 from any call ends the session and returns to the same view after sign-in', async ({ page, context }) => {
    await signInAs(page, 'superadmin', { path: '/dashboard?view=list' });
    await page.getByRole('button', { name: 'Türbin Ekle' }).click();
    const form = page.getByTestId('turbine-form');
    await form.getByLabel('Şehir').fill('manisa');
    await form.getByLabel('Türbin kodu').fill('NEVER-SAVED');
    await form.getByLabel('Konum').fill('Soma');
    await form.getByLabel('Şirket').selectOption({ index: 1 });
    await context.clearCookies({ name: SESSION_COOKIE });
    await form.getByRole('button', { name: 'Türbin Ekle' }).click();
    await expect(page).toHaveURL(/\/login\/?\?redirect=%2Fdashboard%3Fview%3Dlist$/);
  });

  test('toasts close by their button, by Escape, and by themselves after 3 s', async ({ page }) => {
    await page.clock.install();
    await signInAs(page, 'superadmin');
    const card = page.getByTestId('turbine-card').first();
    const name = (await card.getByTestId('turbine-name').textContent()) ?? '';
    const saveUnchanged = async () => {
      await card.getByRole('button', { name: `Düzenle: ${name}` }).click();
      await page.getByTestId('turbine-form').getByRole('button', { name: 'Kaydet' }).click();
      await expect(page.getByTestId('turbine-form')).toBeHidden();
    };
    const toast = page.getByTestId('toast').filter({ hasText: 'Türbin başarıyla kaydedildi' });

    await page.clock.pauseAt(Date.now() + 60_000);
    await saveUnchanged();
    await expect(toast).toHaveAttribute('data-toast-type', 'success');
    await page.clock.runFor(2_900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(200);
    await expect(toast).toBeHidden();

    await saveUnchanged();
    await expect(toast).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toast).toBeHidden();

    await saveUnchanged();
    await toast.getByRole('button', { name: 'Bildirimi kapat' }).click();
    await expect(toast).toBeHidden();
  });

  test('errors: an unknown panel page is "not found"; a failing load shows the fallback and recovers', async ({
    page,
  }) => {
    await signInAs(page, 'operator', { language: 'en', path: '/dashboard/no-such-screen' });
    await expect(page.getByTestId('not-found')).toContainText('Page not found');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page.getByTestId('turbine-card').first()).toBeVisible();

    await page.route('**/api/turbines', (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: '<html>bad gateway</html>' }),
    );
    await page.reload();
    const fallback = page.getByTestId('error-screen');
    await expect(fallback).toContainText('Unexpected Application Error');
    await expect(fallback).toContainText('Server error: 500');
    await page.unroute('**/api/turbines');
    await fallback.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('turbine-card').first()).toBeVisible();
  });

  test('the first load fetches the shell’s texts of the language in use only; a switch fetches the other, no key shown meanwhile', async ({
    page,
  }) => {
    const catalogs = recordCatalogChunks(page);
    // The other language's texts come slowly, as on a poor connection: a flash of keys would show meanwhile.
    const release = holdCatalogChunks(page, 'en');
    await signInAs(page, 'operator');
    await expect(page.getByRole('heading', { name: 'Türbinler', level: 1 })).toBeVisible();
    expect(catalogs).toEqual(['tr-shell']);

    // Every text the page shows while it switches, from the click until English is there.
    await watchForKeys(page);
    const toggle = page.getByRole('button', { name: /^English/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-busy', 'true');
    // Until the texts are here, the page stays Turkish.
    await expect(page.getByRole('heading', { name: 'Türbinler', level: 1 })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Turbines', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(catalogs).toEqual(['tr-shell', 'en-shell']);
    expect(await keysShown(page)).toEqual([]);
    await expectNoRawKeys(page);

    // The choice holds: the next load fetches English only.
    catalogs.length = 0;
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Turbines', level: 1 })).toBeVisible();
    expect(catalogs).toEqual(['en-shell']);
  });

  test('a deep link opens with its area’s texts, fetched with its route; a switch there fetches every area in use, no key shown', async ({
    page,
  }) => {
    const seed = await seeder();
    const turbine = await seed.createTurbine();
    await seedPhotos(seed.api, turbine.id, 1, 'blade', 'deep');
    const [photo] = await listAll(seed.api, turbine.id);
    await seed.dispose();
    const catalogs = recordCatalogChunks(page);
    await page.addInitScript(startWatchingForKeys, RAW_KEY.source);
    const release = holdCatalogChunks(page, 'tr');

    // Straight to a photo of the turbine screen, in English: the shell's texts and the screen's, in English only.
    await signInAs(page, 'operator', { language: 'en', path: `/dashboard/turbine/${turbine.id}?media=${photo!.id}` });
    await expect(page.getByTestId('lightbox')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Close/ }).first()).toBeVisible();
    expect([...catalogs].sort()).toEqual(['en-coverage', 'en-shell', 'en-workspace']);
    await expectNoRawKeys(page);

    // To Turkish, its texts slow to come: the screen stays English until every area it showed is here.
    const toggle = page.getByRole('button', { name: /^Türkçe/ });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('lightbox')).toHaveCount(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(page.getByRole('button', { name: /^English/ })).toBeVisible();
    expect([...catalogs].sort()).toEqual([
      'en-coverage',
      'en-shell',
      'en-workspace',
      'tr-coverage',
      'tr-shell',
      'tr-workspace',
    ]);
    expect(await keysShown(page)).toEqual([]);
    await expectNoRawKeys(page);

    // The fleet's findings, reached through the nav: its own area comes with it, in Turkish.
    await page.getByRole('link', { name: 'Bulgular' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/findings/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Polled: the heading seen may still be the last screen's while the findings' chunk is on its way.
    await expect.poll(() => catalogs).toContain('tr-findings');
    expect(await keysShown(page)).toEqual([]);
    await expectNoRawKeys(page);
  });

  test('every path change starts at the top; the theme is stored', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await signInAs(page, 'superadmin');
    await expect(page.getByTestId('turbine-card').first()).toBeVisible();
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Kullanıcı Ayarları' }).click();
    await expect(page).toHaveURL(/\/dashboard\/users$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    const root = page.locator('html');
    await expect(root).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: /tema/ }).click();
    await expect(root).toHaveClass(/dark/);
    await page.reload();
    await expect(root).toHaveClass(/dark/);
  });
});

/** The catalog chunks the page fetches, as `<language>-<area>` (vite.config.ts names them so). */
function recordCatalogChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const name = CATALOG_CHUNK.exec(new URL(request.url()).pathname)?.[1];
    if (name) chunks.push(name);
  });
  return chunks;
}
const CATALOG_CHUNK = /\/dashboard\/assets\/_panel-catalog-((?:tr|en)-\w+)-[\w-]+\.js$/;

/** Holds back every catalog chunk of `language` until the returned function is called, as a slow connection would. */
function holdCatalogChunks(page: Page, language: 'tr' | 'en'): () => void {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  void page.route(new RegExp(`/dashboard/assets/_panel-catalog-${language}-`), async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/** From now on, records every catalog key the page's text shows at any moment (read by keysShown). */
async function watchForKeys(page: Page): Promise<void> {
  await page.evaluate(startWatchingForKeys, RAW_KEY.source);
}
function startWatchingForKeys(pattern: string) {
  const keys: string[] = [];
  (window as unknown as { shownKeys: string[] }).shownKeys = keys;
  const raw = new RegExp(pattern);
  const look = () => {
    const text = document.body?.innerText ?? '';
    if (raw.test(text)) keys.push(raw.exec(text)![0]);
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
}
function keysShown(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { shownKeys?: string[] }).shownKeys ?? []);
}
