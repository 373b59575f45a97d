import { readFile } from 'node:fs/promises';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { type ApiPage, type MediaItem, type Repair } from '@kanat360/contracts';
import { type TypedApi } from './api.js';
import { demo } from './fixtures.js';
import { apiAs, data, type DemoAccount, signInAs, unique } from './panel.js';

// Issue #24's loop through the panel: an operator marks a finding on a photo, a manager releases it, plans a repair
// from the blade map and assigns it to the operator, who starts it and completes it with an after photo (a real
// camera's JPEG); the manager verifies it and the customer sees it repaired on the blade map. Then a repair's page:
// before/after and history, no costs and no actions for a customer, another company's repair not found, and the
// board's "done" opening the same complete dialog.

const TURBINE = 1;
const AFTER_PHOTO = new URL('../fixtures/real-files/sony-dsc-hx5v-gps.jpg', import.meta.url);

/** A ready flat blade photo of the demo turbine (the demo's derivatives are made in the background). */
async function bladePhoto(api: TypedApi): Promise<MediaItem> {
  let photo: MediaItem | undefined;
  await expect
    .poll(
      async () => {
        const page = (await (
          await api.get('/turbines/{id}/photos', { path: { id: TURBINE }, query: { view: 'all', limit: 1000 } })
        ).json()) as ApiPage<MediaItem>;
        photo = page.data.find(
          (item) =>
            item.kind === 'photo' &&
            !item.is_panorama &&
            item.category === '' &&
            item.status === 'ready' &&
            item.blade !== null,
        );
        return photo !== undefined;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  return photo!;
}

async function pageAs(browser: Browser, account: DemoAccount, path: string, width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, account, { path, language: 'en' });
  return page;
}

/** The finding's mark on the blade map of its year, with its tooltip open (a mark shows it while focused). */
async function openMark(page: Page, findingId: number, year: number) {
  await page.goto(`/dashboard/turbine/${TURBINE}#blade-map`);
  await page.getByTestId('blade-map-year').selectOption(String(year));
  const mark = page.locator(`[data-testid=blade-mark][data-finding-id="${findingId}"]`);
  await mark.focus();
  await expect(page.getByTestId('blade-mark-tooltip')).toBeVisible();
  return mark;
}

test('the loop: marked, planned and assigned, completed with an after photo, verified, seen repaired', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const operatorApi = await apiAs(demo('operator'));
  const managerApi = await apiAs(demo('manager'));
  const photo = await bladePhoto(operatorApi);

  // The operator marks a crack on the photo in the viewer.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'operator', {
    language: 'en',
    path: `/dashboard/turbine/${TURBINE}/360-view?blade=${photo.blade}&room=${photo.room}&year=${photo.year}&media=${photo.id}`,
  });
  const viewer = page.locator('[data-testid=deep-zoom][data-loaded=true]');
  await expect(viewer).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('finding-tool-rectangle').click();
  // The layer takes the drag once it is in place (a lazy chunk); before, the viewer would pan.
  await expect(page.getByTestId('drawing-layer')).toHaveClass(/cursor-crosshair/);
  const box = (await viewer.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.55);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.65, box.y + box.height * 0.62, { steps: 8 });
  await page.mouse.up();
  await page.getByTestId('finding-distance_from_root_m').fill('21');
  await page.getByTestId('finding-severity-4').click();
  await page.getByTestId('finding-type').selectOption('crack');
  await page.getByTestId('finding-save').click();
  await expect(page).toHaveURL(/[?&]finding=\d+/);
  const findingId = Number(new URL(page.url()).searchParams.get('finding'));

  // The manager releases it (customers see released findings only) and plans a repair from the blade map,
  // assigned to the operator, with a due date: it is scheduled.
  const manager = await pageAs(browser, 'manager', `/dashboard/turbine/${TURBINE}/findings/${findingId}`);
  await manager.getByTestId('finding-release').click();
  await expect(manager.getByTestId('finding-stage')).toHaveText('Released');
  await openMark(manager, findingId, photo.year);
  await manager.getByTestId('blade-mark-plan-repair').click();
  const plan = manager.getByTestId('plan-repair');
  await expect(plan.getByTestId('plan-repair-title')).not.toHaveValue('');
  const assignees = await data(await managerApi.get('/turbines/{id}/repair-assignees', { path: { id: TURBINE } }));
  const operator = assignees.find((person) => person.email === demo('operator'))!;
  await expect(plan.getByTestId('plan-repair-assignee')).toBeEnabled();
  await plan.getByTestId('plan-repair-assignee').selectOption(String(operator.id));
  const due = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await plan.getByTestId('plan-repair-due').fill(due);
  await plan.locator('button[type=submit]').click();
  await expect(plan).toHaveCount(0);

  // The blade map's popover names the repair and leads to its page.
  await openMark(manager, findingId, photo.year);
  await expect(manager.getByTestId('blade-mark-repair')).toContainText('Scheduled');
  await manager.getByTestId('blade-mark-repair').click();
  await expect(manager).toHaveURL(new RegExp(`/dashboard/repairs/\\d+\\?turbine=${TURBINE}`));
  const repairId = Number(/repairs\/(\d+)/.exec(manager.url())![1]);
  await expect(manager.getByTestId('repair-status')).toHaveText('Scheduled');
  await expect(manager.getByTestId('repair-assignee')).toContainText(operator.name);

  // The manager puts an estimate on it through the edit form.
  await manager.getByTestId('repair-edit-open').click();
  await manager.getByTestId('repair-edit-estimated_cost').fill('1500');
  await manager.getByTestId('repair-edit').locator('button[type=submit]').click();
  await expect(manager.getByTestId('repair-edit')).toHaveCount(0);
  await expect(manager.getByTestId('repair-estimated')).toContainText('1,500');

  // The assignee starts the work and completes it: the note and an after photo are required.
  const assignee = await pageAs(browser, 'operator', `/dashboard/repairs/${repairId}?turbine=${TURBINE}`);
  await expect(assignee.getByTestId('repair-step-verify')).toHaveCount(0);
  await assignee.getByTestId('repair-step-start').click();
  await expect(assignee.getByTestId('repair-status')).toHaveText('In progress');
  await assignee.getByTestId('repair-step-complete').click();
  const complete = assignee.getByTestId('repair-complete');
  await complete.locator('button[type=submit]').click();
  await expect(complete.getByText('Describe the work done before completing the repair')).toBeVisible();
  await expect(complete.getByText('Upload at least one after-repair photo before completing the repair')).toBeVisible();
  await complete.getByTestId('repair-complete-note').fill('Crack ground out, laminated and coated.');
  await complete.locator('input[type=file]').setInputFiles({
    name: `${unique('after').replace(' ', '-')}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await readFile(AFTER_PHOTO),
  });
  await complete.getByTestId('repair-complete-upload').click();
  await expect(complete.getByTestId('upload-total')).toContainText('1 of 1 file', { timeout: 30_000 });
  await complete.getByTestId('repair-complete-hours').fill('6,5');
  await complete.locator('button[type=submit]').click();
  await expect(complete).toHaveCount(0);
  await expect(assignee.getByTestId('repair-status')).toHaveText('Done');
  await expect(assignee.getByTestId('repair-after')).toHaveCount(1);
  await expect(assignee.getByTestId('repair-note')).toHaveText('Crack ground out, laminated and coated.');
  const done = await data(
    await managerApi.get('/turbines/{id}/repairs/{repairId}', { path: { id: TURBINE, repairId } }),
  );
  expect(done).toMatchObject({ status: 'done', labour_hours: 6.5, estimated_cost: 1500 });
  expect(done.after_photos).toHaveLength(1);

  // The manager verifies it.
  await manager.reload();
  await manager.getByTestId('repair-step-verify').click();
  await expect(manager.getByTestId('repair-status')).toHaveText('Verified');
  const verified = await data(
    await managerApi.get('/turbines/{id}/repairs/{repairId}', { path: { id: TURBINE, repairId } }),
  );
  expect(verified.status).toBe('verified');
  await expect(manager.getByTestId('repair-verified')).toContainText(verified.verified_by_user!.name);

  // The customer sees the finding repaired on the blade map, and the repair without costs or actions.
  const customer = await pageAs(browser, 'customer', '/dashboard');
  const mark = await openMark(customer, findingId, photo.year);
  await expect(mark).toHaveAttribute('data-repair', 'repaired');
  await expect(customer.getByTestId('blade-mark-repair')).toContainText('Verified');
  await customer.getByTestId('blade-mark-repair').click();
  await expect(customer.getByTestId('repair-status')).toHaveText('Verified');
  await expect(customer.getByTestId('repair-after')).toHaveCount(1);
  await expect(customer.getByTestId('repair-actions')).toHaveCount(0);
  await expect(customer.getByTestId('repair-estimated')).toHaveCount(0);
  for (const other of [manager, assignee, customer]) await other.context().close();
  await operatorApi.dispose();
  await managerApi.dispose();
});

test.describe('a repair’s page', () => {
  /** A verified demo repair with after photos that the customer may read too. */
  async function verifiedRepair(): Promise<Repair> {
    const customerApi = await apiAs(demo('customer'));
    const repairs = (await (await customerApi.get('/repairs', { query: { status: ['verified'] } })).json()).data;
    await customerApi.dispose();
    const repair = repairs.find((item) => item.after_photos.length > 0 && item.findings.length > 0);
    expect(repair, 'a verified demo repair with after photos a customer may read').toBeDefined();
    return repair!;
  }

  test('shows a manager the finding before, the photos after, the history and the costs', async ({ page }) => {
    const repair = await verifiedRepair();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'manager', { path: '/dashboard/repairs?view=board', language: 'en' });
    await page.getByTestId(`board-card-${repair.id}`).getByTestId('board-card-link').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/repairs/${repair.id}\\?turbine=${repair.turbine_id}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(repair.title);
    await expect(page.getByTestId('repair-finding')).toHaveCount(repair.findings.length);
    await expect(page.getByTestId('repair-before').first()).toBeVisible();
    await expect(page.getByTestId('repair-after').first()).toBeVisible();
    const history = page.getByTestId('repair-event');
    await expect(history.filter({ hasText: 'Planned' })).toHaveCount(1);
    await expect(history.filter({ hasText: 'Completed' })).toHaveCount(1);
    await expect(history.filter({ hasText: 'Verified' })).toHaveCount(1);
    await expect(page.getByTestId('repair-estimated')).toBeVisible();
    // A verified repair has nothing left to do.
    await expect(page.getByTestId('repair-actions')).toHaveCount(0);

    // A finding's "before" opens the viewer at that finding.
    await page.getByTestId('repair-finding-open').first().click();
    await expect(page).toHaveURL(new RegExp(`[?&]finding=${repair.findings[0]!.id}`));
  });

  test('shows a customer no costs and no actions; another company’s or a missing repair is not found', async ({
    page,
    browser,
  }) => {
    const repair = await verifiedRepair();
    await page.setViewportSize({ width: 1024, height: 800 });
    await signInAs(page, 'customer', {
      path: `/dashboard/repairs/${repair.id}?turbine=${repair.turbine_id}`,
      language: 'en',
    });
    await expect(page.getByTestId('repair-fields')).toBeVisible();
    await expect(page.getByTestId('repair-after').first()).toBeVisible();
    await expect(page.getByTestId('repair-estimated')).toHaveCount(0);
    await expect(page.getByTestId('repair-actual')).toHaveCount(0);
    await expect(page.getByTestId('repair-actions')).toHaveCount(0);

    await page.goto(`/dashboard/repairs/99999999?turbine=${repair.turbine_id}`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto(`/dashboard/repairs/${repair.id}`);
    await expect(page.getByTestId('not-found')).toBeVisible();

    const other = await pageAs(browser, 'operator2', `/dashboard/repairs/${repair.id}?turbine=${repair.turbine_id}`);
    await expect(other.getByTestId('not-found')).toBeVisible();
    await other.context().close();
  });

  test('the board’s "done" opens the complete dialog', async ({ page }) => {
    const managerApi = await apiAs(demo('manager'));
    const repairs = (await (await managerApi.get('/repairs', { query: { status: ['in_progress'] } })).json()).data;
    const repair = repairs[0]!;
    expect(repair, 'a demo repair in progress').toBeDefined();
    await managerApi.dispose();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'manager', { path: '/dashboard/repairs?view=board', language: 'en' });
    await page.getByTestId(`board-card-${repair.id}`).locator('select').selectOption('done');
    const complete = page.getByTestId('repair-complete');
    await expect(complete).toBeVisible();
    await expect(complete.getByTestId('repair-complete-note')).toBeVisible();
    await complete.getByRole('button', { name: 'Cancel' }).click();
    await expect(complete).toHaveCount(0);
    // Nothing was sent: the repair is still in progress.
    await expect(page.getByTestId('board-column-in_progress').getByTestId(`board-card-${repair.id}`)).toBeVisible();
  });
});
