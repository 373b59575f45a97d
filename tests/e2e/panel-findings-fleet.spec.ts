import { translator } from '@kanat360/i18n';
import { readFile } from 'node:fs/promises';
import { type Page, expect, test } from '@playwright/test';
import { type QueryOf } from '@kanat360/api-client';
import { type TypedApi } from './api.js';
import {
  type ApiPage,
  type ApiSuccess,
  type Finding,
  FINDING_SEVERITIES,
  type FindingSort,
  type FindingSummary,
  type Turbine,
} from '@kanat360/contracts';
import Papa from 'papaparse';
import { blockingViolations } from './a11y.js';
import { demo } from './fixtures.js';
import { apiAs, type DemoAccount, seeder, signInAs } from './panel.js';

const inTurkish = translator('tr');

// Issue 14 item 7: the fleet findings page on the demo data (78 findings over both demo companies, every severity,
// some drafts), its order (issue 22 item 14), and the turbine list's worst open severity.

const rows = (page: Page) => page.getByTestId('finding-row');
const chip = (page: Page, severity: number) =>
  page.locator(`[data-testid="severity-chip"][data-severity="${severity}"]`);

async function api(account: DemoAccount): Promise<TypedApi> {
  return apiAs(demo(account));
}

async function summaryOf(client: TypedApi, query: QueryOf<'/findings/summary', 'get'> = {}): Promise<FindingSummary> {
  const response = await client.get('/findings/summary', { query });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ApiSuccess<FindingSummary>).data;
}

async function findingsOf(client: TypedApi, query: QueryOf<'/findings', 'get'> = {}): Promise<Finding[]> {
  const response = await client.get('/findings', { query: { limit: 1000, ...query } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ApiPage<Finding>).data;
}

/** The chips' counts as the page shows them. */
async function shownCounts(page: Page): Promise<Record<number, string>> {
  const counts: Record<number, string> = {};
  for (const severity of FINDING_SEVERITIES) {
    counts[severity] = (await chip(page, severity).getByTestId('severity-count').textContent()) ?? '';
  }
  return counts;
}

test.describe('fleet findings page', () => {
  test('shows the server’s counts, filters in the URL, keeps them on reload, and loads more rows while scrolling', async ({
    page,
  }) => {
    const superadmin = await api('superadmin');
    const all = await summaryOf(superadmin);
    expect(all.total).toBeGreaterThan(50);

    await signInAs(page, 'superadmin');
    // Reached from the panel's navigation.
    await page.getByRole('navigation', { name: 'Panel bölümleri' }).getByRole('link', { name: 'Bulgular' }).click();
    await expect(page).toHaveURL(/\/dashboard\/findings$/);
    await expect(page.getByRole('heading', { name: 'Bulgular', level: 1 })).toBeVisible();
    await expect(page.getByTestId('findings-total')).toHaveText(`${all.total} bulgu`);
    await expect(page.getByTestId('severity-chip-all').getByTestId('severity-count')).toHaveText(String(all.total));
    await expect
      .poll(() => shownCounts(page))
      .toEqual(Object.fromEntries(FINDING_SEVERITIES.map((severity) => [severity, String(all.by_severity[severity])])));

    // Virtualized: only the rows in view are drawn; scrolling to the end loads the next page and draws its rows.
    await expect(rows(page).first()).toBeVisible();
    expect(await rows(page).count()).toBeLessThan(all.total);
    const scroller = page.getByTestId('findings-scroller');
    await expect(async () => {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await expect(page.locator(`[data-testid="finding-row"][data-index="${all.total - 1}"]`)).toBeVisible({
        timeout: 1000,
      });
    }).toPass();
    const newest = await findingsOf(superadmin);
    await expect(page.locator(`[data-testid="finding-row"][data-index="${all.total - 1}"]`)).toHaveAttribute(
      'data-finding-id',
      String(newest.at(-1)!.id),
    );

    // A type, then a severity chip: the URL carries each, the counts and the list follow.
    await page.getByTestId('findings-type').selectOption('crack');
    await expect(page).toHaveURL(/type=crack/);
    const cracks = await summaryOf(superadmin, { type: 'crack' });
    await expect(page.getByTestId('findings-total')).toHaveText(`${cracks.total} bulgu`);
    await chip(page, 3).click();
    await expect(page).toHaveURL(/severity=3/);
    await expect(chip(page, 3)).toHaveAttribute('aria-pressed', 'true');
    await expect(chip(page, 2)).toHaveAttribute('data-included', 'false');
    const serious = (await findingsOf(superadmin, { type: 'crack', severity_min: 3 })).map((finding) =>
      String(finding.id),
    );
    await expect(page.getByTestId('findings-total')).toHaveText(`${serious.length} bulgu`);
    // Polled: the old rows stay drawn until the new ones come, and may be as many.
    await expect
      .poll(() => rows(page).evaluateAll((elements) => elements.map((row) => row.dataset.findingId)))
      .toEqual(serious);
    for (const type of await page.getByTestId('finding-type').allTextContents())
      expect(type).toBe(inTurkish('findings.type.crack'));

    // Reload keeps the filters: the selects, the chip and the list.
    await page.reload();
    await expect(page.getByTestId('findings-type')).toHaveValue('crack');
    await expect(chip(page, 3)).toHaveAttribute('aria-pressed', 'true');
    await expect(rows(page)).toHaveCount(serious.length);
    // The counts keep every severity of the other filters (the chips are the severity filter).
    await expect
      .poll(() => shownCounts(page))
      .toEqual(
        Object.fromEntries(FINDING_SEVERITIES.map((severity) => [severity, String(cracks.by_severity[severity])])),
      );

    // Clearing brings every finding back.
    await page.getByRole('button', { name: 'Filtreleri Temizle' }).click();
    await expect(page).toHaveURL(/\/dashboard\/findings$/);
    await expect(page.getByTestId('findings-total')).toHaveText(`${all.total} bulgu`);
    await superadmin.dispose();
  });

  test('sorts by severity, date or turbine, either way: the order is in the URL, kept on reload, paged to the end', async ({
    page,
  }) => {
    const superadmin = await api('superadmin');
    const ids = async (sort: FindingSort) => (await findingsOf(superadmin, { sort })).map((f) => String(f.id));
    const shownIds = () => rows(page).evaluateAll((elements) => elements.map((row) => row.dataset.findingId));
    const sort = page.getByTestId('findings-sort');
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, 'superadmin', { path: '/dashboard/findings' });
      await expect(sort).toHaveValue('date_desc');
      // The control is in view beside the filters.
      const box = (await sort.boundingBox())!;
      expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);

      for (const [label, value] of [
        ['En ciddi önce', 'severity_desc'],
        ['En hafif önce', 'severity_asc'],
        ['Türbin adı (A–Z)', 'turbine_asc'],
        ['Türbin adı (Z–A)', 'turbine_desc'],
        ['En eski önce', 'date_asc'],
      ] as const) {
        await sort.selectOption({ label });
        await expect(page).toHaveURL(new RegExp(`sort=${value}`));
        const expected = await ids(value);
        await expect(async () => {
          const shown = await shownIds();
          expect(shown.length).toBeGreaterThan(3);
          expect(shown).toEqual(expected.slice(0, shown.length));
        }).toPass();
      }
    }
    // The turbine order is the names' Turkish alphabetical order.
    await sort.selectOption('turbine_asc');
    await expect(async () => {
      const names = await page.getByTestId('finding-turbine').allTextContents();
      expect(names.length).toBeGreaterThan(3);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'tr')));
    }).toPass();

    // Reload keeps the order; scrolling to the end pages through every finding in it.
    await sort.selectOption('severity_desc');
    await page.reload();
    await expect(sort).toHaveValue('severity_desc');
    const expected = await ids('severity_desc');
    const scroller = page.getByTestId('findings-scroller');
    const last = page.locator(`[data-testid="finding-row"][data-index="${expected.length - 1}"]`);
    await expect(async () => {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await expect(last).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(last).toHaveAttribute('data-finding-id', expected.at(-1)!);
    await expect(last).toHaveAttribute('data-severity', '1');

    // Newest first is the default: it leaves the URL.
    await sort.selectOption({ label: 'En yeni önce' });
    await expect(page).toHaveURL(/\/dashboard\/findings$/);
    await superadmin.dispose();
  });

  test('exports the filtered findings in the panel’s language: the CSV has exactly the counted rows', async ({
    page,
  }) => {
    const superadmin = await api('superadmin');
    await signInAs(page, 'superadmin', { path: '/dashboard/findings?blade=A&severity=2', language: 'en' });
    const expected = await summaryOf(superadmin, { blade: 'A', severity_min: 2 });
    await expect(page.getByTestId('findings-total')).toHaveText(`${expected.total} findings`);
    for (const format of ['csv', 'xlsx', 'jsonld']) {
      await expect(page.getByTestId(`export-${format}`)).toHaveAttribute(
        'href',
        `/api/findings/export.${format}?blade=A&severity_min=2&lang=en`,
      );
    }
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toBe('findings.csv');
    const text = await readFile(await download.path(), 'utf8');
    // UTF-8 with a byte-order mark, so Excel reads the Turkish letters.
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields?.slice(0, 3)).toEqual(['Finding address', 'Turbine', 'Turbine code']);
    expect(parsed.data).toHaveLength(expected.total);
    for (const row of parsed.data) {
      expect(row.Blade).toBe('A');
      // A severity reads as its number and name ("3 – Serious").
      expect(Number(row.Severity!.split(' ')[0])).toBeGreaterThanOrEqual(2);
    }
    const [workbook] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
    expect(workbook.suggestedFilename()).toBe('findings.xlsx');
    // A zip (the workbook's container) of some size.
    expect((await readFile(await workbook.path())).subarray(0, 2).toString('latin1')).toBe('PK');
    await superadmin.dispose();
  });

  test('a customer sees released findings only, and no stage filter or column', async ({ page }) => {
    const customer = await api('customer');
    const manager = await api('manager');
    const seen = await summaryOf(customer);
    const released = await summaryOf(manager, { stage: 'released' });
    const everything = await summaryOf(manager);
    // The demo company has drafts, and the customer's counts leave them out.
    expect(everything.total).toBeGreaterThan(released.total);
    expect(seen).toEqual(released);

    await signInAs(page, 'customer', { path: '/dashboard/findings', language: 'en' });
    await expect(page.getByTestId('findings-total')).toHaveText(`${released.total} findings`);
    await expect
      .poll(() => shownCounts(page))
      .toEqual(
        Object.fromEntries(FINDING_SEVERITIES.map((severity) => [severity, String(released.by_severity[severity])])),
      );
    await expect(page.getByTestId('findings-turbine')).toBeVisible();
    await expect(page.getByTestId('findings-stage')).toHaveCount(0);
    await expect(page.getByTestId('findings-company')).toHaveCount(0);
    await expect(page.getByTestId('finding-stage')).toHaveCount(0);
    // A stage in the URL is no filter for a customer: the same released findings.
    await page.goto('/dashboard/findings?stage=draft');
    await expect(page.getByTestId('findings-total')).toHaveText(`${released.total} findings`);
    await customer.dispose();
    await manager.dispose();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no serious accessibility violation (${theme}), every severity on screen`, async ({ page }) => {
      await signInAs(page, 'superadmin', { path: '/dashboard/findings?severity=2', theme, language: 'en' });
      await expect(rows(page).first()).toBeVisible();
      await expect(page.getByTestId('findings-total')).not.toHaveText(/^0 /);
      // Chips left out by the severity filter and chips in; then every chip in, and rows of every severity.
      expect(await blockingViolations(page), 'filtered').toEqual([]);
      await page.getByTestId('severity-chip-all').click();
      await expect(page).toHaveURL(/\/dashboard\/findings$/);
      await expect(chip(page, 1)).toHaveAttribute('data-included', 'true');
      expect(await blockingViolations(page), 'all').toEqual([]);
    });
  }

  test('says when nothing matches, and offers a retry when the list cannot load', async ({ page }) => {
    const seed = await seeder();
    const bare = await seed.createTurbine();
    await signInAs(page, 'manager', { path: `/dashboard/findings?turbine=${bare.id}` });
    await expect(page.getByTestId('empty-state')).toContainText('Filtrelere uyan bulgu yok');
    await expect(page.getByTestId('findings-total')).toHaveText('0 bulgu');
    await page.getByTestId('empty-state').getByRole('button', { name: 'Filtreleri Temizle' }).click();
    await expect(page).toHaveURL(/\/dashboard\/findings$/);
    await expect(rows(page).first()).toBeVisible();

    // The list's call fails (after the client's own retries): the page says so, and its button asks again.
    let failing = true;
    await page.route(/\/api\/findings\?/, (route) =>
      failing ? route.fulfill({ status: 503, json: { success: false, code: 'UNAVAILABLE' } }) : route.continue(),
    );
    await page.getByTestId('findings-type').selectOption('hole');
    await expect(page.getByTestId('findings-error')).toContainText(inTurkish('panel.fleetFindings.loadFailed'));
    failing = false;
    await page.getByTestId('findings-error').getByRole('button', { name: 'Tekrar Dene' }).click();
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByTestId('finding-type').first()).toHaveText('Delik');
    expect((await seed.api.delete('/turbines/{id}', { path: { id: bare.id } })).status()).toBe(200);
    await seed.dispose();
  });

  test('a row opens the photo the finding was marked on, with the finding in the URL', async ({ page }) => {
    await signInAs(page, 'operator', { path: '/dashboard/findings' });
    const first = rows(page).first();
    await expect(first).toBeVisible();
    const findingId = await first.getAttribute('data-finding-id');
    await first.getByTestId('finding-row-link').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/turbine/\\d+/[\\w-]+\\?.*finding=${findingId}`));
  });
});

test.describe('turbine list', () => {
  test('a superadmin’s cards keep the worst open severity’s label on one line (1440 and 1024 px)', async ({ page }) => {
    for (const [width, language] of [
      [1440, 'tr'],
      [1024, 'tr'],
      [1440, 'en'],
      [1024, 'en'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, 'superadmin', { language });
      const labels = page.getByTestId('turbine-worst-open').locator('span').first();
      await expect(labels).toHaveText(language === 'tr' ? inTurkish('panel.turbines.worstOpen') : 'Worst open finding');
      const cards = page.getByTestId('turbine-worst-open');
      expect(await cards.count()).toBeGreaterThan(0);
      for (const label of await cards.locator('> span').all()) {
        expect(await label.evaluate((element) => element.getClientRects().length), `${width} px`).toBe(1);
      }
    }
  });

  test('each card shows the worst open severity the user may see, linking to its findings', async ({ page }) => {
    const managersWorst = new Map<number, number | null>();
    for (const account of ['manager', 'customer'] as const) {
      const client = await api(account);
      const turbines = ((await (await client.get('/turbines')).json()) as ApiSuccess<Turbine[]>).data;
      await client.dispose();
      await signInAs(page, account, { language: 'en' });
      for (const turbine of turbines) {
        const badge = page
          .locator(`[data-testid="turbine-card"][data-turbine-id="${turbine.id}"]`)
          .getByTestId('turbine-worst-severity');
        if (turbine.worst_open_severity === null) await expect(badge).toHaveCount(0);
        else await expect(badge).toHaveAttribute('data-severity', String(turbine.worst_open_severity));
      }
      if (account === 'manager') {
        for (const turbine of turbines) managersWorst.set(turbine.id, turbine.worst_open_severity);
      } else {
        // Drafts count for the manager only: a customer's worst is never worse than the manager's.
        for (const turbine of turbines) {
          expect(turbine.worst_open_severity ?? 0).toBeLessThanOrEqual(managersWorst.get(turbine.id) ?? 0);
        }
      }
      const withFindings = turbines.find((turbine) => turbine.worst_open_severity !== null)!;
      await page
        .locator(`[data-testid="turbine-card"][data-turbine-id="${withFindings.id}"]`)
        .getByTestId('turbine-worst-severity')
        .click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/findings\\?turbine=${withFindings.id}$`));
      await expect(page.getByTestId('findings-turbine')).toHaveValue(String(withFindings.id));
      const turbineFindings = await apiAs(demo(account));
      const expected = await summaryOf(turbineFindings, { turbine_id: withFindings.id });
      await turbineFindings.dispose();
      await expect(page.getByTestId('findings-total')).toHaveText(
        `${expected.total} finding${expected.total === 1 ? '' : 's'}`,
      );
    }
  });
});
