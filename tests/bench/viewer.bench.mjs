// Benchmark of issue #13 item 9: the deep-zoom viewer in the lightbox, in Chromium against the built BFF.
// 1. Open a 40 MP blade photo in the lightbox and zoom to 100 % at its centre; count the bytes fetched from the
//    lightbox's opening until the view is sharp (every tile it needs drawn), against the original's size (the
//    baseline: what showing the original would cost). Target ≤ 1/10.
// 2. Step through PHOTOS photos with the arrow key, each until it is drawn (at most STEP_MS); print the JS heap
//    (after a forced garbage collection) and the live canvas contexts before and after. Targets: heap growth
//    ≤ 50 MB, one viewer context.
//
//   pnpm run bench:viewer       (needs a build: pnpm build)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, makeCompanies, makeUser, PASSWORD, requireFromBff, ROOT, runBenchmark } from './harness.mjs';

const PHOTOS = Number(process.env.PHOTOS ?? 200);
const STEP_MS = Number(process.env.STEP_MS ?? 1000);
const TARGET_BYTES_RATIO = 1 / 10;
const TARGET_HEAP_GROWTH = 50 * 1024 * 1024;
/** A camera-like JPEG: a sky-to-blade gradient with fine texture (pure noise would compress like nothing real). */
async function photo(sharp, width, height, hue) {
  const texture = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 22 } },
  })
    .blur(0.8)
    .raw()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue},55%,62%)"/><stop offset="0.55" stop-color="#e8e8e4"/>` +
      `<stop offset="1" stop-color="hsl(${hue},40%,35%)"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  return sharp(gradient)
    .composite([{ input: texture, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function upload(page, turbineId, files) {
  // The session cookie's calls carry the XSRF cookie back as a header, as the panel's client does.
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`/api/turbines/${turbineId}/photos`, {
    headers: { 'X-XSRF-TOKEN': xsrf },
    multipart: Object.fromEntries([
      ['blade', 'A'],
      ['room', '1'],
      ['year', '2025'],
      ...files.map((file, index) => [
        `photos_${index}`,
        { name: file.name, mimeType: 'image/jpeg', buffer: file.bytes },
      ]),
    ]),
    timeout: 300_000,
  });
  if (response.status() !== 201) throw new Error(`upload: ${response.status()} ${await response.text()}`);
}

/** The heap after a forced collection, and the canvases that hold a context and are still on the page. */
async function footprint(page, client) {
  await client.send('HeapProfiler.collectGarbage');
  const { usedSize } = await client.send('Runtime.getHeapUsage');
  const contexts = await page.evaluate(() => globalThis.__contexts());
  return { heap: usedSize, ...contexts };
}

await runBenchmark('viewer', async ({ pool, spawnBff }) => {
  if (!existsSync(join(ROOT, 'panel', 'dist', 'index.html'))) throw new Error('build first: pnpm build');
  const sharp = requireFromBff('sharp');
  const bff = await spawnBff({ WORKER: 'inline' });
  const [companyId] = await makeCompanies(pool, 1);
  const email = 'bench.viewer@kanat360.local';
  await makeUser(pool, { role: 'operator', companyId, email });
  const { rows } = await pool.query(
    `INSERT INTO turbines (code, city, location, company_id) VALUES ('VIEW-1', 'izmir', 'Aliağa', $1) RETURNING id`,
    [companyId],
  );
  const turbineId = rows[0].id;

  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: bff.baseUrl, viewport: { width: 1400, height: 900 } });
    // Every canvas context the page makes, kept weakly: how many are alive (on the page) at any time.
    await context.addInitScript(() => {
      const made = [];
      const canvasPrototype = globalThis.HTMLCanvasElement.prototype;
      const original = canvasPrototype.getContext;
      canvasPrototype.getContext = function (type, ...rest) {
        const result = original.call(this, type, ...rest);
        if (result && !made.some((entry) => entry.canvas.deref() === this))
          made.push({ canvas: new WeakRef(this), type });
        return result;
      };
      globalThis.__contexts = () => {
        const alive = made.filter((entry) => entry.canvas.deref()?.isConnected);
        const inViewer = alive.filter((entry) => entry.canvas.deref().closest('[data-testid="deep-zoom"]'));
        return { live: alive.length, viewer: inViewer.length, made: made.length };
      };
    });
    const page = await context.newPage();
    const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    const { user } = await login.json();
    await page.goto('/api/health');
    await page.evaluate((profile) => localStorage.setItem('kanat360.user', JSON.stringify(profile)), user);

    console.log('making and uploading a 40 MP photo …');
    const big = await photo(sharp, 7728, 5152, 205);
    await upload(page, turbineId, [{ name: 'AAA_40MP.JPG', bytes: big }]);
    console.log(`uploading ${PHOTOS} photos of 6 MP …`);
    // Ten distinct pictures, each uploaded under several names: every upload is its own photo with its own tiles.
    const pictures = [];
    for (let hue = 0; hue < 10; hue += 1) pictures.push(await photo(sharp, 3000, 2000, hue * 36));
    for (let start = 0; start < PHOTOS; start += 10) {
      const files = [];
      for (let index = start; index < Math.min(PHOTOS, start + 10); index += 1) {
        files.push({ name: `B_${String(index).padStart(4, '0')}.JPG`, bytes: pictures[index % 10] });
      }
      await upload(page, turbineId, files);
    }
    console.log('waiting for the tiles …');
    for (;;) {
      const { rows: pending } = await pool.query(
        `SELECT count(*)::int AS n FROM media WHERE turbine_id = $1 AND status = 'pending'`,
        [turbineId],
      );
      if (pending[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }

    await page.goto(`/dashboard/turbine/${turbineId}?q=AAA_40MP#all-photos`);
    const client = await context.newCDPSession(page);
    await client.send('Network.enable');
    await client.send('Network.setCacheDisabled', { cacheDisabled: false });
    await page.getByTestId('photo-name').first().waitFor();
    const bytes = new Map();
    const urls = new Map();
    client.on('Network.responseReceived', ({ requestId, response }) => urls.set(requestId, response.url));
    client.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => bytes.set(requestId, encodedDataLength));
    const opened = Date.now();
    await page.getByTestId('photo-name').first().click();
    const viewer = page.getByTestId('lightbox').getByTestId('deep-zoom');
    await viewer.and(page.locator('[data-sharp="true"]')).waitFor({ timeout: 60_000 });
    // Zoom in by the button until it turns off: the largest zoom is one screen pixel per original pixel.
    const zoomIn = page.getByTestId('viewer-zoom-in');
    while (await zoomIn.isEnabled()) {
      await zoomIn.click();
      await page.waitForTimeout(900);
    }
    const zoom = await viewer.getAttribute('data-zoom');
    await viewer.and(page.locator('[data-sharp="true"]')).waitFor({ timeout: 60_000 });
    const sharpAfter = Date.now() - opened;
    const fetched = [...bytes.entries()].filter(([id]) => /\/api\/files\//.test(urls.get(id) ?? ''));
    const fetchedBytes = fetched.reduce((sum, [, size]) => sum + size, 0);
    const tiles = fetched.filter(([id]) => /\/tiles\//.test(urls.get(id) ?? '')).length;
    const originalFetched = fetched.some(([id]) => /\/api\/files\/media\/\d+\/\d+\/[^/]+$/.test(urls.get(id) ?? ''));

    // Step through the turbine's photos one a second at most, as an inspector does.
    await page.keyboard.press('Escape');
    await page.goto(`/dashboard/turbine/${turbineId}#all-photos`);
    await page.getByTestId('photo-name').first().click();
    await viewer.and(page.locator('[data-sharp="true"]')).waitFor({ timeout: 60_000 });
    const before = await footprint(page, client);
    const stepStarted = Date.now();
    let unsharp = 0;
    for (let step = 0; step < PHOTOS; step += 1) {
      await page.keyboard.press('ArrowRight');
      const stepAt = Date.now();
      try {
        await viewer.and(page.locator('[data-sharp="true"]')).waitFor({ timeout: STEP_MS });
      } catch {
        unsharp += 1;
      }
      const left = STEP_MS - (Date.now() - stepAt);
      if (left > 0 && process.env.FAST !== '1') await page.waitForTimeout(Math.min(left, 150));
    }
    const stepped = Date.now() - stepStarted;
    const after = await footprint(page, client);

    const mb = (value) => `${(value / 1024 / 1024).toFixed(1)} MB`;
    const ratio = fetchedBytes / big.length;
    console.log(`\n40 MP photo (7728 × 5152), original ${mb(big.length)} (baseline)`);
    console.log(
      `  lightbox → sharp at 100 % (zoom ${zoom}× the fit): ${mb(fetchedBytes)} fetched in ${fetched.length} files ` +
        `(${tiles} tiles) = ${ratio.toFixed(3)} of the original, ${sharpAfter} ms; original fetched: ${originalFetched}`,
    );
    console.log(
      `stepping through ${PHOTOS} photos with the arrow key: ${stepped} ms, ${unsharp} not sharp within ${STEP_MS} ms`,
    );
    console.log(`  JS heap before ${mb(before.heap)}, after ${mb(after.heap)}: growth ${mb(after.heap - before.heap)}`);
    console.log(
      `  live canvas contexts before ${before.live} (viewer ${before.viewer}), after ${after.live} (viewer ${after.viewer}); ` +
        `made in all: ${after.made}`,
    );
    const bytesOk = ratio <= TARGET_BYTES_RATIO && !originalFetched;
    const heapOk = after.heap - before.heap <= TARGET_HEAP_GROWTH;
    const contextsOk = after.viewer === 1 && after.live === before.live;
    console.log(`bytes ≤ 1/10 of the original: ${bytesOk ? 'target met' : 'target missed'}`);
    console.log(`heap growth ≤ 50 MB: ${heapOk ? 'target met' : 'target missed'}`);
    console.log(`one viewer context: ${contextsOk ? 'target met' : 'target missed'}`);
    console.log(bff.log.summary());
  } finally {
    await browser.close();
  }
});
