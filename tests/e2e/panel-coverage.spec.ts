import { translator } from '@kanat360/i18n';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { blockingViolations } from './a11y.js';
import { demo } from './fixtures.js';
import { apiAs, signInAs } from './panel.js';

const inTurkish = translator('tr');

// Campaign coverage (issue #25): the turbine screen's grid and the fleet list, as the API counts them.

test.describe('campaign coverage', () => {
  test('the turbine screen shows the grid the API answers, and a cell opens its room', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 900 });
    const api = await apiAs(demo('operator'));
    const turbines = (await (await api.get('/turbines')).json()).data;
    const turbine = turbines.find((t) => t.photo_count > 0)!;
    const detail = (await (await api.get('/turbines/{id}', { path: { id: turbine.id } })).json()).data;
    const year = detail.media_years[0]!;
    const coverage = (
      await (await api.get('/turbines/{id}/coverage', { path: { id: turbine.id }, query: { year } })).json()
    ).data;
    await api.dispose();

    for (const theme of ['light', 'dark'] as const) {
      await signInAs(page, 'operator', { path: `/dashboard/turbine/${turbine.id}#coverage`, theme });
      const grid = page.getByTestId('coverage-grid');
      await expect(grid).toBeVisible();
      await expect(page.getByTestId('coverage-year')).toHaveValue(String(year));
      await expect(grid.getByTestId('coverage-cell')).toHaveCount(coverage.cells.length);
      for (const cell of coverage.cells) {
        const state = cell.covered ? 'covered' : cell.expected ? 'missing' : 'extra';
        await expect(grid.locator(`[data-slot="${cell.blade}${cell.room}"]`)).toHaveAttribute('data-state', state);
      }
      await expect(page.getByTestId('coverage-summary')).toContainText(String(coverage.covered_slots));
      expect(await blockingViolations(page, ['section[id]:not(#coverage)'])).toEqual([]);
    }
    const first = coverage.cells[0]!;
    await page.getByTestId('coverage-grid').locator(`[data-slot="${first.blade}${first.room}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/turbine/${turbine.id}/360-view\\?.*blade=${first.blade}`));
    await expect(page).toHaveURL(new RegExp(`room=${first.room}`));
  });

  test('the fleet list matches the API, sorts, exports CSV and reads at 1024 px', async ({ page }) => {
    const year = new Date().getFullYear() - 1;
    const api = await apiAs(demo('manager'));
    const fleet = (await (await api.get('/coverage', { query: { year } })).json()).data;
    await api.dispose();
    await page.setViewportSize({ width: 1024, height: 800 });
    for (const theme of ['light', 'dark'] as const) {
      await signInAs(page, 'manager', { path: `/dashboard/coverage?year=${year}`, theme, language: 'en' });
      await expect(page.getByTestId('coverage-row')).toHaveCount(fleet.turbines.length);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await blockingViolations(page)).toEqual([]);
    }
    // Least covered first; the share column as the API counts it.
    const shares = await page
      .getByTestId('coverage-row')
      .evaluateAll((rows) => rows.map((row) => Number((row as HTMLElement).dataset.turbineId)));
    const expected = [...fleet.turbines].sort((a, b) => a.share - b.share).map((t) => t.turbine_id);
    expect(new Set(shares)).toEqual(new Set(expected));
    expect(fleet.turbines.find((t) => t.turbine_id === shares[0])!.share).toBe(
      Math.min(...fleet.turbines.map((t) => t.share)),
    );
    await page.getByTestId('coverage-sort-name').click();
    await expect(page).toHaveURL(/sort=name/);

    const download = page.waitForEvent('download');
    await page.getByTestId('coverage-export').click();
    const csv = await readFile(await (await download).path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('"Coverage (%)"');
    expect(lines).toHaveLength(fleet.turbines.length + 1);
  });

  test('is not offered to customers', async ({ page }) => {
    await signInAs(page, 'customer', { path: '/dashboard' });
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Bulgular' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kapsam' })).toHaveCount(0);
    await page.goto('/dashboard/coverage');
    await expect(page.getByText(inTurkish('panel.unauthorized.general')).first()).toBeVisible();
  });
});
