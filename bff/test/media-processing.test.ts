import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { isValidFileName } from '@kanat360/contracts';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CAPTURE_FACTS } from '@/media/capture-facts.js';
import { DerivativeError, makeDerivatives } from '@/media/derivatives.js';
import { isEquirectangular, panoramaLevels } from '@/media/panorama-levels.js';
import { FFMPEG_TIMEOUT_MS, videoFacts } from '@/media/video-poster.js';
import { parseVideoProbe, probeDuration } from '@/media/video-probe.js';
import {
  exceedsPixelLimit,
  expectedKindOfName,
  imageDimensions,
  MAX_IMAGE_PIXELS,
  SNIFF_HEAD_BYTES,
  sniffMedia,
  sniffPdf,
} from '@/media/sniff.js';
import { bladePhoto, panorama, pointCloud, reportPdf, shortVideo } from '@kanat360/demo-media';
import { LocalStorage } from '@/storage/local-storage.js';
import { S3Storage } from '@/storage/s3-storage.js';
import { UploadUrls } from '@/storage/upload-urls.js';
import { BUCKET, type RunningS3rver, startS3rver } from './s3rver.js';

// Every byte here is real: images from sharp and the demo generators, containers written to their specs.

const head = (bytes: Buffer) => bytes.subarray(0, SNIFF_HEAD_BYTES);

async function smallImage(format: 'jpeg' | 'png' | 'webp' | 'tiff' | 'gif' | 'avif'): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#8aa' } })
    .toFormat(format)
    .toBuffer();
}

/** An ISO BMFF file: an `ftyp` box with the brand, an empty `moov`, an `mdat`. */
function isoMedia(brand: string): Buffer {
  const box = (type: string, data: Buffer) => {
    const size = Buffer.alloc(4);
    size.writeUInt32BE(8 + data.length);
    return Buffer.concat([size, Buffer.from(type, 'latin1'), data]);
  };
  const ftyp = box('ftyp', Buffer.from(`${brand}\0\0\x02\0${brand}isommp41`, 'latin1'));
  return Buffer.concat([ftyp, box('moov', Buffer.alloc(0)), box('mdat', Buffer.alloc(64))]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny, valid PNG that declares width × height: a decompression bomb when both are large. */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Offset of a JPEG's SOF0 marker. */
function sofOffset(jpeg: Buffer): number {
  let offset = 2;
  while (jpeg[offset + 1] !== 0xc0) offset += 2 + jpeg.readUInt16BE(offset + 2);
  return offset;
}

describe('file names (spec §5)', () => {
  it.each(['IMG_0001.JPG', 'blade-A_room.3.jpeg', 'kanat.pcd', 'a', 'rapor-2024.pdf', 'x'.repeat(200)])(
    'accepts %s',
    (name) => expect(isValidFileName(name)).toBe(true),
  );

  it.each([
    '',
    '.',
    '..',
    'kanat ön.jpg',
    'a b.jpg',
    'kanat(1).jpg',
    'çatlak.jpg',
    'İzmir.jpg',
    'ğüşıö.png',
    'a/b.jpg',
    'a\\b.jpg',
    'name\n.jpg',
    'x'.repeat(201),
  ])('refuses %j', (name) => expect(isValidFileName(name)).toBe(false));
});

describe('sniffMedia', () => {
  it.each([
    ['jpeg', 'photo.jpg', 'image/jpeg', 'jpg'],
    ['jpeg', 'PHOTO.JPEG', 'image/jpeg', 'jpg'],
    ['png', 'photo.png', 'image/png', 'png'],
    ['webp', 'photo.webp', 'image/webp', 'webp'],
    ['tiff', 'photo.tif', 'image/tiff', 'tif'],
    ['tiff', 'photo.tiff', 'image/tiff', 'tif'],
  ] as const)('accepts %s bytes named %s as a photo', async (format, name, mime, ext) => {
    expect(await sniffMedia(head(await smallImage(format)), name)).toEqual({ ok: true, kind: 'photo', mime, ext });
  });

  it.each([
    ['isom', 'video.mp4', 'video/mp4', 'mp4'],
    ['qt  ', 'video.MOV', 'video/quicktime', 'mov'],
    ['M4V ', 'video.m4v', 'video/x-m4v', 'm4v'],
    // One container family: a camera's MP4-branded file named .mov is still a video.
    ['isom', 'video.mov', 'video/mp4', 'mp4'],
  ])('accepts an ISO BMFF file of brand %j named %s', async (brand, name, mime, ext) => {
    expect(await sniffMedia(isoMedia(brand), name)).toEqual({ ok: true, kind: 'video', mime, ext });
  });

  it('accepts the generated WebM video and the generated point cloud', async () => {
    expect(await sniffMedia(head(await shortVideo({ seconds: 0.5 })), 'clip.webm')).toEqual({
      ok: true,
      kind: 'video',
      mime: 'video/webm',
      ext: 'webm',
    });
    expect(await sniffMedia(head(pointCloud({ points: 500 })), 'blade.pcd')).toEqual({
      ok: true,
      kind: 'pointcloud',
      mime: 'application/x-pcd',
      ext: 'pcd',
    });
  });

  it('accepts a PCD header without comment and with binary data', async () => {
    const header =
      'VERSION .7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH 1\nHEIGHT 1\nPOINTS 1\nDATA binary\n';
    const pcd = Buffer.concat([Buffer.from(header, 'ascii'), Buffer.from([0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64])]);
    expect(await sniffMedia(pcd, 'scan.pcd')).toMatchObject({ ok: true, kind: 'pointcloud' });
  });

  it('refuses a type the name does not agree with', async () => {
    const jpeg = await smallImage('jpeg');
    expect(await sniffMedia(head(jpeg), 'photo.png')).toEqual({ ok: false, reason: 'TYPE_MISMATCH' });
    expect(await sniffMedia(head(await smallImage('png')), 'photo.jpg')).toEqual({
      ok: false,
      reason: 'TYPE_MISMATCH',
    });
    expect(await sniffMedia(head(jpeg), 'photo')).toEqual({ ok: false, reason: 'TYPE_MISMATCH' });
    expect(await sniffMedia(head(jpeg), 'photo.pcd')).toEqual({ ok: false, reason: 'TYPE_MISMATCH' });
    expect(await sniffMedia(head(pointCloud({ points: 10 })), 'blade.jpg')).toEqual({
      ok: false,
      reason: 'TYPE_MISMATCH',
    });
    expect(await sniffMedia(isoMedia('isom'), 'video.webm')).toEqual({ ok: false, reason: 'TYPE_MISMATCH' });
  });

  it('refuses bytes of no accepted type, whatever the name', async () => {
    const unknown = { ok: false, reason: 'UNKNOWN_TYPE' };
    expect(await sniffMedia(Buffer.from('just some text, no header at all\n'.repeat(10)), 'notes.jpg')).toEqual(
      unknown,
    );
    expect(await sniffMedia(Buffer.alloc(4096, 0x5a), 'blade.pcd')).toEqual(unknown);
    expect(await sniffMedia(head(await smallImage('gif')), 'anim.gif')).toEqual(unknown);
    expect(await sniffMedia(head(await smallImage('avif')), 'photo.avif')).toEqual(unknown);
    expect(await sniffMedia(head(reportPdf({ title: 'R', turbine: 'T', year: 2024, lines: [] })), 'r.jpg')).toEqual(
      unknown,
    );
    // A PCD-like header with a keyword PCD does not have, or no DATA line, is not a point cloud.
    expect(await sniffMedia(Buffer.from('VERSION 0.7\nFIELDS x y z\nEVIL 1\nDATA ascii\n'), 'a.pcd')).toEqual(unknown);
    expect(await sniffMedia(Buffer.from('VERSION 0.7\nFIELDS x y z\nPOINTS 1\n'), 'a.pcd')).toEqual(unknown);
    expect(await sniffMedia(Buffer.alloc(0), 'empty.jpg')).toEqual(unknown);
  });

  it('refuses SVG, HTML, XML and scripts even under an image name', async () => {
    const forbidden = { ok: false, reason: 'FORBIDDEN_TYPE' };
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expect(await sniffMedia(Buffer.from(svg), 'photo.jpg')).toEqual(forbidden);
    expect(await sniffMedia(Buffer.from(`\ufeff<?xml version="1.0"?>\n${svg}`), 'photo.png')).toEqual(forbidden);
    expect(await sniffMedia(Buffer.from('\n\n  <!DOCTYPE html><html><body>hi</body></html>'), 'a.jpg')).toEqual(
      forbidden,
    );
    expect(await sniffMedia(Buffer.from('\ufeff<html><script>x()</script></html>', 'utf16le'), 'a.webp')).toEqual(
      forbidden,
    );
    expect(await sniffMedia(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'blade.pcd')).toEqual(forbidden);
    // A real image under a markup or script name is refused as well.
    const jpeg = await smallImage('jpeg');
    expect(await sniffMedia(head(jpeg), 'photo.svg')).toEqual(forbidden);
    expect(await sniffMedia(head(jpeg), 'page.html')).toEqual(forbidden);
    expect(await sniffMedia(head(jpeg), 'run.js')).toEqual(forbidden);
  });

  it('tells the kind a name promises before the bytes arrive', () => {
    expect(expectedKindOfName('a.JPG')).toBe('photo');
    expect(expectedKindOfName('a.mov')).toBe('video');
    expect(expectedKindOfName('a.pcd')).toBe('pointcloud');
    expect(expectedKindOfName('a.svg')).toBe('forbidden');
    expect(expectedKindOfName('a.zip')).toBeNull();
    expect(expectedKindOfName('noextension')).toBeNull();
  });
});

describe('sniffPdf', () => {
  const pdf = reportPdf({ title: 'Rapor', turbine: 'T-1', year: 2024, lines: ['satır'] });

  it('accepts %PDF- bytes named .pdf, with or without a UTF-8 byte-order mark', () => {
    const ok = { ok: true, mime: 'application/pdf', ext: 'pdf' };
    expect(sniffPdf(head(pdf), 'rapor.pdf')).toEqual(ok);
    expect(sniffPdf(head(pdf), 'RAPOR.PDF')).toEqual(ok);
    expect(sniffPdf(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), head(pdf)]), 'rapor.pdf')).toEqual(ok);
  });

  it('refuses other bytes or another name', async () => {
    const notPdf = { ok: false, reason: 'NOT_PDF' };
    expect(sniffPdf(head(await smallImage('jpeg')), 'scan.pdf')).toEqual(notPdf);
    expect(sniffPdf(head(pdf), 'rapor.txt')).toEqual(notPdf);
    expect(sniffPdf(Buffer.concat([Buffer.from('  '), head(pdf)]), 'rapor.pdf')).toEqual(notPdf);
    expect(sniffPdf(Buffer.from('<html>%PDF-1.4</html>'), 'rapor.pdf')).toEqual(notPdf);
    expect(sniffPdf(Buffer.alloc(0), 'rapor.pdf')).toEqual(notPdf);
  });
});

describe('image size from the header', () => {
  it('reads a 40 MP JPEG with EXIF ahead of the frame from its first bytes', async () => {
    const jpeg = await bladePhoto({
      width: 7728,
      height: 5152,
      seed: 1,
      blade: 'A',
      room: 2,
      capturedAt: new Date('2023-05-01T09:00:00Z'),
      gps: { lat: 39.9, lng: 32.85 },
    });
    expect(jpeg.indexOf('Exif\0')).toBeLessThan(sofOffset(jpeg));
    const size = await imageDimensions(head(jpeg));
    expect(size).toEqual({ width: 7728, height: 5152 });
    expect(exceedsPixelLimit(size!)).toBe(false);
  });

  it('reads the SOF marker itself when the head ends before sharp can read the header', async () => {
    // Cameras put large APP segments (maker notes, a second picture's index) ahead of the frame: two of 60 KB here,
    // and the head cut right after the SOF marker.
    const jpeg = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    const app11 = Buffer.concat([Buffer.from([0xff, 0xeb, 0xea, 0x62]), Buffer.alloc(60_000, 0x41)]);
    const large = Buffer.concat([jpeg.subarray(0, 2), app11, app11, jpeg.subarray(2)]);
    const cut = large.subarray(0, sofOffset(large) + 19);
    expect(cut.length).toBeGreaterThan(120_000);
    await expect(sharp(cut).metadata()).rejects.toThrow();
    expect(await imageDimensions(cut)).toEqual({ width: 4000, height: 3000 });
    expect(await imageDimensions(large)).toEqual({ width: 4000, height: 3000 });
  });

  it('learns a decompression bomb from its header in milliseconds', async () => {
    const bomb = pngDeclaring(100_000, 100_000);
    expect(bomb.length).toBeLessThan(1024);
    const started = performance.now();
    const size = await imageDimensions(head(bomb));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(size).toEqual({ width: 100_000, height: 100_000 });
    expect(exceedsPixelLimit(size!)).toBe(true);

    // The same for a JPEG whose frame header declares 65000 × 65000.
    const jpeg = Buffer.from(await smallImage('jpeg'));
    const sof = sofOffset(jpeg);
    jpeg.writeUInt16BE(65_000, sof + 5);
    jpeg.writeUInt16BE(65_000, sof + 7);
    expect(exceedsPixelLimit((await imageDimensions(head(jpeg)))!)).toBe(true);
  });

  it('lets what real cameras make through the 200 MP limit, and not the 16,000 × 16,000 PNG of the attack', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(200_000_000);
    // A 45 MP blade photo, a 16k × 8k panorama, a 200 MP composite.
    for (const [width, height] of [
      [8256, 5504],
      [16_000, 8_000],
      [20_000, 10_000],
    ] as const) {
      expect(exceedsPixelLimit((await imageDimensions(pngDeclaring(width, height)))!), `${width}×${height}`).toBe(
        false,
      );
    }
    expect(exceedsPixelLimit((await imageDimensions(pngDeclaring(16_000, 16_000)))!)).toBe(true);
    expect(exceedsPixelLimit((await imageDimensions(pngDeclaring(20_000, 10_001)))!)).toBe(true);
  });

  it('answers null for bytes that are not an image', async () => {
    expect(await imageDimensions(Buffer.from('not an image'))).toBeNull();
  });
});

describe('makeDerivatives', () => {
  const capturedAt = new Date('2024-06-12T10:30:00Z');
  const gps = { lat: 38.4237, lng: 27.1428 };
  let root: string;
  let storage: LocalStorage;
  let blade: Buffer;
  let ownTmp: string;
  const previousTmp = process.env.TMPDIR;

  const tempFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('kanat360-tiles-')).length;
  async function stored(key: string): Promise<Buffer> {
    const object = await storage.get(key);
    if (!object) throw new Error(`${key} is missing`);
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of storage.list(prefix)) keys.push(object.key);
    return keys;
  }

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'kanat360-derivatives-test-'));
    // A temporary folder of this file's own (os.tmpdir() reads TMPDIR), so other processes making tiles on the
    // same machine cannot change the count of leftovers.
    ownTmp = mkdtempSync(join(tmpdir(), 'kanat360-derivatives-tmp-'));
    process.env.TMPDIR = ownTmp;
    storage = new LocalStorage(root, new UploadUrls('media-processing-test-secret'));
    blade = await bladePhoto({ width: 6000, height: 4000, seed: 7, blade: 'B', room: 3, capturedAt, gps });
    await storage.put('turbines/1/photos/blade.jpg', blade, 'image/jpeg');
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
    rmSync(ownTmp, { recursive: true, force: true });
  });

  it('makes a thumbnail, a preview and deep-zoom tiles of a 24 MP photo and reads its EXIF', async () => {
    const folders = tempFolders();
    const prefix = 'turbines/1/derivatives/0b0e5a1c-2f7e-4a43-9d1e-6c1f0d7a1b21/';
    const result = await makeDerivatives(storage, { sourceKey: 'turbines/1/photos/blade.jpg', prefix, kind: 'photo' });

    expect(result).toEqual({
      size: blade.length,
      thumbKey: `${prefix}thumb.jpg`,
      previewKey: `${prefix}preview.jpg`,
      tilesKey: `${prefix}tiles/image.dzi`,
      width: 6000,
      height: 4000,
      // The demo camera writes its offset (+00:00), so the instant is known.
      capturedAtLocal: '2024-06-12T10:30:00',
      capturedOffset: '+00:00',
      capturedAt,
      gpsLat: expect.closeTo(gps.lat, 6) as number,
      gpsLng: expect.closeTo(gps.lng, 6) as number,
      cameraMake: 'Kanat360',
      cameraModel: 'Demo inspection camera',
      lensModel: null,
      focalLengthMm: null,
      isPanorama: false,
      panoramaWidth: null,
      durationS: null,
      processingWarning: null,
    });

    // Long side 400 and 2048, the aspect kept (to the pixel: the thumbnail is made from the preview).
    const thumb = await sharp(await stored(result.thumbKey!)).metadata();
    expect([thumb.format, thumb.width]).toEqual(['jpeg', 400]);
    expect(Math.abs(thumb.height - 400 / 1.5)).toBeLessThanOrEqual(1);
    const preview = await sharp(await stored(result.previewKey!)).metadata();
    expect([preview.format, preview.width]).toEqual(['jpeg', 2048]);
    expect(Math.abs(preview.height - 2048 / 1.5)).toBeLessThanOrEqual(1);

    const dzi = (await stored(result.tilesKey!)).toString('utf8');
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(dzi)?.[1];
    expect(dzi).toContain('xmlns="http://schemas.microsoft.com/deepzoom/2008"');
    expect(['Format', 'Overlap', 'TileSize', 'Width', 'Height'].map(attribute)).toEqual([
      'jpeg',
      '1',
      '254',
      '6000',
      '4000',
    ]);
    // Deep zoom levels go from 1 px (level 0) to full size (level ⌈log2 6000⌉ = 13): 24 × 16 tiles there.
    const topLevel = `${prefix}tiles/image_files/13/`;
    const topTiles = await keysUnder(topLevel);
    expect(topTiles).toHaveLength(24 * 16);
    const tile = await sharp(await stored(`${topLevel}0_0.jpeg`)).metadata();
    expect([tile.format, tile.width, tile.height]).toEqual(['jpeg', 255, 255]);
    expect(await storage.head(`${prefix}tiles/image_files/0/0_0.jpeg`)).not.toBeNull();

    expect(tempFolders()).toBe(folders);
  });

  it('gives the same keys when run twice, and leaves nothing behind', async () => {
    const prefix = 'turbines/1/derivatives/7d1c0c1e-5b8a-4a43-9d1e-000000000002/';
    const job = { sourceKey: 'turbines/1/photos/blade.jpg', prefix, kind: 'photo' } as const;
    const first = await makeDerivatives(storage, job);
    const firstKeys = await keysUnder(prefix);
    const second = await makeDerivatives(storage, job);
    expect(second).toEqual(first);
    expect(await keysUnder(prefix)).toEqual(firstKeys);
    // No temporary file of the tile move or the writes is left, among the objects or as a partial write.
    expect(readdirSync(join(root, 'turbines/1/derivatives/7d1c0c1e-5b8a-4a43-9d1e-000000000002'))).toEqual([
      'preview.jpg',
      'thumb.jpg',
      'tiles',
    ]);
    expect(readdirSync(join(root, '.partial'))).toEqual([]);
  });

  it('finds 2:1 panoramas and honours EXIF orientation', async () => {
    await storage.put('turbines/1/photos/pano.jpg', await panorama(), 'image/jpeg');
    const pano = await makeDerivatives(storage, {
      sourceKey: 'turbines/1/photos/pano.jpg',
      prefix: 'turbines/1/derivatives/pano/',
      kind: 'photo',
    });
    expect([pano.width, pano.height, pano.isPanorama]).toEqual([4096, 2048, true]);

    // Stored 3000 × 1500, shown rotated a quarter turn (EXIF orientation 6): 1500 × 3000, no panorama.
    const rotated = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#abc' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    await storage.put('turbines/1/photos/rotated.jpg', rotated, 'image/jpeg');
    const result = await makeDerivatives(storage, {
      sourceKey: 'turbines/1/photos/rotated.jpg',
      prefix: 'turbines/1/derivatives/rotated/',
      kind: 'photo',
    });
    expect([result.width, result.height, result.isPanorama, result.capturedAt, result.gpsLat]).toEqual([
      1500,
      3000,
      false,
      null,
      null,
    ]);
    const thumb = await sharp(await stored(result.thumbKey!)).metadata();
    expect([thumb.width, thumb.height]).toEqual([200, 400]);

    expect(isEquirectangular(6000, 3000)).toBe(true);
    expect(isEquirectangular(6000, 3060)).toBe(true);
    expect(isEquirectangular(6000, 3100)).toBe(false);
    expect(isEquirectangular(1800, 900)).toBe(false);
    expect(isEquirectangular(6000, 4000)).toBe(false);
  });

  it('asks for memory for the size of the photo before decoding it, and gives it back', async () => {
    const asked: [number, number][] = [];
    let released = 0;
    await storage.put('turbines/1/photos/budget.jpg', blade, 'image/jpeg');
    await makeDerivatives(
      storage,
      { sourceKey: 'turbines/1/photos/budget.jpg', prefix: 'turbines/1/derivatives/budget/', kind: 'photo' },
      (width, height) => {
        asked.push([width, height]);
        return Promise.resolve(() => (released += 1));
      },
    );
    const { width, height } = await sharp(blade).metadata();
    expect(asked).toEqual([[width, height]]);
    expect(released).toBe(1);
  });

  it('throws a code for a corrupt, a non-image or an oversized original, and cleans up', async () => {
    const folders = tempFolders();
    const cases: [string, Buffer, string][] = [
      ['garbage.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]), 'IMAGE_CORRUPT'],
      ['text.jpg', Buffer.from('hello'), 'IMAGE_UNREADABLE'],
      ['bomb.png', pngDeclaring(100_000, 100_000), 'IMAGE_TOO_LARGE'],
      ['attack.png', pngDeclaring(16_000, 16_000), 'IMAGE_TOO_LARGE'],
    ];
    for (const [name, bytes, code] of cases) {
      await storage.put(`turbines/1/photos/${name}`, bytes, 'application/octet-stream');
      const run = makeDerivatives(storage, {
        sourceKey: `turbines/1/photos/${name}`,
        prefix: `turbines/1/derivatives/${name}/`,
        kind: 'photo',
      });
      await expect(run).rejects.toBeInstanceOf(DerivativeError);
      await expect(run).rejects.toMatchObject({ code });
      expect(await storage.head(`turbines/1/derivatives/${name}/tiles/image.dzi`)).toBeNull();
    }
    expect(tempFolders()).toBe(folders);
    await expect(
      makeDerivatives(storage, { sourceKey: 'turbines/1/photos/none.jpg', prefix: 'turbines/1/x/', kind: 'photo' }),
    ).rejects.toMatchObject({ code: 'MEDIA_ORIGINAL_MISSING' });
  });

  it('shows a JPEG cut short as far as it can be read, as browsers do, with a warning', async () => {
    // Half of the file: the lower half of the picture is missing (libvips fills it grey).
    await storage.put('turbines/1/photos/truncated.jpg', blade.subarray(0, Math.floor(blade.length / 2)), 'image/jpeg');
    const prefix = 'turbines/1/derivatives/truncated/';
    const result = await makeDerivatives(storage, {
      sourceKey: 'turbines/1/photos/truncated.jpg',
      prefix,
      kind: 'photo',
    });
    expect(result).toMatchObject({ width: 6000, height: 4000, processingWarning: 'IMAGE_DAMAGED', capturedAt });
    // The lower half is one flat grey in the preview, the upper half is the photo.
    const preview = sharp(await stored(result.previewKey!));
    const row = async (top: number) =>
      preview.clone().extract({ left: 0, top, width: 2048, height: 1 }).greyscale().raw().toBuffer();
    const spread = (pixels: Buffer) => Math.max(...pixels) - Math.min(...pixels);
    expect(spread(await row(1300))).toBe(0);
    expect(spread(await row(100))).toBeGreaterThan(0);
    expect(await storage.head(`${prefix}tiles/image.dzi`)).not.toBeNull();
    // A whole photo has no warning (the blade photo of the first test).
    expect(
      (await makeDerivatives(storage, { sourceKey: 'turbines/1/photos/blade.jpg', prefix, kind: 'photo' }))
        .processingWarning,
    ).toBeNull();
  });

  it('cuts a 2:1 panorama into equirectangular tiles, level by level, and replaces them on a second run', async () => {
    const folders = tempFolders();
    // 12,000 px wide: a 4,096 px level of 512 px tiles, then the full width in 750 px tiles.
    const bytes = await sharp({ create: { width: 12_000, height: 6000, channels: 3, background: '#7ab' } })
      .jpeg()
      .toBuffer();
    await storage.put('turbines/1/photos/wide-pano.jpg', bytes, 'image/jpeg');
    const prefix = 'turbines/1/derivatives/wide-pano/';
    const job = { sourceKey: 'turbines/1/photos/wide-pano.jpg', prefix, kind: 'photo' } as const;
    const result = await makeDerivatives(storage, job);
    expect([result.isPanorama, result.panoramaWidth, result.tilesKey]).toEqual([
      true,
      12_000,
      `${prefix}tiles/image.dzi`,
    ]);
    const levels = panoramaLevels(12_000);
    expect(levels).toEqual([
      { width: 4096, cols: 8, rows: 4 },
      { width: 12_000, cols: 16, rows: 8 },
    ]);
    for (const [index, level] of levels.entries()) {
      const keys = await keysUnder(`${prefix}pano/${index}/`);
      expect(keys).toHaveLength(level.cols * level.rows);
      const size = level.width / level.cols;
      for (const [col, row] of [
        [0, 0],
        [level.cols - 1, level.rows - 1],
      ]) {
        const tile = await sharp(await stored(`${prefix}pano/${index}/${col}_${row}.jpg`)).metadata();
        expect([tile.format, tile.width, tile.height]).toEqual(['jpeg', size, size]);
      }
    }
    const keys = await keysUnder(`${prefix}pano/`);
    // A second run over a smaller original leaves no tile of the first one's levels behind.
    await storage.put('turbines/1/photos/wide-pano.jpg', await panorama({ width: 4096, height: 2048 }), 'image/jpeg');
    const again = await makeDerivatives(storage, job);
    expect(again.panoramaWidth).toBe(4096);
    const smaller = await keysUnder(`${prefix}pano/`);
    expect(smaller).toHaveLength(4 * 2);
    expect(smaller.every((key) => key.startsWith(`${prefix}pano/0/`))).toBe(true);
    expect(keys.length).toBe(8 * 4 + 16 * 8);
    expect(tempFolders()).toBe(folders);
  });

  it('gives every panorama width levels Photo Sphere Viewer accepts, the sharpest at the original width or just under', () => {
    const powerOfTwo = (value: number) => Number.isInteger(Math.log2(value));
    for (const width of [2000, 4096, 5000, 6144, 8000, 12_000, 14_336, 16_384, 20_000, 30_000]) {
      const levels = panoramaLevels(width);
      const sharpest = levels.at(-1)!;
      expect(sharpest.width).toBeLessThanOrEqual(width);
      expect(sharpest.width).toBeGreaterThan(width - sharpest.cols);
      for (const level of levels) {
        expect(powerOfTwo(level.cols) && powerOfTwo(level.rows), JSON.stringify(level)).toBe(true);
        expect(level.cols).toBe(2 * level.rows);
        expect(level.cols).toBeLessThanOrEqual(64);
        expect(level.width % level.cols).toBe(0);
        const tile = level.width / level.cols;
        expect(tile).toBeGreaterThanOrEqual(level === sharpest ? 500 : 512);
        expect(tile).toBeLessThanOrEqual(1024);
      }
      const widths = levels.map((level) => level.width);
      expect(widths).toEqual([...widths].sort((a, b) => a - b));
    }
    expect(panoramaLevels(16_384).map((level) => level.width)).toEqual([4096, 8192, 16_384]);
    expect(panoramaLevels(4096)).toEqual([{ width: 4096, cols: 4, rows: 2 }]);
  });

  it("makes a video's poster (thumbnail and preview) and reads its length; point clouds get only their size", async () => {
    const work = mkdtempSync(join(ownTmp, 'video-'));
    const mp4 = join(work, 'clip.mp4');
    // Encoded by the bundled ffmpeg itself: 2.5 s of its test pattern, 640 × 360, H.264.
    execFileSync(ffmpeg.path, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2.5:size=640x360:rate=10',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      mp4,
    ]);
    const cases: [string, Buffer, string, number][] = [
      ['clip.mp4', readFileSync(mp4), 'video/mp4', 2.5],
      ['demo.webm', await shortVideo({ seconds: 2 }), 'video/webm', 2],
    ];
    for (const [name, bytes, mime, seconds] of cases) {
      await storage.put(`turbines/1/videos/${name}`, bytes, mime);
      const prefix = `turbines/1/derivatives/${name}/`;
      const job = { sourceKey: `turbines/1/videos/${name}`, prefix, kind: 'video' } as const;
      const result = await makeDerivatives(storage, job);
      expect(result).toMatchObject({
        size: bytes.length,
        thumbKey: `${prefix}thumb.jpg`,
        previewKey: `${prefix}preview.jpg`,
        tilesKey: null,
        width: 640,
        height: 360,
        isPanorama: false,
        panoramaWidth: null,
      });
      expect(result.durationS).toBeCloseTo(seconds, 1);
      const thumb = await sharp(await stored(result.thumbKey!)).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 400, 225]);
      const preview = await sharp(await stored(result.previewKey!)).metadata();
      expect([preview.format, preview.width, preview.height]).toEqual(['jpeg', 640, 360]);
      // The same keys again.
      expect(await makeDerivatives(storage, job)).toEqual(result);
      expect(await keysUnder(prefix)).toEqual([`${prefix}preview.jpg`, `${prefix}thumb.jpg`]);
    }

    const cloud = pointCloud({ points: 100 });
    await storage.put('turbines/1/clouds/scan.pcd', cloud, 'application/octet-stream');
    const prefix = 'turbines/1/derivatives/scan/';
    expect(
      await makeDerivatives(storage, { sourceKey: 'turbines/1/clouds/scan.pcd', prefix, kind: 'pointcloud' }),
    ).toEqual({
      size: cloud.length,
      thumbKey: null,
      previewKey: null,
      tilesKey: null,
      width: null,
      height: null,
      ...NO_CAPTURE_FACTS,
      isPanorama: false,
      panoramaWidth: null,
      durationS: null,
      processingWarning: null,
    });
    expect(await keysUnder(prefix)).toEqual([]);
    rmSync(work, { recursive: true, force: true });
  });

  it('leaves a video ffmpeg cannot read without poster and length, and stops ffmpeg when it takes too long', async () => {
    // A WebM header and then nothing a decoder can use: still a file to play or download.
    const broken = Buffer.concat([(await shortVideo({ seconds: 1 })).subarray(0, 60), Buffer.alloc(4000, 0x55)]);
    await storage.put('turbines/1/videos/broken.webm', broken, 'video/webm');
    const prefix = 'turbines/1/derivatives/broken/';
    const result = await makeDerivatives(storage, {
      sourceKey: 'turbines/1/videos/broken.webm',
      prefix,
      kind: 'video',
    });
    expect(result).toMatchObject({
      size: broken.length,
      thumbKey: null,
      previewKey: null,
      durationS: null,
      width: null,
    });
    expect(await keysUnder(prefix)).toEqual([]);

    expect(FFMPEG_TIMEOUT_MS).toBe(60_000);
    // A pipe no one writes to: ffmpeg waits for its first byte for ever, and is killed at the limit.
    const work = mkdtempSync(join(ownTmp, 'endless-'));
    execFileSync('mkfifo', [join(work, 'never.webm')]);
    const started = Date.now();
    const endless = await videoFacts(join(work, 'never.webm'), join(work, 'poster.png'), 500);
    expect(endless).toEqual({ durationS: null, poster: null, capture: NO_CAPTURE_FACTS });
    expect(Date.now() - started).toBeLessThan(FFMPEG_TIMEOUT_MS);
    rmSync(work, { recursive: true, force: true });

    expect(probeDuration(parseVideoProbe('{"format": {"duration": "3723.500000", "bit_rate": "88000"}}'))).toBe(3723.5);
    // ffprobe leaves out a length it does not know.
    expect(probeDuration(parseVideoProbe('{"format": {"bit_rate": "88000"}}'))).toBeNull();
    expect(probeDuration(parseVideoProbe('{"format": {"duration": "N/A"}}'))).toBeNull();
  });
});

describe('makeDerivatives on S3', () => {
  let s3: RunningS3rver;
  let storage: S3Storage;

  beforeAll(async () => {
    s3 = await startS3rver();
    storage = new S3Storage({
      endpoint: s3.endpoint,
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    await s3?.close();
  });

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of storage.list(prefix)) keys.push(object.key);
    return keys;
  }

  it("cuts a panorama's tile levels and a video's poster, reading a big video in ranges", async () => {
    const prefix = `runs/${randomUUID()}/`;
    await storage.put(`${prefix}pano.jpg`, await panorama(), 'image/jpeg');
    const pano = await makeDerivatives(storage, {
      sourceKey: `${prefix}pano.jpg`,
      prefix: `${prefix}pano/`,
      kind: 'photo',
    });
    expect(pano.panoramaWidth).toBe(4096);
    for (const [index, level] of panoramaLevels(4096).entries()) {
      expect(await keysUnder(`${prefix}pano/pano/${index}/`)).toHaveLength(level.cols * level.rows);
    }
    const tile = await storage.get(`${prefix}pano/pano/0/3_1.jpg`);
    const chunks: Buffer[] = [];
    for await (const chunk of tile!.body) chunks.push(chunk as Buffer);
    expect((await sharp(Buffer.concat(chunks)).metadata()).width).toBe(1024);

    // An MP4 as cameras write it, its index (moov) after the frames: ffmpeg reads the ends of the object in ranges.
    const work = mkdtempSync(join(tmpdir(), 'kanat360-s3-video-'));
    const mp4 = join(work, 'clip.mp4');
    execFileSync(ffmpeg.path, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x180:rate=10'],
      ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', mp4],
    ]);
    const video = readFileSync(mp4);
    rmSync(work, { recursive: true, force: true });
    expect(video.indexOf('moov')).toBeGreaterThan(video.indexOf('mdat'));
    await storage.put(`${prefix}clip.mp4`, video, 'video/mp4');
    const clip = await makeDerivatives(storage, {
      sourceKey: `${prefix}clip.mp4`,
      prefix: `${prefix}clip/`,
      kind: 'video',
    });
    expect(clip).toMatchObject({ width: 320, height: 180, thumbKey: `${prefix}clip/thumb.jpg` });
    expect(clip.durationS).toBeCloseTo(3, 1);
    expect(await keysUnder(`${prefix}clip/`)).toEqual([`${prefix}clip/preview.jpg`, `${prefix}clip/thumb.jpg`]);
  });
});

/** The elements of an EBML (WebM) buffer, descending into the master elements named. */
function ebmlElements(data: Buffer, masters: Set<number>): { id: number; body: Buffer }[] {
  const vint = (offset: number, keepMarker: boolean) => {
    const first = data[offset]!;
    let length = 1;
    while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
    let value = keepMarker ? first : first & (0xff >> length);
    for (let i = 1; i < length; i++) value = value * 256 + data[offset + i]!;
    return { value, length };
  };
  const out: { id: number; body: Buffer }[] = [];
  let offset = 0;
  while (offset < data.length) {
    const id = vint(offset, true);
    const size = vint(offset + id.length, false);
    const start = offset + id.length + size.length;
    const body = data.subarray(start, start + size.value);
    expect(body.length).toBe(size.value);
    out.push({ id: id.value, body });
    if (masters.has(id.value)) out.push(...ebmlElements(body, masters));
    offset = start + size.value;
  }
  return out;
}

describe('demo media', () => {
  it('makes blade photos of a camera-like size, with capture time and GPS in EXIF', async () => {
    const photo = await bladePhoto({
      width: 6000,
      height: 4000,
      seed: 3,
      blade: 'C',
      room: 1,
      capturedAt: new Date('2022-09-30T07:15:00Z'),
      gps: { lat: -12.5, lng: -45.25 },
    });
    const metadata = await sharp(photo).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 6000, 4000]);
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    const exif = (await exifr.parse(photo, { reviveValues: false })) as Record<string, unknown>;
    expect(exif).toMatchObject({ DateTimeOriginal: '2022:09:30 07:15:00', OffsetTimeOriginal: '+00:00' });
    expect(exif.latitude).toBeCloseTo(-12.5, 6);
    expect(exif.longitude).toBeCloseTo(-45.25, 6);
    // The same seed gives the same picture, another seed another.
    const small = await bladePhoto({ width: 600, height: 400, seed: 4, blade: 'C', room: 1 });
    expect(small.equals(await bladePhoto({ width: 600, height: 400, seed: 4, blade: 'C', room: 1 }))).toBe(true);
    expect(small.equals(await bladePhoto({ width: 600, height: 400, seed: 5, blade: 'C', room: 1 }))).toBe(false);
  });

  it('writes a PDF whose cross-reference table points at its objects', () => {
    const pdf = reportPdf({
      title: 'Kanat Muayene Raporu (Şubat)',
      turbine: 'İzmir-07',
      year: 2024,
      lines: Array.from(
        { length: 70 },
        (_, i) => `Satır ${i}: öncü kenarda erozyon, çatlak yok \\ ${'ölçüm '.repeat(i % 25)}`,
      ),
    });
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(sniffPdf(head(pdf), 'rapor.pdf').ok).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);

    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!;
    expect(Number(first)).toBe(0);
    const entries = text
      .slice(startxref)
      .split('\n')
      .slice(2, 2 + Number(count));
    expect(entries[0]).toBe('0000000000 65535 f ');
    entries.slice(1).forEach((entry, index) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + 12)).toMatch(new RegExp(`^${index + 1} 0 obj\\n`));
    });
    // Every stream's /Length is its byte length.
    for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = match.index + match[0].length;
      expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 9)).toBe('endstream');
    }
    // 70 lines, some wrapped, make more than one page, each a /Page in the page tree.
    const pages = Number(/\/Count (\d+) /.exec(text)![1]);
    expect(pages).toBeGreaterThan(1);
    expect(text.match(/\/Type \/Page /g)).toHaveLength(pages);
    // Turkish letters are transliterated; text outside the binary comment line is ASCII.
    expect(text).toContain('(Kanat Muayene Raporu \\(Subat\\)) Tj');
    expect(text).toContain('Turbine: Izmir-07');
    expect(/[^\t\n\r\x20-\x7e]/.test(text.split('\n').slice(2).join('\n'))).toBe(false);
  });

  it('writes a PCD v0.7 point cloud with as many points as its header says', () => {
    const lines = pointCloud({ points: 1234 }).toString('ascii').trimEnd().split('\n');
    const data = lines.indexOf('DATA ascii');
    expect(lines.slice(1, data + 1)).toEqual([
      'VERSION 0.7',
      'FIELDS x y z',
      'SIZE 4 4 4',
      'TYPE F F F',
      'COUNT 1 1 1',
      'WIDTH 1234',
      'HEIGHT 1',
      'VIEWPOINT 0 0 0 1 0 0 0',
      'POINTS 1234',
      'DATA ascii',
    ]);
    const points = lines.slice(data + 1).map((line) => line.split(' ').map(Number));
    expect(points).toHaveLength(1234);
    expect(points.every((point) => point.length === 3 && point.every(Number.isFinite))).toBe(true);
    // Blade-shaped: 45 m long, a few metres across.
    const xs = points.map((point) => point[0]!);
    expect(Math.max(...xs)).toBeGreaterThan(40);
    expect(Math.max(...points.map((point) => Math.abs(point[1]!)))).toBeLessThan(4);
  });

  it('makes a WebM video whose frames are VP8 key frames of the announced size', async () => {
    const video = await shortVideo({ width: 320, height: 180, seconds: 1, fps: 8 });
    const elements = ebmlElements(video, new Set([0x1a45dfa3, 0x18538067, 0x1654ae6b, 0xae, 0xe0, 0x1f43b675]));
    const text = (id: number) => elements.find((element) => element.id === id)?.body.toString('latin1');
    expect(text(0x4282)).toBe('webm');
    expect(text(0x86)).toBe('V_VP8');
    expect(elements.find((element) => element.id === 0xb0)?.body.readUInt32BE()).toBe(320);
    const blocks = elements.filter((element) => element.id === 0xa3);
    expect(blocks).toHaveLength(8);
    // Each block's frame, put back into a WebP container, decodes: it is a real VP8 key frame.
    for (const [index, block] of blocks.entries()) {
      expect(block.body.readInt16BE(1)).toBe(index * 125);
      const frame = block.body.subarray(4);
      const chunk = Buffer.alloc(8);
      chunk.write('VP8 ', 'latin1');
      chunk.writeUInt32LE(frame.length, 4);
      const padding = Buffer.alloc(frame.length % 2);
      const riff = Buffer.alloc(12);
      riff.write('RIFF', 'latin1');
      riff.writeUInt32LE(4 + 8 + frame.length + padding.length, 4);
      riff.write('WEBP', 8, 'latin1');
      const decoded = await sharp(Buffer.concat([riff, chunk, frame, padding]))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([decoded.info.width, decoded.info.height]).toEqual([320, 180]);
    }
  });
});
