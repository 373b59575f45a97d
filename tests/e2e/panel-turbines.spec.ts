import { translator } from '@kanat360/i18n';
import { type Page, expect, test } from '@playwright/test';
import { type ApiSuccess, type Turbine } from '@kanat360/contracts';
import { blockingViolations } from './a11y.js';
import { demo } from './fixtures.js';
import { apiAs, DEMO_COMPANY, seeder, signInAs, unique } from './panel.js';

const inTurkish = translator('tr');

const cards = (page: Page) => page.getByTestId('turbine-card');
const form = (page: Page) => page.getByTestId('turbine-form');

/** The turbines the server lets `account` see, as the panel would list them. */
async function visibleTurbines(account: Parameters<typeof demo>[0]): Promise<Turbine[]> {
  const api = await apiAs(demo(account));
  const body = (await (await api.get('/turbines')).json()) as ApiSuccess<Turbine[]>;
  await api.dispose();
  return body.data;
}

test.describe('turbine dashboard', () => {
  test('superadmin sees every company, filters by city, year, text and company, and the filters survive reload', async ({
    page,
  }) => {
    const all = await visibleTurbines('superadmin');
    await signInAs(page, 'superadmin');
    await expect(cards(page)).toHaveCount(all.length);
    await expect(page.getByTestId('page-summary')).toHaveText(`Toplam ${all.length} türbin · ${all.length} sonuç`);
    // Both demo companies' turbines are here.
    await expect(
      page.getByTestId('turbine-company').filter({ hasText: 'Ege Yenilenebilir Enerji Ltd.' }),
    ).not.toHaveCount(0);

    // Each card: name, city-code, location, company, rooms, photos, and its buttons.
    const first = all[0]!;
    const card = page.locator(`[data-testid="turbine-card"][data-turbine-id="${first.id}"]`);
    await expect(card.getByTestId('turbine-name')).toHaveText(first.name);
    await expect(card.getByTestId('turbine-rooms')).toHaveText(String(first.rooms));
    // Every medium the photo list shows is counted: photos, videos and point clouds.
    await expect(card.getByTestId('turbine-media')).toHaveText(String(first.media_count));
    // Dates in the user's language through Intl: tr-TR here, en-GB in English (the header test).
    await expect(card.locator('time')).toHaveText(
      new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long' }).format(new Date(first.updated_at)),
    );
    await expect(card.getByRole('link', { name: `Fotoğraflar: ${first.name}` })).toHaveAttribute(
      'href',
      `/dashboard/turbine/${first.id}`,
    );
    await expect(card.getByRole('link', { name: `360° Görünüm: ${first.name}` })).toHaveAttribute(
      'href',
      `/dashboard/turbine/${first.id}/360-view`,
    );
    await expect(card.getByRole('button', { name: `Düzenle: ${first.name}` })).toBeVisible();
    await expect(card.getByRole('button', { name: `Sil: ${first.name}` })).toBeVisible();

    // City, then text, then company: the URL carries each.
    const izmir = all.filter((turbine) => turbine.city === 'izmir');
    await page.getByLabel('Şehir', { exact: true }).selectOption('izmir');
    await expect(cards(page)).toHaveCount(izmir.length);
    await expect(page).toHaveURL(/city=izmir/);
    await page.getByLabel('Türbin ara').fill('EYE');
    const izmirEge = izmir.filter((turbine) => turbine.code.includes('EYE'));
    await expect(cards(page)).toHaveCount(izmirEge.length);
    await expect(page.getByTestId('page-summary')).toHaveText(`Toplam ${all.length} türbin · ${izmirEge.length} sonuç`);

    await page.getByRole('button', { name: 'Liste' }).click();
    await expect(page.getByTestId('turbine-row')).toHaveCount(izmirEge.length);
    await page.reload();
    await expect(page.getByTestId('turbine-row')).toHaveCount(izmirEge.length);
    await expect(page.getByLabel(inTurkish('panel.turbines.searchLabel'))).toHaveValue('EYE');
    await expect(page.getByLabel('Şehir', { exact: true })).toHaveValue('izmir');
    await expect(page.getByRole('button', { name: 'Liste' })).toHaveAttribute('aria-pressed', 'true');

    // A shared link opens the same view; nothing matching shows the empty state with a way back.
    await page.getByLabel('Türbin ara').fill('no-such-turbine');
    await expect(page.getByTestId('empty-state')).toContainText(inTurkish('panel.turbines.noMatch'));
    await page.getByTestId('empty-state').getByRole('button', { name: 'Filtreleri Temizle' }).click();
    await expect(page.getByTestId('turbine-row')).toHaveCount(all.length);

    const companyId = all.find((turbine) => turbine.company_name === DEMO_COMPANY)!.company_id;
    await page.getByLabel('Şirket', { exact: true }).selectOption(String(companyId));
    await expect(page.getByTestId('turbine-row')).toHaveCount(
      all.filter((turbine) => turbine.company_id === companyId).length,
    );
    const year = new Date(all[0]!.updated_at).getFullYear();
    await page.getByLabel('Yıl', { exact: true }).selectOption(String(year));
    await expect(page).toHaveURL(new RegExp(`year=${year}`));
  });

  test('superadmin adds a turbine with every rule of spec §5, edits it and deletes it', async ({ page }) => {
    const seed = await seeder();
    const company = await seed.createCompany({ name: unique('Rüzgar Test') });
    await signInAs(page, 'superadmin', { path: '/dashboard?city=manisa' });
    await page.getByRole('button', { name: 'Türbin Ekle' }).click();
    const modal = form(page);
    await expect(modal).toBeVisible();
    const save = modal.getByRole('button', { name: 'Türbin Ekle' });
    // Required fields disable the button; rooms starts at 3.
    await expect(save).toBeDisabled();
    await expect(modal.getByLabel(inTurkish('panel.turbines.field.rooms'))).toHaveValue('3');
    // The city is lowercased as it is typed, the Turkish way.
    await modal.getByLabel('Şehir').pressSequentially('İZMİR');
    await expect(modal.getByLabel('Şehir')).toHaveValue('izmir');
    const code = unique('E2E').replace(/\s/g, '-');
    await modal.getByLabel('Türbin kodu').fill(code);
    await expect(save).toBeDisabled();
    await modal.getByLabel('Konum').fill('Aliağa, Yeni Foça yolu');
    await expect(save).toBeEnabled();
    await modal.getByLabel('Oda sayısı').fill('0');
    await expect(modal.getByText(inTurkish('errors.ROOMS_INVALID'))).toBeVisible();
    await expect(save).toBeDisabled();
    await modal.getByLabel('Oda sayısı').fill('');
    await expect(save).toBeDisabled();
    await modal.getByLabel('Oda sayısı').fill('4');
    // No company chosen: the spec's message, and nothing is sent.
    await save.click();
    await expect(
      modal.getByText(inTurkish('panel.users.field.companyPlaceholder'), { exact: true }).last(),
    ).toBeVisible();
    await expect(modal.getByTestId('field-error')).toHaveText(inTurkish('panel.users.field.companyPlaceholder'));
    await modal.getByLabel('Şirket').selectOption({ label: company.name });
    await save.click();

    await expect(modal).toBeHidden();
    await expect(page.getByTestId('toast').filter({ hasText: inTurkish('api.turbineCreated') })).toBeVisible();
    // The filters reset and the new turbine comes first.
    await expect(page).not.toHaveURL(/city=/);
    await expect(cards(page).first().getByTestId('turbine-name')).toHaveText('İzmir Türbini');
    await expect(cards(page).first()).toContainText(`İzmir-${code}`);
    await expect(cards(page).first().getByTestId('turbine-company')).toHaveText(company.name);
    await expect(cards(page).first().getByTestId('turbine-rooms')).toHaveText('4');
    const created = (await (await seed.api.get('/turbines')).json()) as ApiSuccess<Turbine[]>;
    const turbine = created.data.find((item) => item.code === code)!;
    expect(turbine).toMatchObject({
      city: 'izmir',
      rooms: 4,
      company_id: company.id,
      location: 'Aliağa, Yeni Foça yolu',
    });

    // Edit: the form holds the current values; clearing a required field disables saving.
    const card = page.locator(`[data-testid="turbine-card"][data-turbine-id="${turbine.id}"]`);
    await card.getByRole('button', { name: 'Düzenle: İzmir Türbini' }).click();
    await expect(modal.getByLabel(inTurkish('panel.turbines.field.code'))).toHaveValue(code);
    await expect(modal.getByLabel('Şirket')).toHaveValue(String(company.id));
    const saveEdit = modal.getByRole('button', { name: 'Kaydet' });
    await modal.getByLabel('Konum').fill('');
    await expect(saveEdit).toBeDisabled();
    await modal.getByLabel('Konum').fill('Bergama');
    await modal.getByLabel('Türbin adı').fill('Kuzey Kulesi');
    await modal.getByLabel('Durum').selectOption({ label: 'Bakımda' });
    await saveEdit.click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('toast').filter({ hasText: inTurkish('api.turbineUpdated') })).toBeVisible();
    await expect(card.getByTestId('turbine-name')).toHaveText('Kuzey Kulesi');
    await expect(card).toContainText('Bergama');
    await expect(card).toContainText(inTurkish('panel.turbines.status.maintenance'));

    // Delete: the warning says what goes with it and that it cannot be undone.
    await card.getByRole('button', { name: 'Sil: Kuzey Kulesi' }).click();
    const confirm = page.getByTestId('turbine-delete');
    await expect(confirm).toContainText(
      'Türbine ait tüm fotoğraflar, raporlar ve yorumlar da silinecek. Bu işlem geri alınamaz.',
    );
    await confirm.getByRole('button', { name: 'Türbini Sil' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('toast').filter({ hasText: inTurkish('api.turbineDeleted') })).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await seed.api.get('/turbines/{id}', { path: { id: turbine.id } })).status()).toBe(404);
    await seed.api.delete('/companies/{id}', { path: { id: company.id } });
    await seed.dispose();
  });

  test('Escape closes the add form and clears it', async ({ page }) => {
    await signInAs(page, 'superadmin');
    await page.getByRole('button', { name: 'Türbin Ekle' }).click();
    await form(page).getByLabel('Türbin kodu').fill('WILL-BE-GONE');
    await page.keyboard.press('Escape');
    await expect(form(page)).toBeHidden();
    await page.getByRole('button', { name: 'Türbin Ekle' }).click();
    await expect(form(page).getByLabel(inTurkish('panel.turbines.field.code'))).toHaveValue('');
    await form(page).getByRole('button', { name: 'İptal' }).click();
    await expect(form(page)).toBeHidden();
  });

  test('admin adds turbines for its own company only and may not edit or delete them', async ({ page }) => {
    const mine = await visibleTurbines('admin');
    expect(mine.every((turbine) => turbine.company_name === DEMO_COMPANY)).toBe(true);
    await signInAs(page, 'admin');
    await expect(cards(page)).toHaveCount(mine.length);
    await expect(page.getByRole('button', { name: /^Düzenle:/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Sil:/ })).toHaveCount(0);
    // No company filter: an admin sees only its own company.
    await expect(page.getByLabel('Şirket', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Türbin Ekle' }).click();
    const modal = form(page);
    await modal.getByLabel('Şehir').fill('manisa');
    const code = unique('ADM').replace(/\s/g, '-');
    await modal.getByLabel('Türbin kodu').fill(code);
    await modal.getByLabel('Konum').fill('Soma');
    // An admin must pick a company too, and its own is the only one offered.
    const picker = modal.getByLabel('Şirket');
    await expect(picker.locator('option')).toHaveText([
      inTurkish('panel.users.field.companyPlaceholder'),
      DEMO_COMPANY,
    ]);
    await modal.getByRole('button', { name: 'Türbin Ekle' }).click();
    await expect(modal.getByTestId('field-error')).toHaveText(inTurkish('panel.users.field.companyPlaceholder'));
    await picker.selectOption({ label: DEMO_COMPANY });
    await modal.getByRole('button', { name: 'Türbin Ekle' }).click();
    await expect(modal).toBeHidden();
    await expect(cards(page).first()).toContainText(`Manisa-${code}`);

    // The server refuses what the buttons do not offer.
    const api = await apiAs(demo('admin'));
    const created = (await visibleTurbines('admin')).find((turbine) => turbine.code === code)!;
    expect(
      (
        await api.put('/turbines/{id}', { path: { id: created.id }, body: { city: 'x', code: 'x', location: 'x' } })
      ).status(),
    ).toBe(403);
    expect((await api.delete('/turbines/{id}', { path: { id: created.id } })).status()).toBe(403);
    await api.dispose();
    const seed = await seeder();
    expect((await seed.api.delete('/turbines/{id}', { path: { id: created.id } })).status()).toBe(200);
    await seed.dispose();
  });

  for (const account of ['manager', 'operator', 'customer'] as const) {
    test(`${account} sees its company's turbines with photo and 360° buttons only`, async ({ page }) => {
      const mine = await visibleTurbines(account);
      await signInAs(page, account);
      await expect(cards(page)).toHaveCount(mine.length);
      await expect(page.getByRole('link', { name: /^Fotoğraflar:/ })).toHaveCount(mine.length);
      await expect(page.getByRole('link', { name: /^360° Görünüm:/ })).toHaveCount(mine.length);
      await expect(page.getByRole('button', { name: 'Türbin Ekle' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^(Düzenle|Sil):/ })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Ortak Yönetimi' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: inTurkish('panel.nav.users') })).toHaveCount(0);

      const api = await apiAs(demo(account));
      const attempt = await api.post('/turbines', {
        body: { city: 'x', code: 'x', location: 'x', company_id: mine[0]!.company_id },
      });
      expect(attempt.status()).toBe(403);
      expect((await api.delete('/turbines/{id}', { path: { id: mine[0]!.id } })).status()).toBe(403);
      await api.dispose();
    });
  }

  test('header: sections by permission, language toggle, logout to the public home page', async ({ page }) => {
    await signInAs(page, 'superadmin');
    const nav = page.getByRole('navigation', { name: 'Panel bölümleri' });
    await expect(nav.getByRole('link')).toHaveText([
      'Türbin Yönetimi',
      'Bulgular',
      'Kapsam',
      'Onarımlar',
      'Ortak Yönetimi',
      'Kullanıcı Ayarları',
    ]);
    await page.getByRole('button', { name: /^English/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Turbines');
    await expect(page.getByRole('button', { name: 'Add Turbine' })).toBeVisible();
    const updated = await page.getByTestId('turbine-card').first().locator('time').getAttribute('datetime');
    await expect(page.getByTestId('turbine-card').first().locator('time')).toHaveText(
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(updated ?? '')),
    );
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Turbines');
    await page.getByRole('button', { name: /^Türkçe/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Türbinler');

    await signInAs(page, 'admin');
    await expect(page.getByRole('navigation', { name: inTurkish('panel.nav.label') }).getByRole('link')).toHaveText([
      'Türbin Yönetimi',
      'Bulgular',
      'Kapsam',
      'Onarımlar',
      'Kullanıcı Ayarları',
    ]);
    await page.getByRole('button', { name: /Çıkış Yap/ }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  for (const language of ['tr', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`axe: the dashboard, its list view and the add form in ${language}, ${theme}`, async ({ page }) => {
        // Three full axe passes: more than the default time on a busy machine.
        test.slow();
        await signInAs(page, 'superadmin', { language, theme });
        await expect(cards(page).first()).toBeVisible();
        expect(await blockingViolations(page), 'grid').toEqual([]);
        await page.getByRole('button', { name: language === 'tr' ? 'Liste' : 'List' }).click();
        await expect(page.getByTestId('turbine-row').first()).toBeVisible();
        expect(await blockingViolations(page), 'list').toEqual([]);
        await page.getByRole('button', { name: language === 'tr' ? 'Türbin Ekle' : 'Add Turbine' }).click();
        await expect(form(page)).toBeVisible();
        expect(await blockingViolations(page), 'add form').toEqual([]);
      });
    }
  }
});
