import { translator } from '@kanat360/i18n';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type Page, expect, test } from '@playwright/test';
import {
  alongBlade,
  type ApiPage,
  type ApiSuccess,
  bladeScale,
  type Finding,
  type FindingDetail,
  furthestReachM,
  type Turbine,
} from '@kanat360/contracts';
import { type TypedApi } from './api.js';
import { blockingViolations } from './a11y.js';
import { demo } from './fixtures.js';
import { apiAs, seeder, signInAs } from './panel.js';

const inTurkish = translator('tr');

// The blade map on the turbine screen (a year's findings on the three blades) and a finding's track across the
// years, against the demo findings, as an operator and as a customer (who sees released findings only).

/** The panel's severity colours (SEVERITY_COLOURS of contracts), as the browser computes them. */
const SEVERITY_RGB: Record<number, string> = {
  1: 'rgb(22, 163, 74)',
  2: 'rgb(202, 138, 4)',
  3: 'rgb(234, 88, 12)',
  4: 'rgb(220, 38, 38)',
  5: 'rgb(127, 29, 29)',
};

async function findingsOf(api: TypedApi, turbineId: number): Promise<Finding[]> {
  const response = await api.get('/turbines/{id}/findings', { path: { id: turbineId }, query: { limit: 1000 } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ApiPage<Finding>).data;
}

/** The demo turbine with the most findings (the flagship, whose damages are tracked across 2023–2026). */
async function flagship(api: TypedApi): Promise<{ turbineId: number; findings: Finding[] }> {
  const turbines = ((await (await api.get('/turbines')).json()) as { data: Turbine[] }).data;
  let best: { turbineId: number; findings: Finding[] } | null = null;
  for (const turbine of turbines) {
    const findings = await findingsOf(api, turbine.id);
    if (!best || findings.length > best.findings.length) best = { turbineId: turbine.id, findings };
  }
  expect(best!.findings.length).toBeGreaterThan(0);
  return best!;
}

const yearsOf = (findings: readonly Finding[]) => [...new Set(findings.map((f) => f.year))].sort((a, b) => b - a);

async function openMap(page: Page) {
  const map = page.getByTestId('blade-map');
  await expect(map).toBeVisible();
  await map.scrollIntoViewIfNeeded();
  return map;
}

/** Every mark on the map shows a finding of the API's list, with its severity's colour, blade by blade. */
async function expectMarks(page: Page, expected: readonly Finding[]) {
  const marks = page.getByTestId('blade-mark');
  await expect(marks).toHaveCount(expected.length);
  const shown = await marks.evaluateAll((elements) =>
    elements.map((element) => ({
      id: Number((element as HTMLElement).dataset.findingId),
      severity: Number((element as HTMLElement).dataset.severity),
      colour: getComputedStyle(element).borderTopColor,
      stage: (element as HTMLElement).dataset.stage,
    })),
  );
  expect(shown.map((mark) => mark.id).sort((a, b) => a - b)).toEqual(expected.map((f) => f.id).sort((a, b) => a - b));
  for (const mark of shown) {
    const finding = expected.find((f) => f.id === mark.id)!;
    expect(mark.severity).toBe(finding.severity);
    expect(mark.colour).toBe(SEVERITY_RGB[finding.severity]);
  }
  for (const blade of ['A', 'B', 'C'] as const) {
    await expect(page.getByTestId(`blade-map-blade-${blade}`).getByTestId('blade-mark')).toHaveCount(
      expected.filter((f) => f.blade === blade).length,
    );
  }
  return shown;
}

test.describe('blade map', () => {
  test('an operator sees every finding of the latest year, coloured by severity; the year filter changes them', async ({
    page,
  }) => {
    const api = await apiAs(demo('operator'));
    const { turbineId, findings } = await flagship(api);
    const years = yearsOf(findings);
    expect(years.length).toBeGreaterThan(1);
    await signInAs(page, 'operator', { path: `/dashboard/turbine/${turbineId}` });
    await openMap(page);
    await expect(page.getByTestId('blade-map-year')).toHaveValue(String(years[0]));
    const latest = findings.filter((f) => f.year === years[0]);
    const shown = await expectMarks(page, latest);
    // The operator sees drafts too (the demo has some).
    expect(shown.some((mark) => mark.stage === 'draft')).toBe(latest.some((f) => f.stage === 'draft'));

    // Keyboard: a mark is a link with a label; focusing it shows its tooltip.
    const first = page.getByTestId('blade-mark').first();
    await first.focus();
    await expect(first).toHaveAttribute('aria-label', /\d+ m/);
    await expect(page.getByRole('tooltip')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    await page.getByTestId('blade-map-year').selectOption(String(years.at(-1)));
    await expectMarks(
      page,
      findings.filter((f) => f.year === years.at(-1)),
    );
    // The other sections have their own specs.
    expect(await blockingViolations(page, ['section[id]:not(#blade-map)'])).toEqual([]);
    await api.dispose();
  });

  test('a customer sees released findings only', async ({ page }) => {
    const operator = await apiAs(demo('operator'));
    const { turbineId, findings: all } = await flagship(operator);
    const customer = await apiAs(demo('customer'));
    const released = await findingsOf(customer, turbineId);
    expect(released.every((f) => f.stage === 'released')).toBe(true);
    const year = yearsOf(released)[0]!;
    const drafts = all.filter((f) => f.year === year && f.stage === 'draft');
    expect(drafts.length, 'the demo has drafts in the latest year').toBeGreaterThan(0);

    await signInAs(page, 'customer', { path: `/dashboard/turbine/${turbineId}`, language: 'en', theme: 'dark' });
    await openMap(page);
    await expect(page.getByTestId('blade-map-year')).toHaveValue(String(year));
    const shown = await expectMarks(
      page,
      released.filter((f) => f.year === year),
    );
    expect(shown.filter((mark) => mark.stage === 'draft')).toEqual([]);
    for (const draft of drafts) await expect(page.locator(`[data-finding-id="${draft.id}"]`)).toHaveCount(0);
    // The other sections have their own specs.
    expect(await blockingViolations(page, ['section[id]:not(#blade-map)'])).toEqual([]);
    await operator.dispose();
    await customer.dispose();
  });

  test('places each finding on the scale the inspection report uses: one rule, in contracts', async ({ page }) => {
    const operator = await apiAs(demo('operator'));
    const { turbineId } = await flagship(operator);
    const customer = await apiAs(demo('customer'));
    const released = await findingsOf(customer, turbineId);
    const year = yearsOf(released)[0]!;
    // The demo turbine records its blade length: the scale is the blade, whatever the findings' reach.
    const turbine = await (await customer.get('/turbines/{id}', { path: { id: turbineId } })).json();
    expect(turbine.data.blade_length_m).toBeGreaterThan(0);
    const scale = bladeScale(furthestReachM(released), turbine.data.blade_length_m);
    expect(scale).toEqual({ lengthM: turbine.data.blade_length_m, basis: 'blade' });

    await signInAs(page, 'customer', { path: `/dashboard/turbine/${turbineId}`, language: 'en' });
    await openMap(page);
    const placed = await page.getByTestId('blade-mark').evaluateAll((elements) =>
      elements.map((element) => ({
        id: Number((element as HTMLElement).dataset.findingId),
        left: element.parentElement!.style.left,
      })),
    );
    expect(placed.length).toBeGreaterThan(0);
    for (const mark of placed) {
      const finding = released.find((f) => f.id === mark.id)!;
      expect(Number.parseFloat(mark.left) / 100).toBeCloseTo(alongBlade(finding.distance_from_root_m, scale), 4);
    }
    await expect(page.getByTestId('blade-map').getByText(`${scale.lengthM} m`, { exact: true })).toBeVisible();

    // The year's report, as the customer downloads it, runs its blade map to the same length.
    const report = await customer.get('/turbines/{id}/inspection-report', {
      path: { id: turbineId },
      query: { year },
      headers: { 'X-Lang': 'en' },
    });
    expect(report.status()).toBe(200);
    const pdftotext = promisify(execFile);
    const child = pdftotext('pdftotext', ['-f', '2', '-l', '2', '-', '-']);
    child.child.stdin!.end(await report.body());
    const { stdout } = await child;
    expect(stdout).toContain(`${scale.lengthM} m`);
    expect(stdout.replace(/\s+/g, ' ')).toContain(`The scale follows the blade length: ${scale.lengthM} m`);
    await operator.dispose();
    await customer.dispose();
  });

  test('clicking a mark opens the photo at that finding', async ({ page }) => {
    const api = await apiAs(demo('operator'));
    const { turbineId } = await flagship(api);
    await signInAs(page, 'operator', { path: `/dashboard/turbine/${turbineId}` });
    await openMap(page);
    const mark = page.getByTestId('blade-mark').first();
    const id = await mark.getAttribute('data-finding-id');
    await mark.click();
    await expect(page).toHaveURL(new RegExp(`[?&]finding=${id}(&|$)`));
    await expect(page).toHaveURL(/[?&]media=\d+/);
    await api.dispose();
  });

  test('a turbine without findings says so, and the section bar leads to the map', async ({ page }) => {
    const seed = await seeder();
    const turbine = await seed.createTurbine();
    await signInAs(page, 'operator', { path: `/dashboard/turbine/${turbine.id}`, language: 'en' });
    await page
      .getByRole('navigation', { name: 'Sections of the turbine page' })
      .getByRole('link', { name: 'Blade Map' })
      .click();
    await expect(page).toHaveURL(/#blade-map$/);
    await expect(page.getByTestId('blade-map-empty')).toHaveText('This turbine has no findings to show yet.');
    await expect(page.getByTestId('blade-mark')).toHaveCount(0);
    await seed.dispose();
  });
});

test.describe("a finding's track", () => {
  /** The longest track of the flagship whose years are all released, and its latest finding with its growth. */
  async function longestTrack(api: TypedApi) {
    const { turbineId, findings } = await flagship(api);
    const tracks = new Map<number, Finding[]>();
    for (const f of findings) tracks.set(f.track_id, [...(tracks.get(f.track_id) ?? []), f]);
    const track = [...tracks.values()]
      .filter((entries) => entries.every((f) => f.stage === 'released'))
      .sort((a, b) => b.length - a.length)[0]!;
    expect(track.length).toBeGreaterThanOrEqual(3);
    const latest = track.sort((a, b) => b.year - a.year)[0]!;
    const detail = (
      (await (
        await api.get('/turbines/{id}/findings/{findingId}', { path: { id: turbineId, findingId: latest.id } })
      ).json()) as ApiSuccess<FindingDetail>
    ).data;
    return { turbineId, detail };
  }

  test('shows one column per year, zoomed to each region, with the growth the API computes', async ({ page }) => {
    const api = await apiAs(demo('operator'));
    const { turbineId, detail } = await longestTrack(api);
    // The blade map's tooltip of the latest year leads to the track.
    await signInAs(page, 'operator', { path: `/dashboard/turbine/${turbineId}`, language: 'en' });
    await openMap(page);
    await page.locator(`[data-testid=blade-mark][data-finding-id="${detail.id}"]`).hover();
    await expect(page.getByTestId('blade-mark-track')).toHaveText(`Across the years (${detail.history.length} years)`);
    await page.getByTestId('blade-mark-track').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/turbine/${turbineId}/findings/${detail.id}/track$`));
    const columns = page.getByTestId('track-column');
    await expect(columns).toHaveCount(detail.history.length);
    expect(
      await columns.evaluateAll((elements) => elements.map((e) => Number((e as HTMLElement).dataset.year))),
    ).toEqual(detail.history.map((entry) => entry.year));
    for (const [index, entry] of detail.history.entries()) {
      const column = columns.nth(index);
      await expect(column.getByTestId('track-size')).toHaveText(`${entry.length_mm} × ${entry.width_mm} mm`);
      await expect(column.locator(`[data-severity="${entry.severity}"]`).first()).toBeVisible();
    }

    const previous = detail.growth.since_previous!;
    const first = detail.growth.since_first!;
    const sincePrevious = page.getByTestId('finding-track-growth').getByTestId('growth-since-previous');
    await expect(sincePrevious).toHaveAttribute('data-from-year', String(previous.from_year));
    await expect(sincePrevious).toHaveAttribute('data-length', String(previous.length_mm));
    await expect(sincePrevious).toHaveAttribute('data-width', String(previous.width_mm));
    await expect(sincePrevious).toContainText(`Since ${previous.from_year}: length +${previous.length_mm} mm`);
    await expect(sincePrevious).toContainText(
      new RegExp(`severity ${detail.severity - previous.severity}\\s→\\s${detail.severity}`),
    );
    const sinceFirst = page.getByTestId('finding-track-growth').getByTestId('growth-since-first');
    await expect(sinceFirst).toHaveAttribute('data-from-year', String(first.from_year));
    await expect(sinceFirst).toContainText(`Since ${first.from_year}: length +${first.length_mm} mm`);
    await expect(sinceFirst).toContainText(`width +${first.width_mm} mm`);

    // Each year's photo is zoomed in on that year's region.
    const zooms = page.getByTestId('track-stage').getByTestId('deep-zoom');
    await expect(zooms).toHaveCount(detail.history.length);
    for (let index = 0; index < detail.history.length; index += 1) {
      await expect
        .poll(async () => Number(await zooms.nth(index).getAttribute('data-zoom')), { timeout: 15_000 })
        .toBeGreaterThan(1);
    }
    expect(await blockingViolations(page)).toEqual([]);

    // Locked, zooming one year's photo zooms the others by as much.
    const before = Number(await zooms.nth(1).getAttribute('data-zoom'));
    await page.getByTestId('track-lock').check();
    const box = (await zooms.nth(0).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 300);
    await expect.poll(async () => Number(await zooms.nth(1).getAttribute('data-zoom'))).toBeLessThan(before * 0.9);

    await page.getByTestId('finding-track-back').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/turbine/${turbineId}#blade-map$`));
    await api.dispose();
  });

  test('a missing finding, or a draft shown to a customer, is not found', async ({ page }) => {
    const api = await apiAs(demo('operator'));
    const { turbineId, findings } = await flagship(api);
    const draft = findings.find((f) => f.stage === 'draft')!;
    await signInAs(page, 'customer', { path: `/dashboard/turbine/${turbineId}/findings/${draft.id}/track` });
    await expect(page.getByTestId('finding-track-missing')).toContainText(inTurkish('panel.findingTrack.notFound'));
    await page.goto(`/dashboard/turbine/${turbineId}/findings/999999/track`);
    await expect(page.getByTestId('finding-track-missing')).toBeVisible();
    await page.getByTestId('finding-track-missing').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/turbine/${turbineId}#blade-map$`));
    await api.dispose();
  });
});
