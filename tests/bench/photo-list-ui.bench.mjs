// Benchmark of issue #11 item 16: the turbine screen's all-photos list with 10,000 photos on one turbine, in
// Chromium against the built BFF. Measured: the time from navigation to the first rows on screen (cold: a browser
// that never loaded the panel; warm: a reload, the panel's files cached), the bytes of the first page on the wire
// (compressed; a 200, not the browser's cache) against its JSON, and the time to scroll to the last row (pages
// fetched as the list scrolls). Baseline in the same run: the first page's API call alone, from the same page, past
// the browser's cache. Targets: first rows ≤ 1 s, first page ≤ 150 KB on the wire.
//
//   pnpm run bench:photo-list       (needs a build: pnpm build)
import { existsSync, linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { launchChromium, makeCompanies, makeUser, PASSWORD, requireFromBff, ROOT, runBenchmark } from './harness.mjs';

const PHOTOS = Number(process.env.PHOTOS ?? 10_000);
const TARGET_FIRST_ROWS_MS = 1000;
const TARGET_FIRST_PAGE_BYTES = 150 * 1000;
/** PHOTOS ready photos of one turbine, each with a real 400 px thumbnail on disk (one file, hard-linked). */
async function seedPhotos(pool, dataDir, turbineId, userId) {
  const sharp = requireFromBff('sharp');
  const thumb = await sharp({ create: { width: 400, height: 267, channels: 3, background: '#8fb3d9' } })
    .jpeg({ quality: 78 })
    .toBuffer();
  const { rows } = await pool.query(
    `INSERT INTO media (turbine_id, asset_id, storage_key, kind, category, blade, room, year, month, original_name,
                        size, mime, status, width, height, uploaded_by, created_at)
     SELECT $1::int, a, 'turbines/' || $1::int || '/blade-A/room-1/2025/' || a || '.jpg', 'photo',
            (ARRAY['blade', 'blade', 'blade', 'drone', 'operator', 'robot'])[1 + g % 6], (ARRAY['A', 'B', 'C'])[1 + g % 3],
            1 + g % 9, 2019 + g % 8, 1 + g % 12, 'DJI_2025' || lpad(g::text, 5, '0') || '.JPG', 24000000 + g,
            'image/jpeg', 'ready', 8192, 5460, $3::int, now() - g * interval '1 minute'
       FROM (SELECT g, gen_random_uuid() AS a FROM generate_series(1, $2::int) g) seeded
     RETURNING id, asset_id`,
    [turbineId, PHOTOS, userId],
  );
  const first = join(dataDir, 'bench-thumb.jpg');
  writeFileSync(first, thumb);
  for (const row of rows) {
    const key = `turbines/${turbineId}/derivatives/${row.asset_id}/thumb.jpg`;
    const path = join(dataDir, 'storage', key);
    mkdirSync(dirname(path), { recursive: true });
    linkSync(first, path);
    await pool.query('UPDATE media SET thumb_key = $2 WHERE id = $1', [row.id, key]);
  }
}

/** Signs the browser in as the login page does. */
async function signIn(context, email) {
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  if (!response.ok()) throw new Error(`login failed: ${response.status()}`);
  const { user } = await response.json();
  await page.goto('/api/health');
  await page.evaluate((profile) => localStorage.setItem('kanat360.user', JSON.stringify(profile)), user);
  return page;
}

/**
 * From a full load of the screen to the first row on screen; and what the first page cost on the wire (its status
 * too: a 304 would mean the browser's cache answered, and its bytes would say nothing).
 */
async function firstRows(page, path, turbineId, { reload = false } = {}) {
  const client = await page.context().newCDPSession(page);
  await client.send('Network.enable');
  const sizes = new Map();
  let firstPage = null;
  let status = null;
  client.on('Network.responseReceived', ({ requestId, response }) => {
    if (
      response.url.includes(`/api/turbines/${turbineId}/photos?`) &&
      !response.url.includes('cursor=') &&
      !firstPage
    ) {
      firstPage = requestId;
      status = response.status;
    }
  });
  client.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => sizes.set(requestId, encodedDataLength));
  const started = Date.now();
  // A reload, not a goto: going to the same address again would only move to its #hash, loading nothing.
  if (reload) await page.reload();
  else await page.goto(path);
  await page.getByTestId('photo-row').first().waitFor({ state: 'visible', timeout: 60_000 });
  const elapsed = Date.now() - started;
  await page.waitForTimeout(200);
  await client.detach();
  return { elapsed, status, wireBytes: firstPage ? sizes.get(firstPage) : null };
}

await runBenchmark('photo-list-ui', async ({ pool, spawnBff, dataDir }) => {
  if (!existsSync(join(ROOT, 'panel', 'dist', 'index.html'))) throw new Error('build first: pnpm build');
  const bff = await spawnBff({ WORKER: 'off' });
  const [companyId] = await makeCompanies(pool, 1);
  const email = 'bench.viewer@kanat360.local';
  const userId = await makeUser(pool, { role: 'operator', companyId, email });
  const { rows } = await pool.query(
    `INSERT INTO turbines (code, city, location, company_id) VALUES ('LIST-1', 'izmir', 'Aliağa', $1) RETURNING id`,
    [companyId],
  );
  const turbineId = rows[0].id;
  console.log(`seeding ${PHOTOS} photos with thumbnails …`);
  await seedPhotos(pool, dataDir, turbineId, userId);

  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: bff.baseUrl, viewport: { width: 1400, height: 900 } });
    const page = await signIn(context, email);
    const path = `/dashboard/turbine/${turbineId}#all-photos`;

    // Cold: a browser that has never loaded the panel or the list (only the sign-in page's origin); warm: a reload,
    // the panel's files cached by the browser, the list asked for again.
    const cold = await firstRows(page, path, turbineId);
    const warm = await firstRows(page, path, turbineId, { reload: true });

    // Baseline: the first page's API call alone, from the same page, past the browser's cache (raw JSON bytes too).
    const api = await page.evaluate(async (id) => {
      const started = performance.now();
      const response = await fetch(`/api/turbines/${id}/photos?view=all&limit=200`, {
        headers: { Accept: 'application/json' },
        cache: 'no-store',
      });
      const text = await response.text();
      return { ms: performance.now() - started, jsonBytes: new TextEncoder().encode(text).length };
    }, turbineId);

    // Scroll to the end: the list asks for the next pages as the rows in view near the end of what is loaded.
    const scrollStarted = Date.now();
    const scroller = page.getByTestId('photos-scroller');
    const last = page.locator(`[data-testid="photo-row"][data-index="${PHOTOS - 1}"]`);
    while ((await last.count()) === 0) {
      if (Date.now() - scrollStarted > 120_000) throw new Error('the last row never came');
      await scroller.evaluate((element) => (element.scrollTop = element.scrollHeight));
      await page.waitForTimeout(50);
    }
    const scrolled = Date.now() - scrollStarted;

    const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
    console.log(`\n${PHOTOS} photos on one turbine`);
    console.log(`  first page API call alone (baseline): ${api.ms.toFixed(0)} ms, ${kb(api.jsonBytes)} of JSON`);
    console.log(
      `  navigation → first rows, cold: ${cold.elapsed} ms (${(cold.elapsed / api.ms).toFixed(1)}× the API call)`,
    );
    console.log(
      `  navigation → first rows, warm: ${warm.elapsed} ms (${(warm.elapsed / api.ms).toFixed(1)}× the API call)`,
    );
    console.log(
      `  first page on the wire (cold, HTTP ${cold.status}): ${kb(cold.wireBytes ?? 0)} ` +
        `(${((cold.wireBytes ?? 0) / api.jsonBytes).toFixed(2)}× its JSON)`,
    );
    console.log(`  scroll to the last of ${PHOTOS} rows: ${scrolled} ms`);
    const firstOk = cold.elapsed <= TARGET_FIRST_ROWS_MS;
    // Only a page the server sent counts: a 304 (the browser's cache) would say nothing of its size.
    const bytesOk = cold.status === 200 && (cold.wireBytes ?? Infinity) <= TARGET_FIRST_PAGE_BYTES;
    console.log(`first rows ≤ ${TARGET_FIRST_ROWS_MS} ms: ${firstOk ? 'target met' : 'target missed'}`);
    console.log(`first page ≤ ${kb(TARGET_FIRST_PAGE_BYTES)} on the wire: ${bytesOk ? 'target met' : 'target missed'}`);
    console.log(bff.log.summary());
  } finally {
    await browser.close();
  }
});
