import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '@/storage/local-storage.js';
import { MIN_PART_BYTES } from '@/storage/object-keys.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { S3Storage } from '@/storage/s3-storage.js';
import { StorageError } from '@/storage/storage-errors.js';
import { UploadUrls } from '@/storage/upload-urls.js';
import { eventually } from './eventually.js';
import { makeCompany, makeTurbine } from './factories.js';
import { BUCKET, type RunningS3rver, startS3rver } from './s3rver.js';
import { startTestApp, TEST_SECRET, type TestApp } from './test-app.js';

/**
 * One contract, two drivers: every case runs against the local disk and against s3rver (the S3 protocol on
 * 127.0.0.1), each through the running app's OBJECT_STORAGE as the config chose it.
 */

const MiB = 1024 * 1024;

let s3: RunningS3rver;
let s3Endpoint: string;

beforeAll(async () => {
  s3 = await startS3rver();
  s3Endpoint = s3.endpoint;
});

afterAll(async () => {
  await s3?.close();
});

function s3Env(): Record<string, string> {
  return s3.env;
}

/** A client of its own, to look at the bucket without the driver under test. */
function rawS3(): S3Client {
  return s3.client();
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The local driver's partial files (writes in progress, or cut off): the folder's, none beside the objects. */
function partialFiles(app: TestApp): string[] {
  const folder = join(app.config.dataDir, 'storage', '.partial');
  return existsSync(folder) ? readdirSync(folder).map((name) => join(folder, name)) : [];
}

async function keysOf(storage: ObjectStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys;
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** PUTs bytes to a URL the storage handed out (the local driver's are relative to the BFF) and answers the reply. */
async function putTo(app: TestApp, url: string, body: Buffer, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(url, app.baseUrl), { method: 'PUT', body: new Uint8Array(body), headers });
}

/** A body sent in chunks, with no length up front. */
function chunked(parts: Buffer[]): ReadableStream<Uint8Array> {
  const queue = [...parts];
  return new ReadableStream({
    pull(controller) {
      const chunk = queue.shift();
      if (chunk) controller.enqueue(new Uint8Array(chunk));
      else controller.close();
    },
  });
}

async function etagOfPut(app: TestApp, url: string, body: Buffer): Promise<string> {
  const reply = await putTo(app, url, body);
  expect(reply.status, await reply.clone().text()).toBe(200);
  const etag = reply.headers.get('etag');
  expect(etag).toBe(`"${md5(body)}"`);
  return etag ?? '';
}

describe.each(['local', 's3'] as const)('%s driver', (driver) => {
  let app: TestApp;
  let storage: ObjectStorage;
  // Each run writes under its own prefix, so nothing depends on what an earlier run left.
  const base = `runs/${randomUUID()}/`;

  let turbineId: number;

  beforeAll(async () => {
    app = await startTestApp(driver === 's3' ? s3Env() : {});
    storage = app.app.get<ObjectStorage>(OBJECT_STORAGE);
    turbineId = await makeTurbine(app.dataSource, (await makeCompany(app.dataSource)).id);
  });

  /** What presigned-upload records: the local driver's upload route takes a PUT only to an open direct upload. */
  async function openDirect(key: string, size: number, multipartUploadId: string | null = null): Promise<void> {
    await app.dataSource.query(
      `INSERT INTO upload_intents (id, turbine_id, kind, storage_key, original_name, size, multipart_upload_id,
                                   part_size, expires_at)
       VALUES ($1, $2, 'direct', $3, 'test.bin', $4, $5, $6, now() + interval '1 hour')`,
      [randomUUID(), turbineId, key, size, multipartUploadId, multipartUploadId ? MIN_PART_BYTES : null],
    );
  }
  afterAll(async () => {
    await storage?.deletePrefix(base);
    await app?.close();
  });

  it('is the driver the config names, writing where the config says', async () => {
    expect(storage.driver).toBe(driver);
    expect(storage).toBeInstanceOf(driver === 's3' ? S3Storage : LocalStorage);
    const key = `${base}config/where.txt`;
    await storage.put(key, Buffer.from('here'), 'text/plain');
    if (driver === 'local') {
      expect(await readFile(join(app.config.dataDir, 'storage', ...key.split('/')), 'utf8')).toBe('here');
    } else {
      const client = rawS3();
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      expect(await object.Body?.transformToString()).toBe('here');
      client.destroy();
    }
  });

  it('puts, heads, gets, reads ranges and the start of an object; missing ones are null', async () => {
    const key = `${base}basic/hello.txt`;
    const before = Date.now();
    expect(await storage.put(key, Buffer.from('hello world'), 'text/plain')).toEqual({ size: 11 });

    const info = await storage.head(key);
    expect(info).toMatchObject({ key, size: 11 });
    // Second-precision stores (S3) round down.
    expect(info!.lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);

    const whole = await storage.get(key);
    expect(whole).toMatchObject({ length: 11, size: 11 });
    expect((await bytesOf(whole!.body)).toString()).toBe('hello world');

    const middle = await storage.get(key, { start: 2, end: 6 });
    expect(middle).toMatchObject({ length: 5, size: 11 });
    expect((await bytesOf(middle!.body)).toString()).toBe('llo w');

    // A range running past the end stops at the end, as in HTTP.
    const tail = await storage.get(key, { start: 6, end: 1000 });
    expect(tail).toMatchObject({ length: 5, size: 11 });
    expect((await bytesOf(tail!.body)).toString()).toBe('world');

    await expect(storage.get(key, { start: 11, end: 20 })).rejects.toMatchObject({ code: 'InvalidRange', size: 11 });
    await expect(storage.get(key, { start: 5, end: 4 })).rejects.toThrow(RangeError);

    expect((await storage.readStart(key, 3))?.toString()).toBe('hel');
    expect((await storage.readStart(key, 100))?.toString()).toBe('hello world');

    const missing = `${base}basic/missing.txt`;
    expect(await storage.get(missing)).toBeNull();
    expect(await storage.get(missing, { start: 0, end: 1 })).toBeNull();
    expect(await storage.head(missing)).toBeNull();
    expect(await storage.readStart(missing, 10)).toBeNull();
  });

  it('keeps an empty object, and a later put replaces an object whole', async () => {
    const empty = `${base}basic/empty.bin`;
    expect(await storage.put(empty, Buffer.alloc(0), 'application/octet-stream')).toEqual({ size: 0 });
    expect(await storage.head(empty)).toMatchObject({ size: 0 });
    expect(await storage.readStart(empty, 10)).toEqual(Buffer.alloc(0));
    const got = await storage.get(empty);
    expect(got).toMatchObject({ length: 0, size: 0 });
    expect(await bytesOf(got!.body)).toHaveLength(0);

    const key = `${base}basic/replaced.txt`;
    await storage.put(key, Buffer.from('the first, longer version'), 'text/plain');
    await storage.put(key, Readable.from([Buffer.from('second')]), 'text/plain');
    expect((await bytesOf((await storage.get(key))!.body)).toString()).toBe('second');
    expect(await storage.head(key)).toMatchObject({ size: 6 });
  });

  it('streams a 64 MiB body it never holds whole, and reads it back the same', async () => {
    const key = `${base}large/video.mp4`;
    const written = createHash('sha256');
    // A generator of 1 MiB chunks: the body exists only one chunk at a time.
    function* generate() {
      for (let index = 0; index < 64; index += 1) {
        const chunk = randomBytes(MiB);
        written.update(chunk);
        yield chunk;
      }
    }
    expect(await storage.put(key, Readable.from(generate()), 'video/mp4')).toEqual({ size: 64 * MiB });
    expect(await storage.head(key)).toMatchObject({ size: 64 * MiB });

    const object = await storage.get(key);
    expect(object).toMatchObject({ length: 64 * MiB, size: 64 * MiB });
    const read = createHash('sha256');
    for await (const chunk of object!.body as AsyncIterable<Buffer>) read.update(chunk);
    expect(read.digest('hex')).toBe(written.digest('hex'));

    // A range across a part boundary of the S3 upload (8 MiB parts).
    const across = await storage.get(key, { start: 8 * MiB - 10, end: 8 * MiB + 9 });
    expect(across).toMatchObject({ length: 20, size: 64 * MiB });
    expect(await bytesOf(across!.body)).toHaveLength(20);
  }, 120_000);

  it('leaves no object when the body fails half-way', async () => {
    const key = `${base}broken/half.bin`;
    function* failing() {
      yield randomBytes(MiB);
      throw new Error('the source broke');
    }
    await expect(storage.put(key, Readable.from(failing()), 'application/octet-stream')).rejects.toThrow(
      'the source broke',
    );
    expect(await storage.head(key)).toBeNull();
    expect(await keysOf(storage, `${base}broken/`)).toEqual([]);
    if (driver === 'local') {
      // Nor a partial file, beside it or among the partial writes.
      const folder = join(app.config.dataDir, 'storage', ...`${base}broken`.split('/'));
      expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
      expect(partialFiles(app)).toEqual([]);
    }
  });

  it('deletes idempotently', async () => {
    const key = `${base}delete/one.txt`;
    await storage.put(key, Buffer.from('x'), 'text/plain');
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    await storage.delete(key);
    await storage.delete(`${base}delete/never-was.txt`);
  });

  it('deletes a whole prefix and nothing beside it', async () => {
    const keys = ['p/x/1', 'p/x/sub/2', 'p/x-other/3', 'p/y/4', 'p/x.txt'].map((key) => base + key);
    for (const key of keys) await storage.put(key, Buffer.from(key), 'text/plain');
    await storage.deletePrefix(`${base}p/x/`);
    expect(await keysOf(storage, `${base}p/`)).toEqual([`${base}p/x-other/3`, `${base}p/x.txt`, `${base}p/y/4`]);
    await storage.deletePrefix(`${base}p/nothing-here/`);
    // What is under a folder named like the object, not the object.
    await storage.deletePrefix(`${base}p/x.txt/`);
    await expect(storage.deletePrefix(`${base}p/y`)).rejects.toMatchObject({ code: 'InvalidKey' });
    await expect(storage.deletePrefix('')).rejects.toMatchObject({ code: 'InvalidKey' });
    expect(await keysOf(storage, `${base}p/`)).toHaveLength(3);
  });

  it('lists in key (byte) order, whole folders and partial prefixes', async () => {
    const names = ['b', 'a/b', 'a-c', 'a/c/d', 'a.txt', 'A', 'ä', 'a0'];
    for (const name of names) await storage.put(`${base}order/${name}`, Buffer.from(name), 'text/plain');
    const listed: { key: string; size: number }[] = [];
    for await (const object of storage.list(`${base}order/`)) listed.push({ key: object.key, size: object.size });
    const inByteOrder = ['A', 'a-c', 'a.txt', 'a/b', 'a/c/d', 'a0', 'b', 'ä'];
    const listedNames = listed.map((object) => object.key.slice(`${base}order/`.length));
    if (driver === 'local') {
      expect(listedNames).toEqual(inByteOrder);
    } else {
      // S3 lists in byte order; s3rver walks its folders first ('a/…' before 'a-c'). Its order is checked apart
      // from that: the names without a folder, and the folder's keys among themselves.
      expect(listedNames.filter((name) => !name.includes('/'))).toEqual(
        inByteOrder.filter((name) => !name.includes('/')),
      );
      expect(listedNames.filter((name) => name.startsWith('a/'))).toEqual(['a/b', 'a/c/d']);
      expect(listedNames).toHaveLength(inByteOrder.length);
    }
    expect(listed.find((object) => object.key.endsWith('/ä'))?.size).toBe(2);
    expect((await keysOf(storage, `${base}order/a`)).sort()).toEqual(
      ['a-c', 'a.txt', 'a/b', 'a/c/d', 'a0'].map((name) => `${base}order/${name}`).sort(),
    );
    expect(await keysOf(storage, `${base}order/a/`)).toEqual([`${base}order/a/b`, `${base}order/a/c/d`]);
    expect(await keysOf(storage, `${base}order/none/`)).toEqual([]);
  });

  it('gives a local file to read, and release removes only what was made for it', async () => {
    const key = `${base}copy/photo.jpg`;
    const bytes = randomBytes(100_000);
    await storage.put(key, bytes, 'image/jpeg');
    const copy = await storage.localCopy(key);
    expect(await readFile(copy.path)).toEqual(bytes);
    await copy.release();
    if (driver === 's3') expect(existsSync(copy.path)).toBe(false);
    expect(await storage.head(key)).toMatchObject({ size: bytes.length });
    await expect(storage.localCopy(`${base}copy/missing.jpg`)).rejects.toMatchObject({ code: 'NoSuchKey' });
  });

  it('puts a folder of deep-zoom tiles under a prefix, with their content types', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kanat360-tiles-'));
    const files: Record<string, string> = {
      'image.dzi': '<?xml version="1.0"?><Image TileSize="254" Overlap="1" Format="jpeg"/>',
      'image_files/0/0_0.jpeg': 'jpeg 0',
      'image_files/1/0_0.jpg': 'jpeg 1',
      'image_files/1/1_0.png': 'png',
      'image_files/1/0_1.webp': 'webp',
    };
    for (const [name, content] of Object.entries(files)) {
      await mkdir(dirname(join(folder, name)), { recursive: true });
      await writeFile(join(folder, name), content);
    }
    const prefix = `${base}tiles/asset/`;
    await storage.putFolder(folder, prefix);

    const names = Object.keys(files).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(await keysOf(storage, prefix)).toEqual(names.map((name) => prefix + name));
    for (const [name, content] of Object.entries(files)) {
      expect((await bytesOf((await storage.get(prefix + name))!.body)).toString()).toBe(content);
    }
    if (driver === 'local') {
      // Moved, not copied.
      expect(existsSync(join(folder, 'image.dzi'))).toBe(false);
    } else {
      const client = rawS3();
      const typeOf = async (name: string) =>
        (await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: prefix + name }))).ContentType;
      expect(await typeOf('image.dzi')).toBe('application/xml');
      expect(await typeOf('image_files/0/0_0.jpeg')).toBe('image/jpeg');
      expect(await typeOf('image_files/1/0_0.jpg')).toBe('image/jpeg');
      expect(await typeOf('image_files/1/1_0.png')).toBe('image/png');
      expect(await typeOf('image_files/1/0_1.webp')).toBe('image/webp');
      client.destroy();
    }
    await expect(storage.putFolder(folder, `${base}tiles/no-slash`)).rejects.toMatchObject({ code: 'InvalidKey' });
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses keys that could leave the store or name its own files', async () => {
    const bad = [
      '',
      '/etc/passwd',
      '../escape.txt',
      'a/../../escape.txt',
      'a/./b',
      'a\\b',
      'a\u0000b',
      'a\nb',
      'a//b',
      'a/',
      '.multipart/x/key',
      'a/.hidden',
      'x'.repeat(1025),
    ];
    for (const key of bad) {
      const refused = { code: 'InvalidKey' };
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toMatchObject(refused);
      await expect(storage.get(key), key).rejects.toMatchObject(refused);
      await expect(storage.head(key), key).rejects.toMatchObject(refused);
      await expect(storage.delete(key), key).rejects.toMatchObject(refused);
      const upload = { contentType: 'text/plain', size: 1, expiresInSeconds: 60 };
      await expect(storage.presignPut(key, upload), key).rejects.toMatchObject(refused);
      await expect(storage.createMultipartUpload(key, 'text/plain'), key).rejects.toMatchObject(refused);
    }
    await expect(keysOf(storage, '/abs')).rejects.toBeInstanceOf(StorageError);
    await expect(keysOf(storage, 'a/../')).rejects.toBeInstanceOf(StorageError);
    if (driver === 'local') {
      const root = join(app.config.dataDir, 'storage');
      expect(existsSync(join(root, '..', 'escape.txt'))).toBe(false);
      expect(existsSync(join(dirname(app.config.dataDir), 'escape.txt'))).toBe(false);
    }
  });

  it('takes one PUT of exactly the declared size at a presigned address; another length or a second PUT is refused', async () => {
    const key = `${base}presigned/photo.jpg`;
    const bytes = randomBytes(300_000);
    await openDirect(key, bytes.length);
    const put = await storage.presignPut(key, { contentType: 'image/jpeg', size: bytes.length, expiresInSeconds: 300 });
    if (driver === 'local') expect(put.url).toMatch(/^\/api\/storage\/uploads\/[\w-]+\.[\w-]+$/);
    else expect(put.url).toMatch(new RegExp(`^${s3Endpoint}/${BUCKET}/.*X-Amz-Signature=`));

    // A longer body, declared or streamed without a length, is refused and nothing of it is kept.
    const longer = await putTo(app, put.url, Buffer.concat([bytes, randomBytes(1000)]), put.headers);
    expect(longer.status).toBe(driver === 'local' ? 413 : 403);
    const streamed = await fetch(new URL(put.url, app.baseUrl), {
      method: 'PUT',
      headers: put.headers,
      body: chunked([bytes, randomBytes(1000)]),
      duplex: 'half',
    });
    expect(streamed.status).toBe(driver === 'local' ? 413 : 403);
    expect(await storage.head(key)).toBeNull();

    const reply = await putTo(app, put.url, bytes, { ...put.headers, 'Content-Type': 'image/jpeg' });
    expect(reply.status, await reply.clone().text()).toBe(200);
    expect(reply.headers.get('etag')).toBe(`"${md5(bytes)}"`);
    if (driver === 'local') expect(reply.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(await storage.head(key)).toMatchObject({ size: bytes.length });
    expect(sha256(await bytesOf((await storage.get(key))!.body))).toBe(sha256(bytes));

    // Written once: other bytes of the same length cannot replace it (S3: a conditional write, 412).
    const again = await putTo(app, put.url, randomBytes(bytes.length), put.headers);
    expect(again.status).toBe(driver === 'local' ? 409 : 412);
    expect(sha256(await bytesOf((await storage.get(key))!.body))).toBe(sha256(bytes));
    // Nor can a PUT that leaves out the headers that were signed.
    if (driver === 's3') expect((await putTo(app, put.url, randomBytes(bytes.length))).status).toBe(403);
  });

  it('takes a multipart upload through presigned part URLs; a retried part replaces the first', async () => {
    const key = `${base}multipart/video.mp4`;
    const uploadId = await storage.createMultipartUpload(key, 'video/mp4');
    const parts = [randomBytes(MIN_PART_BYTES), randomBytes(MIN_PART_BYTES), randomBytes(1000)];
    await openDirect(key, MIN_PART_BYTES * 2 + 1000, uploadId);
    const urls = await Promise.all(
      parts.map((part, index) =>
        storage.presignPart(key, uploadId, index + 1, { size: part.length, expiresInSeconds: 300 }),
      ),
    );
    // A part of another length than its address was signed for is refused.
    expect((await putTo(app, urls[2]!, randomBytes(1001))).status).toBe(driver === 'local' ? 413 : 403);
    const etags = await Promise.all(parts.map((part, index) => etagOfPut(app, urls[index]!, part)));
    // Nothing is visible before completion.
    expect(await storage.head(key)).toBeNull();

    // Part 2 again, alone, with other bytes (as a retry after a failure would): the second PUT wins.
    const retried = randomBytes(MIN_PART_BYTES);
    const retriedEtag = await etagOfPut(app, urls[1]!, retried);
    expect(retriedEtag).not.toBe(etags[1]);

    await storage.completeMultipartUpload(key, uploadId, [
      { partNumber: 1, etag: etags[0]! },
      { partNumber: 2, etag: retriedEtag },
      { partNumber: 3, etag: etags[2]! },
    ]);
    const whole = Buffer.concat([parts[0]!, retried, parts[2]!]);
    expect(await storage.head(key)).toMatchObject({ size: whole.length });
    const object = await storage.get(key);
    expect(object).toMatchObject({ length: whole.length, size: whole.length });
    expect(sha256(await bytesOf(object!.body))).toBe(sha256(whole));

    // The upload is finished: aborting it now is no error, and it cannot be completed again.
    await storage.abortMultipartUpload(key, uploadId);
    expect(await storage.head(key)).toMatchObject({ size: whole.length });
    if (driver === 'local') {
      expect(existsSync(join(app.config.dataDir, 'storage', '.multipart', uploadId))).toBe(false);
    }
  }, 60_000);

  it('aborts a multipart upload, leaving nothing; aborting again or an unknown upload is no error', async () => {
    const key = `${base}aborted/video.mp4`;
    const uploadId = await storage.createMultipartUpload(key, 'video/mp4');
    await openDirect(key, 1000, uploadId);
    const url = await storage.presignPart(key, uploadId, 1, { size: 1000, expiresInSeconds: 300 });
    const etag = await etagOfPut(app, url, randomBytes(1000));

    await storage.abortMultipartUpload(key, uploadId);
    expect(await storage.head(key)).toBeNull();
    expect(await keysOf(storage, `${base}aborted/`)).toEqual([]);
    await expect(storage.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag }])).rejects.toMatchObject({
      code: 'NoSuchUpload',
    });
    await storage.abortMultipartUpload(key, uploadId);
    await storage.abortMultipartUpload(key, driver === 'local' ? randomUUID() : randomBytes(16).toString('hex'));
    await storage.abortMultipartUpload(key, 'not-an-upload-id');

    if (driver === 'local') {
      expect(existsSync(join(app.config.dataDir, 'storage', '.multipart', uploadId))).toBe(false);
      // A part arriving after the abort does not bring the upload back.
      const late = await putTo(app, url, randomBytes(1000));
      expect(late.status).toBe(409);
      expect(await late.json()).toMatchObject({ success: false, code: 'UPLOAD_ADDRESS_USED' });
      expect(existsSync(join(app.config.dataDir, 'storage', '.multipart', uploadId))).toBe(false);
    } else {
      // Through the shim: s3rver keeps an upload's parts in its own folder until the abort.
      expect(existsSync(join(s3.uploadsFolder, uploadId))).toBe(false);
    }
  });

  it('abandons an upload: the object, a write cut off half-way, and open multipart uploads of the key', async () => {
    const key = `${base}abandoned/video.mp4`;
    await storage.put(key, randomBytes(1000), 'video/mp4');
    const direct = await storage.createMultipartUpload(key, 'video/mp4');
    // What a crash in the middle of a streamed put leaves: S3 an unfinished multipart upload of the key's own, the
    // local driver a partial file (here of a write still going, and of one a release before `.partial/` left
    // beside the object).
    const stray = driver === 's3' ? await storage.createMultipartUpload(key, 'video/mp4') : null;
    const legacy = join(
      app.config.dataDir,
      'storage',
      ...key.split('/').slice(0, -1),
      `.video.mp4.${randomUUID()}.tmp`,
    );
    const endless = new Readable({ read() {} });
    endless.push(randomBytes(1000));
    const writing = driver === 'local' ? storage.put(key, endless, 'video/mp4') : null;
    void writing?.catch(() => undefined);
    if (driver === 'local') {
      await writeFile(legacy, randomBytes(1000));
      await eventually(() => partialFiles(app).length === 1, 'the partial file of the write in progress');
    }
    const neighbour = `${base}abandoned/video.mp4.other`;
    await storage.put(neighbour, Buffer.from('stays'), 'text/plain');

    await storage.abandonUpload(key, direct);
    expect(await storage.head(key)).toBeNull();
    expect(await storage.head(neighbour)).not.toBeNull();
    if (driver === 'local') {
      expect(partialFiles(app)).toEqual([]);
      expect(existsSync(legacy)).toBe(false);
      expect(existsSync(join(app.config.dataDir, 'storage', '.multipart', direct))).toBe(false);
      endless.destroy(new Error('the client went away'));
      await expect(writing).rejects.toThrow();
      expect(await storage.head(key)).toBeNull();
    } else {
      expect(existsSync(join(s3.uploadsFolder, direct))).toBe(false);
      expect(existsSync(join(s3.uploadsFolder, stray!))).toBe(false);
    }
    await storage.abandonUpload(key, direct);
  });

  it('removes partial writes gone stale, and leaves a write in progress alone', async () => {
    const key = `${base}stale/photo.jpg`;
    const endless = new Readable({ read() {} });
    endless.push(randomBytes(1000));
    const writing = storage.put(key, endless, 'image/jpeg');
    void writing.catch(() => undefined);
    if (driver === 's3') {
      // Nothing partial is the driver's to remove: an object is whole or absent.
      expect(await storage.removeStalePartialWrites(new Date(Date.now() + 60_000))).toBe(0);
    } else {
      await eventually(() => partialFiles(app).length === 1, 'the partial file of the write in progress');
      // A second partial file, as a write cut off by a crash two hours ago left it.
      const [live] = partialFiles(app);
      const cutOff = join(dirname(live!), `${randomUUID()}.tmp`);
      await writeFile(cutOff, randomBytes(1000));
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      await utimes(cutOff, twoHoursAgo, twoHoursAgo);

      expect(await storage.removeStalePartialWrites(new Date(Date.now() - 3_600_000))).toBe(1);
      expect(partialFiles(app)).toEqual([live]);
    }
    endless.push(null);
    expect(await writing).toEqual({ size: 1000 });
    expect(await storage.head(key)).toMatchObject({ size: 1000 });
    if (driver === 'local') expect(partialFiles(app)).toEqual([]);
  });
});

describe('local upload URLs', () => {
  let app: TestApp;
  let storage: LocalStorage;
  const urls = new UploadUrls(TEST_SECRET);
  const base = `runs/${randomUUID()}/`;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    app = await startTestApp();
    storage = app.app.get<LocalStorage>(OBJECT_STORAGE);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('signs and verifies grants; a token of another secret, a changed one or an expired one is no grant', () => {
    const grant = { key: 'a/b.jpg', uploadId: randomUUID(), partNumber: 3, expiresAt: now() + 60, size: 10 };
    const token = urls.sign(grant);
    expect(urls.verify(token)).toEqual(grant);
    expect(new UploadUrls(`${TEST_SECRET}-other`).verify(token)).toBeNull();
    expect(urls.verify(token, (grant.expiresAt + 1) * 1000)).toBeNull();
    const [body, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), s: 99 }));
    expect(urls.verify(`${forged.toString('base64url')}.${signature}`)).toBeNull();
    expect(urls.verify(`${body}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(urls.verify(`${body}.${signature}.more`)).toBeNull();
    expect(urls.verify('')).toBeNull();
    expect(urls.verify('not-a-token')).toBeNull();
  });

  it('receives exactly the granted bytes, once, and keeps nothing of a body it refuses', async () => {
    const key = `${base}received/photo.jpg`;
    const grant = { key, expiresAt: now() + 60, size: 1024 };
    const folder = join(app.config.dataDir, 'storage', ...`${base}received`.split('/'));
    const leftovers = () => (existsSync(folder) ? readdirSync(folder) : []);

    await expect(storage.receive(grant, Readable.from([randomBytes(1000), randomBytes(1000)]))).rejects.toMatchObject({
      code: 'EntityTooLarge',
    });
    await expect(storage.receive(grant, Readable.from([randomBytes(1000)]))).rejects.toMatchObject({
      code: 'IncompleteBody',
    });
    expect(leftovers()).toEqual([]);

    const fits = randomBytes(1024);
    expect(await storage.receive(grant, Readable.from([fits]))).toEqual({ etag: `"${md5(fits)}"`, size: 1024 });
    await expect(storage.receive(grant, Readable.from([randomBytes(1024)]))).rejects.toMatchObject({
      code: 'PreconditionFailed',
    });
    expect(leftovers()).toEqual(['photo.jpg']);
    expect((await bytesOf((await storage.get(key))!.body)).equals(fits)).toBe(true);
  });

  it('checks part numbers, order, sizes and ETags when completing', async () => {
    const key = `${base}parts/video.mp4`;
    const uploadId = await storage.createMultipartUpload(key, 'video/mp4');
    const small = [randomBytes(10), randomBytes(10)];
    const part = (partNumber: number) => ({ key, uploadId, partNumber, expiresAt: now() + 60, size: 10 });
    const etags = [
      (await storage.receive(part(1), Readable.from([small[0]!]))).etag,
      (await storage.receive(part(2), Readable.from([small[1]!]))).etag,
    ];
    const parts = etags.map((etag, index) => ({ partNumber: index + 1, etag }));
    await expect(storage.completeMultipartUpload(key, uploadId, parts)).rejects.toMatchObject({
      code: 'EntityTooSmall',
    });
    await expect(storage.completeMultipartUpload(key, uploadId, [...parts].reverse())).rejects.toMatchObject({
      code: 'InvalidPartOrder',
    });
    await expect(
      storage.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag: etags[1]! }]),
    ).rejects.toMatchObject({ code: 'InvalidPart' });
    await expect(
      storage.completeMultipartUpload(key, uploadId, [{ partNumber: 3, etag: etags[0]! }]),
    ).rejects.toMatchObject({ code: 'InvalidPart' });
    const signed = { size: 10, expiresInSeconds: 60 };
    await expect(storage.presignPart(key, uploadId, 0, signed)).rejects.toThrow(RangeError);
    await expect(storage.presignPart(`${base}parts/other.mp4`, uploadId, 1, signed)).rejects.toMatchObject({
      code: 'NoSuchUpload',
    });
    expect(await storage.head(key)).toBeNull();

    // None of the refusals spent the upload: the last part alone may be small.
    await storage.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag: etags[0]!.replaceAll('"', '') }]);
    expect((await bytesOf((await storage.get(key))!.body)).equals(small[0]!)).toBe(true);
  });
});

describe('S3 listing across pages', () => {
  it('lists and deletes page by page (ListObjectsV2 continuation, one DeleteObjects per page)', async () => {
    // Pages of 10 instead of 1,000 (s3rver takes ~10 ms per PUT): the same code, 25 keys in three pages.
    const storage = new S3Storage(
      {
        endpoint: s3Endpoint,
        bucket: BUCKET,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      },
      10,
    );
    try {
      const prefix = `runs/${randomUUID()}/paged/`;
      const keys = Array.from({ length: 25 }, (_, index) => `${prefix}${String(index).padStart(2, '0')}.txt`);
      await Promise.all(keys.map((key) => storage.put(key, Buffer.from(key), 'text/plain')));
      expect(await keysOf(storage, prefix)).toEqual(keys);
      await storage.deletePrefix(prefix);
      expect(await keysOf(storage, prefix)).toEqual([]);
    } finally {
      storage.close();
    }
  });
});

describe('the upload route with the S3 driver', () => {
  it('does not exist: S3 URLs point at the store', async () => {
    const app = await startTestApp(s3Env());
    try {
      const token = new UploadUrls(TEST_SECRET).sign({
        key: 'x/y.jpg',
        expiresAt: Math.floor(Date.now() / 1000) + 60,
        size: 5,
      });
      const reply = await fetch(`${app.baseUrl}/api/storage/uploads/${token}`, { method: 'PUT', body: 'bytes' });
      expect(reply.status).toBe(404);
      expect(await reply.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    } finally {
      await app.close();
    }
  });
});
