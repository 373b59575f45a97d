import { type Page, expect, test } from '@playwright/test';
import { type ApiPage, type Finding, type FindingType, type MediaItem } from '@kanat360/contracts';
import { type TypedApi } from './api.js';
import { demo } from './fixtures.js';
import { apiAs, signInAs } from './panel.js';

// Issue #24's ways into "plan repair" besides the blade map: the viewer's findings panel, the fleet's findings list
// (several findings of a turbine at once; several turbines refused) and the turbine screen's Repairs section. What
// the server holds afterwards is read through the API.

const TURBINE = 1;

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
          (item) => item.kind === 'photo' && !item.is_panorama && item.status === 'ready' && item.blade !== null,
        );
        return photo !== undefined;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  return photo!;
}

/** A new finding on the photo (a manager's, released, so every role sees it). */
async function newFinding(api: TypedApi, photo: MediaItem, type: FindingType, x: number): Promise<Finding> {
  const created = await api.post('/turbines/{id}/findings', {
    path: { id: TURBINE },
    body: {
      media_id: photo.id,
      target: { selector: { type: 'FragmentSelector', value: `xywh=pixel:${x},300,120,80` } },
      blade: photo.blade!,
      surface: 'leading_edge',
      zone: 4,
      type,
      severity: 5,
      distance_from_root_m: 20,
      stage: 'released',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data;
}

async function findingNow(api: TypedApi, id: number, turbineId = TURBINE): Promise<Finding> {
  const answer = await api.get('/turbines/{id}/findings/{findingId}', { path: { id: turbineId, findingId: id } });
  expect(answer.status()).toBe(200);
  return (await answer.json()).data;
}

async function submitPlan(page: Page) {
  const dialog = page.getByTestId('plan-repair');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Plan repair' }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe('planning a repair', () => {
  let api: TypedApi;
  let photo: MediaItem;
  test.beforeAll(async () => {
    api = await apiAs(demo('manager'));
    photo = await bladePhoto(api);
  });

  test('from the viewer’s findings panel: planned, then the panel links to its repair', async ({ page }) => {
    test.setTimeout(120_000);
    const finding = await newFinding(api, photo, 'crack', 200);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'operator', { path: `/dashboard/turbine/${TURBINE}/findings/${finding.id}`, language: 'en' });
    const details = page.locator(`[data-testid=finding-details][data-finding-id="${finding.id}"]`);
    await expect(details).toBeVisible({ timeout: 60_000 });
    await details.getByTestId('finding-plan-repair').click();
    await expect(page.getByTestId('plan-repair-title')).toHaveValue(/^Crack repair/);
    await submitPlan(page);

    const planned = await findingNow(api, finding.id);
    expect(planned.repair?.status).toBe('planned');
    const link = details.getByTestId('finding-repair-link');
    await expect(link).toHaveAttribute('href', `/dashboard/repairs/${planned.repair!.id}?turbine=${TURBINE}`);
    await expect(details.getByTestId('finding-plan-repair')).toHaveCount(0);

    // A customer sees the repair, and nothing to plan.
    await signInAs(page, 'customer', { path: `/dashboard/turbine/${TURBINE}/findings/${finding.id}`, language: 'en' });
    await expect(details.getByTestId('finding-repair-link')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('finding-plan-repair')).toHaveCount(0);
  });

  test('from the fleet list: two findings of a turbine in one repair; a held one cannot be picked; two turbines refused', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const first = await newFinding(api, photo, 'lightning', 400);
    const second = await newFinding(api, photo, 'lightning', 600);
    const held = await newFinding(api, photo, 'lightning', 800);
    const holding = await api.post('/turbines/{id}/repairs', {
      path: { id: TURBINE },
      body: { finding_ids: [held.id], title: 'E2E holding repair' },
    });
    expect(holding.status(), await holding.text()).toBe(201);
    const fleet = (await (await api.get('/findings', { query: { limit: 1000 } })).json()).data;
    const elsewhere = fleet.find((finding) => finding.turbine_id !== TURBINE && finding.repair === null);
    expect(elsewhere, 'a free finding of another turbine in the demo data').toBeDefined();

    await page.setViewportSize({ width: 1440, height: 900 });
    const ours = `/dashboard/findings?turbine=${TURBINE}&type=lightning&severity=5`;
    await signInAs(page, 'manager', { path: ours, language: 'en' });
    const row = (id: number) => page.locator(`[data-testid=finding-row][data-finding-id="${id}"]`);
    await expect(row(first.id)).toBeVisible({ timeout: 60_000 });
    const heldBox = row(held.id).getByTestId('finding-select');
    await expect(heldBox).toBeDisabled();
    await expect(heldBox).toHaveAccessibleName(/Already in repair #\d+/);

    // The keyboard picks a row: Space on its box.
    await row(first.id).getByTestId('finding-select').focus();
    await page.keyboard.press('Space');
    await row(second.id).getByTestId('finding-select').check();
    await expect(page.getByTestId('findings-selected-count')).toHaveText('2 findings selected');

    // A finding of another turbine joins the selection (a pick survives a change of the filters): refused.
    await page.getByTestId('findings-turbine').selectOption(String(elsewhere!.turbine_id));
    // Narrowed to a few rows, so that its row is drawn (the list draws what is in view).
    await page.getByTestId('findings-type').selectOption(elsewhere!.type);
    await page.getByTestId('findings-year').selectOption(String(elsewhere!.year));
    await page.getByTestId('findings-blade').selectOption(elsewhere!.blade);
    await page.getByTestId('findings-surface').selectOption(elsewhere!.surface);
    await page.getByTestId('severity-chip-all').click();
    await row(elsewhere!.id).getByTestId('finding-select').check();
    await page.getByTestId('findings-plan-repair').click();
    await expect(page.getByTestId('findings-plan-refused')).toHaveText(
      'A repair covers findings of one turbine: select findings of a single turbine.',
    );
    await expect(page.getByTestId('plan-repair')).toHaveCount(0);
    await row(elsewhere!.id).getByTestId('finding-select').uncheck();

    await page.getByTestId('findings-plan-repair').click();
    await expect(page.getByTestId('plan-repair')).toContainText('From 2 findings of this turbine.');
    await submitPlan(page);
    await expect(page.getByTestId('findings-selection')).toHaveCount(0);

    const [afterFirst, afterSecond] = [await findingNow(api, first.id), await findingNow(api, second.id)];
    expect(afterFirst.repair).not.toBeNull();
    expect(afterSecond.repair?.id).toBe(afterFirst.repair!.id);
    const repair = (
      await (
        await api.get('/turbines/{id}/repairs/{repairId}', { path: { id: TURBINE, repairId: afterFirst.repair!.id } })
      ).json()
    ).data;
    expect(repair.findings.map((finding) => finding.id).sort((a, b) => a - b)).toEqual([first.id, second.id]);
    expect((await findingNow(api, elsewhere!.id, elsewhere!.turbine_id)).repair).toBeNull();
  });

  test('from the turbine’s Repairs section: a picker of its findings no open repair holds', async ({ page }) => {
    test.setTimeout(120_000);
    const free = await newFinding(api, photo, 'erosion', 1000);
    const held = await newFinding(api, photo, 'erosion', 1200);
    const holding = await api.post('/turbines/{id}/repairs', {
      path: { id: TURBINE },
      body: { finding_ids: [held.id], title: 'E2E holding repair' },
    });
    expect(holding.status(), await holding.text()).toBe(201);

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'manager', { path: `/dashboard/turbine/${TURBINE}#repairs`, language: 'en' });
    await page.getByTestId('turbine-plan-repair').click();
    const dialog = page.getByTestId('plan-repair');
    const choice = (id: number) => dialog.locator(`[data-testid=plan-repair-choice][data-finding-id="${id}"]`);
    await expect(choice(free.id)).toBeVisible();
    await expect(choice(held.id)).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Plan repair' })).toBeDisabled();
    await expect(dialog.getByText('Choose below the findings of this turbine it repairs.')).toBeVisible();
    await choice(free.id).check();
    await expect(dialog.getByText('From 1 finding of this turbine.')).toBeVisible();
    await expect(page.getByTestId('plan-repair-title')).toHaveValue(/^Erosion repair/);
    await submitPlan(page);

    const planned = await findingNow(api, free.id);
    expect(planned.repair?.status).toBe('planned');
    await expect(page.locator(`[data-testid=turbine-repair][data-repair-id="${planned.repair!.id}"]`)).toBeVisible();

    // A customer plans nothing.
    await signInAs(page, 'customer', { path: `/dashboard/turbine/${TURBINE}#repairs`, language: 'en' });
    await expect(page.getByTestId('turbine-repairs').or(page.getByTestId('repairs-empty'))).toBeVisible();
    await expect(page.getByTestId('turbine-plan-repair')).toHaveCount(0);
  });
});
