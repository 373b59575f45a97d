import { translator } from '@kanat360/i18n';
import { type Page, expect, test } from '@playwright/test';
import { type Turbine } from '@kanat360/contracts';
import { demo } from './fixtures.js';
import { apiAs, seeder, signInAs } from './panel.js';

const inTurkish = translator('tr');

// The turbine screen's reports panel and comments drawer.

let turbine: Turbine;
test.beforeEach(async () => {
  const seed = await seeder();
  turbine = await seed.createTurbine();
  await seed.dispose();
});

const workspace = (id: number) => `/dashboard/turbine/${id}`;
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

/** A small, real PDF. */
function pdf(name: string, text = 'Kanat360 test report') {
  const body = `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body) };
}

test.describe('reports', () => {
  test('a report is uploaded with progress, listed for its year, downloaded and deleted', async ({ page }) => {
    await signInAs(page, 'operator', { path: workspace(turbine.id) });
    const panel = page.getByTestId('section-reports');
    await panel.getByTestId('reports-year').selectOption('2025');
    await expect(panel.getByTestId('reports-empty')).toHaveText('2025 yılına ait rapor bulunamadı');
    const file = pdf('2025-kanat-raporu.pdf');
    await panel.locator('input[type=file]').setInputFiles([file]);
    await expect(panel.getByTestId('chosen-file')).toHaveCount(1);
    await panel.getByTestId('report-upload-button').click();
    const item = panel.locator('[data-testid="upload-item"][data-name="2025-kanat-raporu.pdf"]');
    await expect(item.getByRole('progressbar')).toBeVisible();
    await expect(item).toHaveAttribute('data-status', 'done');
    await expect(toast(page, '1 rapor başarıyla yüklendi.')).toBeVisible();
    const row = panel.getByTestId('report-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('report-name')).toHaveText('2025-kanat-raporu.pdf');
    await expect(row).toContainText('Emre Çelik');

    const href = await row.getByTestId('report-download').getAttribute('href');
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body())).toEqual(file.buffer);

    await row.getByRole('button', { name: 'Raporu sil: 2025-kanat-raporu.pdf' }).click();
    await page.getByTestId('delete-report-dialog').getByRole('button', { name: 'Sil' }).click();
    await expect(toast(page, inTurkish('api.reportDeleted'))).toBeVisible();
    await expect(panel.getByTestId('report-row')).toHaveCount(0);
  });

  test('skips a file that is not a PDF and a PDF with a bad name before sending, with the spec messages', async ({
    page,
  }) => {
    await page.clock.install();
    await signInAs(page, 'manager', { path: workspace(turbine.id) });
    const panel = page.getByTestId('section-reports');
    // The screen first, whole: with the clock paused, what it still had to draw (the query cache's notices go out on
    // a timer) would never come.
    await expect(panel.locator('input[type=file]')).toBeAttached();
    // The page's clock stands still while the toasts' lifetimes are checked: a slow machine cannot eat into them.
    await page.clock.pauseAt(Date.now() + 60_000);
    await panel
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') },
        pdf('yıllık rapor.pdf'),
        pdf('good_report.pdf'),
      ]);
    await expect(toast(page, '1 dosya PDF formatında değil. Bu dosyalar atlandı.')).toBeVisible();
    await expect(
      toast(
        page,
        '1 PDF dosyası geçersiz isim içeriyor (Türkçe karakter, boşluk vb. kullanmayın). Bu dosyalar atlandı.',
      ),
    ).toBeVisible();
    await expect(panel.getByTestId('chosen-file')).toHaveCount(1);
    // Spec §9: the skipped-report message stays 8 s (other toasts 3 s).
    await page.clock.runFor(7_500);
    await expect(toast(page, '1 dosya PDF formatında değil. Bu dosyalar atlandı.')).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(toast(page, '1 dosya PDF formatında değil. Bu dosyalar atlandı.')).toHaveCount(0);
  });

  test('customers see no reports panel, and the server refuses them the reports', async ({ page }) => {
    await signInAs(page, 'customer', { path: workspace(turbine.id) });
    await expect(page.getByTestId('turbine-title')).toBeVisible();
    await expect(page.getByTestId('section-reports')).toHaveCount(0);
    const api = await apiAs(demo('customer'));
    expect((await api.get('/turbines/{id}/reports', { path: { id: turbine.id } })).status()).toBe(403);
    await api.dispose();
  });
});

test.describe('comments', () => {
  const drawer = (page: Page) => page.getByTestId('comments-drawer');
  const comment = (page: Page, text: string) => drawer(page).getByTestId('comment').filter({ hasText: text });

  test('adds, edits ("(düzenlendi)"), collapses a long one and deletes with the confirmation; Escape closes', async ({
    page,
  }) => {
    await signInAs(page, 'operator', { path: workspace(turbine.id) });
    const button = page.getByTestId('comments-button');
    await button.click();
    await expect(drawer(page).getByTestId('comments-empty')).toHaveText(inTurkish('panel.comments.empty'));
    const box = drawer(page).getByRole('textbox', { name: 'Yeni yorum' });
    await box.fill('Kanat B kök bölgesinde boya kalkması.');
    await expect(drawer(page).getByTestId('comment-counter').last()).toHaveText('37/500');
    await drawer(page).getByRole('button', { name: 'Gönder' }).click();
    await expect(comment(page, 'boya kalkması')).toHaveCount(1);
    await expect(box).toHaveValue('');
    await expect(button).toContainText('1');

    await comment(page, 'boya kalkması').getByRole('button', { name: 'Düzenle' }).click();
    const edit = drawer(page).getByRole('textbox', { name: 'Yorumu düzenle' });
    await edit.fill('Kanat B kök bölgesinde boya kalkması; bakımda onarılacak.');
    await drawer(page).getByRole('button', { name: 'Kaydet' }).click();
    await expect(comment(page, 'bakımda onarılacak').getByTestId('comment-edited')).toHaveText(' (düzenlendi)');

    const long = `Uzun not: ${'erozyon ölçümleri '.repeat(10)}son.`;
    await box.fill(long);
    await drawer(page).getByRole('button', { name: 'Gönder' }).click();
    const longComment = comment(page, 'Uzun not');
    await expect(longComment.getByTestId('comment-text')).toHaveText(`${long.slice(0, 100)}…`);
    await longComment.getByRole('button', { name: 'Devamını göster' }).click();
    await expect(longComment.getByTestId('comment-text')).toHaveText(long);
    await longComment.getByRole('button', { name: 'Daha az göster' }).click();
    await expect(longComment.getByTestId('comment-text')).toHaveText(`${long.slice(0, 100)}…`);

    await comment(page, 'bakımda onarılacak').getByRole('button', { name: 'Sil' }).click();
    const confirm = page.getByTestId('delete-comment-dialog');
    await expect(confirm).toContainText(inTurkish('panel.comments.deleteConfirm'));
    await confirm.getByRole('button', { name: 'Sil' }).click();
    await expect(comment(page, 'bakımda onarılacak')).toHaveCount(0);

    // Escape closes the drawer once the deletion's toast has gone (while a toast shows, Escape closes the toast
    // first: panel-viewer-session.spec.ts).
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('Escape while editing leaves the edit, not the drawer; an unsent comment waits for the drawer to reopen', async ({
    page,
  }) => {
    await signInAs(page, 'operator', { path: workspace(turbine.id) });
    await page.getByTestId('comments-button').click();
    const box = drawer(page).getByRole('textbox', { name: 'Yeni yorum' });
    await box.fill('İlk not');
    await drawer(page).getByRole('button', { name: 'Gönder' }).click();
    await comment(page, 'İlk not').getByRole('button', { name: 'Düzenle' }).click();
    const edit = drawer(page).getByRole('textbox', { name: 'Yorumu düzenle' });
    await edit.fill('İlk not, yarım kalan düzeltme');
    await edit.press('Escape');
    await expect(edit).toHaveCount(0);
    await expect(drawer(page)).toBeVisible();
    await expect(comment(page, 'İlk not').getByTestId('comment-text')).toHaveText('İlk not');

    await box.fill('Henüz gönderilmedi');
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toHaveCount(0);
    await page.getByTestId('comments-button').click();
    await expect(drawer(page).getByRole('textbox', { name: 'Yeni yorum' })).toHaveValue('Henüz gönderilmedi');
  });

  test('the author may change a comment for 60 minutes, then sees why not; a superadmin always may', async ({
    page,
  }) => {
    await page.clock.install();
    await signInAs(page, 'operator', { path: workspace(turbine.id) });
    await page.getByTestId('comments-button').click();
    await drawer(page).getByRole('textbox', { name: 'Yeni yorum' }).fill('Zaman sınırı denemesi');
    await drawer(page).getByRole('button', { name: 'Gönder' }).click();
    const mine = comment(page, 'Zaman sınırı denemesi');
    await expect(mine.getByRole('button', { name: inTurkish('panel.action.edit') })).toBeEnabled();

    await page.clock.fastForward('01:01:00');
    await expect(mine.getByRole('button', { name: inTurkish('panel.action.edit') })).toBeDisabled();
    await expect(mine.getByRole('button', { name: 'Sil' })).toBeDisabled();
    await expect(mine.getByTestId('comment-reason')).toBeVisible();
    await expect(mine.getByTestId('comment-reason')).toHaveText(
      'Yorumlar yalnızca yazıldıktan sonraki 60 dakika içinde düzenlenebilir veya silinebilir.',
    );

    // Someone else's comment: never for an operator, always for a superadmin.
    await signInAs(page, 'admin', { path: workspace(turbine.id) });
    await page.getByTestId('comments-button').click();
    await expect(comment(page, 'Zaman sınırı denemesi').getByTestId('comment-reason')).toHaveText(
      'Yalnızca kendi yorumlarınızı düzenleyip silebilirsiniz.',
    );
    await signInAs(page, 'superadmin', { path: workspace(turbine.id) });
    await page.getByTestId('comments-button').click();
    const moderated = comment(page, 'Zaman sınırı denemesi');
    await moderated.getByRole('button', { name: 'Düzenle' }).click();
    await drawer(page).getByRole('textbox', { name: 'Yorumu düzenle' }).fill('Zaman sınırı denemesi (yönetici)');
    await drawer(page).getByRole('button', { name: 'Kaydet' }).click();
    await expect(comment(page, '(yönetici)').getByTestId('comment-edited')).toBeVisible();
  });

  test('a change the server refuses is told, and the list is loaded again', async ({ page }) => {
    await signInAs(page, 'operator', { path: workspace(turbine.id) });
    await page.getByTestId('comments-button').click();
    await drawer(page).getByRole('textbox', { name: 'Yeni yorum' }).fill('Sunucu hatası denemesi');
    await drawer(page).getByRole('button', { name: 'Gönder' }).click();
    await expect(comment(page, 'Sunucu hatası denemesi')).toHaveCount(1);

    let reloads = 0;
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().endsWith(`/api/turbines/${turbine.id}/comments`)) reloads += 1;
    });
    await page.route(`**/api/turbines/${turbine.id}/comments/*`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'INTERNAL_ERROR', message: inTurkish('errors.UNEXPECTED') }),
      }),
    );
    await comment(page, 'Sunucu hatası denemesi').getByRole('button', { name: 'Düzenle' }).click();
    await drawer(page).getByRole('textbox', { name: 'Yorumu düzenle' }).fill('Değişmeyecek');
    await drawer(page).getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, inTurkish('panel.comments.editFailed'))).toBeVisible();
    await expect.poll(() => reloads).toBeGreaterThan(0);
    await page.unroute(`**/api/turbines/${turbine.id}/comments/*`);
    // What the user typed stays in the box to try again; the list shows what the server holds.
    await drawer(page).getByRole('button', { name: 'İptal' }).click();
    await expect(comment(page, 'Sunucu hatası denemesi').getByTestId('comment-text')).toHaveText(
      'Sunucu hatası denemesi',
    );
  });
});
