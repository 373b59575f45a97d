import { expect, test } from '@playwright/test';
import { LANGUAGE_KEY } from './site.js';

test.describe('language', () => {
  test.use({ locale: 'tr-TR' });

  test('the toggle opens the same page in the other language and remembers the choice', async ({ page }) => {
    await page.goto('/faq/');
    await page.getByRole('link', { name: /English/ }).click();
    await expect(page).toHaveURL('/en/faq/');
    await expect(page.locator('h1')).toHaveText('Frequently Asked Questions');
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('en');

    // The choice outlives the browser's Turkish: the home page now opens in English.
    await page.goto('/');
    await expect(page).toHaveURL('/en/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.goto('/en/contact/');
    await page.getByRole('link', { name: /Türkçe/ }).click();
    await expect(page).toHaveURL('/contact/');
    await expect(page.locator('h1')).toHaveText('Bize ulaşın');
    await page.goto('/');
    await expect(page).toHaveURL('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    // An address that names its language keeps it, whatever was chosen before: a shared English link stays English.
    await page.goto('/en/');
    await expect(page).toHaveURL('/en/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('the browser language decides a first visit', () => {
  test.describe('tr-TR', () => {
    test.use({ locale: 'tr-TR' });
    test('gets Turkish', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL('/');
      await expect(page.locator('h1')).toHaveText('Her kanadı 360° görün, hasarı büyümeden yakalayın');
      // /en/ says English: it stays English for a Turkish browser with no stored choice.
      await page.goto('/en/');
      await expect(page).toHaveURL('/en/');
      await expect(page.locator('h1')).toHaveText('See every blade in 360° and catch damage before it grows');
    });
  });

  test.describe('en-US', () => {
    test.use({ locale: 'en-US' });
    test('gets English', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL('/en/');
      await expect(page.locator('h1')).toHaveText('See every blade in 360° and catch damage before it grows');
    });
  });

  test.describe('de-DE', () => {
    test.use({ locale: 'de-DE' });
    test('gets English: any language but Turkish does', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL('/en/');
    });
  });

  test('an unreadable browser language gets Turkish', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'languages', { get: () => [] });
      Object.defineProperty(Navigator.prototype, 'language', { get: () => '' });
    });
    await page.goto('/');
    await expect(page).toHaveURL('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  });

  test.describe('a deep link', () => {
    test.use({ locale: 'en-US' });
    test('keeps the language of its address', async ({ page }) => {
      await page.goto('/contact/');
      await expect(page).toHaveURL('/contact/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    });
  });
});
