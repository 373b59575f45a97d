import { translator } from '@kanat360/i18n';
import { expect, test } from '@playwright/test';
import { demo } from './fixtures.js';
import { waitForMail } from './site.js';
import { apiAs } from './panel.js';
import { wrapPoints } from './text-wrap.js';

const inTurkish = translator('tr');

test.use({ locale: 'tr-TR' });

test.describe('password reset', () => {
  test('idle → sending → success screen with the email, the spam warning, back to login; resend returns to idle', async ({
    page,
  }) => {
    await page.goto('/password-reset/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Şifrenizi mi unuttunuz?');
    const send = page.getByRole('button', { name: 'Sıfırlama Bağlantısı Gönder' });
    await expect(send).toBeEnabled();
    const email = page.getByLabel('E-posta');

    // Spec §5's messages, before anything is sent.
    await send.click();
    await expect(page.getByRole('alert')).toHaveText('E-posta adresi gereklidir');
    await expect(email).toBeFocused();
    await email.fill('bir adres@örnek');
    await send.click();
    await expect(page.getByRole('alert')).toHaveText(inTurkish('errors.EMAIL_INVALID'));

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/password-reset', async (route) => {
      await held;
      await route.continue();
    });
    await email.fill('nobody@example.com');
    await send.click();
    await expect(page.getByRole('button', { name: inTurkish('site.passwordReset.sending') })).toBeDisabled();
    release();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(inTurkish('site.passwordReset.sent.title'));
    await expect(page.locator('[data-reset-email]')).toHaveText('nobody@example.com');
    await expect(page.getByText('spam (gereksiz) klasörünüzü kontrol edin')).toBeVisible();
    await expect(page.getByRole('link', { name: inTurkish('site.passwordReset.backToLogin') })).toHaveAttribute(
      'href',
      '/login/',
    );

    await page.getByRole('button', { name: 'Tekrar gönder' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Şifrenizi mi unuttunuz?');
    await expect(email).toHaveValue('nobody@example.com');
    await expect(email).toBeFocused();
  });

  test('the success card wraps a long address after its @, dots or hyphens, never inside a word', async ({ page }) => {
    const address = `ayse.yilmaz.kalite.guvence.sorumlusu@ege-bolge-mudurlugu.ruzgar-${Date.now().toString(36)}.enerji.com.tr`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/password-reset/');
    await page.getByLabel('E-posta').fill(address);
    await page.getByRole('button', { name: 'Sıfırlama Bağlantısı Gönder' }).click();
    const shown = page.locator('[data-reset-email]');
    await expect(shown).toHaveText(address);
    for (const width of [1440, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const ends = await wrapPoints(shown);
      expect(ends.length, `${width} px`).toBeGreaterThan(0);
      // A hyphen is a break of the browser's own, between two words of a name.
      for (const end of ends) expect(['@', '.', '-'], `${width} px`).toContain(end);
      // The address starts on a line of its own, below the sentence that introduces it.
      const sentence = await page.getByText('Şifre sıfırlama bağlantısı şu adrese gönderildi:').boundingBox();
      expect((await shown.boundingBox())!.y, `${width} px`).toBeGreaterThan(sentence!.y);
    }
  });

  test('the login page links to it, in both languages', async ({ page }) => {
    await page.goto('/login/');
    await page.getByRole('link', { name: 'Şifrenizi mi unuttunuz?' }).click();
    await expect(page).toHaveURL('/password-reset/');
    await page.goto('/en/login/');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/en/password-reset/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  });

  test('a full reset through the mailed link, then signing in with the new password', async ({ page }) => {
    // A user of its own, made through the API as the superadmin, so no other test's login changes.
    const superadmin = await apiAs(demo('superadmin'));
    const companies = await (await superadmin.get('/companies')).json();
    const email = `reset.${Date.now()}@example.com`;
    const created = await superadmin.post('/users', {
      body: {
        first_name: 'Reset',
        last_name: 'Test',
        email,
        password: 'first-password-1',
        role: 'operator',
        company_id: companies.data[0]!.id,
      },
    });
    expect(created.status()).toBe(201);
    await superadmin.dispose();

    await page.goto('/password-reset/');
    // Typed at once, possibly before React has taken the form over: nothing typed may be lost.
    await page.getByLabel('E-posta').fill(email);
    await page.getByRole('button', { name: 'Sıfırlama Bağlantısı Gönder' }).click();
    await expect(page.locator('[data-reset-email]')).toHaveText(email);

    const mail = await waitForMail(email);
    const link = /https?:\/\/\S+\/password-reset\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(inTurkish('site.passwordReset.new.title'));

    const password = page.getByLabel('Yeni şifre', { exact: true });
    const confirm = page.getByLabel('Yeni şifre (tekrar)');
    const save = page.getByRole('button', { name: 'Şifreyi Güncelle' });
    await save.click();
    await expect(page.getByRole('alert')).toHaveText(inTurkish('errors.PASSWORD_REQUIRED'));
    await password.fill('12345');
    await confirm.fill('12345');
    await save.click();
    await expect(page.getByRole('alert')).toHaveText(inTurkish('errors.PASSWORD_TOO_SHORT'));
    await password.fill('yeni-sifre-42');
    await confirm.fill('yeni-sifre-43');
    await save.click();
    await expect(page.getByRole('alert')).toHaveText(inTurkish('errors.PASSWORDS_DO_NOT_MATCH'));
    await expect(confirm).toBeFocused();
    await confirm.fill('yeni-sifre-42');
    await save.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(inTurkish('site.passwordReset.new.done'));
    await expect(page.getByRole('status')).toHaveText(inTurkish('auth.passwordResetDone'));

    // The link is used up.
    await page.goto(link!);
    await page.getByLabel('Yeni şifre', { exact: true }).fill('baska-sifre-1');
    await page.getByLabel('Yeni şifre (tekrar)').fill('baska-sifre-1');
    await page.getByRole('button', { name: 'Şifreyi Güncelle' }).click();
    await expect(page.getByRole('alert')).toContainText('Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş');
    await expect(page.getByRole('link', { name: inTurkish('site.passwordReset.new.requestAgain') })).toHaveAttribute(
      'href',
      '/password-reset/',
    );

    await page.goto('/login/');
    await expect(page.locator('button[type="submit"]')).toBeEnabled();
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('yeni-sifre-42');
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard\/?$/);
  });
});
