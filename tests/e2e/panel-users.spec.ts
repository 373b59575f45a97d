import { translator } from '@kanat360/i18n';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { type ApiSuccess, PROTECTED_USER_ID, type User } from '@kanat360/contracts';
import { blockingViolations } from './a11y.js';
import { demo, DEMO_PASSWORD } from './fixtures.js';
import { apiAs, DEMO_COMPANY, type DemoAccount, seeder, signInAs, signInThroughApi, unique } from './panel.js';
import { expectNoRawKeys } from './site.js';

const inTurkish = translator('tr');

// The user-management screen /dashboard/users (spec §2, §5, §6): who sees it, what each role may do there.

const USERS_PATH = '/dashboard/users';
const ALL_DEMO_ACCOUNTS: DemoAccount[] = ['superadmin', 'admin', 'manager', 'operator', 'customer', 'operator2'];

/** A fresh, valid, lowercase email address. */
const freshEmail = (prefix: string) => `${unique(prefix).replace(/\s+/g, '.').toLowerCase()}@example.com`;

/** The row of the user with exactly this email ("admin@…" is also part of "superadmin@…"). */
const userRow = (page: Page, email: string) =>
  page.getByTestId('user-row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** The message wired to a form control through aria-describedby (what a screen reader reads with it). */
async function messageOf(control: Locator): Promise<Locator> {
  await expect(control).toHaveAttribute('aria-describedby', /.+/);
  const id = await control.getAttribute('aria-describedby');
  expect(id, 'the control has a described message').toBeTruthy();
  return control.page().locator(`[id="${id}"]`);
}

async function demoCompanyId(): Promise<number> {
  const seed = await seeder();
  const company = (await seed.companies()).find((entry) => entry.name === DEMO_COMPANY);
  await seed.dispose();
  expect(company, DEMO_COMPANY).toBeDefined();
  return company!.id;
}

async function listedEmails(): Promise<string[]> {
  const seed = await seeder();
  const response = await seed.api.get('/users');
  const users = ((await response.json()) as ApiSuccess<User[]>).data;
  await seed.dispose();
  return users.map((user) => user.email);
}

test.describe('user management as the superadmin', () => {
  test('lists every company’s users; the protected user and one’s own row say why their buttons are off', async ({
    page,
  }) => {
    await signInAs(page, 'superadmin', { path: USERS_PATH });
    await expect(page.getByRole('heading', { level: 1, name: inTurkish('panel.users.title') })).toBeVisible();
    for (const account of ALL_DEMO_ACCOUNTS) await expect(userRow(page, demo(account))).toHaveCount(1);
    await expect(userRow(page, demo('operator2'))).toContainText('Ege Yenilenebilir Enerji Ltd.');
    await expect(userRow(page, demo('operator2'))).toContainText('Can Öztürk');
    await expect(page.getByTestId('page-summary')).toContainText('Kullanıcı sayısı:');
    // A proper table: column headers and a row header per user.
    await expect(page.getByRole('columnheader', { name: 'E-posta' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: /Selin Yıldız/ })).toBeVisible();

    const protectedRow = userRow(page, demo('superadmin'));
    await expect(protectedRow).toHaveAttribute('data-user-id', String(PROTECTED_USER_ID));
    await expect(protectedRow).toContainText(`#${PROTECTED_USER_ID}`);
    await expect(protectedRow).toContainText(inTurkish('panel.users.protected'));
    const reason = 'Bu kullanıcı korumalıdır; düzenlenemez, şifresi değiştirilemez ve silinemez.';
    for (const name of [
      'Selin Yıldız kullanıcısını düzenle',
      'Selin Yıldız kullanıcısının şifresini değiştir',
      'Selin Yıldız kullanıcısını sil',
    ]) {
      const button = protectedRow.getByRole('button', { name });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('title', reason);
      await expect(button).toHaveAccessibleDescription(reason);
    }
    // Clicking a blocked button opens nothing.
    await protectedRow.getByRole('button', { name: 'Selin Yıldız kullanıcısını sil' }).click({ force: true });
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Everyone else's buttons are on.
    const operatorRow = userRow(page, demo('operator'));
    for (const action of ['edit', 'password', 'delete']) {
      await expect(operatorRow.locator(`[data-action="${action}"]`)).toBeEnabled();
    }
  });

  test('a superadmin who is not the protected one may edit its own row but not delete it', async ({ page }) => {
    const seed = await seeder();
    const email = freshEmail('sa');
    await seed.createUser({
      first_name: 'İkinci',
      last_name: 'Yönetici',
      email,
      password: DEMO_PASSWORD,
      role: 'superadmin',
      company_id: await demoCompanyId(),
    });
    await seed.dispose();
    await signInThroughApi(page, email, { path: USERS_PATH });
    const ownRow = userRow(page, email);
    await expect(ownRow).toContainText('Siz');
    await expect(ownRow.getByRole('button', { name: 'İkinci Yönetici kullanıcısını düzenle' })).toBeEnabled();
    const remove = ownRow.getByRole('button', { name: 'İkinci Yönetici kullanıcısını sil' });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription(inTurkish('errors.CANNOT_DELETE_SELF'));
  });

  test('adds, edits, changes the password of and deletes a user through the modals', async ({ page }) => {
    await signInAs(page, 'superadmin', { path: USERS_PATH });
    const email = freshEmail('yeni');

    // Add: the button waits for the four required fields.
    await page.getByRole('button', { name: 'Kullanıcı Ekle' }).click();
    const addModal = page.getByRole('dialog', { name: 'Yeni Kullanıcı Ekle' });
    await expect(addModal).toBeVisible();
    const add = addModal.getByRole('button', { name: 'Ekle', exact: true });
    await expect(addModal.getByRole('textbox', { name: 'Ad', exact: true })).toBeFocused();
    // Nothing filled: spec §5's message beside each missing field, nothing sent.
    await add.click();
    await expect(await messageOf(addModal.getByRole('textbox', { name: 'Ad', exact: true }))).toHaveText(
      'Tüm alanları doldurun',
    );
    await expect(await messageOf(addModal.getByRole('textbox', { name: 'E-posta' }))).toHaveText(
      'Tüm alanları doldurun',
    );
    await addModal.getByRole('textbox', { name: 'Ad', exact: true }).fill('Deniz');
    await addModal.getByRole('textbox', { name: 'Soyad' }).fill('Kaya');
    await addModal.getByRole('textbox', { name: 'E-posta' }).fill(demo('admin'));
    const password = addModal.locator('input[name="password"]');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAccessibleName(inTurkish('panel.users.field.password'));
    await expect(addModal.getByRole('textbox', { name: 'E-posta' })).toHaveAttribute('type', 'email');
    await password.fill('ilk-sifre-1');
    const role = addModal.getByRole('combobox', { name: 'Rol' });
    await expect(role).toHaveValue('customer');
    await expect(role.locator('option')).toHaveText([
      'Süper Yönetici',
      'Yönetici',
      'Şirket Yöneticisi',
      'Operatör',
      'Müşteri',
    ]);
    const company = addModal.getByRole('combobox', { name: 'Şirket' });
    await expect(company.locator('option:checked')).toHaveText(inTurkish('panel.users.field.companyPlaceholder'));

    // No company: the panel says so beside the company picker, nothing is sent.
    await add.click();
    await expect(await messageOf(company)).toHaveText(inTurkish('panel.users.field.companyPlaceholder'));
    await expect(company).toBeFocused();

    // An email already taken: the server's message beside the email, and what was typed stays.
    await company.selectOption({ label: DEMO_COMPANY });
    await role.selectOption('operator');
    await add.click();
    const emailInput = addModal.getByRole('textbox', { name: 'E-posta' });
    await expect(await messageOf(emailInput)).toHaveText(inTurkish('errors.EMAIL_TAKEN'));
    await expect(addModal.getByRole('textbox', { name: 'Ad', exact: true })).toHaveValue('Deniz');
    await expect(addModal.getByRole('textbox', { name: 'Soyad' })).toHaveValue('Kaya');
    await expect(password).toHaveValue('ilk-sifre-1');
    await expect(role).toHaveValue('operator');
    await expect(company.locator('option:checked')).toHaveText(DEMO_COMPANY);

    await emailInput.fill(email);
    await add.click();
    await expect(addModal).toBeHidden();
    await expect(toast(page, inTurkish('api.userCreated'))).toBeVisible();
    const row = userRow(page, email);
    await expect(row).toContainText('Deniz Kaya');
    await expect(row).toContainText(inTurkish('panel.photos.type.operator'));
    await expect(row).toContainText(DEMO_COMPANY);
    await expect(row.getByTestId('user-status')).toHaveText('Aktif');

    // Edit: the form starts from the user; a change shows in the table.
    await row.getByRole('button', { name: 'Deniz Kaya kullanıcısını düzenle' }).click();
    const editModal = page.getByRole('dialog', { name: 'Kullanıcıyı Düzenle' });
    await expect(editModal.getByRole('textbox', { name: 'E-posta' })).toHaveValue(email);
    await expect(editModal.locator('input[type="password"]')).toHaveCount(0);
    await expect(editModal.getByRole('combobox', { name: 'Rol' })).toHaveValue('operator');
    await editModal.getByRole('textbox', { name: 'Soyad' }).fill('');
    await editModal.getByRole('button', { name: 'Kaydet' }).click();
    await expect(await messageOf(editModal.getByRole('textbox', { name: 'Soyad' }))).toHaveText(
      'Tüm alanlar gereklidir',
    );
    await editModal.getByRole('textbox', { name: 'Soyad' }).fill('Kayalı');
    await editModal.getByRole('combobox', { name: 'Rol' }).selectOption('company_manager');
    await editModal.getByRole('checkbox', { name: 'Hesap aktif' }).uncheck();
    await editModal.getByRole('button', { name: 'Kaydet' }).click();
    await expect(editModal).toBeHidden();
    await expect(toast(page, inTurkish('api.userUpdated'))).toBeVisible();
    await expect(row).toContainText('Deniz Kayalı');
    await expect(row).toContainText(inTurkish('roles.company_manager'));
    await expect(row.getByTestId('user-status')).toHaveText('Pasif');
    // Active again, so the new password can sign in below.
    await row.getByRole('button', { name: 'Deniz Kayalı kullanıcısını düzenle' }).click();
    await editModal.getByRole('checkbox', { name: 'Hesap aktif' }).check();
    await editModal.getByRole('button', { name: 'Kaydet' }).click();
    await expect(editModal).toBeHidden();
    await expect(row.getByTestId('user-status')).toHaveText('Aktif');

    // Change password: the spec's three messages, then a password that works.
    await row.getByRole('button', { name: 'Deniz Kayalı kullanıcısının şifresini değiştir' }).click();
    const passwordModal = page.getByRole('dialog', { name: 'Şifre Değiştir' });
    await expect(passwordModal).toContainText('Deniz Kayalı');
    await expect(passwordModal.locator('input[name="password"]')).toBeFocused();
    // Password inputs have no role: found by name, their labels checked by accessible name.
    const newPassword = passwordModal.locator('input[name="password"]');
    const confirmation = passwordModal.locator('input[name="confirmation"]');
    await expect(newPassword).toHaveAccessibleName(inTurkish('panel.users.field.newPassword'));
    await expect(confirmation).toHaveAccessibleName(inTurkish('panel.users.field.confirmPassword'));
    const submit = passwordModal.getByRole('button', { name: 'Şifreyi Değiştir' });
    await submit.click();
    await expect(await messageOf(newPassword)).toHaveText(inTurkish('errors.PASSWORD_REQUIRED'));
    await newPassword.fill('abcdef');
    await confirmation.fill('abcdeg');
    await submit.click();
    await expect(await messageOf(confirmation)).toHaveText(inTurkish('errors.PASSWORDS_DO_NOT_MATCH'));
    await newPassword.fill('abc');
    await confirmation.fill('abc');
    await submit.click();
    await expect(await messageOf(newPassword)).toHaveText(inTurkish('errors.PASSWORD_TOO_SHORT'));
    await newPassword.fill('yeni-sifre-2');
    await confirmation.fill('yeni-sifre-2');
    await submit.click();
    await expect(passwordModal).toBeHidden();
    await expect(toast(page, inTurkish('api.passwordChanged'))).toBeVisible();
    const asNewUser = await apiAs(email, 'yeni-sifre-2');
    expect((await asNewUser.get('/auth/validate-session')).status()).toBe(200);
    await asNewUser.dispose();

    // Delete: the confirmation names the user and warns; then the user is gone from the table and the API.
    await row.getByRole('button', { name: 'Deniz Kayalı kullanıcısını sil' }).click();
    const confirm = page.getByRole('dialog', { name: 'Kullanıcıyı Sil' });
    await expect(confirm).toContainText(`Deniz Kayalı (${email})`);
    await expect(confirm).toContainText(inTurkish('panel.users.deleteWarning'));
    await confirm.getByRole('button', { name: 'Sil', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page, inTurkish('api.userDeleted'))).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await listedEmails()).not.toContain(email);
  });

  test('a refused delete is toasted with the server’s message and the dialog closes', async ({ page }) => {
    const seed = await seeder();
    const email = freshEmail('gider');
    const user = await seed.createUser({
      first_name: 'Gidecek',
      last_name: 'Kişi',
      email,
      password: DEMO_PASSWORD,
      role: 'customer',
      company_id: await demoCompanyId(),
    });
    await signInAs(page, 'superadmin', { path: USERS_PATH });
    await userRow(page, email).getByRole('button', { name: 'Gidecek Kişi kullanıcısını sil' }).click();
    // Someone else deletes the user meanwhile: the server answers "not found".
    expect((await seed.api.delete('/users/{id}', { path: { id: user.id } })).status()).toBe(200);
    await seed.dispose();
    const confirm = page.getByRole('dialog', { name: 'Kullanıcıyı Sil' });
    await confirm.getByRole('button', { name: 'Sil', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('toast').and(page.locator('[data-toast-type="error"]'))).toContainText(
      'Kullanıcı bulunamadı.',
    );
  });

  test('the search filters by name or email, Turkish-aware, and survives a reload in the URL', async ({ page }) => {
    await signInAs(page, 'superadmin', { path: USERS_PATH });
    const search = page.getByRole('searchbox', { name: 'Kullanıcı ara' });
    // Typed key by key: the box keeps up although each key also updates the URL.
    await search.pressSequentially('ÖZTÜRK');
    await expect(search).toHaveValue('ÖZTÜRK');
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(userRow(page, demo('operator2'))).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=%C3%96ZT%C3%9CRK/);
    await expect(page.getByTestId('page-summary')).toContainText('Eşleşen: 1');

    await search.fill('SELİN');
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await search.fill('manager@demo');
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(userRow(page, demo('manager'))).toBeVisible();

    await page.reload();
    await expect(search).toHaveValue('manager@demo');
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(userRow(page, demo('manager'))).toBeVisible();

    await search.fill('kimse-yok-böyle');
    await expect(page.getByTestId('empty-state')).toContainText(inTurkish('panel.users.noResults'));
    await page.getByRole('button', { name: 'Aramayı temizle' }).click();
    await expect(search).toHaveValue('');
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(userRow(page, demo('operator2'))).toBeVisible();
  });

  test('Escape closes a modal and the form starts empty next time', async ({ page }) => {
    await signInAs(page, 'superadmin', { path: USERS_PATH });
    await page.getByRole('button', { name: 'Kullanıcı Ekle' }).click();
    const addModal = page.getByRole('dialog', { name: 'Yeni Kullanıcı Ekle' });
    await addModal.getByRole('textbox', { name: 'Ad', exact: true }).fill('Yarım');
    await addModal.getByRole('textbox', { name: 'E-posta' }).fill('yarim@example.com');
    await page.keyboard.press('Escape');
    await expect(addModal).toBeHidden();
    await page.getByRole('button', { name: 'Kullanıcı Ekle' }).click();
    await expect(addModal.getByRole('textbox', { name: 'Ad', exact: true })).toHaveValue('');
    await expect(addModal.getByRole('textbox', { name: 'E-posta' })).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(addModal).toBeHidden();

    const operatorRow = userRow(page, demo('operator'));
    await operatorRow.getByRole('button', { name: 'Emre Çelik kullanıcısının şifresini değiştir' }).click();
    const passwordModal = page.getByRole('dialog', { name: 'Şifre Değiştir' });
    await passwordModal.locator('input[name="password"]').fill('yarim-kalan');
    await page.keyboard.press('Escape');
    await expect(passwordModal).toBeHidden();
    await operatorRow.getByRole('button', { name: 'Emre Çelik kullanıcısının şifresini değiştir' }).click();
    await expect(passwordModal.locator('input[name="password"]')).toHaveValue('');
    await page.keyboard.press('Escape');

    await operatorRow.getByRole('button', { name: 'Emre Çelik kullanıcısını sil' }).click();
    await expect(page.getByRole('dialog', { name: inTurkish('panel.users.deleteTitle') })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(operatorRow).toBeVisible();
  });
});

test.describe('user management as an admin', () => {
  test('sees only its own company, only deletes, and may delete a user of its company', async ({ page }) => {
    const seed = await seeder();
    const email = freshEmail('musteri');
    await seed.createUser({
      first_name: 'Silinecek',
      last_name: 'Müşteri',
      email,
      password: DEMO_PASSWORD,
      role: 'customer',
      company_id: await demoCompanyId(),
    });
    await seed.dispose();

    await signInAs(page, 'admin', { path: USERS_PATH });
    await expect(userRow(page, email)).toBeVisible();
    await expect(userRow(page, demo('admin'))).toBeVisible();
    await expect(userRow(page, demo('operator2'))).toHaveCount(0);
    const companies = await page.getByTestId('user-row').locator('td:nth-child(4)').allTextContents();
    expect(new Set(companies)).toEqual(new Set([DEMO_COMPANY]));

    await expect(page.getByRole('button', { name: inTurkish('panel.users.add') })).toHaveCount(0);
    await expect(page.locator('[data-action="edit"], [data-action="password"]')).toHaveCount(0);
    const ownDelete = userRow(page, demo('admin')).getByRole('button', { name: 'Burak Aydın kullanıcısını sil' });
    await expect(ownDelete).toBeDisabled();
    await expect(ownDelete).toHaveAttribute('title', inTurkish('errors.CANNOT_DELETE_SELF'));
    await expect(userRow(page, demo('superadmin')).locator('[data-action="delete"]')).toBeDisabled();

    await userRow(page, email).getByRole('button', { name: 'Silinecek Müşteri kullanıcısını sil' }).click();
    await page
      .getByRole('dialog', { name: 'Kullanıcıyı Sil' })
      .getByRole('button', { name: 'Sil', exact: true })
      .click();
    await expect(toast(page, inTurkish('api.userDeleted'))).toBeVisible();
    await expect(userRow(page, email)).toHaveCount(0);
    expect(await listedEmails()).not.toContain(email);
  });

  test('the server refuses an admin’s POST /api/users with 403', async () => {
    const api = await apiAs(demo('admin'));
    const response = await api.post('/users', {
      body: {
        first_name: 'Yasak',
        last_name: 'Ekleme',
        email: freshEmail('yasak'),
        password: 'yasak-sifre',
        role: 'customer',
        company_id: await demoCompanyId(),
      },
    });
    expect(response.status()).toBe(403);
    await api.dispose();
  });
});

const WITHOUT_USER_MANAGEMENT = { manager: 'a company manager', operator: 'an operator', customer: 'a customer' };

for (const [account, who] of Object.entries(WITHOUT_USER_MANAGEMENT) as [DemoAccount, string][]) {
  test(`${who} opening the page lands on the turbine list with the unauthorized toast`, async ({ page }) => {
    const userListCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users') userListCalls.push(request.url());
    });
    await signInAs(page, account, { path: USERS_PATH });
    await expect(page).toHaveURL(/\/dashboard\/?$/);
    await expect(toast(page, inTurkish('panel.unauthorized.general'))).toBeVisible();
    await expect(page.getByTestId('users-table')).toHaveCount(0);
    expect(userListCalls).toEqual([]);
  });
}

test.describe('accessibility (axe)', () => {
  test.use({ reducedMotion: 'reduce' });

  for (const language of ['tr', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`${language}, ${theme}: no serious or critical violation, with and without the add modal`, async ({
        page,
      }) => {
        await signInAs(page, 'superadmin', { language, theme, path: USERS_PATH });
        const title = language === 'tr' ? 'Kullanıcı Yönetimi' : 'User Management';
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        await expect(page.getByTestId('user-row').first()).toBeVisible();
        await expectNoRawKeys(page);
        expect(await blockingViolations(page), 'the table').toEqual([]);

        await page.getByRole('button', { name: language === 'tr' ? 'Kullanıcı Ekle' : 'Add User' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoRawKeys(page);
        expect(await blockingViolations(page), 'the add modal').toEqual([]);
      });
    }
  }
});
