import { translator } from '@kanat360/i18n';
import { expect, test } from '@playwright/test';
import { SESSION_COOKIE, XSRF_COOKIE } from '@kanat360/contracts';
import { demo, DEMO_PASSWORD, signInThroughForm } from './fixtures.js';

const inTurkish = translator('tr');

test.describe('signing in and out', () => {
  // A Turkish browser: an English one is sent from /login/ to /en/login/ (spec §1).
  test.use({ locale: 'tr-TR' });

  test('in Turkish: the panel shows who signed in, the session cookie is httpOnly, logout goes home', async ({
    page,
    context,
  }) => {
    await signInThroughForm(page, '/login/', demo('superadmin'), DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/?$/);
    await expect(page.getByTestId('user-name')).toHaveText('Selin Yıldız');
    await expect(page.getByTestId('user-role')).toHaveText(inTurkish('roles.superadmin'));
    await expect(page.getByTestId('user-company')).toHaveText('Anadolu Rüzgar Enerji A.Ş.');

    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.httpOnly).toBe(false);
    // No token in local storage: only the non-secret profile.
    const stored = await page.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(localStorage))));
    expect(stored).not.toContain(session?.value ?? 'no-session');

    await page.getByRole('button', { name: /Çıkış Yap/ }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    // The session is over: the panel sends the visitor to the login page.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\/?\?redirect=%2Fdashboard/);
  });

  test('in English', async ({ page }) => {
    await signInThroughForm(page, '/en/login/', demo('operator2'), DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/?$/);
    await expect(page.getByTestId('user-name')).toHaveText('Can Öztürk');
    await expect(page.getByTestId('user-role')).toHaveText('Operator');
    await expect(page.getByTestId('user-company')).toHaveText('Ege Yenilenebilir Enerji Ltd.');
    await page.getByRole('button', { name: /Log out/ }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a wrong password shows the message in the page language and signs nobody in', async ({ page, context }) => {
    await signInThroughForm(page, '/login/', demo('admin'), 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(inTurkish('errors.INVALID_CREDENTIALS'));
    await expect(page).toHaveURL(/\/login\/?$/);
    await signInThroughForm(page, '/en/login/', demo('admin'), 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.');
    expect((await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
  });

  test('a visitor without a session is sent to sign in and comes back to where they were going', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\/?\?redirect=%2Fdashboard/);
    await expect(page.locator('button[type="submit"]')).toBeEnabled();
    await page.locator('input[name="email"]').fill(demo('customer'));
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard\/?$/);
    await expect(page.getByTestId('user-name')).toHaveText('Zeynep Arslan');
  });
});

test('an unknown address gets the site 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1').first()).toBeVisible();
});
