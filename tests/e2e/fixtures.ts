import { type Page, expect } from '@playwright/test';

export const DEMO_PASSWORD = 'kanat360-demo';
export const demo = (local: string) => `${local}@demo.kanat360.local`;

/** Signs in through the login page's form, as a person would. */
export async function signInThroughForm(page: Page, path: '/login/' | '/en/login/', email: string, password: string) {
  await page.goto(path);
  // The island is interactive once React has hydrated and enabled the button.
  await expect(page.locator('button[type="submit"]')).toBeEnabled();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}
