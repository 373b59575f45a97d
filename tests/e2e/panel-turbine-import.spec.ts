import { expect, test } from '@playwright/test';
import { blockingViolations } from './a11y.js';
import { demo } from './fixtures.js';
import { apiAs, signInAs } from './panel.js';

// The import of a sheet of turbines (issue #25) through the panel: the template, the check, the save.

test('an admin checks a sheet, sees the refused row, fixes it and saves every row', async ({ page }) => {
  const code = `IMP-${Date.now().toString(36)}`;
  await signInAs(page, 'admin', { path: '/dashboard' });
  await page.getByTestId('turbine-import-open').click();
  const dialog = page.getByTestId('turbine-import');
  await expect(dialog).toBeVisible();
  const template = dialog.getByRole('link', { name: 'Şablonu indir (CSV)' });
  const href = decodeURIComponent((await template.getAttribute('href')) ?? '');
  expect(href).toContain('"Kod","Ad","Şehir","Konum"');
  expect(await blockingViolations(page)).toEqual([]);

  const sheet = (location: string) =>
    Buffer.from(`Kod;Şehir;Konum;Kanat uzunluğu (m);Enlem;Boylam\n${code};Muğla;${location};"54,65";37.3;27.8\n`);
  await dialog.getByTestId('import-file').setInputFiles({ name: 'filo.csv', mimeType: 'text/csv', buffer: sheet('') });
  await dialog.getByTestId('import-check').click();
  await expect(dialog.getByTestId('import-row')).toHaveAttribute('data-action', 'refused');
  await expect(dialog.getByTestId('import-row')).toContainText('Konum');
  await expect(dialog.getByTestId('import-write')).toBeDisabled();

  await dialog
    .getByTestId('import-file')
    .setInputFiles({ name: 'filo.csv', mimeType: 'text/csv', buffer: sheet('Milas') });
  await dialog.getByTestId('import-check').click();
  await expect(dialog.getByTestId('import-row')).toHaveAttribute('data-action', 'create');
  await dialog.getByTestId('import-write').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('turbine-card').filter({ hasText: code })).toBeVisible();

  const api = await apiAs(demo('admin'));
  const turbines = (await (await api.get('/turbines')).json()).data;
  await api.dispose();
  expect(turbines.find((turbine) => turbine.code === code)).toMatchObject({
    city: 'muğla',
    location: 'Milas',
    blade_length_m: 54.65,
    coordinates: '37.3,27.8',
  });
});
