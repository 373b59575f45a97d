// Benchmark of issue #14 item 9 and issue #21 item 6: 500 turbines × 40 findings. The fleet list's first page
// (GET /api/findings), the CSV export of all 20,000 findings (GET /api/findings/export.csv) and their Excel workbook
// (GET /api/findings/export.xlsx) through the BFF, against a bare node:http server running the same SQL through
// `pg` (the workbook written by exceljs's streaming writer; the BFF writes its own XML), both measured in this run
// with autocannon. Targets: p99 ≤ 1.5× for the list (50 at once), ≤ 2× for each export. The exports stream: the
// BFF's resident memory may grow by 50 MB at most while 50 CSV exports run at once, and while a workbook of the
// 20,000 findings is written (issue #21: one at a time). Ten workbooks at once (XLSX_CONNECTIONS) are measured
// beside them, and the list's load too: what any busy load adds to the process (V8's young generation, shrunk to
// 1 MB by the collection before each measure, grows back to its 16 MB semi-spaces, some 31 MB of RSS).
//
//   pnpm run bench:findings            (builds the BFF first)
//   ONLY=csv CSV_ROUNDS=1 node tests/bench/findings.bench.mjs   (the CSV export alone, one round: a quicker look)
//   ONLY=xlsx XLSX_ROUNDS=1 …                  (the workbook alone: one at a time, then XLSX_CONNECTIONS at once)
//   ONLY=list …                                              (the list's first page alone)
//   BFF_NODE_OPTIONS=--max-old-space-size=160 …             (the BFF's heap capped: does the export still run?)
//   BFF_EXEC_ARGV="--trace-gc --trace-gc-nvp" …   (V8 flags for the BFF, which NODE_OPTIONS refuses: its GC, traced)
//   EXPORT_CONNECTIONS=1 ONLY=csv …                          (the export one at a time: what one export costs)
//   LIVE_HEAP_EVERY_S=5 ONLY=csv …   (a full GC in the BFF every 5 s of the exports: what they really hold, live)
//   PROMOTED_PROFILE=1 ONLY=csv …    (where the exports' garbage that outlives young collections is allocated)
//   node tests/bench/findings.bench.mjs --bare-server   (internal: the baseline server, started as a child)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { findingListQuery } from '@kanat360/contracts';
import {
  formatMs,
  freePort,
  importBff,
  login,
  makeCompanies,
  makeUser,
  measureRoute,
  recordQuery,
  pg,
  requireFromBff,
  runBenchmark,
} from './harness.mjs';

const TURBINES = 500;
const FINDINGS_PER_TURBINE = 40;
const CONNECTIONS = 50;
const EXPORT_CONNECTIONS = Number(process.env.EXPORT_CONNECTIONS ?? CONNECTIONS);
/** A workbook keeps a core busy while it is written (the BFF writes two at once, the rest wait): fewer at once. */
const XLSX_CONNECTIONS = Number(process.env.XLSX_CONNECTIONS ?? 10);
/** Each round is one whole pass: every connection sends one request, all at once (see list-latency.bench.mjs). */
const ROUTES = {
  list: { rounds: 4, requestsPerRound: CONNECTIONS, warmupRequests: CONNECTIONS },
  csv: {
    rounds: Number(process.env.CSV_ROUNDS ?? 2),
    requestsPerRound: EXPORT_CONNECTIONS,
    warmupRequests: Math.min(10, EXPORT_CONNECTIONS),
  },
  xlsx: { rounds: Number(process.env.XLSX_ROUNDS ?? 4), requestsPerRound: 1, warmupRequests: 1 },
  xlsxAtOnce: {
    rounds: Number(process.env.XLSX_ROUNDS ?? 2),
    requestsPerRound: XLSX_CONNECTIONS,
    warmupRequests: Math.min(2, XLSX_CONNECTIONS),
  },
};
const TIME_CAP_MS = 10 * 60 * 1000;
const LOAD = { connections: CONNECTIONS, timeCapMs: TIME_CAP_MS };
const EXPORT_LOAD = { connections: EXPORT_CONNECTIONS, timeCapMs: TIME_CAP_MS };
const XLSX_LOAD = { connections: 1, timeCapMs: TIME_CAP_MS };
const XLSX_AT_ONCE_LOAD = { connections: XLSX_CONNECTIONS, timeCapMs: TIME_CAP_MS };
/** p99 BFF/bare: the list's first page ≤ 1.5× (issue #23 item 4), each export ≤ 2×. */
const LIST_TARGET_RATIO = 1.5;
const EXPORT_TARGET_RATIO = 2;
const TARGET_RSS_GROWTH_MB = 50;

/**
 * The SQL the BFF runs, recorded from its own repository (bff/dist) with a stand-in DataSource: the list's first
 * page (50 findings and the total) and, for the exports, every finding of the company with the names the exports
 * show, in the same order, in one query (the BFF's CSV is written by PostgreSQL, its workbook read in keyset pages
 * of 200; the baseline takes the easy way and reads them at once).
 */
export async function findingQueries(companyId) {
  const { FindingsRepository } = await importBff('findings/findings.repository.js');
  // A company manager's reach: the company's live turbines, drafts included.
  const reach = { tenant: { all: false, companyId }, releasedOnly: false };
  const query = findingListQuery.parse({});
  return {
    list: await recordQuery((dataSource) =>
      new FindingsRepository(dataSource).listPage(reach, query, null, query.limit),
    ),
    export: await recordQuery((dataSource) =>
      new FindingsRepository(dataSource).exportPage(reach, query, null, TURBINES * FINDINGS_PER_TURBINE),
    ),
  };
}

/**
 * The baseline: node:http + a `pg` Pool (as large as the BFF's); JSON for the list, csv-stringify for the CSV, the
 * exceljs streaming writer for the workbook (every row at once, in one plain sheet).
 */
async function bareServer() {
  const { stringify } = requireFromBff('csv-stringify/sync');
  const ExcelJS = requireFromBff('exceljs');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const queries = await findingQueries(Number(process.env.BENCH_COMPANY_ID));
  const routes = {
    '/list': { query: queries.list, type: 'application/json; charset=utf-8' },
    '/csv': { query: queries.export, type: 'text/csv; charset=utf-8' },
    '/xlsx': { query: queries.export, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  };
  const server = createServer((request, response) => {
    const route = routes[request.url];
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    pool
      .query(route.query.text, route.query.params)
      .then(async ({ rows }) => {
        if (request.url === '/xlsx') {
          response.writeHead(200, { 'content-type': route.type });
          const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: response, useSharedStrings: false });
          const sheet = workbook.addWorksheet('Findings');
          sheet.addRow(Object.keys(rows[0] ?? {})).commit();
          for (const row of rows) sheet.addRow(Object.values(row)).commit();
          sheet.commit();
          await workbook.commit();
          return;
        }
        const body =
          request.url === '/csv'
            ? `\ufeff${stringify(rows, { header: true, columns: Object.keys(rows[0] ?? {}), cast: { date: (date) => date.toISOString() } })}`
            : JSON.stringify(rows);
        response.writeHead(200, { 'content-type': route.type, 'content-length': Buffer.byteLength(body) });
        response.end(body);
      })
      .catch((error) => response.writeHead(500).end(String(error)));
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
  process.on('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
  });
}

export async function seed(pool) {
  const [companyId] = await makeCompanies(pool, 1);
  const email = 'manager@bench.kanat360.local';
  const userId = await makeUser(pool, { role: 'company_manager', companyId, email });
  const { rows: turbines } = await pool.query(
    `INSERT INTO turbines (code, city, location, rooms, status, company_id)
     SELECT 'FT-' || lpad(g::text, 4, '0'), 'izmir', 'Saha ' || g, 9, 'active', $1
       FROM generate_series(1, $2::int) g
     RETURNING id`,
    [companyId, TURBINES],
  );
  const turbineIds = turbines.map((turbine) => turbine.id);
  await pool.query(
    `INSERT INTO media (turbine_id, asset_id, storage_key, kind, category, blade, room, year, month, original_name,
                        size, mime, status, width, height, uploaded_by)
     SELECT t, a, 'turbines/' || t || '/photos/' || a || '.jpg', 'photo', 'blade', 'A', 1, 2025, 6, 'DJI_0001.JPG',
            12000000, 'image/jpeg', 'ready', 8192, 5460, $2::int
       FROM (SELECT t, gen_random_uuid() AS a FROM unnest($1::int[]) t) rows`,
    [turbineIds, userId],
  );
  await pool.query(
    `INSERT INTO findings (turbine_id, media_id, media_version, year, blade, surface, zone, internal,
                           distance_from_root_m, extent_m, target, type, severity, action, length_mm, width_mm,
                           description, status, stage, created_by, created_at, updated_at)
     SELECT m.turbine_id, m.id, 1, 2023 + g % 4, (ARRAY['A', 'B', 'C'])[1 + g % 3],
            (ARRAY['leading_edge', 'trailing_edge', 'pressure_side', 'suction_side', 'shear_web', 'root', 'tip'])[1 + g % 7],
            1 + g % 25, g % 4 = 0, 2 + (g % 60) * 0.75, CASE WHEN g % 3 = 0 THEN 0.5 END,
            jsonb_build_object('selector', jsonb_build_object('type', 'FragmentSelector',
              'conformsTo', 'http://www.w3.org/TR/media-frags/',
              'value', 'xywh=pixel:' || (100 + g) || ',' || (200 + g) || ',320,180')),
            (ARRAY['erosion', 'crack', 'delamination', 'lightning', 'hole', 'bond_line', 'coating', 'contamination',
                   'other'])[1 + g % 9],
            1 + g % 5, (ARRAY['none', 'follow_up', 'repair_planned', 'repair_soon', 'stop'])[1 + g % 5],
            20 + g * 3, 5 + g, 'Hücum kenarında aşınma, "tırnak" ve virgül; Şişli ' || g,
            (ARRAY['new', 'monitoring', 'repair_planned', 'repaired', 'closed'])[1 + g % 5],
            CASE WHEN g % 5 = 0 THEN 'draft' ELSE 'released' END, $1::int,
            now() - (m.id * $2::int + g) * interval '1 minute', now() - (m.id * $2::int + g) * interval '1 minute'
       FROM media m, generate_series(1, $2::int) g`,
    [userId, FINDINGS_PER_TURBINE],
  );
  await pool.query('ANALYZE');
  const { rows } = await pool.query(`SELECT count(*)::int AS findings FROM findings`);
  return { email, companyId, findings: rows[0].findings };
}

/** The resident set of a process in bytes, from /proc/<pid>/status. */
function rssBytes(pid) {
  const kiB = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kiB ? Number(kiB[1]) * 1024 : 0;
}

/**
 * The BFF's V8 heap through its inspector (it runs with --inspect on a port of its own): `memory()` answers
 * process.memoryUsage() inside it, `collectGarbage()` runs a full collection. With both, what the exports hold
 * (heap used, and what is left after a collection) is told apart from what V8 merely kept (RSS).
 */
async function inspectorOf(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 0;
  const waiting = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  };
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      nextId += 1;
      waiting.set(nextId, resolve);
      socket.send(JSON.stringify({ id: nextId, method, params }));
    });
  return {
    /** process.memoryUsage(), with each V8 heap space's used bytes as `spaces` (new_space, old_space, …). */
    async memory() {
      const result = await call('Runtime.evaluate', {
        expression: `(() => {
          const spaces = process.getBuiltinModule('v8').getHeapSpaceStatistics();
          return JSON.stringify({
            ...process.memoryUsage(),
            spaces: Object.fromEntries(spaces.map((s) => [s.space_name, s.space_used_size])),
            sizes: Object.fromEntries(spaces.map((s) => [s.space_name, s.space_size])),
          });
        })()`,
        returnByValue: true,
      });
      return JSON.parse(result.result.value);
    },
    collectGarbage: () => call('HeapProfiler.collectGarbage'),
    /**
     * Samples allocations that survive young collections and die in a full one: garbage V8 promoted to its old
     * space, which only a full collection frees. `stop()` answers the functions that allocated most of it.
     */
    async samplePromoted() {
      await call('HeapProfiler.enable');
      await call('HeapProfiler.startSampling', {
        samplingInterval: 16384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: false,
      });
      return {
        async stop() {
          await call('HeapProfiler.collectGarbage');
          const { profile } = await call('HeapProfiler.stopSampling');
          const byFunction = new Map();
          const visit = (node, path) => {
            const frame = node.callFrame;
            const here = frame.functionName || '(anonymous)';
            const where = `${here} ${frame.url.split('/node_modules/').at(-1).split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
            const stack = [...path, where].slice(-3);
            if (node.selfSize > 0) {
              const key = stack.join(' < ');
              byFunction.set(key, (byFunction.get(key) ?? 0) + node.selfSize);
            }
            for (const child of node.children) visit(child, stack);
          };
          visit(profile.head, []);
          return [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 12);
        },
      };
    },
    close: () => socket.close(),
  };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * One route measured against the bare server's, with the BFF's resident set and V8 heap sampled every 100 ms while
 * it runs. Growth is measured from before the route's first request (its warm-up included), after a full collection
 * (which also shrinks V8's young generation to 1 MB): what the route's load adds to the process.
 */
async function measureWithMemory({ bff, inspector, auth, bareUrl, name, path, barePath, route, load }) {
  const peak = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, live: 0, spaces: {}, sizes: {} };
  const liveEveryMs = Number(process.env.LIVE_HEAP_EVERY_S ?? 0) * 1000;
  const sampleRss = () => {
    let busy = false;
    let lastLive = performance.now();
    const timer = setInterval(() => {
      if (bff.child.exitCode !== null || busy) return;
      peak.rss = Math.max(peak.rss, rssBytes(bff.pid));
      busy = true;
      const live = liveEveryMs > 0 && performance.now() - lastLive > liveEveryMs;
      void (live ? inspector.collectGarbage() : Promise.resolve())
        .then(() => inspector.memory())
        .then((memory) => {
          if (live) {
            lastLive = performance.now();
            peak.live = Math.max(peak.live, memory.heapUsed);
          }
          peak.heapUsed = Math.max(peak.heapUsed, memory.heapUsed);
          for (const [space, used] of Object.entries(memory.spaces)) {
            peak.spaces[space] = Math.max(peak.spaces[space] ?? 0, used);
          }
          for (const [space, size] of Object.entries(memory.sizes)) {
            peak.sizes[space] = Math.max(peak.sizes[space] ?? 0, size);
          }
          peak.heapTotal = Math.max(peak.heapTotal, memory.heapTotal);
          peak.external = Math.max(peak.external, memory.external);
        })
        .finally(() => {
          busy = false;
        });
    }, 100);
    return () => clearInterval(timer);
  };
  await inspector.collectGarbage();
  const before = { rss: rssBytes(bff.pid), ...(await inspector.memory()) };
  const promoted = process.env.PROMOTED_PROFILE ? await inspector.samplePromoted() : null;
  Object.assign(peak, { rss: before.rss, heapUsed: before.heapUsed, heapTotal: before.heapTotal });
  const [viaBff, viaBare] = await measureRoute(
    { route, ...ROUTES[name] },
    [
      { label: 'BFF', url: `${bff.baseUrl}${path}`, headers: auth, onRound: sampleRss },
      { label: 'bare SQL through pg', url: `${bareUrl}${barePath}`, headers: {} },
    ],
    load,
  );
  const promotedBy = await promoted?.stop();
  await inspector.collectGarbage();
  const after = { rss: rssBytes(bff.pid), ...(await inspector.memory()) };
  return { viaBff, viaBare, before, peak, after, promotedBy, liveEveryMs };
}

async function main(stack) {
  console.log('Findings: fleet list, CSV and Excel exports (issue #14 item 9, issue #21 item 6)');
  // BFF_NODE_OPTIONS (e.g. --max-old-space-size=160) tells retained memory from a heap that grows because it may.
  const inspectPort = await freePort();
  const bff = await stack.spawnBff({
    NODE_OPTIONS: [process.env.BFF_NODE_OPTIONS, `--inspect=127.0.0.1:${inspectPort}`].filter(Boolean).join(' '),
  });
  const inspector = await inspectorOf(inspectPort);
  const data = await seed(stack.pool);
  const bare = stack.spawnNode([fileURLToPath(import.meta.url), '--bare-server'], {
    DATABASE_URL: stack.databaseUrl,
    BENCH_COMPANY_ID: String(data.companyId),
  });
  const barePort = await new Promise((resolve, reject) => {
    bare.once('message', (message) => resolve(message.port));
    bare.once('exit', (code) => reject(new Error(`the bare server exited with code ${code}`)));
  });
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const token = await login(bff.baseUrl, data.email);
  const auth = { authorization: `Bearer ${token}` };
  console.log(`  data: ${TURBINES} turbines of one company, ${data.findings} findings (${FINDINGS_PER_TURBINE} each)`);
  console.log(
    `  BFF:  node bff/dist/main.js (pid ${bff.pid}), NODE_ENV=production WORKER=off LOG_LEVEL=warn; as the ` +
      `company's manager with a bearer token`,
  );
  console.log(
    `  bare: node:http + pg Pool (max 10) running the SQL of the BFF's repository; the list's rows as JSON, the ` +
      `exports' rows read in one query and written with csv-stringify, or exceljs's streaming writer (pid ${bare.pid})`,
  );
  console.log(
    `  load: autocannon, ${CONNECTIONS} connections (the CSV export: ${EXPORT_CONNECTIONS}, the workbook: 1, then ` +
      `${XLSX_CONNECTIONS}); all traffic on 127.0.0.1; ${cpus().length} cores`,
  );
  console.log('');

  const routes = [
    {
      name: 'list',
      route: `GET /api/findings (first page, ${CONNECTIONS} at once)`,
      path: '/api/findings',
      barePath: '/list',
      load: LOAD,
      target: LIST_TARGET_RATIO,
      rssTarget: null,
    },
    {
      name: 'csv',
      route: `GET /api/findings/export.csv (all, ${EXPORT_CONNECTIONS} at once)`,
      path: '/api/findings/export.csv',
      barePath: '/csv',
      load: EXPORT_LOAD,
      target: EXPORT_TARGET_RATIO,
      rssTarget: TARGET_RSS_GROWTH_MB,
    },
    {
      name: 'xlsx',
      route: 'GET /api/findings/export.xlsx (all, one at a time)',
      path: '/api/findings/export.xlsx',
      barePath: '/xlsx',
      load: XLSX_LOAD,
      target: EXPORT_TARGET_RATIO,
      rssTarget: TARGET_RSS_GROWTH_MB,
    },
    {
      name: 'xlsxAtOnce',
      route: `GET /api/findings/export.xlsx (all, ${XLSX_CONNECTIONS} at once)`,
      path: '/api/findings/export.xlsx',
      barePath: '/xlsx',
      load: XLSX_AT_ONCE_LOAD,
      target: EXPORT_TARGET_RATIO,
      rssTarget: null,
    },
  ].filter(({ name }) => process.env.ONLY === undefined || name.startsWith(process.env.ONLY));
  const results = [];
  for (const { name, route, path, barePath, load, target, rssTarget } of routes) {
    const measured = await measureWithMemory({ bff, inspector, auth, bareUrl, name, path, barePath, route, load });
    results.push({ route, target, rssTarget, ...measured });
  }
  inspector.close();

  console.log('');
  for (const { route, viaBff, viaBare, target, rssTarget, before, peak, after, promotedBy, liveEveryMs } of results) {
    const ratio = viaBff.p99 / viaBare.p99;
    const perRound = viaBff.roundP99.map((p99, round) => `${(p99 / viaBare.roundP99[round]).toFixed(2)}×`);
    console.log(
      `  ${route}: BFF p99 ${formatMs(viaBff.p99)} (p50 ${formatMs(viaBff.p50)}, ${viaBff.rps.toFixed(1)} req/s), ` +
        `bare p99 ${formatMs(viaBare.p99)} (p50 ${formatMs(viaBare.p50)}, ${viaBare.rps.toFixed(1)} req/s)`,
    );
    console.log(
      `    p99 BFF/bare ${ratio.toFixed(2)}× (target ≤ ${target}×): ` +
        `${ratio <= target ? 'target met' : 'target missed'}   (round by round: ${perRound.join(', ')})`,
    );
    const growthMb = (peak.rss - before.rss) / 1024 / 1024;
    const verdict =
      rssTarget === null
        ? '(no target: shown beside the others)'
        : `(target ≤ ${rssTarget} MB): ${growthMb <= rssTarget ? 'target met' : 'target missed'}`;
    console.log(
      `    BFF RSS: ${mb(before.rss)} before, peak ${mb(peak.rss)}, growth ${growthMb.toFixed(1)} MB ${verdict}`,
    );
    console.log(
      `    V8 heap: used ${mb(before.heapUsed)} before (after a full GC), peak ${mb(peak.heapUsed)} ` +
        `(heap size peak ${mb(peak.heapTotal)}, external peak ${mb(peak.external)}); after the load and a full ` +
        `GC: used ${mb(after.heapUsed)}, heap size ${mb(after.heapTotal)}, RSS ${mb(after.rss)}`,
    );
    console.log(
      `    V8 heap spaces, size (what V8 holds) before → peak (peak used): ${Object.entries(peak.sizes)
        .filter(([, size]) => size >= 1024 * 1024)
        .map(([space, size]) => `${space} ${mb(before.sizes[space] ?? 0)} → ${mb(size)} (${mb(peak.spaces[space])})`)
        .join(', ')}`,
    );
    if (promotedBy) {
      console.log('    garbage promoted to the old space during the load (sampled), by where it was allocated:');
      for (const [stack, bytes] of promotedBy) console.log(`    ${mb(bytes).padStart(7)}  ${stack}`);
    }
    if (liveEveryMs > 0) {
      console.log(`    live heap during the load (a full GC every ${liveEveryMs / 1000} s): peak ${mb(peak.live)}`);
    }
  }
  console.log(bff.log.summary());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--bare-server') await bareServer();
  else await runBenchmark('findings', main);
}
