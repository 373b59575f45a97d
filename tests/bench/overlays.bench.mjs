// Benchmark of issue #14 item 10 (and #23 part 3): 1,000 findings drawn over one deep-zoom photo (the panel's one
// overlay layer over OpenSeadragon) stay interactive. In Chromium against the built BFF, an operator's photo page is opened on a demo blade photo
// carrying 1,000 findings (boxes of varied size and severity, made through the API), and the frames are counted with
// requestAnimationFrame while the mouse (a) drags the picture round in small steps and (b) wheels in and out, for
// INTERACTION_MS each. Baseline in the same run: the same picture uploaded again, with no findings; rounds alternate
// the two so load from elsewhere on the machine hits both. Target: ≥ 30 fps (median frame interval ≤ 33.3 ms) with
// the overlays, panning and zooming.
//
//   pnpm run bench:overlays      (needs a build: pnpm build)
//   FINDINGS=1000 ROUNDS=3 INTERACTION_MS=5000 are the defaults.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  launchChromium,
  login,
  makeCompanies,
  makeUser,
  percentile,
  requireFromBff,
  ROOT,
  runBenchmark,
  signInPage,
} from './harness.mjs';

const FINDINGS = Number(process.env.FINDINGS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const INTERACTION_MS = Number(process.env.INTERACTION_MS ?? 5000);
const CONCURRENCY = 8;
const TARGET_FPS = 30;
const YEAR = 2025;
const PHOTO = { width: 4000, height: 3000 };
const SEVERITY_COLOURS_SHOWN = 5;
const SURFACES = ['leading_edge', 'trailing_edge', 'pressure_side', 'suction_side', 'root', 'tip'];
const TYPES = ['erosion', 'crack', 'delamination', 'lightning', 'coating', 'other'];
/** The panel's SEVERITY_COLOURS (panel/src/findings/severity.ts), for the 2D-canvas reference. */
const SEVERITY_COLOURS = ['#16a34a', '#ca8a04', '#ea580c', '#dc2626', '#7f1d1d'];
const REFERENCE = process.env.REFERENCE !== '0';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/** A small seeded PRNG (the findings are the same in every run). */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The body of finding `index`: a box inside the photo, mostly small (erosion pits), some large (a delamination). */
function findingBody(mediaId, index, rand) {
  const large = index % 10 === 0;
  const width = Math.round(large ? 300 + rand() * 500 : 20 + rand() * 180);
  const height = Math.round(large ? 200 + rand() * 400 : 20 + rand() * 120);
  const x = Math.round(rand() * (PHOTO.width - width));
  const y = Math.round(rand() * (PHOTO.height - height));
  return {
    media_id: mediaId,
    target: { selector: { type: 'FragmentSelector', value: `xywh=pixel:${x},${y},${width},${height}` } },
    blade: 'A',
    surface: SURFACES[index % SURFACES.length],
    zone: 1 + (index % 25),
    type: TYPES[index % TYPES.length],
    severity: 1 + (index % SEVERITY_COLOURS_SHOWN),
    distance_from_root_m: Math.round(rand() * 600) / 10,
  };
}

/** Runs `task(0 … count-1)` with at most `limit` at once. */
async function bounded(count, limit, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

async function uploadPhoto(page, turbineId, name, bytes) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`/api/turbines/${turbineId}/photos`, {
    headers: { 'X-XSRF-TOKEN': xsrf },
    multipart: {
      category: 'operator',
      blade: 'A',
      room: '1',
      year: String(YEAR),
      photos_0: { name, mimeType: 'image/jpeg', buffer: bytes },
    },
    timeout: 300_000,
  });
  if (response.status() !== 201) throw new Error(`upload: ${response.status()} ${await response.text()}`);
}

/** Frame timestamps from requestAnimationFrame while `interact` runs; answers the intervals between them (ms). */
async function framesDuring(page, interact) {
  await page.evaluate(() => {
    const frames = [];
    globalThis.__frames = frames;
    globalThis.__counting = true;
    globalThis.__drawsAtStart = globalThis.__draws;
    const tick = (time) => {
      if (!globalThis.__counting) return;
      frames.push(time);
      globalThis.requestAnimationFrame(tick);
    };
    globalThis.requestAnimationFrame(tick);
  });
  const events = await interact();
  const frames = await page.evaluate(() => {
    globalThis.__counting = false;
    return { times: globalThis.__frames, draws: globalThis.__draws - globalThis.__drawsAtStart };
  });
  const intervals = frames.times.slice(1).map((time, index) => time - frames.times[index]);
  return { intervals, events, draws: frames.draws, seconds: (frames.times.at(-1) - frames.times[0]) / 1000 };
}

/** Mouse held down on the picture and moved round a circle in small steps, one every ~16 ms. */
async function pan(page, box) {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const radius = Math.min(box.width, box.height) / 4;
  await page.mouse.move(cx + radius, cy);
  await page.mouse.down();
  const started = performance.now();
  let events = 0;
  while (performance.now() - started < INTERACTION_MS) {
    const stepStarted = performance.now();
    const angle = (events * Math.PI) / 60;
    await page.mouse.move(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));
    events += 1;
    await sleep(Math.max(0, 16 - (performance.now() - stepStarted)));
  }
  await page.mouse.up();
  return events;
}

/** The wheel turned in four notches (to the largest zoom) and out four, one every 100 ms: always animating. */
async function zoom(page, box) {
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const started = performance.now();
  let events = 0;
  while (performance.now() - started < INTERACTION_MS) {
    await page.mouse.wheel(0, events % 8 < 4 ? -120 : 120);
    events += 1;
    await sleep(100);
  }
  return events;
}

/** Main-thread time (CDP Performance metrics, seconds) spent over a stretch. */
async function mainThread(client) {
  const { metrics } = await client.send('Performance.getMetrics');
  const get = (name) => metrics.find((metric) => metric.name === name)?.value ?? 0;
  return {
    task: get('TaskDuration'),
    script: get('ScriptDuration'),
    layout: get('LayoutDuration') + get('RecalcStyleDuration'),
  };
}

function summary({ intervals, events, draws, seconds }, before, after) {
  const sorted = [...intervals].sort((a, b) => a - b);
  const busy = (after.task - before.task) / seconds;
  return {
    frames: intervals.length,
    fps: intervals.length / seconds,
    medianMs: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    events,
    drawsPerFrame: draws / Math.max(1, intervals.length),
    busy,
    script: (after.script - before.script) / seconds,
    layout: (after.layout - before.layout) / seconds,
    intervals,
  };
}

/**
 * The reference for a fix (REFERENCE=0 leaves it out): the same boxes drawn by a plain 2D canvas laid over the photo
 * without findings, redrawn whenever the viewer marks a new view on its element (`data-zoom`, `data-center`). One
 * path per severity, filled at the overlays' opacity and stroked 2 px wide, as the overlay layer styles them.
 */
function drawBoxesOnCanvas({ boxes, colours, width, height }) {
  const host = globalThis.document.querySelector('[data-testid="deep-zoom"]');
  const canvas = globalThis.document.createElement('canvas');
  canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;pointer-events:none';
  host.appendChild(canvas);
  const context = canvas.getContext('2d');
  const paths = colours.map(() => new globalThis.Path2D());
  for (const [x, y, w, h, severity] of boxes) paths[severity - 1].rect(x, y, w, h);
  const draw = () => {
    const ratio = globalThis.devicePixelRatio || 1;
    const [cw, ch] = [host.clientWidth, host.clientHeight];
    if (canvas.width !== Math.round(cw * ratio)) [canvas.width, canvas.height] = [cw * ratio, ch * ratio];
    const [cx, cy] = (host.dataset.center ?? '0.5,0.5').split(',').map(Number);
    // The viewer's zoom is relative to the fitted picture, its centre in the picture's fractions.
    const scale = Math.min(cw / width, ch / height) * Number(host.dataset.zoom ?? 1);
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.setTransform(
      scale * ratio,
      0,
      0,
      scale * ratio,
      (cw / 2 - cx * width * scale) * ratio,
      (ch / 2 - cy * height * scale) * ratio,
    );
    context.lineWidth = 2 / scale;
    paths.forEach((path, index) => {
      context.fillStyle = context.strokeStyle = colours[index];
      context.globalAlpha = 0.12;
      context.fill(path);
      context.globalAlpha = 1;
      context.stroke(path);
    });
  };
  new globalThis.MutationObserver(draw).observe(host, {
    attributes: true,
    attributeFilter: ['data-zoom', 'data-center'],
  });
  draw();
}

/**
 * A subject's photo page, once the viewer has drawn the picture sharp and the panel lists its findings; answers the
 * viewer's box on the page.
 */
async function openPhoto(page, { turbineId, mediaId, expected, canvasBoxes }) {
  await page.goto(`/dashboard/turbine/${turbineId}/operator-photos?year=${YEAR}&media=${mediaId}`);
  const viewer = page.locator('[data-testid="deep-zoom"][data-loaded="true"]');
  await viewer.waitFor({ timeout: 60_000 });
  await page
    .getByTestId('findings-count')
    .filter({ hasText: `(${expected})` })
    .waitFor({ timeout: 120_000 });
  await page.locator('[data-testid="deep-zoom"][data-sharp="true"]').waitFor({ timeout: 60_000 });
  if (canvasBoxes) await page.evaluate(drawBoxesOnCanvas, canvasBoxes);
  await sleep(1000);
  return viewer.boundingBox();
}

async function measure(page, client, subject) {
  const box = await openPhoto(page, subject);
  const results = {};
  for (const [name, interact] of [
    ['pan', pan],
    ['zoom', zoom],
  ]) {
    const before = await mainThread(client);
    const frames = await framesDuring(page, () => interact(page, box));
    results[name] = summary(frames, before, await mainThread(client));
    // Let the spring settle and the tiles load before the next interaction.
    await sleep(1500);
  }
  return results;
}

/** CPU seconds per thread name of the Chromium processes under this one (from /proc). */
function chromiumThreadCpu(rootPid) {
  const read = (path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return null;
    }
  };
  const parentOf = new Map();
  const kindOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (!stat) continue;
    parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    const command = read(`/proc/${entry}/cmdline`)?.replaceAll('\0', ' ') ?? '';
    if (!command.includes('chrom')) continue;
    const type = /--type=([\w-]+)/.exec(command);
    kindOf.set(Number(entry), type ? type[1] : 'browser');
  }
  const ours = (pid) => {
    for (let at = pid; at > 1; at = parentOf.get(at) ?? 0) if (at === rootPid) return true;
    return false;
  };
  const seconds = new Map();
  for (const pid of kindOf.keys()) {
    if (!ours(pid)) continue;
    for (const tid of readdirSync(`/proc/${pid}/task`, { withFileTypes: false }).map(String)) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      if (!stat) continue;
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '#');
      const [utime, stime] = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .slice(11, 13)
        .map(Number);
      const key = `${kindOf.get(pid)} ${name}`;
      seconds.set(key, (seconds.get(key) ?? 0) + (utime + stime) / 100);
    }
  }
  return seconds;
}

/**
 * Where the time goes while the overlays are panned (PROFILE=1): a Chrome trace of one pan, its complete events'
 * self time summed by thread and name, the largest first.
 */
async function profile(browser, page, subject) {
  const box = await openPhoto(page, subject);
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'gpu', 'cc', 'viz'],
  });
  const cpuBefore = chromiumThreadCpu(process.pid);
  const panStarted = performance.now();
  await pan(page, box);
  const panSeconds = (performance.now() - panStarted) / 1000;
  const cpuAfter = chromiumThreadCpu(process.pid);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const events = trace.traceEvents ?? trace;
  const threads = new Map();
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name') threads.set(`${event.pid}:${event.tid}`, event.args.name);
  }
  // Self time: a complete event's duration less that of the complete events nested in it on its thread; wall time
  // (`dur`) and the thread's CPU time (`tdur`), which differ when the thread waits or is not scheduled.
  const byThread = new Map();
  for (const event of events) {
    if (event.ph !== 'X' || typeof event.dur !== 'number') continue;
    const key = `${event.pid}:${event.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(event);
  }
  const totals = new Map();
  for (const [key, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const stack = [];
    for (const event of list) {
      while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= event.ts) stack.pop();
      event.self = event.dur;
      event.selfCpu = event.tdur ?? 0;
      const parent = stack.at(-1);
      if (parent) {
        parent.self -= event.dur;
        parent.selfCpu -= event.tdur ?? 0;
      }
      stack.push(event);
    }
    for (const event of list) {
      const name = `${threads.get(key) ?? key} ${event.name}`;
      const total = totals.get(name) ?? { wall: 0, cpu: 0 };
      total.wall += event.self;
      total.cpu += event.selfCpu;
      totals.set(name, total);
    }
  }
  console.log(
    `\nprofile of ${INTERACTION_MS} ms of panning ${subject.expected} findings (self time in ms: wall, CPU):`,
  );
  for (const [name, { wall, cpu }] of [...totals].sort((a, b) => b[1].wall - a[1].wall).slice(0, 16)) {
    console.log(`  ${(wall / 1000).toFixed(0).padStart(7)} ${(cpu / 1000).toFixed(0).padStart(7)}  ${name}`);
  }
  console.log(
    `Chromium's threads' CPU time over the same ${panSeconds.toFixed(1)} s (from /proc, by process and thread):`,
  );
  const spent = [...cpuAfter]
    .map(([name, value]) => [name, value - (cpuBefore.get(name) ?? 0)])
    .filter(([, value]) => value > 0)
    .sort((a, b) => b[1] - a[1]);
  for (const [name, value] of spent.slice(0, 12)) console.log(`  ${value.toFixed(2).padStart(7)} s  ${name}`);
}

const fps = (ms) => 1000 / ms;
const row = (label, r) =>
  `    ${label.padEnd(22)} ${r.fps.toFixed(1).padStart(5)} fps (${r.frames} frames)  median ${r.medianMs.toFixed(1)} ms ` +
  `→ ${fps(r.medianMs).toFixed(1)} fps  p95 ${r.p95Ms.toFixed(1)} ms → ${fps(r.p95Ms).toFixed(1)} fps  ` +
  `${r.events} input events  ${r.drawsPerFrame.toFixed(0)} WebGL draws/frame  main thread busy ${(r.busy * 100).toFixed(0)} % (script ${(r.script * 100).toFixed(0)} %, ` +
  `style+layout ${(r.layout * 100).toFixed(0)} %)`;

await runBenchmark('overlays', async ({ pool, spawnBff }) => {
  if (!existsSync(join(ROOT, 'panel', 'dist', 'index.html'))) throw new Error('build first: pnpm build');
  const loadAtStart = load();
  const bff = await spawnBff({ WORKER: 'inline' });
  const [companyId] = await makeCompanies(pool, 1);
  const email = 'bench.overlays@kanat360.local';
  await makeUser(pool, { role: 'operator', companyId, email });
  const { rows } = await pool.query(
    `INSERT INTO turbines (code, city, location, company_id) VALUES ('OVER-1', 'izmir', 'Aliağa', $1) RETURNING id`,
    [companyId],
  );
  const turbineId = rows[0].id;
  const { bladePhoto } = await import(pathToFileURL(requireFromBff.resolve('@kanat360/demo-media')).href);

  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: bff.baseUrl, viewport: { width: 1440, height: 900 } });
    // Which kinds of canvas context the page makes (a WebGL one would be drawn by the CPU here).
    await context.addInitScript(() => {
      const kinds = new Set();
      const original = globalThis.HTMLCanvasElement.prototype.getContext;
      globalThis.HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
        const result = original.call(this, type, ...rest);
        if (result) kinds.add(type);
        return result;
      };
      globalThis.__contextKinds = () => [...kinds];
      // WebGL draw calls, counted: each one costs the software renderer a pass over its render target.
      globalThis.__draws = 0;
      for (const prototype of [
        globalThis.WebGLRenderingContext.prototype,
        globalThis.WebGL2RenderingContext.prototype,
      ]) {
        for (const name of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced']) {
          const draw = prototype[name];
          if (!draw) continue;
          prototype[name] = function (...args) {
            globalThis.__draws += 1;
            return draw.apply(this, args);
          };
        }
      }
    });
    const page = await signInPage(context, email);

    console.log(`a demo blade photo (${PHOTO.width} × ${PHOTO.height}), uploaded twice as an operator's photo …`);
    const picture = await bladePhoto({ ...PHOTO, seed: 1004, blade: 'A', room: 1 });
    await uploadPhoto(page, turbineId, 'OVERLAYS.JPG', picture);
    await uploadPhoto(page, turbineId, 'BASELINE.JPG', picture);
    for (;;) {
      const { rows: pending } = await pool.query(
        `SELECT count(*)::int AS n FROM media WHERE turbine_id = $1 AND status = 'pending'`,
        [turbineId],
      );
      if (pending[0].n === 0) break;
      await sleep(1000);
    }
    const { rows: media } = await pool.query(
      `SELECT id, original_name, status, width, height FROM media WHERE turbine_id = $1 ORDER BY id`,
      [turbineId],
    );
    const overlays = media.find((item) => item.original_name === 'OVERLAYS.JPG');
    const baseline = media.find((item) => item.original_name === 'BASELINE.JPG');
    if (media.some((item) => item.status !== 'ready')) throw new Error(`photos not ready: ${JSON.stringify(media)}`);

    console.log(`making ${FINDINGS} findings on photo ${overlays.id} through the API, ${CONCURRENCY} at a time …`);
    const token = await login(bff.baseUrl, email);
    const rand = random(14);
    const bodies = Array.from({ length: FINDINGS }, (_, index) => findingBody(overlays.id, index, rand));
    const madeAt = performance.now();
    await bounded(FINDINGS, CONCURRENCY, async (index) => {
      const response = await fetch(`${bff.baseUrl}/api/turbines/${turbineId}/findings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(bodies[index]),
        signal: AbortSignal.timeout(60_000),
      });
      if (response.status !== 201) throw new Error(`finding ${index}: ${response.status} ${await response.text()}`);
    });
    console.log(`  made in ${((performance.now() - madeAt) / 1000).toFixed(1)} s`);

    const client = await context.newCDPSession(page);
    await client.send('Performance.enable');
    const subjects = {
      baseline: { turbineId, mediaId: baseline.id, expected: 0 },
      overlays: { turbineId, mediaId: overlays.id, expected: FINDINGS },
    };
    if (REFERENCE) {
      const boxes = bodies.map((body) => [
        ...body.target.selector.value.slice('xywh=pixel:'.length).split(',').map(Number),
        body.severity,
      ]);
      subjects['2d canvas'] = {
        turbineId,
        mediaId: baseline.id,
        expected: 0,
        canvasBoxes: { boxes, colours: SEVERITY_COLOURS, ...PHOTO },
      };
    }
    const all = Object.fromEntries(Object.keys(subjects).map((name) => [name, { pan: [], zoom: [] }]));
    console.log(
      `\n${ROUNDS} rounds, each photo: ${INTERACTION_MS} ms of panning, then ${INTERACTION_MS} ms of zooming`,
    );
    for (let round = 1; round <= ROUNDS; round += 1) {
      const order = Object.keys(subjects);
      if (round % 2 === 0) order.reverse();
      console.log(`  round ${round}  (load average ${load()})`);
      for (const name of order) {
        const result = await measure(page, client, subjects[name]);
        for (const kind of ['pan', 'zoom']) {
          all[name][kind].push(...result[kind].intervals);
          console.log(row(`${name} ${kind}`, result[kind]));
        }
      }
    }
    if (process.env.PROFILE === '1') await profile(browser, page, subjects.overlays);
    const kinds = await page.evaluate(() => globalThis.__contextKinds());
    const renderer = await page.evaluate(() => {
      const gl = globalThis.document.createElement('canvas').getContext('webgl');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      return gl ? (info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER)) : 'no WebGL';
    });

    console.log(`\nall rounds (median / 5th-percentile frame rate, from the median and 95th-percentile intervals):`);
    const pooled = (intervals) => {
      const sorted = [...intervals].sort((a, b) => a - b);
      return { median: fps(percentile(sorted, 50)), low: fps(percentile(sorted, 95)) };
    };
    let met = true;
    for (const kind of ['pan', 'zoom']) {
      const base = pooled(all.baseline[kind]);
      const over = pooled(all.overlays[kind]);
      const ok = over.median >= TARGET_FPS;
      met &&= ok;
      console.log(
        `  ${kind.padEnd(5)} baseline (0 findings) ${base.median.toFixed(1)} / ${base.low.toFixed(1)} fps, ` +
          `${FINDINGS} findings ${over.median.toFixed(1)} / ${over.low.toFixed(1)} fps: ratio ${(over.median / base.median).toFixed(2)} ` +
          `(5th percentile ${(over.low / base.low).toFixed(2)}); ≥ ${TARGET_FPS} fps: ${ok ? 'target met' : 'target missed'}`,
      );
      if (REFERENCE) {
        const reference = pooled(all['2d canvas'][kind]);
        console.log(
          `        reference: the same boxes on a 2D canvas ${reference.median.toFixed(1)} / ${reference.low.toFixed(1)} fps, ` +
            `ratio ${(reference.median / base.median).toFixed(2)}`,
        );
      }
    }
    console.log(`canvas contexts made: ${kinds.join(', ')}; WebGL renderer: ${renderer}`);
    console.log(
      `load average (1/5/15 min) at start ${loadAtStart}, at end ${load()} (2 cores, shared with other sessions)`,
    );
    console.log(
      `${FINDINGS} findings at ≥ ${TARGET_FPS} fps, panning and zooming: ${met ? 'target met' : 'target missed'}`,
    );
    console.log(bff.log.summary());
  } finally {
    await browser.close();
  }
});
