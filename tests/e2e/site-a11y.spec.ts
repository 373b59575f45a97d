import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { LANGUAGE_KEY, PUBLIC_PAGES, showDelayedParts } from './site.js';

const pages = [...PUBLIC_PAGES.flatMap((page) => [page.tr, page.en]), '/no-such-page/'];

/** The serious and critical WCAG 2.2 AA (and best-practice) violations axe finds on the page as it is now. */
async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // The partner strip's seven extra copies are hidden from assistive technology and identical to the first.
    .exclude('[data-partner-strip] ul[aria-hidden="true"]')
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
}

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
      expect(await blockingViolations(page), 'light theme').toEqual([]);

      await page.locator('[data-theme-toggle]').click();
      await expect(root).toHaveAttribute('data-theme', 'dark');
      expect(await blockingViolations(page), 'dark theme').toEqual([]);
    });
  }
});
