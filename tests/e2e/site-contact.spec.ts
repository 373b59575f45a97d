import { translator } from '@kanat360/i18n';
import { expect, test } from '@playwright/test';
import { freezeClock, mailsTo, waitForMail } from './site.js';

const inTurkish = translator('tr');

test.use({ locale: 'tr-TR' });

// The e2e server mails contact messages to the default business inbox.
const INBOX = 'iletisim@kanat360.com.tr';

test.describe('contact page', () => {
  test('shows the address, phone, email and working hours with Sunday closed', async ({ page }) => {
    await page.goto('/contact/');
    const info = page.getByRole('main').getByRole('region', { name: 'İletişim bilgileri' });
    await expect(info).toContainText('Urla / İzmir');
    await expect(info.getByRole('link', { name: /^\+90/ })).toHaveAttribute('href', /^tel:\+90/);
    await expect(info.getByRole('link', { name: INBOX })).toHaveAttribute('href', `mailto:${INBOX}`);
    const hours = page.locator('[data-working-hours]');
    await expect(hours.locator('div', { hasText: 'Pazartesi – Cuma' }).locator('dd')).toHaveText('09:00 – 18:00');
    await expect(hours.locator('div', { hasText: 'Cumartesi' }).locator('dd')).toHaveText('09:00 – 14:00');
    await expect(hours.locator('div', { hasText: 'Pazar' }).last().locator('[data-closed]')).toHaveText(
      inTurkish('site.contact.hours.closed'),
    );
  });

  test('sends a message: sending, then success for 3 s, and the inbox gets it', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/contact/');
    const subject = `Denetim teklifi ${Date.now()}`;
    const send = page.getByRole('button', { name: 'Mesajı Gönder' });
    await expect(send).toBeEnabled();
    await page.getByLabel('Ad Soyad').fill('Deniz Kaya');
    await page.getByLabel('E-posta').fill('deniz.kaya@example.com');
    await page.getByLabel('Konu').fill(subject);
    await page.getByLabel('Mesajınız').fill('12 türbinlik sahamız için fiyat almak istiyoruz.');

    // Hold the answer back a moment to see the sending state.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await send.click();
    const status = page.locator('[data-contact-status]');
    await expect(status).toHaveText(inTurkish('site.contact.form.sending'));
    await expect(page.getByRole('button', { name: inTurkish('site.contact.form.sending') })).toBeDisabled();
    release();

    await expect(status).toHaveText(inTurkish('site.contact.form.success'));
    await expect(page.getByLabel('Konu')).toHaveValue('');
    await page.clock.runFor(2900);
    await expect(status).not.toBeEmpty();
    await page.clock.runFor(200);
    await expect(status).toBeEmpty();

    const mail = await waitForMail(INBOX);
    expect(mailsTo(INBOX).some((sent) => sent.subject.includes(subject) || sent.text.includes(subject))).toBe(true);
    expect(mail.replyTo).toMatch(/deniz\.kaya@example\.com/);
  });

  test('validates before sending: the required fields, in the page language', async ({ page }) => {
    let posted = false;
    await page.route('**/api/contact', (route) => {
      posted = true;
      return route.continue();
    });
    await page.goto('/en/contact/');
    await page.getByLabel('Email').fill('not an email');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.locator('[data-error-for="name"]')).toHaveText('Name is required');
    await expect(page.locator('[data-error-for="subject"]')).toHaveText('Subject is required');
    await expect(page.locator('[data-error-for="message"]')).toHaveText('Message is required');
    await expect(page.locator('[data-error-for="email"]')).toHaveText('Please enter a valid email address');
    await expect(page.locator('[data-error-for="phone"]')).toBeHidden();
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(false);

    // Fixing a field clears its message on the next try.
    await page.getByLabel('Full name').fill('Jo');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.locator('[data-error-for="name"]')).toBeHidden();
    await expect(page.getByLabel('Email')).toBeFocused();
  });

  test('says so when the server fails, and keeps what was typed', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'INTERNAL_ERROR', message: 'Internal', correlationId: 'x' }),
      }),
    );
    await page.goto('/contact/');
    await page.getByLabel('Ad Soyad').fill('Deniz Kaya');
    await page.getByLabel('Konu').fill('Soru');
    await page.getByLabel('Mesajınız').fill('Merhaba');
    await page.getByRole('button', { name: 'Mesajı Gönder' }).click();
    await expect(page.getByRole('alert')).toHaveText(inTurkish('site.contact.form.error'));
    await expect(page.getByLabel(inTurkish('site.contact.form.message'))).toHaveValue('Merhaba');
    await expect(page.getByRole('button', { name: inTurkish('site.contact.form.submit') })).toBeEnabled();
  });
});
