import { translator } from '@kanat360/i18n';
import { expect, test } from '@playwright/test';
import { LANGUAGE_KEY } from './site.js';

const inTurkish = translator('tr');

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
      await expect(page.locator('h1')).toHaveText(inTurkish('site.home.hero.title'));
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
});

// Spec §1 holds on every address that names no language, not only on the home page (issue 22 item 12).
test.describe('every unprefixed address', () => {
  test.describe('in an en-US browser', () => {
    test.use({ locale: 'en-US' });

    test('opens in English, keeping the query and the fragment', async ({ page }) => {
      for (const path of ['/login/', '/faq/', '/contact/', '/about/', '/privacy/']) {
        await page.goto(path);
        await expect(page).toHaveURL(`/en${path}`);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      }
      await page.goto('/password-reset/?token=abc123#new');
      await expect(page).toHaveURL('/en/password-reset/?token=abc123#new');
      await page.goto('/login/?redirect=%2Fdashboard%2Fusers');
      await expect(page).toHaveURL('/en/login/?redirect=%2Fdashboard%2Fusers');
      await expect(page.locator('h1')).toHaveText('Sign in');
    });

    test('stays Turkish once Turkish was chosen', async ({ page }) => {
      await page.goto('/en/contact/');
      await page.getByRole('link', { name: /Türkçe/ }).click();
      await expect(page).toHaveURL('/contact/');
      for (const path of ['/login/', '/faq/', '/']) {
        await page.goto(path);
        await expect(page).toHaveURL(path);
        await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
      }
    });
  });

  test.describe('in a Turkish browser', () => {
    test.use({ locale: 'tr-TR' });

    test('follows English chosen with the toggle on pages opened directly', async ({ page }) => {
      await page.goto('/login/');
      await expect(page).toHaveURL('/login/');
      await page.getByRole('link', { name: /English/ }).click();
      await expect(page).toHaveURL('/en/login/');
      await page.goto('/faq/');
      await expect(page).toHaveURL('/en/faq/');
      await expect(page.locator('h1')).toHaveText('Frequently Asked Questions');
      await page.goto('/contact/');
      await expect(page).toHaveURL('/en/contact/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ locale: 'en-US', javaScriptEnabled: false });

    test('reads the Turkish page at its own address, and the English one at /en/', async ({ page }) => {
      await page.goto('/contact/');
      await expect(page).toHaveURL('/contact/');
      await expect(page.locator('h1')).toHaveText('Bize ulaşın');
      await page.goto('/en/contact/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });
});
