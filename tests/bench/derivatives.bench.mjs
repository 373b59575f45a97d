// Benchmark of issue #3 item 20: the derivatives of a 40 MP JPEG (thumbnail, preview, deep-zoom tiles) made by the
// BFF's makeDerivatives through the local storage driver, against sharp alone writing the same three outputs with
// the same settings to a folder — all three pipelines at once, the fastest plain way — both measured in this run.
// Target: ≤ 1.3×.
//
//   pnpm run bench:derivatives      (builds the BFF first)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
} finally {
  rmSync(work, { recursive: true, force: true });
}
