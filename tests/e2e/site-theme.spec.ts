import { expect, test } from '@playwright/test';
import { LANGUAGE_KEY, THEME_KEY } from './site.js';

test.use({ locale: 'tr-TR' });

test('light by default; the dark choice is stored and applied on every page after', async ({ page }) => {
  await page.goto('/about/');
  const root = page.locator('html');
  await expect(root).not.toHaveAttribute('data-theme', 'dark');
  const toggle = page.getByRole('button', { name: 'Koyu tema' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await toggle.click();
  await expect(root).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe('dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBackground);

  await page.reload();
  await expect(root).toHaveAttribute('data-theme', 'dark');
  await page.goto('/en/faq/');
  await expect(root).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(root).not.toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(root).not.toHaveAttribute('data-theme', 'dark');
});

test('the stored theme is on the page before anything is drawn', async ({ page }) => {
  await page.addInitScript(
    ({ themeKey, languageKey }) => {
      localStorage.setItem(themeKey, 'dark');
      localStorage.setItem(languageKey, 'tr');
      // Records the theme at the first moment the document has a body: before the first paint.
      new MutationObserver((_records, observer) => {
        if (!document.body) return;
        (window as unknown as { themeAtFirstBody: string | undefined }).themeAtFirstBody =
          document.documentElement.dataset.theme;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    },
    { themeKey: THEME_KEY, languageKey: LANGUAGE_KEY },
  );
  await page.goto('/');
  expect(await page.evaluate(() => (window as unknown as { themeAtFirstBody?: string }).themeAtFirstBody)).toBe('dark');
});
