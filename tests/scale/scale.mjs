// Scale-out, proven on one machine with real parts (issue 15): a PostgreSQL server reached only through
// DATABASE_URL, an S3-protocol server (s3rver) reached only through S3_*, SMTP (smtp-server), two BFF replicas
// (WORKER=off) and a worker (WORKER=only), each a process of its own, behind Debian's haproxy (deploy/haproxy.cfg,
// checking /api/health/ready), with Debian's nginx in front serving the site and panel from their build output as a
// CDN would (deploy/nginx-kanat360.conf.template) and forwarding /api to haproxy. Loopback only.
//
//   pnpm test:scale            the full run: 200 readers and 10 uploaders for 60 s, with the faults
//   pnpm test:scale --short    what `npm test` runs: the same scenarios, 50 readers, 4 uploaders, 25 s
//
// It prints its figures and exits non-zero when a target is missed: every cross-replica step works, the derivative
// job runs once in the worker, the mail goes out once, the turbine delete cascades once; under load no request
// fails but uploads during the store's outage (with a clear code), requests in flight on the stopped replica are
// answered, the job cut off by `kill -9` is done exactly once, 0 confirmed uploads are lost, 0 orphans after the sweep.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDebianPackages, SCALE_BINARIES } from '../../scripts/debian-packages.mjs';
import { freePort, importBff, makeCompanies, makeUser, PASSWORD, pg, requireFromBff, ROOT } from '../bench/harness.mjs';

const SHORT = process.argv.includes('--short');
const PROFILE = SHORT
  ? { readers: 50, uploaders: 4, loadSeconds: 25, sigtermAt: 3, killAt: 7, s3OutageAt: 11, settleSeconds: 150 }
  : { readers: 200, uploaders: 10, loadSeconds: 60, sigtermAt: 10, killAt: 25, s3OutageAt: 38, settleSeconds: 300 };
const S3_OUTAGE_SECONDS = 10;
/** A user pauses between photos; it also keeps the derivative backlog within what one worker makes. */
const UPLOAD_PAUSE_MS = SHORT ? 800 : 1500;
const HOST = '127.0.0.1';
const METRICS_TOKEN = randomBytes(24).toString('hex');
const SUPERADMIN = { email: 'root@scale.kanat360.local', password: 'scale-root-password-7' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const started = performance.now();
const clock = () => ((performance.now() - started) / 1000).toFixed(1).padStart(6);
const say = (message) => console.log(`[scale ${clock()} s] ${message}`);

const failures = [];
/** A target: printed either way, and the run fails when it is missed. */
function target(ok, what) {
  console.log(`  ${ok ? 'ok    ' : 'MISSED'} ${what}`);
  if (!ok) failures.push(what);
}

// ---------------------------------------------------------------------------------------------------------------
// The parts

ensureDebianPackages(SCALE_BINARIES, {
  why: 'the scale test',
  log: say,
  fail: (message) => {
    console.error(message);
    process.exit(1);
  },
});
// A fresh clone builds everything once; after that the BFF is rebuilt each run (a second or two with SWC), the site
// and panel (only files here, served by nginx) when `pnpm build` runs. SCALE_BUILT: the caller built it all (check).
if (process.env.SCALE_BUILT !== 'true') {
  const fresh = ['bff/dist/main.js', 'site/dist/index.html', 'panel/dist/index.html'].some(
    (output) => !existsSync(join(ROOT, output)),
  );
  // The pnpm that runs this script (a native binary or a script for Node), else the one on PATH.
  const execPath = process.env.npm_execpath;
  const pnpm = !execPath ? ['pnpm'] : /\.[cm]?js$/.test(execPath) ? [process.execPath, execPath] : [execPath];
  const args = fresh ? ['run', 'build'] : ['--filter', '@kanat360/bff', 'run', 'build'];
  say(fresh ? 'building everything (a fresh clone)' : 'building the BFF');
  const built = spawnSync(pnpm[0], [...pnpm.slice(1), ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) {
    console.error(`the build failed (${built.error?.message ?? `exit ${built.status}`})`);
    process.exit(1);
  }
}

function readdirSafe(path) {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

const work = mkdtempSync(join(tmpdir(), 'kanat360-scale-'));
// As root, PostgreSQL runs as its own user, which must be able to enter the folder.
chmodSync(work, 0o755);
const children = new Set();
let postgres;
let pool;
let s3;
let smtp;

async function cleanUp() {
  const running = [...children].filter((child) => child.exitCode === null && child.signalCode === null);
  // SIGTERM first, SIGKILL for what is still up after 5 s: killed outright, nginx's master would leave its workers
  // running, orphaned, after every run.
  for (const child of running) child.kill('SIGTERM');
  await Promise.race([
    Promise.all(running.map((child) => child.exited)),
    new Promise((resolve) => setTimeout(resolve, 5000)),
  ]);
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await pool?.end().catch(() => undefined);
  await postgres?.stop().catch(() => undefined);
  await s3?.close().catch(() => undefined);
  smtp?.close();
  rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** A child process whose output goes to a log file of the run (printed when the run fails). */
function spawnLogged(name, command, args, env) {
  const log = createWriteStream(join(work, `${name}.log`), { flags: 'a' });
  const child = spawn(command, args, { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  children.add(child);
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return child;
}

function logTail(name, lines = 30) {
  try {
    return readFileSync(join(work, `${name}.log`), 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitFor(check, what, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

async function main() {
  // PostgreSQL: a server process of its own on its own port; everything else reaches it through DATABASE_URL.
  const { startEmbeddedPostgres } = await importBff('database/embedded-postgres.js');
  postgres = await startEmbeddedPostgres(work);
  pool = new pg.Pool({ connectionString: postgres.url, max: 4 });
  // An idle connection that PostgreSQL ends (its shutdown at the end, 57P01) must not crash the test: the pool drops
  // it and opens another when asked. Anything else is worth a line.
  pool.on('error', (error) => {
    if (error.code !== '57P01') say(`test's PostgreSQL connection lost: ${error.message}`);
  });
  say(`PostgreSQL on ${new URL(postgres.url).port}`);

  // S3: s3rver with S3's behaviour where the app relies on it (bff/test/s3rver.ts), and a switch that makes it answer
  // 500 InternalError to everything, as a store in trouble does.
  const { startS3rver } = await import(pathToFileURL(join(ROOT, 'bff/test/s3rver.ts')).href);
  let s3Failing = false;
  s3 = await startS3rver({
    inFront: async (ctx, next) => {
      if (!s3Failing) return next();
      ctx.status = 500;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code>' +
        '<Message>We encountered an internal error. Please try again.</Message></Error>';
    },
  });
  say(`s3rver on ${s3.endpoint}`);

  // SMTP: every message is counted by recipient.
  const { SMTPServer } = requireFromBff('smtp-server');
  const mails = [];
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()) });
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, HOST, resolve));
  const smtpPort = smtp.server.address().port;

  const lbPort = await freePort();
  const edgePort = await freePort();
  const edge = `http://${HOST}:${edgePort}`;
  const shared = {
    NODE_ENV: 'production',
    DATABASE_URL: postgres.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...s3.env,
    SMTP_URL: `smtp://${HOST}:${smtpPort}`,
    PUBLIC_URL: edge,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'loopback',
    METRICS_TOKEN,
    LOG_LEVEL: 'warn',
    DATA_DIR: join(work, 'bff-data'),
    HOST,
  };

  function cli(args) {
    const result = spawnSync(process.execPath, [join(ROOT, 'bff/dist/cli.js'), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...shared },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`cli ${args[0]} failed:\n${result.stdout}${result.stderr}`);
    return result.stdout.trim();
  }

  // Migrations once, before any replica starts (the README's order), then the first superadmin.
  say(`cli migrate: ${cli(['migrate'])}`);
  say(
    `cli create-superadmin: ${cli(['create-superadmin', '--email', SUPERADMIN.email, '--password', SUPERADMIN.password, '--first-name', 'Scale', '--last-name', 'Root'])}`,
  );

  /** A BFF process (`node bff/dist/main.js`) on its own port; answers once it is up. */
  class Bff {
    constructor(name, settings) {
      this.name = name;
      this.settings = settings;
    }

    get base() {
      return `http://${HOST}:${this.port}`;
    }

    async start() {
      this.port ??= await freePort();
      this.child = spawnLogged(this.name, process.execPath, [join(ROOT, 'bff/dist/main.js')], {
        ...shared,
        ...this.settings,
        PORT: String(this.port),
      });
      const path = this.settings.WORKER === 'only' ? '/api/health' : '/api/health/ready';
      await waitFor(
        async () => {
          if (this.child.exitCode !== null) throw new Error('exited');
          return (await fetch(this.base + path, { signal: AbortSignal.timeout(2000) })).ok;
        },
        `${this.name} to start`,
        120_000,
      ).catch((error) => {
        throw new Error(`${error.message}\n${logTail(this.name)}`);
      });
      return this;
    }

    /** Its metrics (Prometheus text). */
    async metrics() {
      const response = await fetch(`${this.base}/api/metrics`, {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      if (!response.ok) throw new Error(`${this.name} metrics answered ${response.status}`);
      return response.text();
    }
  }

  /** One series' value in Prometheus text; 0 when absent. */
  function sample(text, series) {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  }
  const jobsDone = (text, queue) =>
    sample(text, `kanat360_job_duration_seconds_count{queue="${queue}",outcome="completed"}`);

  const replicas = [
    new Bff('replica1', { WORKER: 'off', SHUTDOWN_DRAIN_SECONDS: '4' }),
    new Bff('replica2', { WORKER: 'off', SHUTDOWN_DRAIN_SECONDS: '4' }),
  ];
  const worker = new Bff('worker', { WORKER: 'only' });
  await Promise.all([...replicas, worker].map((process) => process.start()));
  say(`replicas on ${replicas.map((replica) => replica.port).join(' and ')}, worker (WORKER=only) on ${worker.port}`);

  // haproxy, with the repository's file as it is; its settings from the environment.
  const haproxy = spawnLogged(
    'haproxy',
    SCALE_BINARIES.haproxy.find((path) => existsSync(path)),
    ['-f', join(ROOT, 'deploy/haproxy.cfg'), '-db'],
    {
      KANAT360_LB_BIND: `${HOST}:${lbPort}`,
      KANAT360_REPLICA_1: `${HOST}:${replicas[0].port}`,
      KANAT360_REPLICA_2: `${HOST}:${replicas[1].port}`,
    },
  );

  // nginx: the repository's template filled in as envsubst would, inside a main file of the run's own.
  const nginxDir = join(work, 'nginx');
  mkdirSync(nginxDir, { recursive: true });
  const filled = readFileSync(join(ROOT, 'deploy/nginx-kanat360.conf.template'), 'utf8').replace(
    /\$\{(KANAT360_[A-Z_]+)\}/g,
    (_, name) =>
      ({
        KANAT360_LISTEN: `${HOST}:${edgePort}`,
        KANAT360_SITE_DIR: join(ROOT, 'site/dist'),
        KANAT360_PANEL_DIR: join(ROOT, 'panel/dist'),
        KANAT360_API_ORIGIN: `${HOST}:${lbPort}`,
        KANAT360_BUCKET_ORIGIN: s3.endpoint,
      })[name] ?? `\${${name}}`,
  );
  writeFileSync(join(nginxDir, 'kanat360.conf'), filled);
  writeFileSync(
    join(nginxDir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 2;',
      `pid ${nginxDir}/nginx.pid;`,
      `error_log ${nginxDir}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${nginxDir}/${kind};`),
      `  include ${nginxDir}/kanat360.conf;`,
      '}',
    ].join('\n'),
  );
  const nginxBinary = SCALE_BINARIES.nginx.find((path) => existsSync(path));
  const nginxCheck = spawnSync(
    nginxBinary,
    ['-t', '-p', nginxDir, '-e', join(nginxDir, 'error.log'), '-c', join(nginxDir, 'nginx.conf')],
    {
      encoding: 'utf8',
    },
  );
  if (nginxCheck.status !== 0) throw new Error(`nginx refused its configuration:\n${nginxCheck.stderr}`);
  spawnLogged(
    'nginx',
    nginxBinary,
    ['-p', nginxDir, '-e', join(nginxDir, 'error.log'), '-c', join(nginxDir, 'nginx.conf')],
    {},
  );

  // Both replicas in rotation: haproxy has seen each answer its readiness check.
  const seen = new Set();
  await waitFor(
    async () => {
      if (haproxy.exitCode !== null) throw new Error('haproxy exited');
      const response = await fetch(`${edge}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) seen.add(response.headers.get('x-kanat360-replica'));
      return seen.size === 2;
    },
    'both replicas in rotation behind haproxy',
    30_000,
  ).catch((error) => {
    throw new Error(`${error.message}\n${logTail('haproxy')}\n${logTail('nginx')}`);
  });
  say(`nginx (site, panel, /api → haproxy) on ${edgePort}; haproxy on ${lbPort} with ${[...seen].join(', ')} ready`);

  // ---------------------------------------------------------------------------------------------------------------
  // Calls through the edge

  /** A call through nginx → haproxy → a replica: status, body, and which replica answered. */
  async function api(method, path, { auth, body, headers = {}, timeoutMs = 30_000 } = {}) {
    const sent = { ...headers };
    if (auth?.token) sent.Authorization = `Bearer ${auth.token}`;
    if (auth?.cookie) {
      sent.Cookie = auth.cookie;
      if (method !== 'GET') sent['X-XSRF-TOKEN'] = auth.xsrf;
    }
    if (body !== undefined) sent['Content-Type'] = 'application/json';
    const response = await fetch(edge + path, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    const text = await response.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return {
      status: response.status,
      body: json,
      text,
      headers: response.headers,
      replica: response.headers.get('x-kanat360-replica'),
    };
  }

  /**
   * Makes the next call land on `replica`: haproxy takes turns, so after a call answered by the other one the next
   * goes to this one. Only a harmless GET is spent on it; the call itself is checked to have landed there.
   */
  async function onReplica(replica, call) {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const probe = await api('GET', '/api/health');
      if (probe.replica !== replica) break;
    }
    const reply = await call();
    if (reply.replica !== replica) throw new Error(`expected ${replica} to answer, ${reply.replica} did`);
    return reply;
  }

  async function signIn(email, password) {
    const reply = await api('POST', '/api/auth/login', { body: { email, password } });
    if (reply.status !== 200) throw new Error(`sign-in of ${email}: ${reply.status} ${reply.text}`);
    const pairs = reply.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
    const xsrf = decodeURIComponent(pairs.find((pair) => pair.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
    return { reply, token: reply.body.token, cookie: pairs.join('; '), xsrf };
  }

  const sharp = requireFromBff('sharp');
  /** A JPEG of camera-like noise (so derivatives have real work), different for each seed. */
  function photo(width, height, seed) {
    return sharp({
      create: {
        width,
        height,
        channels: 3,
        background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: 140 },
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
  }

  /** Presign on one call, PUT straight to the store, confirm on another: the direct upload of one photo. */
  async function directUpload(auth, turbineId, bytes, name, { presignOn, confirmOn } = {}) {
    const presign = () =>
      api('POST', `/api/turbines/${turbineId}/presigned-upload`, {
        auth,
        body: { files: [{ name, size: bytes.length, type: 'image/jpeg' }], room: '3', year: '2026', blade: 'B' },
      });
    const presigned = presignOn ? await onReplica(presignOn, presign) : await presign();
    const item = presigned.body?.presignedUrls?.[0];
    if (presigned.status !== 200 || !item) return { step: 'presign', reply: presigned };
    let put;
    try {
      put = await fetch(item.presignedUrl, {
        method: 'PUT',
        headers: item.headers,
        body: bytes,
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      return { step: 'put', key: item.key, error: error.message, presigned };
    }
    if (!put.ok) {
      const code = /<Code>([^<]+)<\/Code>/.exec(await put.text())?.[1];
      return { step: 'put', key: item.key, status: put.status, code, presigned };
    }
    const confirm = () =>
      api('POST', `/api/turbines/${turbineId}/confirm-upload`, { auth, body: { uploads: [{ key: item.key }] } });
    const confirmed = confirmOn ? await onReplica(confirmOn, confirm) : await confirm();
    const media = confirmed.body?.data?.[0];
    if (confirmed.status >= 300 || !media) return { step: 'confirm', key: item.key, reply: confirmed, presigned };
    return { step: 'done', key: item.key, size: bytes.length, media, presigned, confirmed };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Set-up: a partner company, its operator, two turbines (one for the cross-replica steps, one under load)

  const [companyId] = await makeCompanies(pool, 1);
  const operatorEmail = `operator.${randomUUID().slice(0, 8)}@scale.kanat360.local`;
  await makeUser(pool, { role: 'operator', companyId, email: operatorEmail });
  const makeTurbine = async (code) =>
    (
      await pool.query(
        `INSERT INTO turbines (code, city, location, company_id) VALUES ($1, 'izmir', 'Aliağa', $2) RETURNING id`,
        [code, companyId],
      )
    ).rows[0].id;
  const stepTurbine = await makeTurbine(`SCALE-STEPS-${Date.now()}`);
  const loadTurbine = await makeTurbine(`SCALE-LOAD-${Date.now()}`);
  const [name1, name2] = replicas.map((replica) => `replica${replicas.indexOf(replica) + 1}`);

  /** Every derivative job of a media row, from pg-boss's table. */
  async function derivativeJobs(mediaIds) {
    const { rows } = await pool.query(
      `SELECT id, state, retry_count, (data->>'mediaId')::int AS media_id FROM pgboss.job
       WHERE name = 'media.derivatives' AND (data->>'mediaId')::int = ANY($1::int[])`,
      [mediaIds],
    );
    return rows;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // 2. Across replicas, through the load balancer

  console.log('\n== Across replicas (through nginx → haproxy) ==');
  {
    const admin = await onReplica(name1, async () => {
      const signed = await signIn(SUPERADMIN.email, SUPERADMIN.password);
      return { ...signed.reply, signed };
    });
    const session = { cookie: admin.signed.cookie, xsrf: admin.signed.xsrf };
    const profile = await onReplica(name2, () => api('GET', '/api/auth/profile', { auth: session }));
    target(
      profile.status === 200,
      `signed in on ${name1}, the browser session (cookie) works on ${name2}: ${profile.status}`,
    );

    const operator = await signIn(operatorEmail, PASSWORD);
    const auth = { token: operator.token };
    const workerBefore = await worker.metrics();
    const bytes = await photo(1600, 1200, 1);
    const upload = await directUpload(auth, stepTurbine, bytes, 'CROSS_0001.jpg', {
      presignOn: name1,
      confirmOn: name2,
    });
    target(
      upload.step === 'done' && upload.presigned.replica === name1 && upload.confirmed.replica === name2,
      `direct upload presigned by ${upload.presigned?.replica}, PUT straight to S3, confirmed by ${upload.confirmed?.replica ?? upload.step}`,
    );
    const mediaId = upload.media?.id;
    const ready = await waitFor(
      async () => (await pool.query(`SELECT status FROM media WHERE id = $1`, [mediaId])).rows[0]?.status === 'ready',
      'the derivatives of the cross-replica upload',
      60_000,
    ).catch(() => false);
    await sleep(1500);
    const workerAfter = await worker.metrics();
    const ran = jobsDone(workerAfter, 'media.derivatives') - jobsDone(workerBefore, 'media.derivatives');
    const onReplicas = (await Promise.all(replicas.map((replica) => replica.metrics()))).map((text) =>
      jobsDone(text, 'media.derivatives'),
    );
    const rows = await derivativeJobs([mediaId]);
    target(
      ready && ran === 1 && onReplicas.every((count) => count === 0) && rows.length === 1,
      `derivative job ran exactly once, in the worker: worker ${ran}, replicas ${onReplicas.join('+')}, job rows ${rows.length}, photo ${ready ? 'ready' : 'not ready'}`,
    );

    const resetOf = `reset.${randomUUID().slice(0, 8)}@scale.kanat360.local`;
    await makeUser(pool, { role: 'customer', companyId, email: resetOf });
    const reset = await api('POST', '/api/auth/password-reset', { body: { email: resetOf } });
    await waitFor(() => mails.some((mail) => mail.to.includes(resetOf)), 'the password reset mail', 30_000).catch(
      () => false,
    );
    await sleep(3000);
    const delivered = mails.filter((mail) => mail.to.includes(resetOf)).length;
    target(reset.status === 200 && delivered === 1, `password reset mail went out once over SMTP: ${delivered}`);

    const purgeBefore = jobsDone(await worker.metrics(), 'turbine.purge');
    const deleted = await api('DELETE', `/api/turbines/${stepTurbine}`, { auth: session });
    const gone = await waitFor(
      async () => (await pool.query(`SELECT 1 FROM turbines WHERE id = $1`, [stepTurbine])).rowCount === 0,
      'the turbine purge',
      60_000,
    ).catch(() => false);
    await sleep(1500);
    const purged = jobsDone(await worker.metrics(), 'turbine.purge') - purgeBefore;
    const left = await listKeys(`turbines/${stepTurbine}/`);
    const mediaLeft = (await pool.query(`SELECT count(*)::int AS n FROM media WHERE turbine_id = $1`, [stepTurbine]))
      .rows[0].n;
    target(
      deleted.status === 200 && gone && purged === 1 && left.length === 0 && mediaLeft === 0,
      `turbine delete cascaded once: purge jobs ${purged}, objects left ${left.length}, media rows left ${mediaLeft}`,
    );

    const statics = await Promise.all(
      ['/', '/en/', '/dashboard/turbines/1', '/no-such-page', '/en/no-such-page', '/500/'].map(async (path) => {
        const response = await fetch(edge + path, { redirect: 'manual' });
        const html = await response.text();
        return {
          path,
          status: response.status,
          replica: response.headers.get('x-kanat360-replica'),
          cacheControl: response.headers.get('cache-control'),
          html,
        };
      }),
    );
    const [home, english, panel, missing, missingEn, error500] = statics;
    // API answers carry the BFF's headers only (one policy, its own caching), not the static files' ones.
    const apiHeaders = (await fetch(`${edge}/api/health`)).headers;
    const asset = readdirSync(join(ROOT, 'panel/dist/assets')).find((file) => file.endsWith('.js'));
    const assetCaching = (await fetch(`${edge}/dashboard/assets/${asset}`)).headers.get('cache-control');
    const policies = (apiHeaders.get('content-security-policy') ?? '').split('default-src').length - 1;
    target(
      home.status === 200 &&
        english.status === 200 &&
        panel.status === 200 &&
        panel.html.includes('<div id="root"') &&
        missing.status === 404 &&
        missingEn.status === 404 &&
        error500.status === 500 &&
        home.cacheControl === 'no-cache' &&
        policies === 1 &&
        assetCaching === 'public, max-age=31536000, immutable' &&
        apiHeaders.get('cache-control') !== 'no-cache' &&
        statics.every((answer) => answer.replica === null),
      `site and panel served by nginx from the build output, no replica asked: ${statics.map((answer) => `${answer.path} ${answer.status}`).join(', ')}`,
    );
  }

  async function listKeys(prefix = '') {
    const { ListObjectsV2Command } = requireFromBff('@aws-sdk/client-s3');
    const client = s3.client();
    const keys = [];
    let token;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: s3.env.S3_BUCKET, Prefix: prefix || undefined, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) keys.push({ key: object.Key, size: object.Size });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    client.destroy();
    return keys;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // 3. Faults under load

  console.log(
    `\n== Under load: ${PROFILE.readers} readers, ${PROFILE.uploaders} uploaders, ${PROFILE.loadSeconds} s; ` +
      `SIGTERM ${name1} at ${PROFILE.sigtermAt} s, kill -9 the worker at ${PROFILE.killAt} s, ` +
      `S3 answering 500 from ${PROFILE.s3OutageAt} s for ${S3_OUTAGE_SECONDS} s ==`,
  );
  const operator = await signIn(operatorEmail, PASSWORD);
  const auth = { token: operator.token };
  const images = await Promise.all([0, 1, 2, 3, 4, 5].map((seed) => photo(1024 + seed * 64, 768, seed + 10)));
  const panelAsset = readdirSync(join(ROOT, 'panel/dist/assets')).find((file) => file.endsWith('.js'));
  const READS = [
    { weight: 4, path: () => `/api/turbines/${loadTurbine}/photos?view=all&limit=50`, auth: true },
    { weight: 2, path: () => '/api/turbines', auth: true },
    { weight: 1, path: () => `/api/turbines/${loadTurbine}`, auth: true },
    { weight: 1, path: () => '/api/auth/profile', auth: true },
    { weight: 1, path: () => '/', auth: false },
    { weight: 1, path: () => `/dashboard/assets/${panelAsset}`, auth: false },
  ];
  const readTable = READS.flatMap((read) => Array(read.weight).fill(read));

  const requests = [];
  const loadStart = performance.now();
  const at = () => (performance.now() - loadStart) / 1000;
  let stopLoad = false;
  const windows = { sigterm: null, s3: null };

  async function timed(kind, call) {
    const t0 = at();
    let reply;
    let error;
    try {
      reply = await call();
    } catch (caught) {
      error = caught.cause?.code ?? caught.name ?? String(caught);
    }
    const record = {
      kind,
      t0,
      t1: at(),
      status: reply?.status ?? 0,
      replica: reply?.replica ?? null,
      code: reply?.body?.code,
      error,
    };
    requests.push(record);
    return { reply, record };
  }

  async function reader(index) {
    let turn = index;
    while (!stopLoad) {
      const read = readTable[turn++ % readTable.length];
      await timed('read', async () => {
        const reply = await api('GET', read.path(), { auth: read.auth ? auth : undefined });
        return reply;
      });
    }
  }

  const uploads = [];
  async function uploader(index) {
    let count = 0;
    while (!stopLoad) {
      count += 1;
      const name = `LOAD_${index}_${count}_${randomUUID().slice(0, 6)}.jpg`;
      const bytes = images[(index + count) % images.length];
      const t0 = at();
      let outcome;
      try {
        outcome = await directUpload(auth, loadTurbine, bytes, name);
      } catch (error) {
        outcome = { step: 'error', error: error.cause?.code ?? error.name ?? String(error) };
      }
      const upload = { ...outcome, t0, t1: at(), name };
      uploads.push(upload);
      for (const reply of [outcome.presigned, outcome.confirmed, outcome.reply]) {
        if (reply)
          requests.push({
            kind: 'upload',
            t0,
            t1: upload.t1,
            status: reply.status,
            replica: reply.replica,
            code: reply.body?.code,
          });
      }
      await sleep(UPLOAD_PAUSE_MS);
    }
  }

  const killed = { jobs: [], at: null };
  async function faults() {
    await sleep(PROFILE.sigtermAt * 1000);
    const stopped = replicas[0];
    windows.sigterm = { at: at(), replica: name1 };
    say(`SIGTERM ${name1}`);
    stopped.child.kill('SIGTERM');
    const exit = await stopped.child.exited;
    windows.sigterm.exitedAt = at();
    windows.sigterm.exit = exit;
    say(
      `${name1} exited (${exit}) after ${(windows.sigterm.exitedAt - windows.sigterm.at).toFixed(1)} s; starting it again`,
    );
    const restart = stopped.start().then(() => say(`${name1} is back`));

    await sleep(Math.max(0, PROFILE.killAt - at()) * 1000);
    const active = await waitFor(
      async () => {
        const { rows } = await pool.query(
          `SELECT id, (data->>'mediaId')::int AS media_id FROM pgboss.job WHERE name = 'media.derivatives' AND state = 'active'`,
        );
        return rows.length > 0 ? rows : null;
      },
      'a derivative job running in the worker',
      20_000,
    );
    worker.child.kill('SIGKILL');
    killed.at = at();
    killed.jobs = active;
    await worker.child.exited;
    say(
      `kill -9 the worker while it ran ${active.length} derivative job(s) (media ${active.map((row) => row.media_id).join(', ')})`,
    );
    await sleep(2000);
    await worker.start();
    say('worker started again');

    await sleep(Math.max(0, PROFILE.s3OutageAt - at()) * 1000);
    s3Failing = true;
    windows.s3 = { from: at() };
    say('S3 answers 500 InternalError to everything');
    await sleep(S3_OUTAGE_SECONDS * 1000);
    s3Failing = false;
    windows.s3.to = at();
    say('S3 answers again');
    await restart;
  }

  const load = [
    ...Array.from({ length: PROFILE.readers }, (_, index) => reader(index)),
    ...Array.from({ length: PROFILE.uploaders }, (_, index) => uploader(index)),
  ];
  const faulting = faults();
  await sleep(PROFILE.loadSeconds * 1000);
  await faulting;
  stopLoad = true;
  await Promise.all(load);
  say(`load over: ${requests.length} requests, ${uploads.length} uploads`);

  // ---------------------------------------------------------------------------------------------------------------
  // Figures

  /** Whether a failure is the store's outage showing, with a clear code: S3's own answer, or the BFF's 503. */
  function outageFailure(upload) {
    const { from, to } = windows.s3 ?? {};
    if (from === undefined || upload.t1 < from || upload.t0 > to + 15) return false;
    if (upload.step === 'put') return upload.status === 500 && upload.code === 'InternalError';
    return upload.reply?.status === 503 && upload.reply.body?.code === 'STORAGE_UNAVAILABLE';
  }
  const confirmedUploads = uploads.filter((upload) => upload.step === 'done');
  const failedUploads = uploads.filter((upload) => upload.step !== 'done');
  const expectedFailures = failedUploads.filter(outageFailure);
  const unexpectedUploads = failedUploads.filter((upload) => !outageFailure(upload));
  const readFailures = requests.filter(
    (request) => request.kind === 'read' && (request.error || request.status >= 400),
  );
  const sig = windows.sigterm;
  const inFlight = requests.filter(
    (request) => request.replica === sig.replica && request.t0 <= sig.at && request.t1 >= sig.at,
  );
  const drained = requests.filter(
    (request) => request.replica === sig.replica && request.t0 > sig.at && request.t0 < sig.exitedAt,
  );
  const lastSent = Math.max(sig.at, ...drained.map((request) => request.t0));

  function percentile(values, p) {
    if (values.length === 0) return NaN;
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  }
  const ms = (seconds) => `${(seconds * 1000).toFixed(0)} ms`;
  const readTimes = requests
    .filter((request) => request.kind === 'read' && !request.error)
    .map((request) => request.t1 - request.t0);
  const uploadTimes = confirmedUploads.map((upload) => upload.t1 - upload.t0);
  const byCode = new Map();
  for (const upload of failedUploads) {
    const key =
      `${upload.step} ${upload.status ?? upload.reply?.status ?? ''} ${upload.code ?? upload.reply?.body?.code ?? upload.error ?? ''}`.trim();
    byCode.set(key, (byCode.get(key) ?? 0) + 1);
  }

  console.log('\n== Figures ==');
  console.log(
    `  reads: ${readTimes.length + readFailures.length} (${(readTimes.length / PROFILE.loadSeconds).toFixed(0)}/s), failed ${readFailures.length}; p50 ${ms(percentile(readTimes, 50))}, p99 ${ms(percentile(readTimes, 99))}`,
  );
  console.log(
    `  uploads: ${uploads.length} started, ${confirmedUploads.length} confirmed (presign → PUT → confirm p50 ${ms(percentile(uploadTimes, 50))}, p99 ${ms(percentile(uploadTimes, 99))}), ${failedUploads.length} failed: ` +
      ([...byCode].map(([key, count]) => `${count} × ${key}`).join(', ') || 'none'),
  );
  console.log(
    `  SIGTERM ${sig.replica} at ${sig.at.toFixed(1)} s, exited ${sig.exitedAt.toFixed(1)} s (code ${sig.exit}): ${inFlight.length} request(s) were in flight on it, ` +
      `${inFlight.filter((request) => !request.error && request.status < 500).length} answered; ${drained.length} more reached it while haproxy was noticing (${drained.filter((request) => !request.error && request.status < 500).length} answered), the last ${(lastSent - sig.at).toFixed(1)} s after SIGTERM`,
  );
  for (const failure of [...readFailures, ...unexpectedUploads].slice(0, 10))
    console.log(`    failure: ${JSON.stringify(failure).slice(0, 300)}`);

  // The work left behind by the load settles: derivatives (the killed job's retry included) and the sweep.
  const loadMediaIds = confirmedUploads.map((upload) => upload.media.id);
  const settled = await waitFor(
    async () => {
      const { rows } = await pool.query(
        `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending FROM media WHERE turbine_id = $1`,
        [loadTurbine],
      );
      const killedJobs = await pool.query(`SELECT state FROM pgboss.job WHERE id = ANY($1::uuid[])`, [
        killed.jobs.map((job) => job.id),
      ]);
      return rows[0].pending === 0 && killedJobs.rows.every((job) => job.state === 'completed');
    },
    'every derivative job (the killed one too)',
    PROFILE.settleSeconds * 1000,
  ).catch(() => false);
  say(`derivatives ${settled ? 'settled' : 'did not settle'}`);

  const { rows: mediaRows } = await pool.query(
    `SELECT id, storage_key, asset_id, status, turbine_id FROM media WHERE turbine_id = $1`,
    [loadTurbine],
  );
  const byKey = new Map(mediaRows.map((row) => [row.storage_key, row]));
  const objects = new Map((await listKeys()).map((object) => [object.key, object.size]));
  const lost = confirmedUploads.filter((upload) => !byKey.has(upload.key) || objects.get(upload.key) !== upload.size);

  const jobs = await derivativeJobs(loadMediaIds);
  const jobsPerMedia = new Map();
  for (const job of jobs) jobsPerMedia.set(job.media_id, [...(jobsPerMedia.get(job.media_id) ?? []), job]);
  const duplicated = [...jobsPerMedia.values()].filter((list) => list.length > 1).length;
  const notCompleted = jobs.filter((job) => job.state !== 'completed').length;
  const failedMedia = mediaRows.filter((row) => row.status === 'failed').length;
  const killedNow = await pool.query(`SELECT id, state, retry_count FROM pgboss.job WHERE id = ANY($1::uuid[])`, [
    killed.jobs.map((job) => job.id),
  ]);
  const workerText = await worker.metrics();

  // The sweep, an hour later: what the abandoned uploads left must go.
  const intentsBefore = (await pool.query(`SELECT count(*)::int AS n FROM upload_intents`)).rows[0].n;
  await pool.query(`UPDATE upload_intents SET expires_at = now() - interval '1 second'`);
  const { PgBoss } = requireFromBff('pg-boss');
  const boss = new PgBoss({
    connectionString: postgres.url,
    schema: 'pgboss',
    supervise: false,
    schedule: false,
    migrate: false,
  });
  await boss.start();
  const sweepId = await boss.send('uploads.sweep', {});
  await boss.stop({ graceful: false });
  const swept = await waitFor(
    async () =>
      (await pool.query(`SELECT state FROM pgboss.job WHERE id = $1`, [sweepId])).rows[0]?.state === 'completed',
    'the sweep',
    60_000,
  ).catch(() => false);
  const intentsAfter = (await pool.query(`SELECT count(*)::int AS n FROM upload_intents`)).rows[0].n;
  const { rows: owners } = await pool.query(
    `SELECT storage_key, turbine_id, asset_id FROM media UNION ALL SELECT storage_key, turbine_id, NULL FROM reports`,
  );
  const owned = new Set(owners.map((row) => row.storage_key));
  const derivativeFolders = new Set(
    owners.filter((row) => row.asset_id).map((row) => `turbines/${row.turbine_id}/derivatives/${row.asset_id}/`),
  );
  const orphans = [...(await listKeys()).map((object) => object.key)].filter((key) => {
    if (owned.has(key)) return false;
    const folder = /^(turbines\/\d+\/derivatives\/[^/]+\/)/.exec(key)?.[1];
    return !(folder && derivativeFolders.has(folder));
  });
  const openMultipart = readdirSafe(s3.uploadsFolder).length;

  console.log(
    `  derivative jobs of the load: ${jobs.length} for ${loadMediaIds.length} confirmed photos, ${duplicated} photo(s) with more than one, ` +
      `${notCompleted} not completed, ${failedMedia} photo(s) failed; worker (after its restart) completed ${jobsDone(workerText, 'media.derivatives')}, ` +
      `failed ${sample(workerText, 'kanat360_job_duration_seconds_count{queue="media.derivatives",outcome="failed"}')} (a try during the outage, retried)`,
  );
  console.log(
    `  killed mid-job: ${killedNow.rows.map((job) => `${job.id.slice(0, 8)} ${job.state} after ${job.retry_count} retry`).join(', ')}`,
  );
  console.log(`  confirmed uploads lost: ${lost.length}`);
  console.log(
    `  upload intents: ${intentsBefore} open after the load, ${intentsAfter} after the sweep; orphans in the bucket after the sweep: ${orphans.length}; open multipart uploads: ${openMultipart}`,
  );

  console.log('\n== Targets ==');
  target(readFailures.length === 0, `no read failed (${readFailures.length})`);
  target(
    unexpectedUploads.length === 0,
    `no upload failed but for the store's outage, each with a clear code (${unexpectedUploads.length} other)`,
  );
  target(
    expectedFailures.length > 0,
    `the store's outage showed (${expectedFailures.length} upload(s) refused with InternalError or STORAGE_UNAVAILABLE)`,
  );
  target(
    inFlight.every((request) => !request.error && request.status < 500),
    `requests in flight on the stopped replica were answered (${inFlight.length})`,
  );
  target(
    drained.every((request) => !request.error && request.status < 500) && lastSent < sig.exitedAt - 0.5,
    `haproxy took the draining replica out of rotation before it stopped (last request ${(lastSent - sig.at).toFixed(1)} s after SIGTERM, it stopped after ${(sig.exitedAt - sig.at).toFixed(1)} s), and what reached it meanwhile was answered`,
  );
  target(sig.exit === 0, `the stopped replica exited cleanly (${sig.exit})`);
  target(
    killed.jobs.length > 0 && killedNow.rows.every((job) => job.state === 'completed' && job.retry_count >= 1),
    'the job cut off by kill -9 was retried and completed',
  );
  target(
    settled && duplicated === 0 && notCompleted === 0 && failedMedia === 0,
    'every derivative job done exactly once (one job per photo, completed, no photo failed)',
  );
  target(lost.length === 0, `0 confirmed uploads lost (${lost.length})`);
  target(
    swept && intentsAfter === 0 && orphans.length === 0 && openMultipart === 0,
    `0 orphans after the sweep (${orphans.length} objects, ${intentsAfter} intents)`,
  );

  if (failures.length > 0) {
    console.log(`\n${failures.length} target(s) missed. Logs of the processes:`);
    for (const name of ['replica1', 'replica2', 'worker', 'haproxy']) console.log(`--- ${name}\n${logTail(name, 15)}`);
  }
  for (const replica of replicas) replica.child.kill('SIGTERM');
  worker.child.kill('SIGTERM');
  await Promise.all([...replicas, worker].map((process) => process.child.exited));
  await cleanUp();
  say(failures.length === 0 ? 'every target met' : `${failures.length} target(s) missed`);
  process.exit(failures.length === 0 ? 0 : 1);
}

try {
  await main();
} catch (error) {
  console.error(error);
  await cleanUp();
  process.exit(1);
}
