// Benchmark of issue #3 item 18: the turbine list (2,000 turbines) and the photo list of one turbine (10,000
// photos) through the BFF, against a bare node:http server answering the same SQL's rows through `pg`, both
// measured in this run with autocannon (100 connections, after a warm-up). Target: p99 ≤ 2×.
//
//   pnpm run bench:lists            (builds the BFF first)
//   node tests/bench/list-latency.bench.mjs --bare-server   (internal: the baseline server, started as a child)
import { createServer } from 'node:http';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { photoListQuery } from '@kanat360/contracts';
import {
  formatMs,
  importBff,
  login,
  makeCompanies,
  makeUser,
  measureRoute,
  pg,
  recordQuery,
  runBenchmark,
} from './harness.mjs';

const TURBINES = 2_000;
const COMPANIES = 4;
const PHOTOS_ON_BIG_TURBINE = 10_000;
/** Every other turbine has a few photos too, so the list's photo counts are not all zero. */
const PHOTOS_PER_OTHER_TURBINE = 10;
const CONNECTIONS = 100;
/**
 * With 100 connections in a closed loop an answer waits for the ~99 ahead of it, so one pass over the connections
 * takes 100 service times (seconds for the turbine list, minutes for 10,000 photos on 2 cores): a fixed 10 s window
 * would end before most answers arrive, and drop the slowest. Each round is therefore one whole pass instead (every
 * connection sends one request, all at once), capped in time; rounds alternate BFF and bare, so a change in the
 * machine's load hits both.
 */
const ROUTES = {
  turbines: { rounds: 4, requestsPerRound: CONNECTIONS, warmupRequests: CONNECTIONS },
  photos: { rounds: 4, requestsPerRound: CONNECTIONS, warmupRequests: CONNECTIONS },
};
/** No single load may run longer than this. */
const TIME_CAP_MS = 10 * 60 * 1000;
const LOAD = { connections: CONNECTIONS, timeCapMs: TIME_CAP_MS };
const TARGET_RATIO = 2;

/**
 * The SQL the BFF runs for the two lists, taken from its own classes (bff/dist): each is called once with a stand-in
 * DataSource that records the query instead of running it. The text lives in one place, the turbine list's query and
 * the media repository.
 */
export async function listQueries(turbineId) {
  const { TurbineListQuery } = await importBff('turbines/turbine-list.query.js');
  const { MediaRepository } = await importBff('media/media.repository.js');
  return {
    // A superadmin's scope, no company filter: what GET /api/turbines asks for the superadmin.
    turbines: await recordQuery((dataSource) =>
      new TurbineListQuery(dataSource).list({ all: true }, { readsDrafts: true }, undefined),
    ),
    // The first page GET /api/turbines/{id}/photos?view=all answers (200 photos of the 10,000, and their total).
    photos: await recordQuery((dataSource) =>
      new MediaRepository(dataSource).listPage(turbineId, photoListQuery.parse({ view: 'all' }), null),
    ),
  };
}

/** The baseline: node:http + a `pg` Pool (as large as the BFF's) running the same SQL, rows answered as JSON. */
async function bareServer() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const queries = await listQueries(Number(process.env.BENCH_TURBINE_ID));
  const routes = { '/turbines': queries.turbines, '/photos': queries.photos };
  const server = createServer((request, response) => {
    const query = routes[request.url ?? ''];
    if (!query) {
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
  server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
  process.on('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
  });
}

export async function seed(pool) {
  const companyIds = await makeCompanies(pool, COMPANIES);
  const email = 'superadmin@bench.kanat360.local';
  // The hidden system company (999) is the superadmin's.
  const userId = await makeUser(pool, { role: 'superadmin', companyId: 999, email });
  const { rows: turbines } = await pool.query(
    `INSERT INTO turbines (code, turbine_name, city, location, site_name, coordinates, rooms, status, company_id,
                           created_at)
     SELECT 'BT-' || lpad(g::text, 5, '0'), CASE WHEN g % 3 = 0 THEN 'Kanat ' || g END,
            (ARRAY['izmir', 'çanakkale', 'balıkesir', 'manisa'])[1 + g % 4], 'Saha ' || g, 'Rüzgar Santrali ' || g % 40,
            '38.' || g || ', 26.' || g, 3, 'active', ($1::int[])[1 + g % array_length($1::int[], 1)],
            now() - g * interval '1 minute'
       FROM generate_series(1, $2::int) g
     RETURNING id`,
    [companyIds, TURBINES],
  );
  const bigTurbineId = turbines[0].id;
  const insertPhotos = (turbineIds, perTurbine) =>
    pool.query(
      `INSERT INTO media (turbine_id, asset_id, storage_key, kind, category, blade, room, year, month, original_name,
                          size, mime, status, width, height, captured_at, is_current, uploaded_by, thumb_key,
                          preview_key, tiles_key)
       SELECT t, a, 'turbines/' || t || '/photos/' || a || '.jpg', 'photo', 'blade', (ARRAY['A', 'B', 'C'])[1 + g % 3],
              1 + g % 3, 2018 + g % 8, 1 + g % 12, 'DJI_' || lpad(g::text, 5, '0') || '.JPG', 12000000 + g,
              'image/jpeg', 'ready', 8192, 5460, now() - g * interval '1 hour', true, $3::int,
              'derivatives/' || a || '/thumb.jpg', 'derivatives/' || a || '/preview.jpg',
              'derivatives/' || a || '/tiles/image.dzi'
         FROM (SELECT t, g, gen_random_uuid() AS a FROM unnest($1::int[]) t, generate_series(1, $2::int) g) rows`,
      [turbineIds, perTurbine, userId],
    );
  await insertPhotos([bigTurbineId], PHOTOS_ON_BIG_TURBINE);
  await insertPhotos(
    turbines.slice(1).map((turbine) => turbine.id),
    PHOTOS_PER_OTHER_TURBINE,
  );
  await pool.query('ANALYZE');
  const { rows: counts } = await pool.query(
    `SELECT (SELECT count(*) FROM turbines)::int AS turbines, (SELECT count(*) FROM media)::int AS media`,
  );
  return { email, bigTurbineId, counts: counts[0] };
}

async function main(stack) {
  console.log('List latency (issue #3 item 18)');
  // The BFF applies the migrations as it starts; the rows go in after.
  const bff = await stack.spawnBff();
  const data = await seed(stack.pool);
  const bare = stack.spawnNode([fileURLToPath(import.meta.url), '--bare-server'], {
    DATABASE_URL: stack.databaseUrl,
    BENCH_TURBINE_ID: String(data.bigTurbineId),
  });
  const barePort = await new Promise((resolve, reject) => {
    bare.once('message', (message) => resolve(message.port));
    bare.once('exit', (code) => reject(new Error(`the bare server exited with code ${code}`)));
  });
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const token = await login(bff.baseUrl, data.email);
  const auth = { authorization: `Bearer ${token}` };
  console.log(
    `  data: ${data.counts.turbines} turbines over ${COMPANIES} companies; ${data.counts.media} photos ` +
      `(${PHOTOS_ON_BIG_TURBINE} on turbine ${data.bigTurbineId}, ${PHOTOS_PER_OTHER_TURBINE} on each other one)`,
  );
  console.log(
    `  BFF:  node bff/dist/main.js (pid ${bff.pid}), NODE_ENV=production WORKER=off LOG_LEVEL=warn; ` +
      `as a superadmin with a bearer token (every request looks its session up in PostgreSQL)`,
  );
  console.log(
    `  bare: node:http + pg Pool (max 10, as the BFF's) running the SQL of the BFF's repositories, ` +
      `rows answered with JSON.stringify (pid ${bare.pid})`,
  );
  console.log(
    `  load: autocannon, ${CONNECTIONS} connections, one request each per round (time cap ` +
      `${TIME_CAP_MS / 60_000} min per round); all traffic on 127.0.0.1; ${cpus().length} cores`,
  );
  console.log('');

  const results = [];
  for (const [route, key, bffPath, barePath] of [
    ['GET /api/turbines', 'turbines', '/api/turbines', '/turbines'],
    [
      'GET /api/turbines/{id}/photos?view=all',
      'photos',
      `/api/turbines/${data.bigTurbineId}/photos?view=all`,
      '/photos',
    ],
  ]) {
    const [viaBff, viaBare] = await measureRoute(
      { route, ...ROUTES[key] },
      [
        { label: 'BFF', url: bff.baseUrl + bffPath, headers: auth },
        { label: 'bare SQL through pg', url: bareUrl + barePath, headers: {} },
      ],
      LOAD,
    );
    results.push({ route, viaBff, viaBare, ratio: viaBff.p99 / viaBare.p99 });
  }

  console.log('');
  const header = [
    'route',
    'BFF p99',
    'bare p99',
    'ratio',
    'BFF p50',
    'bare p50',
    'BFF req/s',
    'bare req/s',
    'requests',
  ];
  const rows = results.map(({ route, viaBff, viaBare, ratio }) => [
    route,
    formatMs(viaBff.p99),
    formatMs(viaBare.p99),
    `${ratio.toFixed(2)}×`,
    formatMs(viaBff.p50),
    formatMs(viaBare.p50),
    viaBff.rps.toFixed(1),
    viaBare.rps.toFixed(1),
    `${viaBff.requests} / ${viaBare.requests}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => '  ' + cells.map((cell, column) => cell.padEnd(widths[column])).join('  ');
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
  console.log('');
  for (const { route, ratio, viaBff, viaBare } of results) {
    const verdict = ratio <= TARGET_RATIO ? 'target met' : 'target missed';
    const perRound = viaBff.roundP99.map((p99, round) => `${(p99 / viaBare.roundP99[round]).toFixed(2)}×`);
    console.log(
      `  ${route}: p99 BFF/bare ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×): ${verdict}` +
        `   (round by round: ${perRound.join(', ')})`,
    );
  }
  console.log(bff.log.summary());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--bare-server') await bareServer();
  else await runBenchmark('lists', main);
}
