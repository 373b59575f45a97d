import { translator } from '@kanat360/i18n';
import { expect, test } from '@playwright/test';

const inTurkish = translator('tr');

test.use({ locale: 'tr-TR' });

test.describe('FAQ', () => {
  test('searches questions and answers, ignoring case, and links to contact', async ({ page }) => {
    await page.goto('/faq/');
    const entries = page.locator('[data-faq-entry]');
    const visible = page.locator('[data-faq-entry]:visible');
    const total = await entries.count();
    expect(total).toBeGreaterThanOrEqual(12);
    const search = page.getByRole('searchbox', { name: 'Sorularda ara' });

    // In a question, whatever the case.
    await search.fill('FİYAT');
    await expect(visible).toHaveCount(1);
    await expect(visible.first()).toContainText(inTurkish('site.faq.q.prices.q'));
    await expect(visible.first().locator('[data-faq-answer]')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'gösteriliyor' })).toHaveText(
      `${total} sorudan 1 tanesi gösteriliyor`,
    );

    // Only in an answer: the spec's marketing facts are there.
    await search.fill('webp');
    await expect(visible).toHaveCount(1);
    await expect(visible.first()).toContainText(inTurkish('site.faq.q.formats.q'));
    await expect(visible.first()).toContainText('10MB');
    await search.fill('350 tl');
    await expect(visible.first()).toContainText('Kurumsal aylık 350 TL');
    await search.fill('%15');
    await expect(visible.first()).toContainText('%15 indirim');
    await search.fill('30 gün');
    await expect(visible.first()).toContainText('30 gün');
    await search.fill('izleyici');
    await expect(visible.first()).toContainText('Admin');
    // Categories without a match are hidden with their entries.
    await expect(page.locator('[data-faq-category]:visible')).toHaveCount(1);

    await search.fill('denizaltı teleportasyonu');
    await expect(visible).toHaveCount(0);
    await expect(page.locator('[data-faq-empty]')).toHaveText('“denizaltı teleportasyonu” için sonuç bulunamadı.');

    await page.getByRole('button', { name: 'Aramayı temizle' }).click();
    await expect(search).toHaveValue('');
    await expect(visible).toHaveCount(total);
    await expect(search).toBeFocused();

    await page.getByRole('link', { name: 'Bize ulaşın' }).click();
    await expect(page).toHaveURL('/contact/');
  });

  test('works the same in English', async ({ page }) => {
    await page.goto('/en/faq/');
    const search = page.getByRole('searchbox', { name: 'Search the questions' });
    await search.fill('DISCOUNT');
    await expect(page.locator('[data-faq-entry]:visible')).toHaveCount(1);
    await expect(page.locator('[data-faq-entry]:visible')).toContainText('15% discount');
  });
});
