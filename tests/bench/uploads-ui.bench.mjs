// Benchmark of issue #11 item 15: 300 blade photos (2–8 MB JPEGs, camera-style names) uploaded through the panel's
// upload engine in Chromium — chosen in blade A's picker, one click on "Yükle (300)" — against the seed client's
// strategy (spec §7, §9: one file at a time, multipart below 4 MB, presign → PUT → confirm above, 1 s pause after each)
// run in the same page against the same server. Target: the engine's wall time ≤ 1/4 of the seed strategy's.
//
//   pnpm run bench:uploads-ui        (needs a build: pnpm build)
//   FILES=60 pnpm run bench:uploads-ui   (a shorter run)
/* global document -- the functions given to page.evaluate run in the browser */
import { randomFillSync } from 'node:crypto';
import { existsSync, linkSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, makeCompanies, makeUser, PASSWORD, requireFromBff, ROOT, runBenchmark } from './harness.mjs';

const FILES = Number(process.env.FILES ?? 300);
const SIZES_MB = [2, 3, 4, 5, 6, 7, 8];
const TARGET_RATIO = 0.25;
/** Neither run may take longer than this (the seed strategy needs about FILES × 1.1 s). */
const TIME_CAP_MS = 20 * 60 * 1000;
/** A real JPEG of about `megabytes` MB: noise does not compress, so the size follows the pixel count. */
async function noiseJpeg(megabytes) {
  const sharp = requireFromBff('sharp');
  const encode = (width, height) =>
    sharp(randomFillSync(Buffer.alloc(width * height * 3)), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
  const sample = await encode(400, 400);
  const pixels = (megabytes * 1024 * 1024) / (sample.length / (400 * 400));
  const width = Math.round(Math.sqrt(pixels * 1.5));
  return encode(width, Math.round(pixels / width));
}

/**
 * FILES photos on disk under camera-style names (DJI_20260614_0001.JPG …): seven distinct JPEGs of 2–8 MB, hard-linked
 * under every name, so 1.5 GB of uploads take 35 MB of disk. Answers the paths and the total bytes.
 */
async function makePhotos(folder) {
  const bases = [];
  for (const megabytes of SIZES_MB) {
    const path = join(folder, `base-${megabytes}.jpg`);
    const bytes = await noiseJpeg(megabytes);
    writeFileSync(path, bytes);
    bases.push({ path, size: bytes.length });
  }
  const files = [];
  let total = 0;
  for (let index = 1; index <= FILES; index += 1) {
    const base = bases[index % bases.length];
    const path = join(folder, `DJI_20260614_${String(index).padStart(4, '0')}.JPG`);
    linkSync(base.path, path);
    files.push(path);
    total += base.size;
  }
  return { files, total, bases };
}

/** Signs the browser in as the API does for the login page, and opens `path`. */
async function signIn(page, email, path) {
  const response = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  if (!response.ok()) throw new Error(`login failed: ${response.status()}`);
  const { user } = await response.json();
  await page.goto('/api/health');
  await page.evaluate((profile) => localStorage.setItem('kanat360.user', JSON.stringify(profile)), user);
  await page.goto(path);
}

/** The engine: the files chosen in blade A's picker, then one click; done when every file says "done". */
async function runEngine(page, files) {
  const panel = page.getByTestId('blade-panel-A');
  await panel.locator('input[type=file]').setInputFiles(files);
  await panel
    .getByTestId('chosen-file')
    .nth(files.length - 1)
    .waitFor({ state: 'attached', timeout: 120_000 });
  const started = Date.now();
  await panel.getByTestId('upload-button').click();
  await page.waitForFunction(
    (count) => {
      const items = [...document.querySelectorAll('[data-testid="upload-item"]')];
      return items.length === count && items.every((item) => ['done', 'failed'].includes(item.dataset.status ?? ''));
    },
    files.length,
    { timeout: TIME_CAP_MS, polling: 250 },
  );
  const elapsed = Date.now() - started;
  const failed = await page.locator('[data-testid="upload-item"][data-status="failed"]').count();
  return { elapsed, failed };
}

/** The seed client's strategy (spec §7, §9), in the page with fetch: one file, then a 1 s pause, and so on. */
async function runSeedStrategy(page, files, turbineId) {
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.id = 'seed-strategy-files';
    document.body.append(input);
  });
  await page.locator('#seed-strategy-files').setInputFiles(files);
  return page.evaluate(
    async ({ turbineId: id, capMs }) => {
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const headers = { 'X-XSRF-TOKEN': xsrf };
      const json = { ...headers, 'Content-Type': 'application/json' };
      const target = { room: '1', year: '2026', blade: 'A' };
      const files = [...document.getElementById('seed-strategy-files').files];
      const started = Date.now();
      let failed = 0;
      for (const file of files) {
        if (Date.now() - started > capMs) throw new Error('the seed strategy ran past the time cap');
        let ok;
        if (file.size < 4 * 1024 * 1024) {
          const form = new FormData();
          for (const [name, value] of Object.entries(target)) form.append(name, value);
          form.append('photos', file, file.name);
          ok = (await fetch(`/api/turbines/${id}/photos`, { method: 'POST', body: form, headers })).ok;
        } else {
          const presign = await fetch(`/api/turbines/${id}/presigned-upload`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ files: [{ name: file.name, size: file.size, type: file.type }], ...target }),
          }).then((response) => response.json());
          const grant = presign.presignedUrls?.[0];
          ok = Boolean(grant);
          if (grant) {
            await fetch(grant.presignedUrl, { method: 'PUT', body: file, headers: { 'Content-Type': file.type } });
            const confirm = await fetch(`/api/turbines/${id}/confirm-upload`, {
              method: 'POST',
              headers: json,
              body: JSON.stringify({
                uploads: [{ key: grant.key, originalName: file.name, size: file.size, type: file.type }],
                ...target,
              }),
            });
            ok = confirm.ok;
          }
        }
        if (!ok) failed += 1;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      return { elapsed: Date.now() - started, failed };
    },
    { turbineId, capMs: TIME_CAP_MS },
  );
}

await runBenchmark('uploads-ui', async ({ pool, spawnBff }) => {
  if (!existsSync(join(ROOT, 'panel', 'dist', 'index.html'))) throw new Error('build first: pnpm build');
  const folder = mkdtempSync(join(tmpdir(), 'kanat360-bench-photos-'));
  let browser;
  try {
    console.log(`making ${FILES} photos of ${SIZES_MB[0]}–${SIZES_MB.at(-1)} MB …`);
    const { files, total } = await makePhotos(folder);
    // Derivative jobs off: both runs measure getting the bytes in, on the same quiet server. (It migrates the database.)
    const bff = await spawnBff({ WORKER: 'off' });
    const [companyId] = await makeCompanies(pool, 1);
    const email = 'bench.operator@kanat360.local';
    await makeUser(pool, { role: 'operator', companyId, email });
    const { rows } = await pool.query(
      `INSERT INTO turbines (code, city, location, company_id)
       SELECT 'UI-' || g, 'izmir', 'Aliağa', $1 FROM generate_series(1, 2) g RETURNING id`,
      [companyId],
    );
    const [engineTurbine, seedTurbine] = rows.map((row) => row.id);

    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: bff.baseUrl, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signIn(page, email, `/dashboard/turbine/${engineTurbine}`);

    const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
    console.log(`${FILES} files, ${mib(total)} in all`);
    const engine = await runEngine(page, files);
    console.log(`  panel upload engine : ${(engine.elapsed / 1000).toFixed(1)} s, ${engine.failed} failed`);
    const seed = await runSeedStrategy(page, files, seedTurbine);
    console.log(`  seed client strategy: ${(seed.elapsed / 1000).toFixed(1)} s, ${seed.failed} failed`);

    const { rows: counts } = await pool.query(
      `SELECT turbine_id, count(*)::int AS n FROM media WHERE turbine_id = ANY($1) GROUP BY turbine_id`,
      [[engineTurbine, seedTurbine]],
    );
    const stored = Object.fromEntries(counts.map((row) => [row.turbine_id, row.n]));
    console.log(`  rows stored: engine ${stored[engineTurbine] ?? 0}, seed strategy ${stored[seedTurbine] ?? 0}`);
    if (engine.failed > 0 || seed.failed > 0 || stored[engineTurbine] !== FILES || stored[seedTurbine] !== FILES) {
      throw new Error('some uploads failed: the comparison does not hold');
    }
    const ratio = engine.elapsed / seed.elapsed;
    console.log(
      `engine / seed strategy = ${ratio.toFixed(3)} (target ≤ ${TARGET_RATIO}): ${ratio <= TARGET_RATIO ? 'target met' : 'target missed'}`,
    );
    console.log(`  engine throughput ${mib(total / (engine.elapsed / 1000))}/s`);
    console.log(bff.log.summary());
  } finally {
    await browser?.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
