// Benchmark of issue #25 item 6: the dashboard's fleet map with 5,000 turbines in headless Chromium (WebGL through
// SwiftShader, no GPU) against the built BFF. Measured: the first render (navigation to the map drawn with every
// turbine, clustered, and idle) and the frame times while panning (requestAnimationFrame intervals during a 3 s pan
// animation at a zoom where the turbines are single points and at one where they are clusters). Baseline in the same
// run: the same map filtered to one turbine (the basemap and MapLibre alone). Targets: first render ≤ 2× and pan p95
// ≤ 1.5× the baseline's.
//
//   pnpm run bench:map       (needs a build: pnpm build; TURBINES=5000, BENCH_PORT=50030)
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import {
  formatMs,
  launchChromium,
  makeCompanies,
  makeUser,
  percentile,
  ROOT,
  runBenchmark,
  signInPage,
} from './harness.mjs';

const TURBINES = Number(process.env.TURBINES ?? 5000);
// The harness starts the BFF on BENCH_PORT; this bench keeps to the ports the test machine hands out.
process.env.BENCH_PORT ??= '50030';
/** 5,000 turbines may cost the first render at most this many times the one-turbine map's… */
const TARGET_FIRST_RENDER_RATIO = 2;
/** …and the pan's 95th-percentile frame at most this many times its. */
const TARGET_PAN_RATIO = 1.5;

/** TURBINES turbines spread over Turkey's wind regions in farms of 25, each with a position and a model. */
async function seedTurbines(pool, companyId) {
  await pool.query(
    `INSERT INTO turbines (code, city, location, company_id, rooms, latitude, longitude, coordinates, manufacturer, model)
     SELECT 'BENCH-' || lpad(g::text, 5, '0'), 'izmir', 'Farm ' || (g / 25), $1::int, 3, lat, lng, lat || ',' || lng,
            'Vestas', 'V112-3.45 MW'
       FROM (SELECT g,
                    round((36.5 + (hashint4(g / 25) & 1023) / 1023.0 * 5.0 + (g % 5) * 0.004)::numeric, 5)::float8 AS lat,
                    round((26.2 + (hashint4(g / 25 + 7) & 1023) / 1023.0 * 17.0 + (g % 25 / 5) * 0.004)::numeric, 5)::float8 AS lng
               FROM generate_series(1, $2::int) g) seeded`,
    [companyId, TURBINES],
  );
}

/** Opens the map and answers the ms from navigation to the map drawn and idle, with how many points it holds. */
async function firstRender(page, path) {
  const started = Date.now();
  await page.goto(path);
  await page.waitForSelector('[data-testid="fleet-map"][data-ready="true"]', { timeout: 120_000 });
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const map = globalThis.document.querySelector('[data-testid="fleet-map"]').maplibre;
        if (map.loaded() && !map.isMoving()) resolve();
        else map.once('idle', resolve);
      }),
  );
  const points = Number(await page.getAttribute('[data-testid="fleet-map"]', 'data-points'));
  return { ms: Date.now() - started, points };
}

/** Frame intervals (ms) while the map pans `dx` pixels over 3 s at `zoom` around the middle of Turkey. */
async function panFrames(page, zoom) {
  return page.evaluate(
    async ({ zoom }) => {
      const map = globalThis.document.querySelector('[data-testid="fleet-map"]').maplibre;
      map.jumpTo({ center: [34.5, 39.0], zoom });
      await new Promise((resolve) => map.once('idle', resolve));
      const frames = [];
      let last = performance.now();
      let running = true;
      const tick = (now) => {
        frames.push(now - last);
        last = now;
        if (running) globalThis.requestAnimationFrame(tick);
      };
      globalThis.requestAnimationFrame((now) => {
        last = now;
        globalThis.requestAnimationFrame(tick);
      });
      map.panBy([600, 200], { duration: 3000, easing: (t) => t });
      await new Promise((resolve) => map.once('moveend', resolve));
      running = false;
      return frames;
    },
    { zoom },
  );
}

function summary(frames) {
  const sorted = [...frames].sort((a, b) => a - b);
  return {
    frames: frames.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? 0,
  };
}

await runBenchmark('fleet-map', async ({ pool, spawnBff }) => {
  if (!existsSync(join(ROOT, 'panel', 'dist', 'index.html'))) throw new Error('build first: pnpm build');
  const bff = await spawnBff({ WORKER: 'off' });
  const [companyId] = await makeCompanies(pool, 1);
  const email = 'bench.map@kanat360.local';
  await makeUser(pool, { role: 'operator', companyId, email });
  console.log(`seeding ${TURBINES} turbines …`);
  await seedTurbines(pool, companyId);

  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: bff.baseUrl, viewport: { width: 1440, height: 900 } });
    const page = await signInPage(context, email);
    const runs = {};
    // The baseline first (the panel's files then come from the browser's cache for both).
    for (const [name, path] of [
      ['baseline (1 turbine)', '/dashboard?view=map&q=BENCH-00001'],
      [`${TURBINES} turbines`, '/dashboard?view=map'],
    ]) {
      await firstRender(page, '/dashboard?view=map&q=BENCH-00001'); // warm the caches alike
      const first = await firstRender(page, path);
      runs[name] = {
        first,
        points: summary(await panFrames(page, 9)),
        clusters: summary(await panFrames(page, 6)),
      };
    }
    console.log('');
    console.log(
      '| map | points | first render | pan at zoom 9 (points): p50 / p95 / max | pan at zoom 6 (clusters): p50 / p95 / max |',
    );
    console.log('| --- | ---: | ---: | --- | --- |');
    for (const [name, run] of Object.entries(runs)) {
      const pan = (s) => `${formatMs(s.p50)} / ${formatMs(s.p95)} / ${formatMs(s.max)} (${s.frames} frames)`;
      console.log(
        `| ${name} | ${run.first.points} | ${formatMs(run.first.ms)} | ${pan(run.points)} | ${pan(run.clusters)} |`,
      );
    }
    const [base, full] = Object.values(runs);
    console.log('');
    console.log(
      `first render: ${(full.first.ms / base.first.ms).toFixed(2)}× the baseline; pan p95: ${(full.points.p95 / base.points.p95).toFixed(2)}× (points), ${(full.clusters.p95 / base.clusters.p95).toFixed(2)}× (clusters)`,
    );
    const met =
      full.first.ms <= TARGET_FIRST_RENDER_RATIO * base.first.ms &&
      full.points.p95 <= TARGET_PAN_RATIO * base.points.p95 &&
      full.clusters.p95 <= TARGET_PAN_RATIO * base.clusters.p95;
    console.log(
      `${met ? 'target met' : 'target missed'}: first render ≤ ${TARGET_FIRST_RENDER_RATIO}× and pan p95 ≤ ${TARGET_PAN_RATIO}× the baseline's`,
    );
    console.log(`load: ${execFileSync('uptime').toString().trim()}`);
  } finally {
    await browser.close();
  }
});
