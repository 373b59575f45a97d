// Benchmark of issue #3 item 19: 8 concurrent multipart uploads of a 50 MB JPEG each through the BFF
// (POST /api/turbines/{id}/photos, local storage) against writing the same 8 × 50 MB to disk concurrently with fs
// write streams in the same run (target ≥ 60 % of that throughput), and the BFF process's RSS growth while the
// uploads stream (target ≤ 100 MB), sampled from /proc/<pid>/status every 100 ms. For scale it also measures a
// minimal receiver (node:http + busboy + fs write streams, nothing else) with the same requests: the floor of any
// Node multipart receiver on this machine.
//
//   pnpm run bench:uploads          (builds the BFF first)
//   node tests/bench/upload-throughput.bench.mjs --receiver   (internal: the minimal receiver, started as a child)
import { randomFillSync } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { Agent, createServer, request } from 'node:http';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import { login, makeCompanies, makeUser, requireFromBff, runBenchmark } from './harness.mjs';

const UPLOADS = 8;
const FILE_BYTES = 50 * 1024 * 1024;
/** Chunks the client sends and the baseline writes: what a socket hands over is of this order. */
const CHUNK_BYTES = 64 * 1024;
const ROUNDS = 5;
const SAMPLE_MS = 100;
/** No single upload round (or baseline round) may run longer than this. */
const TIME_CAP_MS = 5 * 60 * 1000;
const TARGET_THROUGHPUT = 0.6;
const TARGET_RSS_GROWTH = 100 * 1024 * 1024;
const MiB = 1024 * 1024;

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

/** The baseline: the same bytes to files on the same disk, UPLOADS write streams at once. Answers seconds. */
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
 * stored size once the file is written; no authentication, checks, database or ledger.
 */
function receiver() {
  const busboy = requireFromBff('busboy');
  const folder = process.env.RECEIVER_DIR;
  let files = 0;
  const server = createServer((req, res) => {
    const parser = busboy({ headers: req.headers });
    const written = [];
    parser.on('file', (_field, stream) => {
      files += 1;
      const file = createWriteStream(join(folder, `upload-${files}.jpg`));
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

export async function bffRound(target, round, jpeg) {
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

const mbps = (bytes, seconds) => bytes / MiB / seconds;
const mib = (bytes) => `${(bytes / MiB).toFixed(1)} MiB`;

async function main(stack) {
  console.log('Upload throughput and memory (issue #3 item 19)');
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

  const receiverDir = join(stack.dataDir, 'receiver');
  await mkdir(receiverDir);
  const minimal = stack.spawnNode([fileURLToPath(import.meta.url), '--receiver'], { RECEIVER_DIR: receiverDir });
  const minimalPort = await new Promise((resolve, reject) => {
    minimal.once('message', (message) => resolve(message.port));
    minimal.once('exit', (code) => reject(new Error(`the minimal receiver exited with code ${code}`)));
  });

  const generating = performance.now();
  const { jpeg, width, height, sample } = await makeJpeg();
  const total = jpeg.length * UPLOADS;
  console.log(
    `  file: one real JPEG of ${jpeg.length} bytes (${mib(jpeg.length)}; ${width}×${height} noise, quality 100, ` +
      `made with sharp in ${((performance.now() - generating) / 1000).toFixed(1)} s), sent ${UPLOADS} times ` +
      `under different names, each upload ${mib(jpeg.length)} in its own multipart request`,
  );
  console.log(
    `  BFF:  node bff/dist/main.js (pid ${bff.pid}), NODE_ENV=production LOG_LEVEL=warn, local storage under ` +
      `DATA_DIR/storage; WORKER=off, so no derivative job runs during the measurement`,
  );
  console.log(
    `  client: node:http, ${UPLOADS} requests at once, bodies streamed in ${CHUNK_BYTES / 1024} KiB slices of one ` +
      `shared buffer; baseline: ${UPLOADS} fs write streams at once, same slices, same disk (no fsync on either side)`,
  );
  console.log(
    `  minimal receiver (reference, no target): node:http + busboy + fs write streams in one process (pid ` +
      `${minimal.pid}), same requests`,
  );
  console.log(
    `  ${ROUNDS} rounds, each: disk baseline, BFF, minimal receiver; all traffic on 127.0.0.1; ${cpus().length} cores`,
  );
  console.log('');

  const agent = new Agent({ keepAlive: false, maxSockets: UPLOADS });
  const target = { baseUrl: bff.baseUrl, token, turbineId, agent };
  const reference = { baseUrl: `http://127.0.0.1:${minimalPort}`, token, turbineId, agent };
  // Warm-up: one small upload through every step (lazy module loading, pools, JIT) before the RSS baselines.
  await upload({ ...target, jpeg: sample, fileName: 'bench_warmup.jpg' });
  await upload({ ...reference, jpeg: sample, fileName: 'bench_warmup.jpg' });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const rssBefore = { bff: rssBytes(bff.pid), minimal: rssBytes(minimal.pid) };
  console.log(
    `  RSS before the uploads (after one small warm-up upload): BFF ${mib(rssBefore.bff)}, ` +
      `minimal receiver ${mib(rssBefore.minimal)}`,
  );

  const seconds = { disk: [], bff: [], minimal: [] };
  const peak = { ...rssBefore };
  let samples = 0;
  const timeCap = (promise, what) =>
    Promise.race([
      promise,
      new Promise((_, reject) => {
        const timer = setTimeout(() => reject(new Error(`${what} took over ${TIME_CAP_MS / 1000} s`)), TIME_CAP_MS);
        timer.unref();
      }),
    ]);
  const rate = (time) => `${mbps(total, time).toFixed(0).padStart(5)} MiB/s`;
  for (let round = 1; round <= ROUNDS; round += 1) {
    const disk = await timeCap(diskRound(join(stack.dataDir, 'baseline'), jpeg), 'a baseline round');
    const viaBff = await timeCap(
      sampledRss(bff.pid, () => bffRound(target, round, jpeg)),
      'an upload round',
    );
    const viaMinimal = await timeCap(
      sampledRss(minimal.pid, () => bffRound(reference, round, jpeg)),
      'a minimal receiver round',
    );
    await rm(receiverDir, { recursive: true, force: true });
    await mkdir(receiverDir);
    seconds.disk.push(disk);
    seconds.bff.push(viaBff.result);
    seconds.minimal.push(viaMinimal.result);
    peak.bff = Math.max(peak.bff, viaBff.peak);
    peak.minimal = Math.max(peak.minimal, viaMinimal.peak);
    samples += viaBff.samples;
    console.log(
      `  round ${round}: disk ${rate(disk)}   BFF ${rate(viaBff.result)} (${((100 * disk) / viaBff.result).toFixed(0)} %` +
        ` of disk, peak RSS ${mib(viaBff.peak)})   minimal receiver ${rate(viaMinimal.result)}`,
    );
  }
  agent.destroy();
  const rssAfter = rssBytes(bff.pid);

  const sum = (values) => values.reduce((a, b) => a + b, 0);
  const diskRate = mbps(total * ROUNDS, sum(seconds.disk));
  const bffRate = mbps(total * ROUNDS, sum(seconds.bff));
  const minimalRate = mbps(total * ROUNDS, sum(seconds.minimal));
  const ratio = bffRate / diskRate;
  const growth = peak.bff - rssBefore.bff;
  console.log('');
  console.log(`  ${UPLOADS} × ${mib(jpeg.length)} per round, ${ROUNDS} rounds (${mib(total * ROUNDS)} each way)`);
  console.log(`  disk baseline (fs write streams)           ${diskRate.toFixed(0).padStart(5)} MiB/s`);
  console.log(`  through the BFF (multipart POST)           ${bffRate.toFixed(0).padStart(5)} MiB/s`);
  console.log(
    `  minimal receiver (http + busboy + fs)      ${minimalRate.toFixed(0).padStart(5)} MiB/s   ` +
      `(${((100 * minimalRate) / diskRate).toFixed(0)} % of disk; the BFF reaches ` +
      `${((100 * bffRate) / minimalRate).toFixed(0)} % of it)`,
  );
  console.log(
    `  throughput BFF/disk: ${(100 * ratio).toFixed(0)} % (target ≥ ${100 * TARGET_THROUGHPUT} %): ` +
      (ratio >= TARGET_THROUGHPUT ? 'target met' : 'target missed'),
  );
  console.log(
    `  BFF RSS: before ${mib(rssBefore.bff)}, peak during the uploads ${mib(peak.bff)} (${samples} samples every ` +
      `${SAMPLE_MS} ms), after ${mib(rssAfter)}; minimal receiver: before ${mib(rssBefore.minimal)}, ` +
      `peak ${mib(peak.minimal)}`,
  );
  console.log(
    `  BFF RSS growth: ${mib(growth)} (target ≤ ${mib(TARGET_RSS_GROWTH)}): ` +
      (growth <= TARGET_RSS_GROWTH ? 'target met' : 'target missed'),
  );
  console.log(bff.log.summary());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--receiver') receiver();
  else await runBenchmark('uploads', main);
}
