import { translator } from '@kanat360/i18n';
import { type Page, expect, test } from '@playwright/test';
import { blockingViolations } from './a11y.js';
import { demo } from './fixtures.js';
import { apiAs, type DemoAccount, seeder, signInAs, unique } from './panel.js';
import { expectNoRawKeys } from './site.js';

const inTurkish = translator('tr');

// Partner management, /dashboard/companies (spec §2, §4, §5, §8): superadmin only.

const ANADOLU = 'Anadolu Rüzgar Enerji A.Ş.';
const EGE = 'Ege Yenilenebilir Enerji Ltd.';
const PATH = '/dashboard/companies';

const cards = (page: Page) => page.getByTestId('company-card');
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByTestId('company-name').getByText(name, { exact: true }) });
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Şirketlerde ara' });

async function companyNames(): Promise<string[]> {
  const seed = await seeder();
  try {
    return (await seed.companies()).map((company) => company.name);
  } finally {
    await seed.dispose();
  }
}

test.describe('partner management as superadmin', () => {
  test('shows every partner as a card with its contact details, counts and actions', async ({ page }) => {
    await signInAs(page, 'superadmin', { path: PATH });
    await expect(page.getByRole('heading', { level: 1, name: 'Ortak Yönetimi' })).toBeVisible();
    await expect(card(page, ANADOLU)).toBeVisible();
    await expect(card(page, EGE)).toBeVisible();
    await expect(page.getByTestId('page-summary')).toHaveText(`Toplam şirket: ${await cards(page).count()}`);
    await expect(searchBox(page)).toHaveAttribute('placeholder', inTurkish('panel.companies.search.placeholder'));

    const anadolu = card(page, ANADOLU);
    await expect(anadolu.getByRole('heading', { level: 2, name: ANADOLU })).toBeVisible();
    await expect(anadolu.getByRole('link', { name: 'info@anadolu-ruzgar.demo.kanat360.local' })).toHaveAttribute(
      'href',
      'mailto:info@anadolu-ruzgar.demo.kanat360.local',
    );
    await expect(anadolu.getByRole('link', { name: '+90 312 555 01 01' })).toHaveAttribute('href', 'tel:+903125550101');
    await expect(anadolu).toContainText('Ayşe Demir');
    await expect(anadolu).toContainText('Çankaya, Ankara');
    await expect(anadolu).toContainText('Eklenme tarihi');
    await expect(anadolu.locator('time')).toHaveText(/\d{4}$/);
    await expect(anadolu.getByTestId('company-user-count')).toHaveText(/^[1-9]\d*$/);
    await expect(anadolu.getByTestId('company-turbine-count')).toHaveText(/^\d+$/);
    await expect(anadolu.getByRole('button', { name: `Düzenle: ${ANADOLU}` })).toBeVisible();
    await expect(anadolu.getByRole('button', { name: `Sil: ${ANADOLU}` })).toBeVisible();
    await expectNoRawKeys(page);
  });

  test('adds, edits and deletes a company through the modals', async ({ page }) => {
    await signInAs(page, 'superadmin', { path: PATH });
    await expect(card(page, ANADOLU)).toBeVisible();

    await page.getByRole('button', { name: 'Şirket Ekle' }).click();
    const form = page.getByRole('dialog', { name: 'Yeni Şirket Ekle' });
    const name = form.getByLabel('Şirket Adı');
    const email = form.getByLabel('İletişim E-postası');
    const save = form.getByRole('button', { name: 'Kaydet' });
    await expect(name).toBeFocused();
    await expect(email).toHaveAttribute('type', 'email');
    await expect(form.getByLabel('Telefon')).toHaveAttribute('type', 'tel');
    await expect(save).toBeDisabled();

    // Spaces only: still blank, so the button stays disabled and the field says why.
    await name.fill('   ');
    await expect(save).toBeDisabled();
    await expect(form.getByTestId('field-error')).toHaveText(inTurkish('errors.COMPANY_NAME_REQUIRED'));

    // A taken name (compared without regard to case): the message beside the name, the typed values kept.
    await name.fill(`  ${EGE.toLowerCase()} `);
    await expect(form.getByTestId('field-error')).toHaveCount(0);
    await email.fill('kopya@example.com');
    await save.click();
    await expect(form.getByTestId('field-error')).toContainText('adında bir şirket zaten mevcut');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveValue(`  ${EGE.toLowerCase()} `);
    await expect(email).toHaveValue('kopya@example.com');

    const created = unique('E2E Ortak');
    await name.fill(created);
    await form.getByLabel('Telefon').fill('+90 216 555 11 22');
    await form.getByLabel('Yetkili').fill('Deniz Koç');
    await form.getByLabel('Adres').fill('Kadıköy, İstanbul');
    await save.click();
    await expect(form).toBeHidden();
    await expect(toast(page, inTurkish('api.companyCreated'))).toBeVisible();
    const newCard = card(page, created);
    await expect(newCard).toBeVisible();
    await expect(newCard.getByRole('link', { name: 'kopya@example.com' })).toBeVisible();
    await expect(newCard.getByRole('link', { name: '+90 216 555 11 22' })).toHaveAttribute('href', 'tel:+902165551122');
    await expect(newCard).toContainText('Kadıköy, İstanbul');
    await expect(newCard.getByTestId('company-user-count')).toHaveText('0');
    await expect(newCard.getByTestId('company-turbine-count')).toHaveText('0');
    expect(await companyNames()).toContain(created);

    // Edit: the form opens filled in; the new name shows on the card.
    await newCard.getByRole('button', { name: `Düzenle: ${created}` }).click();
    const editForm = page.getByRole('dialog', { name: 'Şirketi Düzenle' });
    await expect(editForm.getByLabel(inTurkish('panel.companies.field.name'))).toHaveValue(created);
    await expect(editForm.getByLabel('Adres')).toHaveValue('Kadıköy, İstanbul');
    // Saving under its own name is no conflict.
    const renamed = `${created} Güncel`;
    await editForm.getByLabel('Şirket Adı').fill(renamed);
    await editForm.getByLabel('Adres').fill('Üsküdar, İstanbul');
    await editForm.getByRole('button', { name: 'Kaydet' }).click();
    await expect(editForm).toBeHidden();
    await expect(toast(page, inTurkish('api.companyUpdated'))).toBeVisible();
    await expect(card(page, renamed)).toContainText('Üsküdar, İstanbul');
    await expect(card(page, created)).toHaveCount(0);

    // Delete: the confirmation names the company and warns about its turbines and users.
    await card(page, renamed)
      .getByRole('button', { name: `Sil: ${renamed}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Şirketi Sil' });
    await expect(confirm).toContainText(renamed);
    await expect(confirm).toContainText('önce ona bağlı tüm türbinleri ve kullanıcıları silmeniz gerekir');
    await confirm.getByRole('button', { name: 'Sil' }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page, inTurkish('api.companyDeleted'))).toBeVisible();
    await expect(card(page, renamed)).toHaveCount(0);
    const names = await companyNames();
    expect(names).not.toContain(renamed);
    expect(names).not.toContain(created);
  });

  test('a partner that still has users and turbines is not deleted: the error toast says why', async ({ page }) => {
    await signInAs(page, 'superadmin', { path: PATH });
    const before = await companyNames();
    await card(page, EGE)
      .getByRole('button', { name: `Sil: ${EGE}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Şirketi Sil' });
    await confirm.getByRole('button', { name: 'Sil' }).click();
    // Spec §4: the confirmation closes either way.
    await expect(confirm).toBeHidden();
    await expect(page.locator('[data-testid="toast"][data-toast-type="error"]')).toContainText('Bu şirkete bağlı');
    await expect(card(page, EGE)).toBeVisible();
    expect(await companyNames()).toEqual(before);
  });

  test('the search filters by name, email, phone, authorized number and address, and survives a reload', async ({
    page,
  }) => {
    await signInAs(page, 'superadmin', { path: PATH });
    await expect(card(page, ANADOLU)).toBeVisible();

    // Turkish casing: "İZMİR" finds "Bornova, İzmir".
    await searchBox(page).fill('İZMİR');
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, EGE)).toBeVisible();
    await expect(page.getByTestId('page-summary')).toContainText('Gösterilen: 1 /');
    for (const [text, expected] of [
      ['anadolu-ruzgar', ANADOLU],
      ['232 555', EGE],
      ['ayşe', ANADOLU],
      ['rüzgar enerji', ANADOLU],
    ] as const) {
      await searchBox(page).fill(text);
      await expect(cards(page)).toHaveCount(1);
      await expect(card(page, expected)).toBeVisible();
    }

    await searchBox(page).fill('böyle bir şirket yok');
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByTestId('empty-state')).toContainText(inTurkish('panel.companies.noResults'));
    await expect(page).toHaveURL(/[?&]q=/);

    await page.reload();
    await expect(searchBox(page)).toHaveValue('böyle bir şirket yok');
    await expect(page.getByTestId('empty-state')).toContainText(inTurkish('panel.companies.noResults'));

    await page.getByRole('button', { name: 'Aramayı temizle' }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(card(page, ANADOLU)).toBeVisible();
    await expect(page).not.toHaveURL(/[?&]q=/);

    // The menu's link to the page clears the search too.
    await searchBox(page).fill('ege');
    await expect(cards(page)).toHaveCount(1);
    await page
      .getByRole('navigation', { name: 'Panel bölümleri' })
      .getByRole('link', { name: 'Ortak Yönetimi' })
      .click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(card(page, ANADOLU)).toBeVisible();
  });

  test('in English: the texts and the empty search state', async ({ page }) => {
    await signInAs(page, 'superadmin', { path: `${PATH}?q=nothing-like-this`, language: 'en' });
    await expect(page.getByRole('heading', { level: 1, name: 'Partner Management' })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search companies' });
    await expect(search).toHaveAttribute('placeholder', 'Search companies...');
    await expect(search).toHaveValue('nothing-like-this');
    await expect(page.getByTestId('empty-state')).toContainText('No search results found');
    await search.fill('');
    await expect(card(page, EGE).getByRole('button', { name: `Edit: ${EGE}` })).toBeVisible();
    await page.getByRole('button', { name: 'Add Company' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Company' });
    await form.getByLabel('Company name').fill(' ');
    await expect(form.getByTestId('field-error')).toHaveText('Company name is required');
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expectNoRawKeys(page);
  });

  test('Escape closes the form and clears it; reopened, it is empty', async ({ page }) => {
    await signInAs(page, 'superadmin', { path: PATH });
    await page.getByRole('button', { name: 'Şirket Ekle' }).click();
    const form = page.getByRole('dialog', { name: 'Yeni Şirket Ekle' });
    await form.getByLabel('Şirket Adı').fill('Yarım kalan şirket');
    await form.getByLabel('Adres').fill('Bir yerde');
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await page.getByRole('button', { name: 'Şirket Ekle' }).click();
    await expect(form.getByLabel(inTurkish('panel.companies.field.name'))).toHaveValue('');
    await expect(form.getByLabel('Adres')).toHaveValue('');
    await form.getByRole('button', { name: 'İptal' }).click();
    await expect(form).toBeHidden();
    expect(await companyNames()).not.toContain('Yarım kalan şirket');
  });
});

test.describe('partner management when the server has nothing or says nothing', () => {
  test('no partners at all: "Henüz ortak bulunmuyor"', async ({ page }) => {
    // Every demo partner has users and turbines, so an empty list can only be staged.
    await page.route('**/api/companies', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: { success: true, data: [] } }) : route.continue(),
    );
    await signInAs(page, 'superadmin', { path: PATH });
    await expect(page.getByTestId('empty-state')).toContainText(inTurkish('panel.companies.empty'));
    await expect(page.getByTestId('page-summary')).toHaveText('Toplam şirket: 0');
    await expect(cards(page)).toHaveCount(0);
  });

  test('a failed delete without a message from the server: "Şirket silinirken hata oluştu"', async ({ page }) => {
    const seed = await seeder();
    const company = await seed.createCompany({ name: unique('E2E Silinemeyen') });
    await page.route(`**/api/companies/${company.id}*`, (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 502, body: '' }) : route.continue(),
    );
    await signInAs(page, 'superadmin', { path: PATH });
    await card(page, company.name)
      .getByRole('button', { name: `Sil: ${company.name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Şirketi Sil' });
    await confirm.getByRole('button', { name: 'Sil' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.locator('[data-testid="toast"][data-toast-type="error"]')).toHaveText(
      /Şirket silinirken hata oluştu/,
    );
    await expect(card(page, company.name)).toBeVisible();
    expect((await seed.companies()).map((entry) => entry.id)).toContain(company.id);
    await seed.dispose();
  });
});

test.describe('partner management is for superadmin only', () => {
  for (const account of ['admin', 'operator', 'customer'] as const satisfies readonly DemoAccount[]) {
    test(`${account}: the unauthorized toast, then the turbine list; the list is never asked for`, async ({ page }) => {
      const companyCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/companies')) companyCalls.push(request.url());
      });
      await signInAs(page, account, { path: PATH });
      await expect(page.getByTestId('unauthorized')).toBeVisible();
      await expect(
        toast(page, 'Yetkisiz Erişim - Bu sayfaya erişim yetkiniz yok. Sadece SuperAdmin ortak yönetimi yapabilir.'),
      ).toBeVisible();
      expect(companyCalls).toEqual([]);
      await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 10_000 });
      await expect(page.getByTestId('unauthorized')).toHaveCount(0);
    });
  }

  test('the API refuses an admin the list and the creation', async () => {
    const api = await apiAs(demo('admin'));
    try {
      expect((await api.get('/companies')).status()).toBe(403);
      expect((await api.post('/companies', { body: { name: unique('Yetkisiz') } })).status()).toBe(403);
    } finally {
      await api.dispose();
    }
  });
});

test.describe('accessibility (axe)', () => {
  test.use({ reducedMotion: 'reduce' });
  // Two full axe runs per test.
  test.describe.configure({ timeout: 60_000 });

  for (const language of ['tr', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`${language}, ${theme} theme: the page and the add form have no serious or critical violation`, async ({
        page,
      }) => {
        await signInAs(page, 'superadmin', { path: PATH, language, theme });
        await expect(card(page, EGE)).toBeVisible();
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
        expect(await blockingViolations(page), 'page').toEqual([]);

        await page.getByRole('button', { name: language === 'tr' ? 'Şirket Ekle' : 'Add Company' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect(await blockingViolations(page), 'add form').toEqual([]);
      });
    }
  }
});
