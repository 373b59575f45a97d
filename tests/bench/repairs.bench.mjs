// Benchmark of issue #24 item 13 (the server's part): 5,000 repairs over 500 turbines. The fleet list's first page
// (GET /api/repairs: 50 repairs with their findings, photos, people and the total) through the BFF, against a bare
// node:http server running the same SQL through `pg`, both measured in this run with autocannon (50 connections).
// Target: p99 ≤ 1.5×. `seedRepairs` is the data generator the panel's board measurement reuses (the board's first
// render with 5,000 repairs is the panel's half of item 13).
//
//   pnpm run bench:repairs            (builds the BFF first)
//   ROUNDS=8 node tests/bench/repairs.bench.mjs          (more rounds: a steadier p99 on a busy machine)
//   node tests/bench/repairs.bench.mjs --bare-server     (internal: the baseline server, started as a child)
import { createServer } from 'node:http';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { repairDay, repairListQuery } from '@kanat360/contracts';
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
  runBenchmark,
} from './harness.mjs';

const TURBINES = 500;
const REPAIRS_PER_TURBINE = 10;
const CONNECTIONS = 50;
const ROUTE = { rounds: Number(process.env.ROUNDS ?? 4), requestsPerRound: CONNECTIONS, warmupRequests: CONNECTIONS };
const LOAD = { connections: CONNECTIONS, timeCapMs: 10 * 60 * 1000 };
const TARGET_RATIO = 1.5;

/**
 * The SQL of the list's first page as the BFF runs it for a company manager (the company's live turbines, drafts
 * included), recorded from its own repository (bff/dist) with a stand-in DataSource.
 */
export async function repairListQueryText(companyId, userId) {
  const { RepairWorkOrdersRepository } = await importBff('repairs/repair-work-orders.repository.js');
  const reach = { tenant: { all: false, companyId }, releasedOnly: false, userId };
  const query = repairListQuery.parse({});
  return recordQuery((dataSource) =>
    new RepairWorkOrdersRepository(dataSource).listPage(reach, query, repairDay(new Date()), null, query.limit),
  );
}

/** The baseline: node:http + a `pg` Pool as large as the BFF's, the page's rows as JSON. */
async function bareServer() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const query = await repairListQueryText(Number(process.env.BENCH_COMPANY_ID), Number(process.env.BENCH_USER_ID));
  const server = createServer((request, response) => {
    if (request.url !== '/list') {
      response.writeHead(404).end();
      return;
    }
    pool.query(query.text, query.params).then(
      ({ rows }) => {
        const body = JSON.stringify(rows);
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
      },
      (error) => response.writeHead(500).end(String(error)),
    );
  });
  server.listen(Number(process.env.BENCH_BARE_PORT), '127.0.0.1', () =>
    process.send?.({ port: server.address().port }),
  );
  process.on('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
  });
}

/**
 * 5,000 repairs (by default) over 500 turbines of one company, in SQL: each over one or two findings of its turbine
 * (of every blade, type and severity, marked on the turbine's photo), in every status as a fleet's board holds them
 * (most open, a tenth overdue), the done and verified ones with an after-repair photo; assigned to the company's
 * operator or nobody. Answers the manager's email (password: the harness's PASSWORD) and the ids a caller needs.
 */
export async function seedRepairs(pool, { turbines = TURBINES, perTurbine = REPAIRS_PER_TURBINE } = {}) {
  const [companyId] = await makeCompanies(pool, 1);
  const email = 'manager@bench.kanat360.local';
  const userId = await makeUser(pool, { role: 'company_manager', companyId, email });
  const crewId = await makeUser(pool, { role: 'operator', companyId, email: 'crew@bench.kanat360.local' });
  const { rows: made } = await pool.query(
    `INSERT INTO turbines (code, city, location, rooms, status, company_id)
     SELECT 'RT-' || lpad(g::text, 4, '0'), 'izmir', 'Saha ' || g, 9, 'active', $1
       FROM generate_series(1, $2::int) g
     RETURNING id`,
    [companyId, turbines],
  );
  const turbineIds = made.map((turbine) => turbine.id);
  // A blade photo per turbine (the findings' "before") and an after-repair photo per turbine.
  await pool.query(
    `INSERT INTO media (turbine_id, asset_id, storage_key, kind, category, blade, room, year, month, original_name,
                        size, mime, status, width, height, uploaded_by, thumb_key, preview_key, tiles_key)
     SELECT t, a, 'turbines/' || t || '/' || c || '/' || a || '.jpg', 'photo', c, 'A', 1, y, 6,
            upper(c) || '_0001.JPG', 12000000, 'image/jpeg', 'ready', 8192, 5460, $2::int,
            'd/' || a || '/thumb.jpg', 'd/' || a || '/preview.jpg', 'd/' || a || '/tiles/image.dzi'
       FROM (SELECT t, c, y, gen_random_uuid() AS a
               FROM unnest($1::int[]) t, (VALUES ('blade', 2025), ('repair', 2026)) kinds(c, y)) rows`,
    [turbineIds, userId],
  );
  // Two findings per repair slot; the odd ones of each pair join the repair only on every third repair.
  await pool.query(
    `INSERT INTO findings (turbine_id, media_id, media_version, year, blade, surface, zone, distance_from_root_m,
                           target, type, severity, action, status, stage, created_by)
     SELECT m.turbine_id, m.id, 1, 2025, 'A',
            (ARRAY['leading_edge', 'trailing_edge', 'pressure_side', 'suction_side'])[1 + g % 4], 1 + g % 25,
            2 + (g % 60) * 0.75,
            jsonb_build_object('selector', jsonb_build_object('type', 'FragmentSelector',
              'conformsTo', 'http://www.w3.org/TR/media-frags/', 'value', 'xywh=pixel:' || (100 + g) || ',200,320,180')),
            (ARRAY['erosion', 'crack', 'delamination', 'lightning', 'hole', 'bond_line', 'coating'])[1 + g % 7],
            1 + g % 5, 'repair_planned', 'new', CASE WHEN g % 11 = 0 THEN 'draft' ELSE 'released' END, $2::int
       FROM media m, generate_series(1, $1::int * 2) g
      WHERE m.category = 'blade'`,
    [perTurbine, userId],
  );
  // Each turbine's repairs: statuses in a board's proportions, due dates around today (a tenth overdue).
  await pool.query(
    `INSERT INTO repair_work_orders (turbine_id, title, method, priority, status, assignee_id, due_date, window_start,
                                     window_end, estimated_cost, actual_cost, currency, labour_hours, note,
                                     completed_at, completed_by, verified_at, verified_by, created_by, created_at,
                                     updated_at)
     SELECT t, 'Onarım ' || t || '-' || g, (ARRAY['coating', 'filler', 'laminate', 'leading_edge_protection'])[1 + g % 4],
            1 + g % 5, s.status, CASE WHEN g % 3 = 0 THEN NULL ELSE $2::int END,
            CASE WHEN g % 10 = 0 THEN current_date - 5 ELSE current_date + g * 3 END,
            CASE WHEN s.status IN ('scheduled', 'in_progress', 'done', 'verified') THEN now() + g * interval '1 day' END,
            CASE WHEN s.status IN ('scheduled', 'in_progress', 'done', 'verified') THEN now() + (g + 1) * interval '1 day' END,
            10000 + g * 500, CASE WHEN s.status IN ('done', 'verified') THEN 9000 + g * 450 END,
            (ARRAY['TRY', 'TRY', 'EUR', 'USD'])[1 + g % 4], CASE WHEN s.status IN ('done', 'verified') THEN 6 END,
            CASE WHEN s.status IN ('done', 'verified') THEN 'Onarım tamamlandı, kaplama yenilendi.' END,
            CASE WHEN s.status IN ('done', 'verified') THEN now() - interval '2 days' END,
            CASE WHEN s.status IN ('done', 'verified') THEN $2::int END,
            CASE WHEN s.status = 'verified' THEN now() - interval '1 day' END,
            CASE WHEN s.status = 'verified' THEN $3::int END,
            $3::int, now() - (t * $4::int + g) * interval '1 minute', now() - (t * $4::int + g) * interval '1 minute'
       FROM unnest($1::int[]) t, generate_series(1, $4::int) g,
            LATERAL (SELECT (ARRAY['planned', 'planned', 'scheduled', 'scheduled', 'in_progress', 'in_progress',
                                   'done', 'verified', 'verified', 'cancelled'])[1 + g % 10] AS status) s`,
    [turbineIds, crewId, userId, perTurbine],
  );
  // The findings of each repair: the n-th repair of a turbine takes its turbine's findings 2n-1 (and 2n every third).
  await pool.query(
    `WITH r AS (SELECT id, turbine_id, status, row_number() OVER (PARTITION BY turbine_id ORDER BY id) AS n
                  FROM repair_work_orders),
          f AS (SELECT id, turbine_id, row_number() OVER (PARTITION BY turbine_id ORDER BY id) AS n FROM findings)
     INSERT INTO repair_findings (repair_id, finding_id, previous_status, active)
     SELECT r.id, f.id, 'new', r.status NOT IN ('verified', 'cancelled')
       FROM r JOIN f ON f.turbine_id = r.turbine_id AND (f.n = 2 * r.n - 1 OR (f.n = 2 * r.n AND r.n % 3 = 0))`,
  );
  await pool.query(
    `UPDATE findings f SET status = CASE w.status WHEN 'done' THEN 'repaired' WHEN 'verified' THEN 'closed'
                                                  WHEN 'cancelled' THEN 'new' ELSE 'repair_planned' END
       FROM repair_findings rf JOIN repair_work_orders w ON w.id = rf.repair_id
      WHERE rf.finding_id = f.id`,
  );
  await pool.query(
    `INSERT INTO repair_media (repair_id, media_id, position)
     SELECT w.id, m.id, 0 FROM repair_work_orders w JOIN media m ON m.turbine_id = w.turbine_id AND m.category = 'repair'
      WHERE w.status IN ('done', 'verified')`,
  );
  await pool.query('ANALYZE');
  const { rows } = await pool.query(
    `SELECT count(*)::int AS repairs, (SELECT count(*)::int FROM repair_findings) AS links FROM repair_work_orders`,
  );
  return { email, companyId, userId, turbineIds, repairs: rows[0].repairs, links: rows[0].links };
}

async function main(stack) {
  console.log('Repairs: the fleet list (issue #24 item 13)');
  const bff = await stack.spawnBff();
  const data = await seedRepairs(stack.pool);
  const bare = stack.spawnNode([fileURLToPath(import.meta.url), '--bare-server'], {
    BENCH_BARE_PORT: String(await freePort()),
    DATABASE_URL: stack.databaseUrl,
    BENCH_COMPANY_ID: String(data.companyId),
    BENCH_USER_ID: String(data.userId),
  });
  const barePort = await new Promise((resolve, reject) => {
    bare.once('message', (message) => resolve(message.port));
    bare.once('exit', (code) => reject(new Error(`the bare server exited with code ${code}`)));
  });
  const token = await login(bff.baseUrl, data.email);
  console.log(
    `  data: ${TURBINES} turbines of one company, ${data.repairs} repairs (${REPAIRS_PER_TURBINE} each, every status), ` +
      `${data.links} repair findings`,
  );
  console.log(
    `  BFF:  node bff/dist/main.js (pid ${bff.pid}), NODE_ENV=production WORKER=off LOG_LEVEL=warn; as the ` +
      `company's manager with a bearer token`,
  );
  console.log(
    `  bare: node:http + pg Pool (max 10) running the SQL of the BFF's repository, the rows as JSON (pid ${bare.pid})`,
  );
  console.log(`  load: autocannon, ${CONNECTIONS} connections; all traffic on 127.0.0.1; ${cpus().length} cores`);
  console.log('');
  const [viaBff, viaBare] = await measureRoute(
    { route: 'GET /api/repairs (first page)', ...ROUTE },
    [
      { label: 'BFF', url: `${bff.baseUrl}/api/repairs`, headers: { authorization: `Bearer ${token}` } },
      { label: 'bare SQL through pg', url: `http://127.0.0.1:${barePort}/list`, headers: {} },
    ],
    LOAD,
  );
  const ratio = viaBff.p99 / viaBare.p99;
  const perRound = viaBff.roundP99.map((p99, round) => `${(p99 / viaBare.roundP99[round]).toFixed(2)}×`);
  console.log('');
  console.log(
    `  GET /api/repairs: BFF p99 ${formatMs(viaBff.p99)} (p50 ${formatMs(viaBff.p50)}, ${viaBff.rps.toFixed(1)} req/s), ` +
      `bare p99 ${formatMs(viaBare.p99)} (p50 ${formatMs(viaBare.p50)}, ${viaBare.rps.toFixed(1)} req/s)`,
  );
  console.log(
    `    p99 BFF/bare ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×): ` +
      `${ratio <= TARGET_RATIO ? 'target met' : 'target missed'}   (round by round: ${perRound.join(', ')})`,
  );
  console.log(bff.log.summary());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--bare-server') await bareServer();
  else await runBenchmark('repairs', main);
}
