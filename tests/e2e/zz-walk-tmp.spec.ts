import { test } from '@playwright/test';
import { demo } from './fixtures.js';
import { apiAs, signInAs, type DemoAccount } from './panel.js';

const roles: DemoAccount[] = ['superadmin', 'admin', 'manager', 'operator', 'customer'];
test('walk', async ({ browser }) => {
  test.setTimeout(600_000);
  const api = await apiAs(demo('manager'));
  const all = (await (await api.get('/repairs', { query: { limit: 200 } })).json()).data;
  const pick = (status: string) => all.find((r) => r.status === status && r.after_photos.length >= 0)!;
  const chosen = { done: pick('done'), scheduled: pick('scheduled'), verified: all.find((r) => r.status === 'verified' && r.after_photos.length > 0)! };
  for (const role of roles) {
    for (const width of [1440, 1024]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signInAs(page, role, { path: '/dashboard', language: role === 'operator' ? 'tr' : 'en' });
      for (const [name, r] of Object.entries(chosen)) {
        if (!r) continue;
        await page.goto(`/dashboard/repairs/${r.id}?turbine=${r.turbine_id}`);
        await page.waitForTimeout(1500);
        await page.screenshot({ path: `/tmp/rp-shots/${role}-${width}-${name}.png`, fullPage: true });
      }
      if (role === 'manager' && width === 1440) {
        await page.goto(`/dashboard/repairs/${chosen.scheduled.id}?turbine=${chosen.scheduled.turbine_id}`);
        await page.getByTestId('repair-edit-open').click();
        await page.waitForTimeout(800);
        await page.screenshot({ path: `/tmp/rp-shots/${role}-${width}-edit.png` });
        await page.keyboard.press('Escape');
        const inprog = all.find((r) => r.status === 'in_progress')!;
        await page.goto(`/dashboard/repairs/${inprog.id}?turbine=${inprog.turbine_id}`);
        await page.getByTestId('repair-step-complete').click();
        await page.waitForTimeout(800);
        await page.screenshot({ path: `/tmp/rp-shots/${role}-${width}-complete.png` });
        await page.keyboard.press('Escape');
        await page.goto('/dashboard/repairs?view=board');
        await page.waitForTimeout(1500);
        await page.screenshot({ path: `/tmp/rp-shots/${role}-${width}-board.png` });
        await page.goto(`/dashboard/turbine/${chosen.done.turbine_id}#repairs`);
        await page.waitForTimeout(2000);
        await page.screenshot({ path: `/tmp/rp-shots/${role}-${width}-turbine.png`, fullPage: false });
      }
      await context.close();
    }
  }
});
