// Benchmark of issue #3 item 19 and issue #12 item 5a: 8 concurrent multipart uploads of a 50 MB JPEG each through
// the BFF (POST /api/turbines/{id}/photos, local storage) against a minimal receiver (node:http + busboy streaming to
// one fs write stream per file, nothing else; neither fsyncs) taking the same requests on the same disk in the same
// run: target ≥ 90 % of its throughput (the median of the rounds' ratios, the sides taking turns). For a stricter
// reference, a second receiver also gathers its writes as the BFF's local driver does (1 MiB instead of Node's
// 64 KiB), so the BFF's own overhead shows without the write-size gain. And the BFF process's RSS growth while the uploads stream ≤ 100 MB (sampled from
// /proc/<pid>/status every 100 ms). For scale it also writes the same bytes with plain fs write streams (the page
// cache's speed). Then it says where the time goes: the CPU each process spent per upload (main thread, V8's helper
// threads, the libuv pool, and the BFF's PostgreSQL), the main thread's time by stage from CPU profiles of a further
// pass (busboy, writes, stream plumbing, GC, sniffing, hashing, database, logging, framework), and the BFF's own
// steps per upload (its debug line `upload stored`: checks and sniffing, ledger entry, write, row).
//
//   pnpm run bench:uploads          (builds the BFF first; BENCH_ROUNDS=n for another number of timed rounds)
//   node tests/bench/upload-throughput.bench.mjs --receiver   (internal: the minimal receiver, started as a child)
import { execFileSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { Agent, createServer, request } from 'node:http';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import { importBff, login, makeCompanies, makeUser, requireFromBff, runBenchmark } from './harness.mjs';

const UPLOADS = 8;
const FILE_BYTES = 50 * 1024 * 1024;
/** Chunks the client sends and the baseline writes: what a socket hands over is of this order. */
const CHUNK_BYTES = 64 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
/** Rounds of each under the CPU profiler, after the timed ones (profiling slows a process down a little). */
const PROFILED_ROUNDS = 2;
const SAMPLE_MS = 100;
/** No single upload round (or baseline round) may run longer than this. */
const TIME_CAP_MS = 5 * 60 * 1000;
/** BFF throughput over the minimal receiver's (Node's default writes, as the issue names it). */
const TARGET_RATIO = 0.9;
const TARGET_RSS_GROWTH = 100 * 1024 * 1024;
const MiB = 1024 * 1024;
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

/**
 * A real JPEG of about FILE_BYTES: random noise at quality 100 without chroma subsampling (noise does not
 * compress, so the size follows the pixel count). The bytes per pixel are measured on a small sample first.
 */
export async function makeJpeg() {
  const sharp = requireFromBff('sharp');
  const encode = (width, height) =>
    sharp(randomFillSync(Buffer.alloc(width * height * 3)), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
  const sample = await encode(512, 512);
  const bytesPerPixel = sample.length / (512 * 512);
  const width = 5_000;
  const height = Math.round(FILE_BYTES / bytesPerPixel / width);
  const jpeg = await encode(width, height);
  const { format } = await sharp(jpeg).metadata();
  if (format !== 'jpeg') throw new Error(`the generated file is ${format}, not a JPEG`);
  return { jpeg, width, height, sample };
}

/** The resident set of a process, from /proc/<pid>/status. */
export function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kiB = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!kiB) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kiB[1]) * 1024;
}

/** Fields of a /proc stat line after the command name (which may hold spaces): state is [0], ppid [1]. */
function statFields(path) {
  const line = readFileSync(path, 'utf8');
  return {
    comm: line.slice(line.indexOf('(') + 1, line.lastIndexOf(')')),
    fields: line.slice(line.lastIndexOf(')') + 2).split(' '),
  };
}

/** user + system seconds of a /proc stat line's fields (utime and stime are the 14th and 15th fields). */
const cpuSeconds = (fields) => (Number(fields[11]) + Number(fields[12])) / TICKS;

/**
 * CPU seconds of a process so far: all its threads, its main thread, and the libuv pool's threads (named
 * libuv-worker); the rest are V8's helper threads (concurrent GC marking and sweeping, the optimizing compiler)
 * and any a native module made.
 */
export function threadCpu(pid) {
  const total = cpuSeconds(statFields(`/proc/${pid}/stat`).fields);
  let main = 0;
  let pool = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat;
    try {
      stat = statFields(`/proc/${pid}/task/${tid}/stat`);
    } catch {
      continue; // The thread ended meanwhile.
    }
    if (Number(tid) === pid) main = cpuSeconds(stat.fields);
    else if (stat.comm.startsWith('libuv-worker')) pool += cpuSeconds(stat.fields);
  }
  return { total, main, pool, helpers: Math.max(0, total - main - pool) };
}

/** CPU seconds of a PostgreSQL cluster so far: the postmaster (from postmaster.pid) and its live children. */
function postgresCpu(databaseDir) {
  const postmaster = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let seconds = cpuSeconds(statFields(`/proc/${postmaster}/stat`).fields);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { fields } = statFields(`/proc/${entry}/stat`);
      if (Number(fields[1]) === postmaster) seconds += cpuSeconds(fields);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return seconds;
}

const difference = (after, before) =>
  Object.fromEntries(Object.keys(after).map((key) => [key, after[key] - before[key]]));

/** Runs `during`, sampling the RSS of `pid` every SAMPLE_MS meanwhile; answers its result and the peak. */
async function sampledRss(pid, during) {
  const samples = [rssBytes(pid)];
  const timer = setInterval(() => samples.push(rssBytes(pid)), SAMPLE_MS);
  try {
    const result = await during();
    samples.push(rssBytes(pid));
    return { result, peak: Math.max(...samples), samples: samples.length };
  } finally {
    clearInterval(timer);
  }
}

/** Writes `buffer` to `write` in CHUNK_BYTES slices (views, no copies), waiting for 'drain' when asked to. */
async function writeChunks(write, onceDrain, buffer) {
  for (let offset = 0; offset < buffer.length; offset += CHUNK_BYTES) {
    if (!write(buffer.subarray(offset, offset + CHUNK_BYTES))) await onceDrain();
  }
}

/** For scale: the same bytes to files on the same disk, UPLOADS write streams at once. Answers seconds. */
export async function diskRound(folder, jpeg) {
  await mkdir(folder, { recursive: true });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: UPLOADS }, async (_, index) => {
      const file = createWriteStream(join(folder, `baseline-${index}.jpg`));
      await writeChunks(
        (chunk) => file.write(chunk),
        () => once(file, 'drain'),
        jpeg,
      );
      file.end();
      await once(file, 'close');
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await rm(folder, { recursive: true, force: true });
  return seconds;
}

/**
 * One multipart upload (fields room, year, blade, then the file in `photos`), the body streamed from the shared
 * buffer with backpressure. Answers the parsed answer.
 */
export function upload({ baseUrl, token, turbineId, fileName, jpeg, agent }) {
  const boundary = `----kanat360bench${Math.random().toString(16).slice(2)}`;
  const field = (name, value) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('room', '1') +
      field('year', String(new Date().getFullYear())) +
      field('blade', 'A') +
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${fileName}"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`/api/turbines/${turbineId}/photos`, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + jpeg.length + tail.length,
        },
        timeout: TIME_CAP_MS,
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200 && response.statusCode !== 201) {
            reject(new Error(`${fileName}: ${response.statusCode} ${text}`));
            return;
          }
          const answer = JSON.parse(text);
          if (answer.data?.length !== 1 || answer.skipped?.length) {
            reject(new Error(`${fileName}: not stored: ${text}`));
            return;
          }
          resolve(answer.data[0]);
        });
        response.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${fileName}: no answer within ${TIME_CAP_MS / 1000} s`)));
    req.on('error', reject);
    void (async () => {
      req.write(head);
      await writeChunks(
        (chunk) => req.write(chunk),
        () => once(req, 'drain'),
        jpeg,
      );
      req.end(tail);
    })().catch((error) => req.destroy(error));
  });
}

/**
 * The reference: node:http + busboy (the parser the BFF uses) + one fs write stream per file, answering the
 * stored size once the file is written; no authentication, checks, database or ledger, and no temporary file.
 */
function receiver() {
  const busboy = requireFromBff('busboy');
  const folder = process.env.RECEIVER_DIR;
  // Node's default, or (the stricter reference) the BFF's write batching, its local driver's highWaterMark.
  const highWaterMark = process.env.RECEIVER_WRITE_BATCH ? Number(process.env.RECEIVER_WRITE_BATCH) : undefined;
  let files = 0;
  const server = createServer((req, res) => {
    const parser = busboy({ headers: req.headers });
    const written = [];
    parser.on('file', (_field, stream) => {
      files += 1;
      const file = createWriteStream(join(folder, `upload-${process.pid}-${files}.jpg`), { highWaterMark });
      written.push(
        new Promise((resolve, reject) => {
          stream.pipe(file);
          file.on('close', () => resolve({ size: file.bytesWritten }));
          file.on('error', reject);
        }),
      );
    });
    parser.on('close', () => {
      Promise.all(written).then(
        (data) => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ data, skipped: [] })),
        (error) => res.writeHead(500).end(String(error)),
      );
    });
    req.pipe(parser);
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
  process.on('SIGTERM', () => process.exit(0));
}

/** UPLOADS uploads of `jpeg` at once; answers seconds. */
export async function uploadRound(target, round, jpeg) {
  const started = performance.now();
  const items = await Promise.all(
    Array.from({ length: UPLOADS }, (_, index) =>
      upload({ ...target, jpeg, fileName: `bench_r${round}_${index + 1}.jpg` }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const item of items) {
    if (item.size !== jpeg.length) throw new Error(`stored ${item.size} bytes of ${jpeg.length}`);
  }
  return seconds;
}

/** Flushes the page cache's dirty pages, so every measured round starts from the same clean state. */
function flushDisk() {
  execFileSync('sync');
}

/** Starts a receiver as a child (with `batch`, its writes gathered up to that many bytes); answers it and its port. */
async function startReceiver(stack, folder, { batch, env = {} } = {}) {
  const child = stack.spawnNode([fileURLToPath(import.meta.url), '--receiver'], {
    RECEIVER_DIR: folder,
    ...(batch ? { RECEIVER_WRITE_BATCH: String(batch) } : {}),
    ...env,
  });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the minimal receiver exited with code ${code}`)));
  });
  return { child, pid: child.pid, baseUrl: `http://127.0.0.1:${port}` };
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** The main thread's time by stage, from a CPU profile's samples within `windows` ([start, end] in µs of its clock). */
function profileStages(profile, windows) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const stageOf = new Map();
  const stage = (id) => {
    if (stageOf.has(id)) return stageOf.get(id);
    const frames = [];
    for (let at = id; at !== undefined; at = parents.get(at)) frames.push(nodes.get(at).callFrame);
    const leaf = frames[0];
    const anyFrame = (pattern) => frames.some((frame) => pattern.test(frame.url));
    const name = STAGES.find(({ leafName, leafUrl, stack }) =>
      leafName ? leafName.test(leaf.functionName) : leafUrl ? leafUrl.test(leaf.url) : anyFrame(stack),
    )?.name;
    stageOf.set(id, name ?? 'other');
    return name ?? 'other';
  };
  const times = new Map();
  let at = profile.startTime;
  for (let index = 0; index < profile.samples.length; index += 1) {
    at += profile.timeDeltas[index];
    // A sample stands for the time until the next one.
    const span = profile.timeDeltas[index + 1] ?? 0;
    if (!windows.some(([start, end]) => at >= start && at <= end)) continue;
    const name = stage(profile.samples[index]);
    times.set(name, (times.get(name) ?? 0) + span / 1000);
  }
  return times;
}

/**
 * Stages of the main thread, first match wins: the profiler's own entries, then work owned by a library wherever
 * it runs (any frame of the stack), then where the per-chunk work itself runs (the innermost frame).
 */
const STAGES = [
  { name: 'idle (waiting for the socket, pool, database)', leafName: /^\(idle\)$/ },
  { name: 'garbage collection', leafName: /^\(garbage collector\)$/ },
  { name: 'handing writes to the libuv pool (fs.write)', leafName: /^(writeBuffer|writeBuffers|writev|writeString)$/ },
  { name: 'sniffing (file-type, sharp, sniff.js)', stack: /file-type|strtok3|token-types|sharp|\/media\/sniff\.js/ },
  { name: 'hashing (crypto hash)', stack: /node:internal\/crypto\/hash/ },
  { name: 'authentication (token, session)', stack: /jose|\/auth\// },
  {
    name: 'database (pg, TypeORM, ledger, rows)',
    stack: /\/pg\/|pg-protocol|pg-pool|pg-boss|typeorm|\.repository\.js/,
  },
  { name: 'logging (pino)', stack: /pino/ },
  { name: 'multipart parsing (busboy)', leafUrl: /busboy|streamsearch/ },
  { name: 'HTTP and sockets', leafUrl: /node:_http_|node:net|stream_base_commons/ },
  {
    name: 'streams and events (per-chunk plumbing)',
    leafUrl:
      /node:internal\/streams|node:events|node:internal\/process\/task_queues|node:internal\/async_hooks|node:internal\/fs\/streams|node:fs$|node:buffer/,
  },
  {
    name: 'framework (Nest, Express, middleware)',
    stack: /@nestjs|express|router|helmet|compression|cookie-parser|finalhandler/,
  },
  { name: 'other BFF code', stack: /\/bff\/dist\// },
  { name: 'native, unattributed', leafName: /^\(program\)$/ },
];

/** The .cpuprofile a process wrote into `folder` on exit. */
function readProfile(folder) {
  const [file] = readdirSync(folder).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile in ${folder}`);
  return JSON.parse(readFileSync(join(folder, file), 'utf8'));
}

const mbps = (bytes, seconds) => bytes / MiB / seconds;
const mib = (bytes) => `${(bytes / MiB).toFixed(1)} MiB`;
const sum = (values) => values.reduce((a, b) => a + b, 0);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const percent = (value) => `${(100 * value).toFixed(0)} %`;
const ms = (seconds) => `${(1000 * seconds).toFixed(0)} ms`;
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** How much the BFF's local driver lets a file write gather (undefined: Node's default, 64 KiB). */
let writeBatch;

async function main(stack) {
  console.log('Upload throughput and memory (issue #3 item 19, issue #12 item 5a)');
  ({ WRITE_BATCH_BYTES: writeBatch } = await importBff('storage/local-storage.js'));
  const bff = await stack.spawnBff();
  const [companyId] = await makeCompanies(stack.pool, 1);
  const email = 'admin@bench.kanat360.local';
  await makeUser(stack.pool, { role: 'admin', companyId, email });
  const { rows } = await stack.pool.query(
    `INSERT INTO turbines (code, city, location, company_id) VALUES ('BT-UPLOAD', 'izmir', 'Aliağa', $1) RETURNING id`,
    [companyId],
  );
  const turbineId = rows[0].id;
  const token = await login(bff.baseUrl, email);
  const databaseDir = join(stack.dataDir, 'pg');

  const receiverDir = join(stack.dataDir, 'receiver');
  await mkdir(receiverDir);
  const minimal = await startReceiver(stack, receiverDir);
  const batched = await startReceiver(stack, receiverDir, { batch: writeBatch });

  const generating = performance.now();
  const { jpeg, width, height, sample } = await makeJpeg();
  const total = jpeg.length * UPLOADS;
  console.log(
    `  file: one real JPEG of ${jpeg.length} bytes (${mib(jpeg.length)}; ${width}×${height} noise, quality 100, ` +
      `made with sharp in ${((performance.now() - generating) / 1000).toFixed(1)} s), sent ${UPLOADS} times ` +
      `under different names, each upload ${mib(jpeg.length)} in its own multipart request`,
  );
  console.log(
    `  BFF: node bff/dist/main.js (pid ${bff.pid}), NODE_ENV=production LOG_LEVEL=warn, local storage under ` +
      `DATA_DIR/storage; WORKER=off, so no derivative job runs during the measurement`,
  );
  console.log(
    `  minimal receiver (pid ${minimal.pid}): node:http + busboy + one fs write stream per file, in one process; no ` +
      `authentication, checks, sniffing, database, ledger or temporary file; files on the same disk; Node's default ` +
      `write size (64 KiB); the target's baseline`,
  );
  console.log(
    `  batched receiver (pid ${batched.pid}): the same, its writes gathered up to ${writeBatch / 1024} KiB as the ` +
      "BFF's local driver does: a stricter reference, for the BFF's own overhead",
  );
  console.log(
    '  durability: the same on both sides, no fsync (the local driver writes a temporary file and renames it into ' +
      'place, atomic but not flushed; the receiver writes the file), so both write to the page cache',
  );
  console.log(
    `  client: node:http in this process, ${UPLOADS} requests at once, bodies streamed in ${CHUNK_BYTES / 1024} KiB ` +
      `slices of one shared buffer; for scale, the page cache: ${UPLOADS} fs write streams at once, same slices`,
  );
  console.log(
    `  ${ROUNDS} rounds, each: page cache, then the BFF and the two receivers in turn (rotating which goes first); ` +
      `\`sync\` before each; all traffic on 127.0.0.1; ${cpus().length} cores`,
  );
  console.log('');

  const agent = new Agent({ keepAlive: false, maxSockets: UPLOADS });
  const target = { baseUrl: bff.baseUrl, token, turbineId, agent };
  const reference = { baseUrl: minimal.baseUrl, token, turbineId, agent };
  // Warm-up: one small upload through every step (lazy module loading, pools, JIT) before the RSS baselines.
  await upload({ ...target, jpeg: sample, fileName: 'bench_warmup.jpg' });
  await upload({ ...reference, jpeg: sample, fileName: 'bench_warmup.jpg' });
  const stricter = { ...reference, baseUrl: batched.baseUrl };
  await upload({ ...stricter, jpeg: sample, fileName: 'bench_warmup.jpg' });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const rssBefore = { bff: rssBytes(bff.pid), minimal: rssBytes(minimal.pid) };
  console.log(
    `  RSS before the uploads (after one small warm-up upload): BFF ${mib(rssBefore.bff)}, ` +
      `minimal receiver ${mib(rssBefore.minimal)}`,
  );

  const timeCap = (promise, what) =>
    Promise.race([
      promise,
      new Promise((_, reject) => {
        const timer = setTimeout(() => reject(new Error(`${what} took over ${TIME_CAP_MS / 1000} s`)), TIME_CAP_MS);
        timer.unref();
      }),
    ]);
  /** One timed round of uploads to `side`, with its RSS peak and the CPU it (and PostgreSQL) spent. */
  const measure = async (side, round) => {
    flushDisk();
    const cpuBefore = threadCpu(side.pid);
    const postgresBefore = postgresCpu(databaseDir);
    const { result: seconds, peak } = await timeCap(
      sampledRss(side.pid, () => uploadRound(side.target, `${round}${side.tag}`, jpeg)),
      `a round of uploads to the ${side.name}`,
    );
    return {
      seconds,
      peak,
      cpu: difference(threadCpu(side.pid), cpuBefore),
      postgres: postgresCpu(databaseDir) - postgresBefore,
    };
  };
  const sides = {
    bff: { name: 'BFF', tag: 'b', pid: bff.pid, target },
    minimal: { name: 'minimal receiver', tag: 'm', pid: minimal.pid, target: reference },
    batched: { name: 'batched receiver', tag: 'w', pid: batched.pid, target: stricter },
  };
  const results = { disk: [], bff: [], minimal: [], batched: [] };
  const turns = ['bff', 'minimal', 'batched'];
  const rate = (seconds) => `${mbps(total, seconds).toFixed(0).padStart(5)} MiB/s`;
  for (let round = 1; round <= ROUNDS; round += 1) {
    flushDisk();
    results.disk.push(await timeCap(diskRound(join(stack.dataDir, 'baseline'), jpeg), 'a page cache round'));
    const order = turns.map((_, index) => turns[(index + round - 1) % turns.length]);
    for (const side of order) results[side].push(await measure(sides[side], round));
    const [viaBff, viaMinimal, viaBatched] = [results.bff.at(-1), results.minimal.at(-1), results.batched.at(-1)];
    console.log(
      `  round ${round}: page cache ${rate(results.disk.at(-1))}   BFF ${rate(viaBff.seconds)} (peak RSS ` +
        `${mib(viaBff.peak)})   minimal ${rate(viaMinimal.seconds)}   batched ${rate(viaBatched.seconds)}   ` +
        `BFF/minimal ${percent(viaMinimal.seconds / viaBff.seconds)}   BFF/batched ` +
        `${percent(viaBatched.seconds / viaBff.seconds)}   (${order[0]} first)`,
    );
  }
  const rssAfter = rssBytes(bff.pid);

  const diskRate = mbps(total * ROUNDS, sum(results.disk));
  const bffRate = mbps(total * ROUNDS, sum(results.bff.map((round) => round.seconds)));
  const minimalRate = mbps(total * ROUNDS, sum(results.minimal.map((round) => round.seconds)));
  const batchedRate = mbps(total * ROUNDS, sum(results.batched.map((round) => round.seconds)));
  const ratios = results.bff.map((round, index) => results.minimal[index].seconds / round.seconds);
  const ratio = median(ratios);
  const stricterRatios = results.bff.map((round, index) => results.batched[index].seconds / round.seconds);
  const peakBff = Math.max(...results.bff.map((round) => round.peak));
  const peakMinimal = Math.max(...results.minimal.map((round) => round.peak));
  const growth = peakBff - rssBefore.bff;
  console.log('');
  console.log(`  ${UPLOADS} × ${mib(jpeg.length)} per round, ${ROUNDS} rounds (${mib(total * ROUNDS)} each way)`);
  console.log(`  page cache (fs write streams)              ${diskRate.toFixed(0).padStart(5)} MiB/s   (for scale)`);
  console.log(`  minimal receiver (http + busboy + fs)      ${minimalRate.toFixed(0).padStart(5)} MiB/s`);
  console.log(`  batched receiver (the same, 1 MiB writes)  ${batchedRate.toFixed(0).padStart(5)} MiB/s`);
  console.log(
    `  through the BFF (multipart POST)           ${bffRate.toFixed(0).padStart(5)} MiB/s   ` +
      `(${percent(bffRate / minimalRate)} of the minimal receiver over all rounds, ${percent(bffRate / diskRate)} ` +
      'of the page cache)',
  );
  console.log(
    `  throughput BFF/minimal receiver: ${percent(ratio)}, the median of the ${ROUNDS} rounds ` +
      `(${ratios.map(percent).join(', ')}) (target ≥ ${percent(TARGET_RATIO)}): ` +
      (ratio >= TARGET_RATIO ? 'target met' : 'target missed'),
  );
  console.log(
    `  for reference, BFF/batched receiver (the same write size on both sides): ${percent(median(stricterRatios))}, ` +
      `the median of the ${ROUNDS} rounds (${stricterRatios.map(percent).join(', ')})`,
  );
  console.log(
    `  BFF RSS: before ${mib(rssBefore.bff)}, peak during the uploads ${mib(peakBff)} (sampled every ` +
      `${SAMPLE_MS} ms), after ${mib(rssAfter)}; minimal receiver: before ${mib(rssBefore.minimal)}, ` +
      `peak ${mib(peakMinimal)}`,
  );
  console.log(
    `  BFF RSS growth: ${mib(growth)} (target ≤ ${mib(TARGET_RSS_GROWTH)}): ` +
      (growth <= TARGET_RSS_GROWTH ? 'target met' : 'target missed'),
  );
  console.log(bff.log.summary());

  // Where the time goes, 1: the CPU each process spent in the timed rounds, per upload (medians of the rounds).
  console.log('');
  console.log('  Where the time goes');
  const perUpload = (rounds, pick) => median(rounds.map((round) => pick(round) / UPLOADS));
  const cpuLine = (rounds) =>
    `main thread ${ms(perUpload(rounds, (round) => round.cpu.main))}, V8 helper threads (concurrent GC, compiler) ` +
    `${ms(perUpload(rounds, (round) => round.cpu.helpers))}, libuv pool ${ms(perUpload(rounds, (round) => round.cpu.pool))}` +
    `; in all ${ms(perUpload(rounds, (round) => round.cpu.total))}`;
  console.log(
    `  CPU per ${mib(jpeg.length)} upload in the timed rounds (user + system, /proc, medians of the rounds):`,
  );
  console.log(
    `    BFF:              ${cpuLine(results.bff)}; its PostgreSQL ${ms(perUpload(results.bff, (round) => round.postgres))}`,
  );
  console.log(`    minimal receiver: ${cpuLine(results.minimal)}`);
  console.log(`    batched receiver: ${cpuLine(results.batched)}`);

  // 2: the main thread by stage, from CPU profiles of a further pass; 3: the BFF's steps, from its debug lines.
  await stop(bff.child);
  await stop(minimal.child);
  await stop(batched.child);
  const profiles = join(stack.dataDir, 'profiles');
  const profiled = {
    bff: await stack.spawnBff({
      LOG_LEVEL: 'debug',
      NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${join(profiles, 'bff')}`,
    }),
    minimal: await startReceiver(stack, receiverDir, {
      env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${join(profiles, 'minimal')}` },
    }),
  };
  const steps = [];
  let partial = '';
  profiled.bff.child.stdout.on('data', (text) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"upload stored"')) continue;
      const entry = JSON.parse(line);
      if (entry.bytes === jpeg.length) steps.push(entry.ms);
    }
  });
  const profiledTargets = {
    bff: { ...target, baseUrl: profiled.bff.baseUrl },
    minimal: { ...reference, baseUrl: profiled.minimal.baseUrl },
  };
  await upload({ ...profiledTargets.bff, jpeg: sample, fileName: 'bench_warmup_profiled.jpg' });
  await upload({ ...profiledTargets.minimal, jpeg: sample, fileName: 'bench_warmup_profiled.jpg' });
  const windows = { bff: [], minimal: [] };
  for (let round = 1; round <= PROFILED_ROUNDS; round += 1) {
    for (const side of round % 2 === 1 ? ['bff', 'minimal'] : ['minimal', 'bff']) {
      flushDisk();
      const start = monotonicMicros();
      await timeCap(uploadRound(profiledTargets[side], `p${round}${sides[side].tag}`, jpeg), 'a profiled round');
      windows[side].push([start, monotonicMicros()]);
    }
  }
  agent.destroy();
  await stop(profiled.bff.child);
  await stop(profiled.minimal.child);
  const stages = {
    bff: profileStages(readProfile(join(profiles, 'bff')), windows.bff),
    minimal: profileStages(readProfile(join(profiles, 'minimal')), windows.minimal),
  };
  const uploads = PROFILED_ROUNDS * UPLOADS;
  const names = [...new Set([...stages.bff.keys(), ...stages.minimal.keys()])];
  const share = (side, name) => (stages[side].get(name) ?? 0) / uploads;
  const busy = (side) =>
    sum([...stages[side]].filter(([name]) => !name.startsWith('idle')).map(([, time]) => time)) / uploads;
  const idleName = STAGES[0].name;
  const row = (label, bffMs, minimalMs) =>
    `    ${label.padEnd(44)}${bffMs.toFixed(1).padStart(8)}${minimalMs.toFixed(1).padStart(10)}${(bffMs - minimalMs).toFixed(1).padStart(10)}`;
  console.log(
    `  The main thread by stage, ms per upload (CPU profiles, ${PROFILED_ROUNDS} more rounds each under the profiler; ` +
      'it samples the wall clock, so time a thread waits for one of the cores counts to what it was running):',
  );
  console.log(`    ${''.padEnd(44)}${'BFF'.padStart(8)}${'minimal'.padStart(10)}${'BFF − min'.padStart(10)}`);
  for (const name of names
    .filter((name) => name !== idleName)
    .sort((a, b) => share('bff', b) + share('minimal', b) - share('bff', a) - share('minimal', a))) {
    console.log(row(name, share('bff', name), share('minimal', name)));
  }
  console.log(row('busy in all', busy('bff'), busy('minimal')));
  console.log(row(idleName, share('bff', idleName), share('minimal', idleName)));
  if (steps.length > 0) {
    const step = (name) => `${median(steps.map((entry) => entry[name] ?? 0)).toFixed(1)} ms`;
    console.log(
      `  The BFF's steps per upload (its debug line \`upload stored\`, medians of ${steps.length} uploads): before ` +
        `the ledger entry (name check, head, sniffing) ${step('before')}, ledger entry ${step('entry')}, writing ` +
        `${step('write')}, row (ledger and media row, one transaction) ${step('row')}`,
    );
  }
  console.log(
    '  Not on this path: fsync (on neither side), hashing (MD5 only for PUTs to a direct-upload address), the JSON ' +
      'body parser and compression (they leave a multipart request alone)',
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--receiver') receiver();
  else await runBenchmark('uploads', main);
}
