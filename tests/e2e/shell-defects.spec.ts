import { expect, test } from '@playwright/test';
import { demo, DEMO_PASSWORD } from './fixtures.js';
import { seeder, signInAs, unique } from './panel.js';
import { wrapPoints } from './text-wrap.js';

// Defects a new user found (issue 11 item 14): the sign-in page for someone signed in, the console on a signed-out
// visit, toasts over the header, long emails, one brand.

test('a signed-in user who opens the sign-in page goes on to the panel (or where the link said)', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/login/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/en/login/?redirect=%2Fdashboard%2Fusers');
  await expect(page).toHaveURL(/\/dashboard\/users$/);

  // A stored profile whose session is gone (the cookie cleared) still gets the form, and forgets the profile.
  await page.goto('/about/');
  await page.context().clearCookies();
  await page.goto('/login/');
  await expect(page.locator('input[name="email"]')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('kanat360.user'))).toBeNull();
  await page.locator('input[name="email"]').fill(demo('admin'));
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a signed-out visit to a panel address goes to sign-in without an error in the console', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  await page.goto('/dashboard/users');
  await expect(page).toHaveURL(/\/login\/\?redirect=%2Fdashboard%2Fusers$/);
  // A stored profile whose session has ended: the server says 401 on the way.
  await signInAs(page, 'operator');
  await page.context().clearCookies();
  await page.goto('/dashboard/turbine/1');
  await expect(page).toHaveURL(/\/login\/\?redirect=/);
  expect(messages.filter((text) => /SessionEnded|Error/.test(text) && !/401/.test(text))).toEqual([]);
});

test('a toast never covers the header and its controls', async ({ page }) => {
  await signInAs(page, 'admin', { path: '/dashboard/companies' });
  const toast = page.getByTestId('toast').first();
  await expect(toast).toBeVisible();
  const header = await page.locator('header').first().boundingBox();
  const box = await toast.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});

test('a long email on a company card wraps after its @ and dots, never in the middle of a name', async ({ page }) => {
  const seed = await seeder();
  const email = `ayse.yilmaz.kalite.guvence.sorumlusu@ruzgar-${Date.now().toString(36)}.enerji.com.tr`;
  const company = await seed.createCompany({ name: unique('Uzun E-posta A.Ş.'), contact_email: email });
  await seed.dispose();
  await signInAs(page, 'superadmin', { path: `/dashboard/companies?q=${encodeURIComponent(company.name)}` });
  const link = page.getByTestId('company-card').getByRole('link', { name: email });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('title', email);
  // Break opportunities only after "@" and ".": every line of the rendered address ends at one of them.
  const lines = await wrapPoints(link);
  expect(lines.length).toBeGreaterThan(0);
  for (const end of lines) expect(['@', '.']).toContain(end);
});

test('the site and the panel wear one brand: the same mark and the same colour', async ({ page }) => {
  await page.goto('/');
  const site = page.locator('header svg').first();
  const siteBlade = await site.locator('path').first().getAttribute('d');
  const siteColour = await site.evaluate((element) => getComputedStyle(element).color);
  await signInAs(page, 'operator');
  const panel = page.locator('header svg').first();
  expect(await panel.locator('path').first().getAttribute('d')).toBe(siteBlade);
  expect(await panel.evaluate((element) => getComputedStyle(element).color)).toBe(siteColour);
  const favicon = await page.request.get('/favicon.svg');
  expect(favicon.status()).toBe(200);
  expect(await favicon.text()).toContain(siteBlade!);
});
