import { translator } from '@kanat360/i18n';
import { expect, test } from '@playwright/test';
import { freezeClock } from './site.js';

const inTurkish = translator('tr');

test.use({ locale: 'tr-TR' });

test('login page: a background picture every 6.5 s and the security notice', async ({ page }) => {
  await freezeClock(page);
  await page.goto('/login/');
  const active = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-slideshow] [data-slide]')].findIndex((slide) =>
        slide.hasAttribute('data-active'),
      ),
    );
  expect(await active()).toBe(0);
  await page.clock.runFor(6400);
  expect(await active()).toBe(0);
  await page.clock.runFor(100);
  expect(await active()).toBe(1);
  await page.clock.runFor(6500);
  expect(await active()).toBe(2);
  await page.clock.runFor(6500);
  expect(await active()).toBe(0);

  const notice = page.getByRole('region', { name: 'Güvenli bağlantı' });
  await expect(notice).toContainText(inTurkish('site.login.security.ssl.title'));
  await expect(notice).toContainText('7/24 izleme');
});
