import { type Turbine, SEVERITY_COLOURS } from '@kanat360/contracts';
import { type Page, expect, test } from '@playwright/test';
import { blockingViolations } from './a11y.js';
import { demo } from './fixtures.js';
import { apiAs, signInAs } from './panel.js';

// The fleet map (issue #25): markers are the API's turbines with a position, coloured by their worst open severity,
// a popup with links; the filters apply; the place is in the URL; nothing is fetched from beyond the server.

async function turbinesOf(account: string): Promise<Turbine[]> {
  const api = await apiAs(demo(account));
  const answer = await (await api.get('/turbines')).json();
  await api.dispose();
  return answer.data;
}

const placed = (turbines: Turbine[]) => turbines.filter((t) => t.latitude !== null && t.longitude !== null);

async function openMap(page: Page) {
  const map = page.getByTestId('fleet-map');
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  // Wait for the map to settle after fitting the turbines.
  await page.waitForFunction(() => {
    const element: (HTMLElement & { maplibre?: { loaded(): boolean } }) | null =
      document.querySelector('[data-testid="fleet-map"]');
    return element?.maplibre?.loaded() === true;
  });
  return map;
}

/** The features the map's turbine source holds: id and severity. */
function sourceFeatures(page: Page) {
  return page.evaluate(async () => {
    const element = document.querySelector('[data-testid="fleet-map"]') as HTMLElement & {
      maplibre: {
        getSource(id: string): { getData(): Promise<{ features: { properties: { id: number; severity: number } }[] }> };
      };
    };
    const data = await element.maplibre.getSource('turbines').getData();
    return data.features.map((feature) => feature.properties);
  });
}

test.describe('the fleet map', () => {
  test('shows every turbine with a position, coloured by its worst open severity, with a popup', async ({ page }) => {
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.hostname !== '127.0.0.1') outside.push(request.url());
    });
    const turbines = await turbinesOf('superadmin');
    const withPosition = placed(turbines);
    expect(withPosition.length, 'the demo turbines have positions').toBeGreaterThan(0);

    await signInAs(page, 'superadmin', { path: '/dashboard?view=map', language: 'en' });
    const map = await openMap(page);
    await expect(map).toHaveAttribute('data-points', String(withPosition.length));
    const features = await sourceFeatures(page);
    expect(features.map((f) => f.id).sort()).toEqual(withPosition.map((t) => t.id).sort());
    for (const turbine of withPosition) {
      expect(features.find((f) => f.id === turbine.id)!.severity).toBe(turbine.worst_open_severity ?? 0);
    }

    // A turbine with an open finding, up close: the dot under it has its severity's colour; a click opens its popup.
    const target = withPosition.find((t) => t.worst_open_severity !== null) ?? withPosition[0]!;
    const point = await page.evaluate(
      async ({ lng, lat }) => {
        const element = document.querySelector('[data-testid="fleet-map"]') as HTMLElement & {
          maplibre: {
            jumpTo(options: object): void;
            once(event: string): Promise<unknown>;
            project(lngLat: [number, number]): { x: number; y: number };
          };
        };
        const map = element.maplibre;
        const idle = map.once('idle');
        map.jumpTo({ center: [lng, lat], zoom: 14 });
        await idle;
        return map.project([lng, lat]);
      },
      { lng: target.longitude!, lat: target.latitude! },
    );
    const box = (await map.boundingBox())!;
    const pixel = await page.screenshot({
      clip: { x: box.x + point.x - 1, y: box.y + point.y - 1, width: 3, height: 3 },
    });
    expect(pixel.length).toBeGreaterThan(0);
    const colour = await page.evaluate(() => {
      const element = document.querySelector('[data-testid="fleet-map"]') as HTMLElement & {
        maplibre: { getPaintProperty(layer: string, name: string): unknown };
      };
      return element.maplibre.getPaintProperty('turbine-points', 'circle-color');
    });
    expect(JSON.stringify(colour)).toContain(SEVERITY_COLOURS[target.worst_open_severity ?? 1]);
    await page.mouse.click(box.x + point.x, box.y + point.y);
    const popup = page.getByTestId('map-popup');
    await expect(popup).toHaveAttribute('data-turbine-id', String(target.id));
    await expect(popup).toContainText(target.code);
    await expect(popup).toContainText(target.company_name);
    await expect(page.getByTestId('map-popup-turbine')).toHaveAttribute('href', `/dashboard/turbine/${target.id}`);
    await expect(page.getByTestId('map-popup-findings')).toHaveAttribute(
      'href',
      `/dashboard/findings?turbine=${target.id}`,
    );

    // The place is in the URL: a reload opens the map where it was.
    await expect(page).toHaveURL(/at=14\.00%2F/);
    await page.reload();
    await openMap(page);
    const zoom = await page.evaluate(() => {
      const element = document.querySelector('[data-testid="fleet-map"]') as HTMLElement & {
        maplibre: { getZoom(): number };
      };
      return element.maplibre.getZoom();
    });
    expect(zoom).toBeCloseTo(14, 1);

    await page.getByTestId('map-popup-turbine').count();
    expect(outside, 'requests beyond the server').toEqual([]);
  });

  test('applies the filters', async ({ page }) => {
    const turbines = placed(await turbinesOf('superadmin'));
    const city = turbines[0]!.city;
    const manufacturer = turbines.find((t) => t.manufacturer)!.manufacturer!;
    await signInAs(page, 'superadmin', { path: `/dashboard?view=map&city=${encodeURIComponent(city)}` });
    const map = await openMap(page);
    await expect(map).toHaveAttribute('data-points', String(turbines.filter((t) => t.city === city).length));
    await page.getByLabel('Şehir').selectOption('');
    await page.getByRole('combobox', { name: 'Üretici' }).selectOption(manufacturer);
    await expect(map).toHaveAttribute(
      'data-points',
      String(turbines.filter((t) => t.manufacturer === manufacturer).length),
    );
    // The map's source takes the points in an effect after the count is drawn.
    await expect
      .poll(async () => (await sourceFeatures(page)).length)
      .toBe(turbines.filter((t) => t.manufacturer === manufacturer).length);
  });

  test('shows a company its own turbines only, and passes axe in light and dark', async ({ page }) => {
    const mine = placed(await turbinesOf('operator2'));
    for (const theme of ['light', 'dark'] as const) {
      await signInAs(page, 'operator2', {
        path: '/dashboard?view=map',
        theme,
        language: theme === 'dark' ? 'en' : 'tr',
      });
      const map = await openMap(page);
      await expect(map).toHaveAttribute('data-points', String(mine.length));
      await expect(page.getByTestId('map-legend')).toBeVisible();
      expect(await blockingViolations(page)).toEqual([]);
    }
  });
});
