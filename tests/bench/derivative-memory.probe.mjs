// How much memory making the derivatives of one photo takes, by size: the basis of the BFF's memory-bounded
// derivative jobs (bff/src/media/memory-budget.ts). Needs a built BFF.
//   node --expose-gc tests/bench/derivative-memory.probe.mjs 8256 5504
import { createRequire } from 'node:module';
import { randomFillSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const root = new URL('../../', import.meta.url).pathname;
const require = createRequire(join(root, 'bff/package.json'));
const sharp = require('sharp');
const [w, h] = process.argv.slice(2).map(Number);
const dir = mkdtempSync(join(tmpdir(), 'memprobe-'));
const file = join(dir, 'in.jpg');
// A smooth gradient with some noise: camera-like compressibility.
const img = await sharp({ create: { width: w, height: h, channels: 3, background: '#6a9' } })
  .composite([
    {
      input: await sharp(randomFillSync(Buffer.alloc(256 * 256 * 3)), { raw: { width: 256, height: 256, channels: 3 } })
        .png()
        .toBuffer(),
      tile: true,
      blend: 'overlay',
    },
  ])
  .jpeg({ quality: 90 })
  .toBuffer();
writeFileSync(file, img);
global.gc?.();
const base = process.memoryUsage().rss;
let peak = base;
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const { makeDerivatives } = await import(join(root, 'bff/dist/media/derivatives.js'));
const { LocalStorage } = await import(join(root, 'bff/dist/storage/local-storage.js'));
const storage = new LocalStorage(join(dir, 'store'));
await storage.put('src/in.jpg', img, 'image/jpeg');
await makeDerivatives(storage, { sourceKey: 'src/in.jpg', prefix: 'd/', kind: 'photo' });
clearInterval(timer);
console.log(
  `${w}x${h} = ${((w * h) / 1e6).toFixed(0)} MP, file ${(img.length / 1e6).toFixed(1)} MB: RSS growth ${((peak - base) / 1e6).toFixed(0)} MB, ${((peak - base) / (w * h)).toFixed(2)} B/px`,
);
