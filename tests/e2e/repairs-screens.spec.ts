import { expect, test } from '@playwright/test';
import { demo } from './fixtures.js';
import { apiAs, signInAs } from './panel.js';

// Issue #24: the fleet's repairs screen — filters, the board's drag, the month, the calendar feed — as a manager,
// and as a customer who sees no costs and may move nothing.

/** The calendar month `months` from now, as the URL names it (`YYYY-MM`), and a day of it. */
function monthFromNow(months: number) {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 7);
}

test.describe('the repairs screen', () => {
  test('a manager filters, drags a card planned → scheduled, sees the month and subscribes', async ({ page }) => {
    const api = await apiAs(demo('manager'));
    const findings = (await (await api.get('/findings', { query: { status: 'new', limit: 200 } })).json()).data;
    const free = findings.find((finding) => finding.repair === null) ?? findings[0]!;
    const month = monthFromNow(1);
    const created = await api.post('/turbines/{id}/repairs', {
      path: { id: free.turbine_id },
      body: {
        finding_ids: [free.id],
        title: 'E2E board repair',
        status: 'planned',
        due_date: `${month}-20`,
        window_start: `${month}-10T06:00:00Z`,
        window_end: `${month}-11T15:00:00Z`,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const repair = (await created.json()).data;
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInAs(page, 'manager', { path: '/dashboard/repairs', language: 'en' });
      await expect(page.getByTestId('repairs-summary')).toBeVisible();
      await expect(page.getByTestId('summary-planned')).toBeVisible();

      // Filters live in the URL.
      await page.getByTestId('repairs-filter-status').selectOption('planned');
      await expect(page).toHaveURL(/status=planned/);
      await expect(page.getByTestId('repair-row').filter({ hasText: 'E2E board repair' })).toBeVisible();
      for (const status of await page.getByTestId('repair-row').locator('td:nth-child(3)').allTextContents()) {
        expect(status).toBe('Planned');
      }

      // The board: the card dragged to "scheduled" is scheduled on the server.
      await page.getByTestId('repairs-filter-status').selectOption('');
      await page.getByTestId('repairs-view-board').click();
      await expect(page).toHaveURL(/view=board/);
      const card = page.getByTestId(`board-card-${repair.id}`);
      await expect(page.getByTestId('board-column-planned').getByTestId(`board-card-${repair.id}`)).toBeVisible();
      // Held by its title: the card's lower part is its "Move to" menu.
      const from = (await card.boundingBox())!;
      const to = (await page.getByTestId('board-column-scheduled').boundingBox())!;
      await page.mouse.move(from.x + 12, from.y + 10);
      await page.mouse.down();
      await page.mouse.move(from.x + 30, from.y + 20, { steps: 5 });
      await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 10 });
      await page.mouse.move(to.x + to.width / 2, to.y + 70, { steps: 5 });
      await page.mouse.up();
      await expect(page.getByTestId('board-column-scheduled').getByTestId(`board-card-${repair.id}`)).toBeVisible();
      const stored = (
        await (
          await api.get('/turbines/{id}/repairs/{repairId}', { path: { id: repair.turbine_id, repairId: repair.id } })
        ).json()
      ).data;
      expect(stored.status).toBe('scheduled');

      // The month holds the window on its days and the due date on its day.
      await page.goto(`/dashboard/repairs?view=calendar&month=${month}`);
      await expect(page.getByTestId(`month-day-${month}-10`)).toContainText('E2E board repair');
      await expect(page.getByTestId(`month-day-${month}-11`)).toContainText('E2E board repair');
      await expect(page.getByTestId(`month-day-${month}-20`)).toContainText('Due: E2E board repair');

      // The feed's address is copied, and it answers an iCalendar feed.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const feed = page.getByTestId('calendar-feed-url');
      await expect(feed).toHaveValue(/calendar\.ics\?token=/);
      await page.getByTestId('calendar-feed').getByRole('button', { name: 'Copy' }).click();
      // The copy is a promise still running when the click returns.
      const copied = await feed.inputValue();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(copied);
      const ics = await page.request.get(new URL(copied).pathname + new URL(copied).search);
      expect(ics.status()).toBe(200);
      expect(ics.headers()['content-type']).toContain('text/calendar');
      const body = await ics.text();
      expect(body.startsWith('BEGIN:VCALENDAR')).toBe(true);
      expect(body).toContain('END:VCALENDAR');
      expect(body).toContain('E2E board repair');
    } finally {
      await api.post('/turbines/{id}/repairs/{repairId}/cancel', {
        path: { id: repair.turbine_id, repairId: repair.id },
      });
      await api.dispose();
    }
  });

  test('a customer sees no costs and may drag nothing', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await signInAs(page, 'customer', { path: '/dashboard/repairs?view=board', language: 'en' });
    await expect(page.getByTestId('repair-board')).toBeVisible();
    await expect(page.getByTestId('repairs-summary')).toBeVisible();
    await expect(page.getByTestId('repairs-summary').locator('[data-testid^="summary-cost-"]')).toHaveCount(0);
    await expect(page.locator('[data-testid^="board-card-"]').first()).toBeVisible();
    await expect(page.locator('[data-testid^="board-card-"][draggable="true"]')).toHaveCount(0);
  });
});
