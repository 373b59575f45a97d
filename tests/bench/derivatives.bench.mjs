// Benchmark of issue #3 item 20: the derivatives of a 40 MP JPEG (thumbnail, preview, deep-zoom tiles) made by the
// BFF's makeDerivatives through the local storage driver, against sharp alone writing the same three outputs with
// the same settings to a folder — all three pipelines at once, the fastest plain way — both measured in this run.
// Target: ≤ 1.3×.
//
// Then issue #13's panorama case: the equirectangular tile levels of a ≥ 100 MP 2:1 JPEG (panoramaTiles, as the job
// cuts them) against the plain deep-zoom pyramid of the same image — time and peak RSS, each in a process of its own
// so its peak is its own — and the whole job (makeDerivatives) on that panorama. Reported, no target.
//
//   pnpm run bench:derivatives      (builds the BFF first; BENCH_PANORAMA=0 skips the panorama case)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importBff, requireFromBff } from './harness.mjs';

const WIDTH = 7728;
const HEIGHT = 5152;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_RATIO = 1.3;

const sharp = requireFromBff('sharp');
const { makeDerivatives, PREVIEW_SIZE, THUMB_SIZE } = await importBff('media/derivatives.js');
const { MAX_IMAGE_PIXELS } = await importBff('media/sniff.js');
// The demo seed's photo maker, as the BFF resolves its package.
const { bladePhoto } = await import(pathToFileURL(requireFromBff.resolve('@kanat360/demo-media')).href);
const { LocalStorage } = await importBff('storage/local-storage.js');
const { UploadUrls } = await importBff('storage/upload-urls.js');

/** sharp alone: the same outputs, sizes, qualities and tile geometry as makeDerivatives, each from the file. */
async function sharpAlone(source, folder) {
  const open = () => sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', autoOrient: true });
  const inside = { fit: 'inside', withoutEnlargement: true };
  await Promise.all([
    open().resize(THUMB_SIZE, THUMB_SIZE, inside).jpeg({ quality: 78 }).toFile(join(folder, 'thumb.jpg')),
    open().resize(PREVIEW_SIZE, PREVIEW_SIZE, inside).jpeg({ quality: 82 }).toFile(join(folder, 'preview.jpg')),
    open().jpeg({ quality: 80 }).tile({ size: 254, overlap: 1, layout: 'dz' }).toFile(join(folder, 'image')),
  ]);
}

const PANORAMA = { width: 14_336, height: 7168 };

/** One panorama case in this process (started by the parent below): prints its time and peak RSS as JSON. */
async function panoramaChild(mode, source, folder) {
  const open = () => sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', autoOrient: true });
  const storage = new LocalStorage(join(folder, 'storage'), new UploadUrls('bench-derivatives'));
  const started = performance.now();
  if (mode === 'dzi') {
    await open().jpeg({ quality: 80 }).tile({ size: 254, overlap: 1, layout: 'dz' }).toFile(join(folder, 'image'));
  } else if (mode === 'pano') {
    const { panoramaTiles } = await importBff('media/derivatives.js');
    await panoramaTiles(storage, open, join(folder, 'pano'), 'turbines/1/derivatives/pano/', PANORAMA.width);
  } else {
    const sourceKey = 'turbines/1/photos/pano.jpg';
    await storage.put(sourceKey, readFileSync(source), 'image/jpeg');
    await makeDerivatives(storage, { sourceKey, prefix: 'turbines/1/derivatives/job/', kind: 'photo' });
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ seconds, peakMB: process.resourceUsage().maxRSS / 1024 }));
}

if (process.argv[2] === '--panorama-child') {
  const [, , , mode, source, folder] = process.argv;
  await panoramaChild(mode, source, folder);
  process.exit(0);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(run) {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

const work = mkdtempSync(join(tmpdir(), 'kanat360-bench-derivatives-'));
try {
  const photo = await bladePhoto({
    width: WIDTH,
    height: HEIGHT,
    seed: 40,
    blade: 'A',
    room: 2,
    capturedAt: new Date('2024-06-12T10:30:00Z'),
    gps: { lat: 38.4237, lng: 27.1428 },
  });
  const source = join(work, 'source.jpg');
  writeFileSync(source, photo);
  const storage = new LocalStorage(join(work, 'storage'), new UploadUrls('bench-derivatives'));
  const sourceKey = 'turbines/1/photos/source.jpg';
  await storage.put(sourceKey, photo, 'image/jpeg');
  console.log(
    `40 MP JPEG: ${WIDTH} × ${HEIGHT}, ${(photo.length / 1024 / 1024).toFixed(1)} MB; ` +
      `${availableParallelism()} CPUs, sharp concurrency ${sharp.concurrency()}; ${RUNS} runs each after a warm-up`,
  );

  const baseline = [];
  const ours = [];
  // Warm-up (index 0, not counted), then the two alternate so both see the same machine.
  for (let run = 0; run <= RUNS; run++) {
    const folder = mkdtempSync(join(work, 'sharp-'));
    const sharpSeconds = await timed(() => sharpAlone(source, folder));
    rmSync(folder, { recursive: true, force: true });
    const prefix = `turbines/1/derivatives/run-${run}/`;
    const oursSeconds = await timed(() => makeDerivatives(storage, { sourceKey, prefix, kind: 'photo' }));
    await storage.deletePrefix(prefix);
    if (run === 0) continue;
    baseline.push(sharpSeconds);
    ours.push(oursSeconds);
    console.log(`run ${run}: sharp alone ${sharpSeconds.toFixed(2)} s, makeDerivatives ${oursSeconds.toFixed(2)} s`);
  }

  const ratio = median(ours) / median(baseline);
  console.log(`sharp alone (thumb + preview + tiles), median: ${median(baseline).toFixed(2)} s`);
  console.log(`makeDerivatives (same + EXIF + storage), median: ${median(ours).toFixed(2)} s`);
  console.log(`ratio: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×) — ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`);

  if (process.env.BENCH_PANORAMA !== '0') await panoramaCase();
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** The panorama case: each measurement a child process of its own, modes alternating, median of RUNS. */
async function panoramaCase() {
  const { panoramaLevels } = await importBff('media/panorama-levels.js');
  const source = join(work, 'panorama.jpg');
  // Noise under a slight blur: compresses about like a photograph, not like a flat fill.
  await sharp({
    create: { ...PANORAMA, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toFile(source);
  const megapixels = (PANORAMA.width * PANORAMA.height) / 1e6;
  const levels = panoramaLevels(PANORAMA.width)
    .map((level) => `${level.width} px ${level.cols}×${level.rows}`)
    .join(', ');
  console.log(
    `\npanorama: ${PANORAMA.width} × ${PANORAMA.height} (${megapixels.toFixed(1)} MP) JPEG; levels ${levels}`,
  );
  const self = fileURLToPath(import.meta.url);
  const results = { dzi: [], pano: [], job: [] };
  for (let run = 0; run <= RUNS; run++) {
    for (const mode of Object.keys(results)) {
      const folder = mkdtempSync(join(work, `panorama-${mode}-`));
      const output = execFileSync(process.execPath, [self, '--panorama-child', mode, source, folder], {
        encoding: 'utf8',
      });
      rmSync(folder, { recursive: true, force: true });
      if (run > 0) results[mode].push(JSON.parse(output.trim().split('\n').at(-1)));
    }
  }
  const summary = (mode) => ({
    seconds: median(results[mode].map((result) => result.seconds)),
    peakMB: Math.max(...results[mode].map((result) => result.peakMB)),
  });
  const [dzi, pano, job] = ['dzi', 'pano', 'job'].map(summary);
  const line = (name, result) =>
    console.log(`${name}: median ${result.seconds.toFixed(2)} s, peak RSS ${result.peakMB.toFixed(0)} MB`);
  line('deep-zoom pyramid alone (sharp, 254/1)', dzi);
  line('panorama tile levels (panoramaTiles, local storage)', pano);
  line('whole job on the panorama (makeDerivatives: thumb, preview, DZI, EXIF, panorama tiles)', job);
  console.log(
    `panorama tiles vs deep-zoom pyramid: time ${(pano.seconds / dzi.seconds).toFixed(2)}×, ` +
      `peak RSS ${(pano.peakMB / dzi.peakMB).toFixed(2)}×`,
  );
}
