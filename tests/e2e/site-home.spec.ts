import { translator } from '@kanat360/i18n';
import { expect, test } from '@playwright/test';
import { freezeClock, LANGUAGE_KEY } from './site.js';

const inTurkish = translator('tr');

test.use({ locale: 'tr-TR' });

const activeSlide = (page: import('@playwright/test').Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-slideshow] [data-slide]')].findIndex((slide) =>
      slide.hasAttribute('data-active'),
    ),
  );

test.describe('home page', () => {
  test('slideshow: a different picture every 3 s with a 1.5 s crossfade; the dots jump and show which is on', async ({
    page,
  }) => {
    await freezeClock(page);
    await page.goto('/');
    const slides = page.locator('[data-slideshow] [data-slide]');
    await expect(slides).toHaveCount(3);
    expect(await activeSlide(page)).toBe(0);
    await expect(slides.first()).toHaveCSS('transition-duration', '1.5s');
    await expect(slides.first()).toHaveCSS('opacity', '1');

    // Every 3000 ms, never the same picture twice in a row.
    const seen = new Set([0]);
    let previous = 0;
    for (let tick = 0; tick < 12; tick += 1) {
      await page.clock.runFor(2900);
      expect(await activeSlide(page)).toBe(previous);
      await page.clock.runFor(100);
      const current = await activeSlide(page);
      expect(current).not.toBe(previous);
      seen.add(current);
      previous = current;
    }
    expect(seen.size).toBe(3);

    const dots = page
      .getByRole('group', { name: 'Arka plan görselleri' })
      .getByRole('button', { name: /görseli göster/ });
    await expect(dots).toHaveCount(3);
    await expect(dots.nth(0)).toHaveAccessibleName('1. görseli göster: Gün batımında bir rüzgar türbini');
    for (const index of [2, 0, 1]) {
      await dots.nth(index).click();
      expect(await activeSlide(page)).toBe(index);
      await expect(dots.nth(index)).toHaveAttribute('aria-current', 'true');
      await expect(page.locator('[data-slide-dot][aria-current="true"]')).toHaveCount(1);
    }
    // A picture chosen with a dot stays its full 3 s.
    await page.clock.runFor(2900);
    expect(await activeSlide(page)).toBe(1);

    // Paused, nothing changes.
    await page.getByRole('button', { name: 'Görsel geçişlerini duraklat' }).click();
    await expect(page.getByRole('button', { name: inTurkish('site.home.slideshow.pause') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.clock.runFor(10_000);
    expect(await activeSlide(page)).toBe(1);
  });

  test('partners: title, subtitle and a strip of seven logos looping every 30 s', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'İş ortaklarımız' });
    await expect(section.getByRole('heading', { name: inTurkish('site.home.partners.title') })).toBeVisible();
    await expect(section).toContainText('rüzgar santrali işletmecileri');
    const logos = section.locator('[data-partner-logo]');
    await expect(logos).toHaveCount(7);
    const names = await logos.allInnerTexts();
    expect(new Set(names).size).toBe(7);
    for (const logo of await logos.all()) await expect(logo.locator('svg use')).toHaveCount(1);
    // The list is repeated 8 times (copies hidden from assistive technology) and scrolls endlessly.
    await expect(section.locator('[data-partner-strip] ul')).toHaveCount(8);
    await expect(section.locator('[data-partner-strip] ul[aria-hidden="true"]')).toHaveCount(7);
    const track = section.locator('[data-partner-strip] > div');
    await expect(track).toHaveCSS('animation-name', 'partners');
    await expect(track).toHaveCSS('animation-duration', '30s');
    await expect(track).toHaveCSS('animation-timing-function', 'linear');
    await expect(track).toHaveCSS('animation-iteration-count', 'infinite');
    await section.getByRole('button', { name: 'Logo şeridini duraklat' }).click();
    await expect(track).toHaveCSS('animation-play-state', 'paused');
  });

  test('features, both sets of claims and the technology tags', async ({ page }) => {
    await page.goto('/');
    for (const feature of ['Türbin izleme', 'Yapay zekâ destekli kestirimci bakım', '360° kanat denetimi'])
      await expect(page.getByRole('heading', { name: feature })).toBeVisible();
    await expect(page.getByText("2018'den beri hizmette")).toBeVisible();
    await expect(page.getByText(inTurkish('site.home.hero.claimTurbines'))).toBeVisible();
    const stats: [string, string][] = [
      ['500+', 'İzlenen türbin'],
      ['50+', 'Aktif proje'],
      ['%99,9', 'Çalışma süresi garantisi'],
      ['7/24', 'Teknik destek'],
    ];
    for (const [value, label] of stats)
      await expect(page.locator('dl div', { hasText: label }).locator('dd')).toHaveText(value);
    await expect(page.locator('[data-technology-tags] li')).toHaveCount(10);
    await expect(page.locator('[data-technology-tags]')).toContainText(inTurkish('site.home.tech.rov'));
  });

  test('only the first picture loads with the page (responsive AVIF/WebP); the other two after it', async ({
    page,
  }) => {
    await page.goto('/');
    const first = page.locator('[data-slide]').first().locator('picture');
    await expect(first.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /640w.*1024w.*1600w/);
    await expect(first.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /640w.*1024w.*1600w/);
    await expect(first.locator('img')).toHaveAttribute('fetchpriority', 'high');
    const timing = async () =>
      page.evaluate(() => {
        const loadEnd = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const pictures = performance
          .getEntriesByType('resource')
          .filter((entry) => /\/_astro\/(turbine-sunset|rov-foundation|rov-cable)\./.test(entry.name))
          .map((entry) => ({
            name: entry.name.split('/').pop()!,
            beforeLoad: entry.startTime < loadEnd.loadEventStart,
          }));
        return { pictures };
      });
    await expect.poll(async () => (await timing()).pictures.length).toBe(3);
    const { pictures } = await timing();
    expect(pictures.filter((picture) => picture.beforeLoad).map((picture) => picture.name)).toEqual([
      expect.stringMatching(/^turbine-sunset\..*\.avif$/),
    ]);
    expect(pictures.every((picture) => picture.name.endsWith('.avif'))).toBe(true);
  });
});

test.describe('floating WhatsApp button', () => {
  test('appears after 1 s, names itself on hover and opens a chat with the Turkish greeting in a new tab', async ({
    page,
  }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'en'), LANGUAGE_KEY);
    await freezeClock(page);
    await page.goto('/en/contact/');
    const button = page.locator('a[data-whatsapp]');
    await expect(button).toBeHidden();
    await page.clock.runFor(900);
    await expect(button).toBeHidden();
    await page.clock.runFor(150);
    await expect(button).toBeVisible();

    await expect(button).toHaveAttribute('target', '_blank');
    await expect(button).toHaveAttribute('rel', /noopener/);
    const href = (await button.getAttribute('href')) ?? '';
    const url = new URL(href);
    expect(url.origin).toBe('https://wa.me');
    expect(url.pathname).toMatch(/^\/90\d{10}$/);
    expect(href).toContain('?text=Merhaba%2C%20Kanat360%20hakk%C4%B1nda%20bilgi%20almak%20istiyorum.');
    expect(url.searchParams.get('text')).toBe('Merhaba, Kanat360 hakkında bilgi almak istiyorum.');

    const tooltip = button.locator('[data-whatsapp-tooltip]');
    await expect(tooltip).toHaveCSS('opacity', '0');
    await button.hover();
    await expect(tooltip).toHaveText('Contact us on WhatsApp');
    await expect(tooltip).toHaveCSS('opacity', '1');
    await expect(button).toHaveAccessibleName('Contact us on WhatsApp (opens in a new tab)');
  });

  test('says "WhatsApp ile iletişime geç" in Turkish', async ({ page }) => {
    await page.goto('/about/');
    const button = page.locator('a[data-whatsapp]');
    await expect(button).toBeVisible();
    await button.hover();
    await expect(button.locator('[data-whatsapp-tooltip]')).toHaveText(inTurkish('site.whatsapp.tooltip'));
  });
});
