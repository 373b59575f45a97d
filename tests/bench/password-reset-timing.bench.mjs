// Benchmark of issue #22 item 5: whether the answer time of POST /api/auth/password-reset tells an existing account
// from an unknown email. Requests for existing accounts (each account once, so the one-mail-a-minute rule never
// shortens one) and for unknown emails are sent one at a time, interleaved in a random order, so load and warm-up
// hit both alike. Printed per round: the medians of both, their ratio, and the Mann-Whitney U test's z (how far the
// two sets of times are from one distribution; |z| ≥ 3 means the time gives the answer away).
//
//   pnpm run bench:password-reset     (builds the BFF first)
import { importBff, makeCompanies, PASSWORD, runBenchmark } from './harness.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Requests per path and round. */
const PER_PATH = Number(process.env.BENCH_REQUESTS ?? 400);
const WARMUP = 200;
/** |z| below this: the two paths' times are indistinguishable at the 0.3 % level. */
const Z_LIMIT = 3;

async function reset(baseUrl, email) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/auth/password-reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`password reset of ${email} answered ${response.status}`);
  return ms;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Mann-Whitney U of `a` against `b`, as z (normal approximation, ties given their mean rank). */
function mannWhitneyZ(a, b) {
  const all = [...a.map((value) => ({ value, group: 0 })), ...b.map((value) => ({ value, group: 1 }))].sort(
    (x, y) => x.value - y.value,
  );
  let rankSumA = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1].value === all[i].value) j += 1;
    const rank = (i + j + 2) / 2;
    for (let k = i; k <= j; k += 1) if (all[k].group === 0) rankSumA += rank;
    i = j + 1;
  }
  const n1 = a.length;
  const n2 = b.length;
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  return (u - (n1 * n2) / 2) / Math.sqrt((n1 * n2 * (n1 + n2 + 1)) / 12);
}

function shuffled(items) {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

async function main(stack) {
  console.log('Password reset timing (issue #22 item 5)');
  const bff = await stack.spawnBff();
  const accounts = (ROUNDS + 1) * PER_PATH + WARMUP;
  const [companyId] = await makeCompanies(stack.pool, 1);
  // Every account has the same (real) hash: only whether it exists matters here.
  const { hashPassword } = await importBff('auth/passwords.js');
  const hash = await hashPassword(PASSWORD);
  await stack.pool.query(
    `INSERT INTO users (first_name, last_name, email, password_hash, role, company_id, is_active, is_protected, language)
     SELECT 'Bench', 'Reset', 'reset' || g || '@bench.kanat360.local', $1, 'operator', $2, true, false, 'tr'
       FROM generate_series(1, $3::int) g`,
    [hash, companyId, accounts],
  );
  console.log(
    `  BFF: node bff/dist/main.js (pid ${bff.pid}), WORKER=off (jobs are queued, not run), LOG_LEVEL=warn; ` +
      `${accounts} accounts; ${ROUNDS} rounds of ${PER_PATH} requests per path, one at a time, interleaved at random`,
  );
  let next = 0;
  const existing = () => `reset${(next += 1)}@bench.kanat360.local`;
  const unknown = () => `nobody-${crypto.randomUUID()}@bench.kanat360.local`;
  for (let i = 0; i < WARMUP; i += 1) await reset(bff.baseUrl, i % 2 ? existing() : unknown());

  const results = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const times = { existing: [], unknown: [] };
    const order = shuffled([...Array(PER_PATH).fill('existing'), ...Array(PER_PATH).fill('unknown')]);
    for (const path of order) times[path].push(await reset(bff.baseUrl, path === 'existing' ? existing() : unknown()));
    const z = mannWhitneyZ(times.existing, times.unknown);
    const result = { round, existing: median(times.existing), unknown: median(times.unknown), z };
    results.push(result);
    console.log(
      `    round ${round}: median existing ${result.existing.toFixed(2)} ms, unknown ${result.unknown.toFixed(2)} ms ` +
        `(ratio ${(result.existing / result.unknown).toFixed(3)}), Mann-Whitney z = ${z.toFixed(2)}`,
    );
  }
  const worst = Math.max(...results.map((result) => Math.abs(result.z)));
  console.log('');
  console.log(
    `  largest |z| over the rounds: ${worst.toFixed(2)} (target < ${Z_LIMIT}): ` +
      `${worst < Z_LIMIT ? 'target met' : 'target missed'}`,
  );
  console.log(bff.log.summary());
}

await runBenchmark('password-reset', main);
