import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { imageDimensions } from '@/media/sniff.js';
import { LocalStorage } from '@/storage/local-storage.js';
import { UploadUrls } from '@/storage/upload-urls.js';
import { peek } from '@/uploads/peek.js';

// The parts of the multipart path that each file's bytes pass through (issue #12 item 5a): the head read for
// sniffing, the sizes read from it, and the local driver's write.

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks);
}

/** A stream of `bytes` in 64 KiB chunks, as a socket hands them over, that has not ended yet. */
function chunked(bytes: Buffer): PassThrough {
  const stream = new PassThrough();
  void (async () => {
    for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
      if (!stream.write(bytes.subarray(offset, offset + 64 * 1024))) {
        await new Promise((resolve) => stream.once('drain', resolve));
      }
    }
    stream.end();
  })();
  return stream;
}

describe('peek', () => {
  it('puts the head back into the stream itself: the body is the same stream, and it replays every byte', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const stream = chunked(bytes);
    const { head, body } = await peek(stream, 1024 * 1024);
    expect(body).toBe(stream);
    expect(head.length).toBeGreaterThanOrEqual(1024 * 1024);
    expect(head.equals(bytes.subarray(0, head.length))).toBe(true);
    expect((await bytesOf(body)).equals(bytes)).toBe(true);
  });

  it('answers a stream shorter than the head whole, and an empty one empty', async () => {
    const short = randomBytes(1000);
    const first = await peek(Readable.from([short.subarray(0, 600), short.subarray(600)]), 1024 * 1024);
    expect(first.head.equals(short)).toBe(true);
    expect((await bytesOf(first.body)).equals(short)).toBe(true);

    const empty = await peek(Readable.from([]), 1024);
    expect(empty.head.length).toBe(0);
    expect((await bytesOf(empty.body)).length).toBe(0);
  });

  it('hands a failure after the head to whoever reads the body', async () => {
    const stream = chunked(randomBytes(2 * 1024 * 1024));
    const { body } = await peek(stream, 64 * 1024);
    stream.destroy(new Error('the client went away'));
    await expect(bytesOf(body)).rejects.toThrow('the client went away');
  });
});

describe('image size from the markers', () => {
  it('reads JPEG and PNG sizes from their markers, exactly as sharp does', async () => {
    const create = { width: 1234, height: 567, channels: 3, background: '#3a6' } as const;
    const images = [
      await sharp({ create }).jpeg().toBuffer(),
      await sharp({ create }).jpeg({ progressive: true, chromaSubsampling: '4:4:4' }).toBuffer(),
      await sharp({ create })
        .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'Bench' } } })
        .jpeg()
        .toBuffer(),
      await sharp({ create }).withIccProfile('p3').jpeg().toBuffer(),
      await sharp({ create }).png().toBuffer(),
      await sharp({ create }).png({ progressive: true, palette: true }).toBuffer(),
    ];
    for (const image of images) {
      const { width, height } = await sharp(image).metadata();
      expect(await imageDimensions(image)).toEqual({ width, height });
    }
  });
});

describe('the local driver writing a stream', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kanat360-upload-stream-'));
  const storage = new LocalStorage(join(folder, 'storage'), new UploadUrls('upload-stream-test'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('writes every byte and counts them, the head included', async () => {
    const bytes = randomBytes(5 * 1024 * 1024 + 3);
    const { body } = await peek(chunked(bytes), 1024 * 1024);
    expect(await storage.put('turbines/1/photos/a.jpg', body, 'image/jpeg')).toEqual({ size: bytes.length });
    expect(readFileSync(join(folder, 'storage', 'turbines', '1', 'photos', 'a.jpg')).equals(bytes)).toBe(true);
  });

  it('leaves no temporary file behind when the stream fails half-way', async () => {
    const stream = chunked(randomBytes(4 * 1024 * 1024));
    // As the multipart reader does for each file: a failure before anyone reads must not be an uncaught error.
    stream.on('error', () => undefined);
    const { body } = await peek(stream, 1024 * 1024);
    const writing = storage.put('turbines/1/photos/b.jpg', body, 'image/jpeg');
    setImmediate(() => stream.destroy(new Error('the client went away')));
    await expect(writing).rejects.toThrow('the client went away');
    expect(readdirSync(join(folder, 'storage', 'turbines', '1', 'photos'))).toEqual(['a.jpg']);
    expect(readdirSync(join(folder, 'storage', '.partial'))).toEqual([]);
  });
});
