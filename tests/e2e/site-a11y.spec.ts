import { expect, test } from '@playwright/test';
import { blockingViolations } from './a11y.js';
import { LANGUAGE_KEY, PUBLIC_PAGES, showDelayedParts } from './site.js';

// The partner strip's seven extra copies are hidden from assistive technology and identical to the first.
const PARTNER_STRIP_COPIES = ['[data-partner-strip] ul[aria-hidden="true"]'];

const pages = [...PUBLIC_PAGES.flatMap((page) => [page.tr, page.en]), '/no-such-page/'];

test.describe('accessibility (axe) in the light and the dark theme', () => {
  // Nothing moves while axe reads the page (the partner strip and the slideshow stand still): quicker, same rules.
  test.use({ reducedMotion: 'reduce' });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript((key) => {
      localStorage.setItem(key, location.pathname.startsWith('/en/') ? 'en' : 'tr');
    }, LANGUAGE_KEY);
  });

  for (const path of pages) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await page.goto(path);
      await showDelayedParts(page);
      // Sections below the fold skip rendering until scrolled to (content-visibility: auto), and Chromium then
      // keeps their old styles after a theme switch: axe reads the page with everything rendered.
      await page.addStyleTag({ content: '.below-fold { content-visibility: visible !important; }' });
      const root = page.locator('html');
      await expect(root).not.toHaveAttribute('data-theme', 'dark');
      expect(await blockingViolations(page, PARTNER_STRIP_COPIES), 'light theme').toEqual([]);

      await page.locator('[data-theme-toggle]').click();
      await expect(root).toHaveAttribute('data-theme', 'dark');
      expect(await blockingViolations(page, PARTNER_STRIP_COPIES), 'dark theme').toEqual([]);
    });
  }
});
