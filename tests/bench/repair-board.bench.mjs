// Benchmark of issue #24 item 13 (the panel's part): the repairs board's first render with 5,000 repairs over 500
// turbines (bench:repairs' data), in headless Chromium against the built BFF, signed in as the company's manager.
// Measured: from navigation to /dashboard/repairs?view=board until the board is drawn (its column counts add up to
// every repair, its first cards are painted: the board draws from the first page, fetches the others behind it, and
// keeps only the cards in view in the page), and until every card has come in.
// Baseline in the same run: the same board filtered to one turbine (10 repairs: the page, the panel and one fetch
// alone). Target: the first render ≤ 1 s; the ratio to the baseline is printed beside it.
//
//   pnpm run bench:board     (needs a build: pnpm build; BENCH_PORT=50040; ROUNDS=5)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatMs, launchChromium, percentile, ROOT, runBenchmark, signInPage } from './harness.mjs';
import { seedRepairs } from './repairs.bench.mjs';

process.env.BENCH_PORT ??= '50040';
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const TARGET_MS = 1000;

/** The column counts add up to `total` and a card is in the page: what the board shows once drawn. */
function boardDrawn(total) {
  const counts = [...globalThis.document.querySelectorAll('[data-testid^="board-count-"]')];
  const sum = counts.reduce((all, count) => all + Number(count.textContent), 0);
  return sum === total && globalThis.document.querySelector('[data-testid^="board-card-"]') !== null;
}

/** Waits for a frame painted after what is in the page: the first runs before that paint, the second after it. */
const painted = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) =>
        globalThis.requestAnimationFrame(() => globalThis.requestAnimationFrame(() => resolve())),
      ),
  );

/**
 * Opens the board at `path`; answers the ms until it is drawn (every column counted, its first cards painted) and
 * until every card has come in (no page left to fetch).
 */
async function firstRender(page, path, total) {
  const started = Date.now();
  await page.goto(path);
  await page.waitForFunction(boardDrawn, total, { timeout: 120_000, polling: 'raf' });
  await painted(page);
  const drawn = Date.now() - started;
  await page.waitForFunction(() => globalThis.document.querySelector('[data-testid="board-loading"]') === null, null, {
    timeout: 120_000,
    polling: 'raf',
  });
  await painted(page);
  return { drawn, complete: Date.now() - started };
}

await runBenchmark('repair-board', async ({ pool, spawnBff }) => {
  if (!existsSync(join(ROOT, 'panel', 'dist', 'index.html'))) throw new Error('build first: pnpm build');
  const bff = await spawnBff({ WORKER: 'off' });
  console.log('seeding 5,000 repairs over 500 turbines …');
  const data = await seedRepairs(pool);
  const oneTurbine = data.turbineIds[0];
  const { rows } = await pool.query(
    `SELECT count(*)::int AS every, count(*) FILTER (WHERE turbine_id = $1)::int AS one FROM repair_work_orders`,
    [oneTurbine],
  );
  const boards = [
    {
      name: `baseline (1 turbine, ${rows[0].one} repairs)`,
      path: `/dashboard/repairs?view=board&turbine=${oneTurbine}`,
      total: rows[0].one,
    },
    { name: `${rows[0].every} repairs`, path: '/dashboard/repairs?view=board', total: rows[0].every },
  ];

  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: bff.baseUrl, viewport: { width: 1440, height: 900 } });
    const page = await signInPage(context, data.email);
    // Warm the browser's cache of the panel's files and the BFF alike for both boards.
    for (const board of boards) await firstRender(page, board.path, board.total);
    const times = new Map(boards.map((board) => [board.name, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternating, so a change in the machine's load hits both.
      for (const board of boards) times.get(board.name).push(await firstRender(page, board.path, board.total));
    }
    console.log('');
    console.log('| board | drawn: p50 / max | every card in: p50 / max | rounds (drawn / every card in) |');
    console.log('| --- | ---: | ---: | --- |');
    const medians = [];
    for (const [name, list] of times) {
      const drawn = list.map((run) => run.drawn).sort((a, b) => a - b);
      const complete = list.map((run) => run.complete).sort((a, b) => a - b);
      medians.push({ drawn: percentile(drawn, 50), complete: percentile(complete, 50) });
      console.log(
        `| ${name} | ${formatMs(percentile(drawn, 50))} / ${formatMs(drawn.at(-1))} | ` +
          `${formatMs(percentile(complete, 50))} / ${formatMs(complete.at(-1))} | ` +
          `${list.map((run) => `${formatMs(run.drawn)} / ${formatMs(run.complete)}`).join(', ')} |`,
      );
    }
    const [base, full] = medians;
    console.log('');
    console.log(
      `first render with every repair: ${formatMs(full.drawn)} (${(full.drawn / base.drawn).toFixed(2)}× the ` +
        `one-turbine board), every card in after ${formatMs(full.complete)}: ` +
        `${full.drawn <= TARGET_MS ? 'target met' : 'target missed'} (first render ≤ ${formatMs(TARGET_MS)})`,
    );
    console.log(`load: ${execFileSync('uptime').toString().trim()}`);
  } finally {
    await browser.close();
  }
});
