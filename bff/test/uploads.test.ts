import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import {
  type MediaItem,
  type PresignedUpload,
  type SkippedFile,
  type UploadPartAddress,
  type UploadParts,
} from '@kanat360/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { UploadLedger } from '@/uploads/upload-ledger.js';
import { makeCompany, makeTurbine, makeUser, PASSWORD } from './factories.js';
import { api, call, type Credentials, type Reply, signIn } from './http.js';
import { type RunningS3rver, startS3rver } from './s3rver.js';
import { startTestApp, type TestApp } from './test-app.js';

/** Direct uploads (presign → PUT → confirm): what an address takes, how many, and the company's storage quota. */

interface PresignReply {
  success: boolean;
  code?: string;
  presignedUrls: PresignedUpload[];
  skipped: SkippedFile[];
}
interface UploadReply {
  success: boolean;
  code?: string;
  data: MediaItem[];
  skipped: SkippedFile[];
}

const MB = 1024 * 1024;

async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

class Client {
  constructor(
    readonly app: TestApp,
    readonly as: Credentials,
    readonly email = '',
  ) {}

  presign(turbineId: number, files: { name: string; size: number; type?: string }[]): Promise<Reply<PresignReply>> {
    return api(this.app, 'post', '/turbines/{id}/presigned-upload', {
      path: { id: turbineId },
      as: this.as,
      body: { files, room: '2', year: 2025, blade: 'B' },
    });
  }

  confirm(turbineId: number, keys: string[]): Promise<Reply<UploadReply>> {
    return api(this.app, 'post', '/turbines/{id}/confirm-upload', {
      path: { id: turbineId },
      as: this.as,
      body: { uploads: keys.map((key) => ({ key })) },
    });
  }

  cancel(turbineId: number, keys: string[]): Promise<Reply<{ data: { cancelled: string[] } }>> {
    return call(this.app, 'POST', `/api/turbines/${turbineId}/cancel-upload`, { as: this.as, body: { keys } });
  }

  put(target: PresignedUpload, body: Buffer) {
    return fetch(new URL(target.presignedUrl!, this.app.baseUrl), {
      method: 'PUT',
      headers: { ...target.headers, 'Content-Type': 'image/jpeg' },
      body: new Uint8Array(body),
    });
  }

  /**
   * PUTs `total` random bytes in 1 MB chunks with no length up front, as long as the server lets it: answers the
   * status and how much was sent when the answer came (a refusal while streaming comes long before the end).
   */
  putStreaming(target: PresignedUpload, total: number): Promise<{ status: number; sent: number }> {
    const url = new URL(target.presignedUrl!, this.app.baseUrl);
    return new Promise((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = httpRequest(url, { method: 'PUT', headers: { ...target.headers, 'Content-Type': 'image/jpeg' } });
      request.on('response', (response) => {
        answered = true;
        response.resume();
        resolve({ status: response.statusCode ?? 0, sent });
      });
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
      const write = () => {
        while (!answered && sent < total) {
          const chunk = randomBytes(Math.min(MB, total - sent));
          sent += chunk.length;
          if (!request.write(chunk)) {
            request.once('drain', write);
            return;
          }
        }
        if (!answered) request.end();
      };
      write();
    });
  }
}

async function keysUnder(storage: ObjectStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys;
}

/** Every file under the local store's folder for a turbine, dot-files (partial writes) included. */
function filesOnDisk(app: TestApp, turbineId: number): string[] {
  const folder = join(app.config.dataDir, 'storage', 'turbines', String(turbineId));
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

let s3: RunningS3rver;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3?.close();
});

describe.each(['local', 's3'] as const)('a direct upload address (%s driver)', (driver) => {
  let app: TestApp;
  let storage: ObjectStorage;
  let client: Client;
  let companyId: number;

  beforeAll(async () => {
    app = await startTestApp(driver === 's3' ? s3.env : {});
    storage = app.app.get(OBJECT_STORAGE);
    companyId = (await makeCompany(app.dataSource)).id;
    const operator = await makeUser(app.dataSource, { role: 'operator', companyId });
    client = new Client(app, (await signIn(app, operator.email, PASSWORD)).bearer);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('takes one body: once the photo arrived, and after confirm, another PUT cannot replace it', async () => {
    const turbine = await makeTurbine(app.dataSource, companyId);
    const photo = await jpeg(1200, 800);
    const [target] = (await client.presign(turbine, [{ name: 'kanit.jpg', size: photo.length, type: 'image/jpeg' }]))
      .body.presignedUrls;
    expect((await client.put(target!, photo)).status).toBe(200);

    // What the attack sent: a small HTML page, and then one of the photo's own length.
    const html = Buffer.from(`<html><script>alert(1)</script>${'x'.repeat(250)}</html>`);
    const sameLength = Buffer.concat([html, Buffer.alloc(photo.length - html.length, 32)]);
    const refused = driver === 'local' ? 409 : 412;
    expect((await client.put(target!, sameLength)).status).toBe(refused);

    const confirmed = await client.confirm(turbine, [target!.key]);
    expect(confirmed.status, confirmed.text).toBe(201);
    for (const body of [sameLength, html]) expect([refused, 403]).toContain((await client.put(target!, body)).status);

    // The photo served is the one that was confirmed, byte for byte.
    const served = await fetch(new URL(confirmed.body.data[0]!.url, app.baseUrl));
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
  });

  it('refuses a body longer than announced while it streams, and keeps nothing of it', async () => {
    const turbine = await makeTurbine(app.dataSource, companyId);
    const [target] = (await client.presign(turbine, [{ name: 'kucuk.jpg', size: 100, type: 'image/jpeg' }])).body
      .presignedUrls;
    // 60 MB sent against a grant of 100 bytes, in chunks and with no length up front: refused long before the end.
    const streamed = await client.putStreaming(target!, 60 * MB);
    expect(streamed.status).toBe(driver === 'local' ? 413 : 403);
    expect(streamed.sent).toBeLessThan(60 * MB);
    // A declared length above the grant is refused before any byte.
    expect((await client.put(target!, randomBytes(200))).status).toBe(driver === 'local' ? 413 : 403);

    expect(await storage.head(target!.key)).toBeNull();
    expect(await keysUnder(storage, `turbines/${turbine}/`)).toEqual([]);
    if (driver === 'local') expect(filesOnDisk(app, turbine)).toEqual([]);
  });
});

describe('how much one call may ask for', () => {
  let app: TestApp;
  let client: Client;
  let companyId: number;

  beforeAll(async () => {
    app = await startTestApp();
    companyId = (await makeCompany(app.dataSource)).id;
    const operator = await makeUser(app.dataSource, { role: 'operator', companyId });
    client = new Client(app, (await signIn(app, operator.email, PASSWORD)).bearer);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses more than 100 files in one presigned-upload call, and opens nothing', async () => {
    const turbine = await makeTurbine(app.dataSource, companyId);
    const files = Array.from({ length: 101 }, (_, index) => ({ name: `v${index}.mp4`, size: 50 * 1024 ** 3 }));
    const reply = await client.presign(turbine, files);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, code: 'TOO_MANY_DIRECT_UPLOADS' });
    const opened: unknown[] = await app.dataSource.query(`SELECT 1 FROM upload_intents WHERE turbine_id = $1`, [
      turbine,
    ]);
    expect(opened).toEqual([]);
  });

  it('answers 100 videos of 50 GB with 20 part addresses each, and hands out the rest in batches', async () => {
    const turbine = await makeTurbine(app.dataSource, companyId);
    const files = Array.from({ length: 100 }, (_, index) => ({ name: `v${index}.mp4`, size: 50 * 1024 ** 3 }));
    const reply = await client.presign(turbine, files);
    expect(reply.status, reply.text).toBe(200);
    const uploads = reply.body.presignedUrls;
    expect(uploads).toHaveLength(100);
    const addresses = uploads.reduce((sum, upload) => sum + upload.parts!.length, 0);
    expect(addresses).toBe(100 * 20);
    // Was 160,000 addresses in 101 MB.
    expect(reply.text.length).toBeLessThan(3 * MB);

    const video = uploads[0]!;
    expect(video.part_count).toBe(Math.ceil((50 * 1024 ** 3) / video.part_size!));
    const next = await api(app, 'post', '/turbines/{id}/upload-parts', {
      path: { id: turbine },
      as: client.as,
      body: { key: video.key, from: 21 },
    });
    expect(next.status, next.text).toBe(200);
    expect(next.body.data).toMatchObject({ key: video.key, upload_id: video.upload_id, part_count: video.part_count });
    expect(next.body.data.parts.map((part) => part.partNumber)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 21),
    );
    // The last batch stops at the last part, which carries the rest of the bytes.
    const last = await api(app, 'post', '/turbines/{id}/upload-parts', {
      path: { id: turbine },
      as: client.as,
      body: { key: video.key, from: video.part_count! - 1, count: 100 },
    });
    expect(last.body.data.parts.map((part) => part.partNumber)).toEqual([video.part_count! - 1, video.part_count]);
    expect(last.body.data.parts[1]!.size).toBe(50 * 1024 ** 3 - (video.part_count! - 1) * video.part_size!);

    const refusals = [
      { key: video.key, from: video.part_count! + 1 },
      { key: video.key, count: 101 },
      { key: `turbines/${turbine}/nothing.mp4` },
    ];
    for (const body of refusals) {
      const refused = await call(app, 'POST', `/api/turbines/${turbine}/upload-parts`, { as: client.as, body });
      expect(refused.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
    // Another user's upload answers like a missing one.
    const other = await makeUser(app.dataSource, { role: 'operator', companyId });
    const stranger = await call(app, 'POST', `/api/turbines/${turbine}/upload-parts`, {
      as: (await signIn(app, other.email, PASSWORD)).bearer,
      body: { key: video.key },
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
    await client.cancel(
      turbine,
      uploads.map((upload) => upload.key),
    );
  });
});

describe('a multipart direct upload', () => {
  let app: TestApp;
  let client: Client;
  let companyId: number;

  beforeAll(async () => {
    app = await startTestApp();
    companyId = (await makeCompany(app.dataSource)).id;
    const operator = await makeUser(app.dataSource, { role: 'operator', companyId });
    client = new Client(app, (await signIn(app, operator.email, PASSWORD)).bearer, operator.email);
  });
  afterAll(async () => {
    await app?.close();
  });

  /**
   * What presigned-upload opens above 5 GB, made small: parts of 5 MiB (S3's smallest) for a file of two parts.
   * Its part addresses come from upload-parts, as the panel asks for them.
   */
  async function openMultipart(turbineId: number, size: number): Promise<{ key: string; parts: UploadParts }> {
    const storage = app.app.get<ObjectStorage>(OBJECT_STORAGE);
    const key = `turbines/${turbineId}/blade-A/room-1/2025/${randomUUID()}.jpg`;
    const uploadId = await storage.createMultipartUpload(key, 'image/jpeg');
    const rows: { id: number }[] = await app.dataSource.query(`SELECT id FROM users WHERE email = $1`, [client.email]);
    await app.dataSource.query(
      `INSERT INTO upload_intents (id, turbine_id, kind, storage_key, original_name, size, target, multipart_upload_id,
                                   part_size, user_id, expires_at)
       VALUES ($1, $2, 'direct', $3, 'buyuk.jpg', $4, $5, $6, $7, $8, now() + interval '1 hour')`,
      [
        randomUUID(),
        turbineId,
        key,
        size,
        { room: 1, year: 2025, blade: 'A', category: 'blade' },
        uploadId,
        PART,
        rows[0]!.id,
      ],
    );
    const reply = await api(app, 'post', '/turbines/{id}/upload-parts', {
      path: { id: turbineId },
      as: client.as,
      body: { key },
    });
    expect(reply.status, reply.text).toBe(200);
    return { key, parts: reply.body.data };
  }

  const PART = 5 * MB;

  async function putPart(address: UploadPartAddress, bytes: Buffer): Promise<string> {
    const reply = await fetch(new URL(address.presignedUrl, app.baseUrl), {
      method: 'PUT',
      body: new Uint8Array(bytes),
    });
    expect(reply.status, await reply.clone().text()).toBe(200);
    return reply.headers.get('etag')!;
  }

  it('checks the total at completion: a file short of parts is removed, a whole one becomes a photo', async () => {
    const turbine = await makeTurbine(app.dataSource, companyId);
    const photo = await jpeg(1200, 900);
    const whole = Buffer.concat([photo, randomBytes(PART + 1000 - photo.length)]);
    const body = (upload: string, parts: { partNumber: number; etag: string }[]) => ({
      uploads: [{ key: upload, parts }],
    });

    const short = await openMultipart(turbine, whole.length);
    expect(short.parts.parts.map((part) => part.size)).toEqual([PART, 1000]);
    const first = await putPart(short.parts.parts[0]!, whole.subarray(0, PART));
    const refused = await call(app, 'POST', `/api/turbines/${turbine}/confirm-upload`, {
      as: client.as,
      body: body(short.key, [{ partNumber: 1, etag: first }]),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'UPLOAD_SIZE_MISMATCH' });
    expect(await app.app.get<ObjectStorage>(OBJECT_STORAGE).head(short.key)).toBeNull();
    expect(await app.dataSource.query(`SELECT 1 FROM upload_intents WHERE storage_key = $1`, [short.key])).toEqual([]);

    const full = await openMultipart(turbine, whole.length);
    const etags = [
      await putPart(full.parts.parts[0]!, whole.subarray(0, PART)),
      await putPart(full.parts.parts[1]!, whole.subarray(PART)),
    ];
    const confirmed = await api(app, 'post', '/turbines/{id}/confirm-upload', {
      path: { id: turbine },
      as: client.as,
      body: body(
        full.key,
        etags.map((etag, index) => ({ partNumber: index + 1, etag })),
      ),
    });
    expect(confirmed.status, confirmed.text).toBe(201);
    expect(confirmed.body.data[0]).toMatchObject({ originalName: 'buyuk.jpg', size: whole.length });
  });
});

describe('the storage quota of a company', () => {
  const QUOTA = 3 * MB;
  let app: TestApp;
  let client: Client;
  let companyId: number;

  beforeAll(async () => {
    app = await startTestApp({ STORAGE_QUOTA_GB_PER_COMPANY: String(QUOTA / 1024 ** 3) });
    companyId = (await makeCompany(app.dataSource)).id;
    const operator = await makeUser(app.dataSource, { role: 'operator', companyId });
    client = new Client(app, (await signIn(app, operator.email, PASSWORD)).bearer);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts pending uploads, refuses past the quota, and gives the bytes back on cancel and on the sweep', async () => {
    const turbine = await makeTurbine(app.dataSource, companyId);
    const first = await client.presign(turbine, [{ name: 'a.jpg', size: 2 * MB }]);
    expect(first.status, first.text).toBe(200);
    // Nothing of the first file was sent yet: it counts all the same.
    const second = await client.presign(turbine, [{ name: 'b.jpg', size: 2 * MB }]);
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ success: false, code: 'STORAGE_QUOTA_EXCEEDED' });
    expect(second.body.skipped).toEqual([expect.objectContaining({ name: 'b.jpg', code: 'STORAGE_QUOTA_EXCEEDED' })]);
    // Files that fit are still opened beside one that does not.
    const mixed = await client.presign(turbine, [
      { name: 'c.jpg', size: MB / 2 },
      { name: 'd.jpg', size: 2 * MB },
    ]);
    expect(mixed.status).toBe(200);
    expect(mixed.body.presignedUrls.map((upload) => upload.originalName)).toEqual(['c.jpg']);
    expect(mixed.body.skipped.map((skip) => skip.name)).toEqual(['d.jpg']);

    // Cancelled: the quota has the bytes back at once, and the address is dead.
    const [a] = first.body.presignedUrls;
    const cancelled = await client.cancel(turbine, [a!.key]);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data.cancelled).toEqual([a!.key]);
    expect((await client.put(a!, randomBytes(2 * MB))).status).toBe(409);
    const again = await client.presign(turbine, [{ name: 'b.jpg', size: 2 * MB }]);
    expect(again.status, again.text).toBe(200);

    // The multipart path counts too: with all but 1,000 bytes held by pending uploads, a small photo is refused.
    const fill = await client.presign(turbine, [{ name: 'f.jpg', size: QUOTA - 2.5 * MB - 1000 }]);
    expect(fill.status, fill.text).toBe(200);
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(await jpeg(400, 300))], { type: 'image/jpeg' }), 'e.jpg');
    const streamed = await call<UploadReply>(app, 'POST', `/api/turbines/${turbine}/photos`, { as: client.as, form });
    expect(streamed.status).toBe(403);
    expect(streamed.body).toMatchObject({ code: 'STORAGE_QUOTA_EXCEEDED' });

    // Swept once expired: the bytes come back.
    await app.dataSource.query(
      `UPDATE upload_intents SET expires_at = now() - interval '1 minute' WHERE turbine_id = $1`,
      [turbine],
    );
    expect(await app.app.get(UploadLedger).sweep()).toBeGreaterThanOrEqual(2);
    const afterSweep = await call<UploadReply>(app, 'POST', `/api/turbines/${turbine}/photos`, {
      as: client.as,
      form,
    });
    expect(afterSweep.status, afterSweep.text).toBe(201);
  });

  it('leaves a confirmed photo alone when its key is cancelled afterwards', async () => {
    const turbine = await makeTurbine(app.dataSource, companyId);
    const photo = await jpeg(300, 200);
    const [target] = (await client.presign(turbine, [{ name: 'kalir.jpg', size: photo.length }])).body.presignedUrls;
    expect((await client.put(target!, photo)).status).toBe(200);
    expect((await client.confirm(turbine, [target!.key])).status).toBe(201);
    const cancelled = await client.cancel(turbine, [target!.key]);
    expect(cancelled.body.data.cancelled).toEqual([]);
    expect(await app.app.get<ObjectStorage>(OBJECT_STORAGE).head(target!.key)).toMatchObject({ size: photo.length });
  });
});
