import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { type MediaItem, type SkippedFile } from '@kanat360/contracts';
import { panorama, shortVideo } from '@kanat360/demo-media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '@kanat360/i18n';
import { MediaWorkers } from '@/media/media.workers.js';
import { tileCount } from '@/media/tile-budget.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { TurbinePurgeWorker } from '@/turbines/turbine-purge.worker.js';
import { UploadLedger } from '@/uploads/upload-ledger.js';
import { makeCompany, makeTurbine, makeUser, type MadeCompany, PASSWORD, unique } from './factories.js';
import { countOf, eventually, sleep } from './eventually.js';
import { api, call, type Credentials, malformed, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

const inTurkish = translator('tr');

interface UploadReply {
  success: boolean;
  code?: string;
  message: string;
  data: MediaItem[];
  skipped: SkippedFile[];
}

let app: TestApp;
let storage: ObjectStorage;
let workers: MediaWorkers;
let uploads: UploadLedger;
let home: MadeCompany;
let foreign: MadeCompany;
const as: Record<'superadmin' | 'admin' | 'manager' | 'operator' | 'customer', Credentials> = {} as never;

async function jpeg(width = 1200, height = 800, seed = 1): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: (seed * 40) % 255, g: 120, b: 200 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function form(fields: Record<string, string>, files: { name: string; bytes: Buffer; field?: string }[]): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) {
    body.append(file.field ?? 'photos', new Blob([new Uint8Array(file.bytes)], { type: 'image/jpeg' }), file.name);
  }
  return body;
}

async function upload(
  turbineId: number,
  fields: Record<string, string>,
  files: { name: string; bytes: Buffer }[],
  who = as.operator,
) {
  return call<UploadReply>(app, 'POST', `/api/turbines/${turbineId}/photos`, { as: who, form: form(fields, files) });
}

async function list(turbineId: number, query = 'view=all', who = as.operator): Promise<MediaItem[]> {
  const reply = await call<{ data: MediaItem[] }>(app, 'GET', `/api/turbines/${turbineId}/photos?${query}`, {
    as: who,
  });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data;
}

async function ready(turbineId: number, id: number): Promise<MediaItem> {
  return eventually(
    async () => (await list(turbineId)).find((item) => item.id === id && item.status !== 'pending'),
    `photo ${id} to be processed`,
  );
}

/** How many rows a query answers. */
async function rows(sql: string, params: unknown[]): Promise<number> {
  return countOf(app.dataSource, `SELECT count(*)::int AS count FROM (${sql}) matched`, params);
}

async function fetchPath(path: string, headers: Record<string, string> = {}) {
  return fetch(app.baseUrl + path, { headers });
}

beforeAll(async () => {
  app = await startTestApp();
  storage = app.app.get(OBJECT_STORAGE);
  workers = app.app.get(MediaWorkers);
  uploads = app.app.get(UploadLedger);
  home = await makeCompany(app.dataSource);
  foreign = await makeCompany(app.dataSource);
  const roles = {
    superadmin: 'superadmin',
    admin: 'admin',
    manager: 'company_manager',
    operator: 'operator',
    customer: 'customer',
  } as const;
  for (const [name, role] of Object.entries(roles)) {
    const user = await makeUser(app.dataSource, { role, companyId: home.id });
    as[name as keyof typeof as] = (await signIn(app, user.email, PASSWORD)).bearer;
  }
});
afterAll(async () => {
  await app.close();
});

describe('multipart upload', () => {
  it('streams photos to storage, records where they belong and who sent them, then makes derivatives', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await upload(turbine, { room: '4', year: '2024', blade: 'b' }, [
      { name: 'IMG_0001.jpg', bytes: await jpeg(1600, 1000) },
      { name: 'IMG_0002.jpeg', bytes: await jpeg(800, 600, 2) },
    ]);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.message).toContain('2');
    expect(reply.body.skipped).toEqual([]);
    const [first] = reply.body.data;
    expect(first).toMatchObject({
      originalName: 'IMG_0001.jpg',
      room: '4',
      blade: 'B',
      category: '',
      year: 2024,
      kind: 'photo',
      mime: 'image/jpeg',
      status: 'pending',
      is_edited: false,
      version: 1,
    });
    // The key is the server's, never the client's name.
    expect(first!.key).toMatch(new RegExp(`^turbines/${turbine}/blade-B/room-4/2024/[0-9a-f-]{36}\\.jpg$`));
    expect(first!._originalKey).toBe(first!.key);
    expect(first!.uploader_name).toBe('Test operator');
    expect(first!.month).toBe(new Date().getMonth() + 1);

    const done = await ready(turbine, first!.id);
    expect(done.status).toBe('ready');
    expect(done).toMatchObject({ width: 1600, height: 1000, is_panorama: false });
    for (const url of [done.thumbnail_url, done.preview_url, done.tiles_url]) expect(url).toBeTruthy();

    const thumb = await fetchPath(done.thumbnail_url!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect(thumb.headers.get('x-content-type-options')).toBe('nosniff');
    expect(thumb.headers.get('cache-control')).toContain('max-age');
    const size = (await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width;
    expect(size).toBeLessThanOrEqual(400);
    const again = await fetchPath(done.thumbnail_url!, { 'If-None-Match': thumb.headers.get('etag')! });
    expect(again.status).toBe(304);

    const dzi = await fetchPath(done.tiles_url!);
    expect(dzi.status).toBe(200);
    expect(await dzi.text()).toContain('Width="1600"');
    const tile = await fetchPath(done.tiles_url!.replace('image.dzi', 'image_files/0/0_0.jpeg'));
    expect(tile.status).toBe(200);
  });

  it('gives room 1 when the room is missing or invalid, and keeps categories out of blade folders', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const noRoom = await upload(turbine, { year: '2023' }, [{ name: 'a1.jpg', bytes: await jpeg() }]);
    expect(noRoom.body.data[0]).toMatchObject({ room: '1', blade: null, category: '' });
    const badRoom = await upload(turbine, { room: 'abc', year: '2023', blade: 'C' }, [
      { name: 'a2.jpg', bytes: await jpeg() },
    ]);
    expect(badRoom.body.data[0]).toMatchObject({ room: '1', blade: 'C' });
    const drone = await upload(turbine, { category: 'drone', year: '2023' }, [{ name: 'd1.jpg', bytes: await jpeg() }]);
    expect(drone.body.data[0]).toMatchObject({ category: 'drone' });
    expect(drone.body.data[0]!.key).toContain('/category-drone/2023/');
    const legacy = await upload(turbine, { blade: 'category-robot' }, [{ name: 'r1.jpg', bytes: await jpeg() }]);
    expect(legacy.body.data[0]).toMatchObject({ category: 'robot', year: new Date().getFullYear() });

    // Blade A also lists photos with no blade (spec §9); a category filter picks categories.
    expect((await list(turbine, 'blade=A')).map((item) => item.originalName).sort()).toEqual([
      'a1.jpg',
      'd1.jpg',
      'r1.jpg',
    ]);
    expect((await list(turbine, 'category=drone')).map((item) => item.originalName)).toEqual(['d1.jpg']);
    expect((await list(turbine, 'room=1&year=2023')).length).toBe(3);
    expect((await list(turbine, 'view=all&year=2022')).length).toBe(0);
  });

  it('skips files with bad names or duplicates, with the spec messages, and stores the rest', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    await upload(turbine, { room: '1' }, [{ name: 'existing.jpg', bytes: await jpeg() }]);
    const reply = await upload(turbine, { room: '1' }, [
      { name: 'good_1.jpg', bytes: await jpeg() },
      { name: 'bad name (1).jpg', bytes: await jpeg() },
      { name: 'şekil.jpg', bytes: await jpeg() },
      { name: 'EXISTING.jpg', bytes: await jpeg() },
    ]);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.data.map((item) => item.originalName)).toEqual(['good_1.jpg']);
    expect(reply.body.skipped.map((skip) => [skip.name, skip.code])).toEqual([
      ['bad name (1).jpg', 'FILE_NAME_INVALID'],
      ['şekil.jpg', 'FILE_NAME_INVALID'],
      ['EXISTING.jpg', 'DUPLICATE_FILE_NAME'],
    ]);
    expect(reply.body.message).toContain('2 dosya geçersiz adlar nedeniyle atlandı: bad name (1).jpg, şekil.jpg');
    expect(reply.body.message).toContain('Aynı isimde fotoğraflar zaten mevcut');

    const allBad = await upload(turbine, { room: '1' }, [{ name: 'existing.jpg', bytes: await jpeg() }]);
    expect(allBad.status).toBe(409);
    expect(allBad.body).toMatchObject({ success: false, code: 'DUPLICATE_FILE_NAME' });
    expect(allBad.body.message).toContain('Aynı isimde fotoğraflar zaten mevcut');
    expect(await rows(`SELECT 1 FROM media WHERE turbine_id = $1`, [turbine])).toBe(2);
  });

  it('decides the type from the bytes: mismatches, unknown types, markup and decompression bombs are refused', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    // A PNG header declaring 100000 × 100000 pixels: refused from the header, nothing is decoded.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    // The attack's picture: 16,000 × 16,000 px (256 MP) in a small PNG, over the 200 MP limit.
    const attack = Buffer.from(png);
    attack.writeUInt32BE(16_000, 16);
    attack.writeUInt32BE(16_000, 20);
    // 2,000,000 × 1 px: 2 MP, well within the pixel limit, but its deep-zoom pyramid would be 15,764 tiles.
    const strip = await sharp({ create: { width: 2_000_000, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const cases: [string, Buffer, string][] = [
      ['png_named.jpg', png, 'FILE_TYPE_MISMATCH'],
      ['random.jpg', Buffer.from('just some text, not an image at all'), 'FILE_TYPE_UNKNOWN'],
      ['drawing.jpg', svg, 'FILE_TYPE_FORBIDDEN'],
      ['drawing.svg', svg, 'FILE_TYPE_FORBIDDEN'],
      ['page.html', Buffer.from('<!doctype html><p>hi'), 'FILE_TYPE_FORBIDDEN'],
      ['bomb.png', bomb, 'IMAGE_TOO_LARGE'],
      ['attack.png', attack, 'IMAGE_TOO_LARGE'],
      ['strip.png', strip, 'IMAGE_TOO_MANY_TILES'],
    ];
    for (const [name, bytes, code] of cases) {
      const reply = await upload(turbine, {}, [{ name, bytes }]);
      expect(reply.body, name).toMatchObject({ success: false, code });
      expect(reply.status, name).toBeGreaterThanOrEqual(400);
      expect(reply.status, name).toBeLessThan(500);
    }
    // A refused file bigger than the sniffed head is read away, and the next file of the upload still arrives.
    const mixed = await upload(turbine, {}, [
      { name: 'notes.jpg', bytes: Buffer.alloc(3 * 1024 * 1024, 'a') },
      { name: 'after.jpg', bytes: await jpeg() },
    ]);
    expect(mixed.status, mixed.text).toBe(201);
    expect(mixed.body.skipped.map((skip) => skip.code)).toEqual(['FILE_TYPE_UNKNOWN']);
    await app.dataSource.query(`DELETE FROM media WHERE turbine_id = $1`, [turbine]);
    await storage.deletePrefix(`turbines/${turbine}/`);

    expect(await rows(`SELECT 1 FROM media WHERE turbine_id = $1`, [turbine])).toBe(0);
    expect(await rows(`SELECT 1 FROM upload_intents WHERE turbine_id = $1`, [turbine])).toBe(0);
    const stored = [];
    for await (const object of storage.list(`turbines/${turbine}/`)) stored.push(object.key);
    expect(stored).toEqual([]);
  });

  it('takes a long blade strip (40,000 × 2,000) and cuts it into the tiles the budget counted', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await upload(turbine, { room: '4', blade: 'C' }, [
      { name: 'serit.jpg', bytes: await jpeg(40_000, 2000) },
    ]);
    expect(reply.status, reply.text).toBe(201);
    const photo = await eventually(
      async () => (await list(turbine)).find((item) => item.status !== 'pending'),
      'the strip to be processed',
      { timeoutMs: 120_000 },
    );
    expect(photo.status).toBe('ready');
    const rowsOf: { assetId: string }[] = await app.dataSource.query(
      `SELECT asset_id AS "assetId" FROM media WHERE id = $1`,
      [photo.id],
    );
    const tiles = [];
    for await (const object of storage.list(`turbines/${turbine}/derivatives/${rowsOf[0]!.assetId}/tiles/image_files/`))
      tiles.push(object.key);
    expect(tiles).toHaveLength(tileCount({ width: 40_000, height: 2000 }));
  }, 180_000);

  it('accepts .pcd point clouds for blades (no image derivatives)', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const pcd = Buffer.from(
      '# .PCD v0.7\nVERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH 2\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS 2\nDATA ascii\n0 0 0\n1 1 1\n',
    );
    const reply = await upload(turbine, { room: '2', blade: 'A' }, [{ name: 'blade_scan.pcd', bytes: pcd }]);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.data[0]).toMatchObject({ kind: 'pointcloud', mime: 'application/x-pcd' });
    const done = await ready(turbine, reply.body.data[0]!.id);
    expect(done).toMatchObject({ status: 'ready', thumbnail_url: null, tiles_url: null });
    const download = await fetchPath(done.url);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('refuses a body over 55 MB with 413 and keeps nothing', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const big = Buffer.alloc(56 * 1024 * 1024, 1);
    (await jpeg()).copy(big);
    const reply = await upload(turbine, {}, [{ name: 'huge.jpg', bytes: big }]);
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ success: false, code: 'UPLOAD_TOO_LARGE' });
    expect(reply.body.message).toContain('Dosya çok büyük');
    expect(await rows(`SELECT 1 FROM media WHERE turbine_id = $1`, [turbine])).toBe(0);
  });

  it('answers 415 for a body that is not multipart and 400 NO_FILES for a form without files', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const json = await call(app, 'POST', `/api/turbines/${turbine}/photos`, {
      as: as.operator,
      body: malformed({ room: 1 }),
    });
    expect(json.status).toBe(415);
    const empty = await call(app, 'POST', `/api/turbines/${turbine}/photos`, {
      as: as.operator,
      form: form({ room: '1' }, []),
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'NO_FILES' });
  });

  it('leaves no row, no ledger entry and no blob when the client goes away half-way', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const boundary = 'kanat360boundary';
    const photo = await jpeg(3000, 2000);
    const url = new URL(`${app.baseUrl}/api/turbines/${turbine}/photos`);
    await new Promise<void>((resolve) => {
      const request = httpRequest(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${(as.operator as { token: string }).token}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(photo.length * 4),
        },
      });
      request.on('error', () => resolve());
      request.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="cut.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      request.write(photo);
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 300);
    });
    await eventually(
      async () => (await rows(`SELECT 1 FROM upload_intents WHERE turbine_id = $1`, [turbine])) === 0,
      'no ledger entry left',
    );
    expect(await rows(`SELECT 1 FROM media WHERE turbine_id = $1`, [turbine])).toBe(0);
    const stored = [];
    for await (const object of storage.list(`turbines/${turbine}/`)) stored.push(object.key);
    expect(stored).toEqual([]);
  });
});

describe('direct upload', () => {
  async function presign(turbineId: number, files: { name: string; size: number; type?: string }[]) {
    return api(app, 'post', '/turbines/{id}/presigned-upload', {
      path: { id: turbineId },
      as: as.operator,
      body: { files, room: '3', year: 2025, blade: 'A' },
    });
  }

  it('presigns, takes the PUT, and shows the row only after confirm checks size and bytes', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const bytes = await jpeg(2000, 1000, 3);
    const reply = await presign(turbine, [{ name: 'direct_1.jpg', size: bytes.length, type: 'image/jpeg' }]);
    expect(reply.status, reply.text).toBe(200);
    const [target] = reply.body.presignedUrls;
    expect(target!.presignedUrl).toMatch(/^\/api\/storage\/uploads\//);
    expect(target!.key).toMatch(new RegExp(`^turbines/${turbine}/blade-A/room-3/2025/`));
    const put = await fetch(app.baseUrl + target!.presignedUrl!, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'Content-Type': 'image/jpeg' },
    });
    expect(put.status).toBe(200);
    expect(await list(turbine)).toEqual([]);

    const confirm = await api(app, 'post', '/turbines/{id}/confirm-upload', {
      path: { id: turbine },
      as: as.operator,
      body: { uploads: [{ key: target!.key, originalName: 'direct_1.jpg', size: bytes.length, type: 'image/jpeg' }] },
    });
    expect(confirm.status, confirm.text).toBe(201);
    expect(confirm.body.data[0]).toMatchObject({
      originalName: 'direct_1.jpg',
      room: '3',
      blade: 'A',
      year: 2025,
      size: bytes.length,
    });
    expect(await rows(`SELECT 1 FROM upload_intents WHERE turbine_id = $1`, [turbine])).toBe(0);
    // A second confirm of the same key finds nothing to confirm.
    const twice = await call(app, 'POST', `/api/turbines/${turbine}/confirm-upload`, {
      as: as.operator,
      body: { uploads: [{ key: target!.key }] },
    });
    expect(twice.body).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
  });

  it('keeps an incomplete upload unconfirmed, and removes one whose bytes are not what the name says', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const bytes = await jpeg();
    const reply = await presign(turbine, [
      { name: 'short.jpg', size: bytes.length + 10 },
      { name: 'fake.jpg', size: 20 },
    ]);
    const [short, fake] = reply.body.presignedUrls;
    // A body shorter than announced is refused, and nothing of it is kept: the address stays usable.
    const cut = await fetch(app.baseUrl + short!.presignedUrl!, { method: 'PUT', body: new Uint8Array(bytes) });
    expect(cut.status).toBe(409);
    expect(await cut.json()).toMatchObject({ code: 'UPLOAD_INCOMPLETE' });
    await fetch(app.baseUrl + fake!.presignedUrl!, { method: 'PUT', body: 'this is not a jpeg!!' });
    const confirm = await api(app, 'post', '/turbines/{id}/confirm-upload', {
      path: { id: turbine },
      as: as.operator,
      body: { uploads: [{ key: short!.key }, { key: fake!.key }] },
    });
    expect(confirm.status).toBeGreaterThanOrEqual(400);
    expect(confirm.body.skipped.map((skip) => skip.code)).toEqual(['UPLOAD_INCOMPLETE', 'FILE_TYPE_UNKNOWN']);
    expect(await storage.head(short!.key)).toBeNull();
    expect(await storage.head(fake!.key)).toBeNull();
    expect(await rows(`SELECT 1 FROM media WHERE turbine_id = $1`, [turbine])).toBe(0);

    // The whole file, sent again to the same address, then confirmed.
    const whole = Buffer.concat([bytes, Buffer.alloc(10)]);
    const put = await fetch(app.baseUrl + short!.presignedUrl!, { method: 'PUT', body: new Uint8Array(whole) });
    expect(put.status).toBe(200);
    const again = await api(app, 'post', '/turbines/{id}/confirm-upload', {
      path: { id: turbine },
      as: as.operator,
      body: { uploads: [{ key: short!.key }] },
    });
    expect(again.status, again.text).toBe(201);
    expect(again.body.data[0]).toMatchObject({ originalName: 'short.jpg', size: whole.length });
  });

  it('refuses bad names, duplicates, unknown types and videos over 50 GB before any byte is sent', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    await upload(turbine, {}, [{ name: 'taken.jpg', bytes: await jpeg() }]);
    const reply = await presign(turbine, [
      { name: 'ok_video.mp4', size: 10 * 1024 ** 3 },
      { name: 'huge.mp4', size: 51 * 1024 ** 3 },
      { name: 'taken.jpg', size: 100 },
      { name: 'bad name.jpg', size: 100 },
      { name: 'notes.docx', size: 100 },
      { name: 'x.svg', size: 100 },
    ]);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.skipped.map((skip) => [skip.name, skip.code])).toEqual([
      ['huge.mp4', 'VIDEO_TOO_LARGE'],
      ['taken.jpg', 'DUPLICATE_FILE_NAME'],
      ['bad name.jpg', 'FILE_NAME_INVALID'],
      ['notes.docx', 'FILE_TYPE_UNKNOWN'],
      ['x.svg', 'FILE_TYPE_FORBIDDEN'],
    ]);
    expect(reply.body.message).toContain('Video dosyası çok büyük (>50GB): huge.mp4');
    // Above 5 GB: a multipart upload with an address per part, so a failed part is sent again alone; the first
    // addresses come now, the others as the upload proceeds.
    const [video] = reply.body.presignedUrls;
    expect(video).toMatchObject({ presignedUrl: null, originalName: 'ok_video.mp4', size: 10 * 1024 ** 3 });
    expect(video!.upload_id).toBeTruthy();
    expect(video!.part_count).toBe(Math.ceil((10 * 1024 ** 3) / video!.part_size!));
    expect(video!.parts!.map((part) => part.partNumber)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(video!.parts![0]).toMatchObject({ size: video!.part_size });
    expect(video!.parts![0]!.presignedUrl).toMatch(/^\/api\/storage\/uploads\//);
  });

  it('sweeps expired intents: the blob of an upload never confirmed goes, and so does an open multipart upload', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const bytes = await jpeg();
    const reply = await presign(turbine, [{ name: 'abandoned.jpg', size: bytes.length }]);
    const [target] = reply.body.presignedUrls;
    await fetch(app.baseUrl + target!.presignedUrl!, { method: 'PUT', body: new Uint8Array(bytes) });
    expect(await storage.head(target!.key)).not.toBeNull();
    await app.dataSource.query(
      `UPDATE upload_intents SET expires_at = now() - interval '1 minute' WHERE turbine_id = $1`,
      [turbine],
    );
    expect(await uploads.sweep()).toBeGreaterThanOrEqual(1);
    expect(await storage.head(target!.key)).toBeNull();
    expect(await rows(`SELECT 1 FROM upload_intents WHERE turbine_id = $1`, [turbine])).toBe(0);
    // Running it again finds nothing and does no harm.
    await uploads.sweep();
  });
});

describe('serving, deleting and versions', () => {
  let turbine: number;
  let photo: MediaItem;
  let original: Buffer;

  beforeAll(async () => {
    turbine = await makeTurbine(app.dataSource, home.id);
    original = await jpeg(1000, 500, 7);
    const reply = await upload(turbine, { room: '5', blade: 'A', year: '2024' }, [
      { name: 'Kanat_Ön.jpg'.replace('Ö', 'O'), bytes: original },
    ]);
    photo = await ready(turbine, reply.body.data[0]!.id);
  });

  it('serves the original inline with its type, ranges for seeking, and as an RFC 6266 attachment on download', async () => {
    const whole = await fetchPath(photo.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/jpeg');
    expect(whole.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(original)).toBe(true);

    const part = await fetchPath(photo.url, { Range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${original.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(10, 20))).toBe(true);
    expect((await fetchPath(photo.url, { Range: `bytes=${original.length + 5}-` })).status).toBe(416);

    const download = await fetchPath(photo.download_url);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Kanat_On.jpg"; filename*=UTF-8''Kanat_On.jpg`,
    );
  });

  it('refuses a tampered or expired address', async () => {
    expect(photo.url).toMatch(new RegExp(`^/api/files/media/${photo.id}/\\d+/[\\w-]+$`));
    const tampered = photo.url.replace(/\/([\w-]+)$/, '/AAAA$1');
    expect((await fetchPath(tampered)).status).toBe(403);
    const expired = photo.url.replace(/\/(\d+)\/([\w-]+)$/, '/1000/$2');
    expect((await fetchPath(expired)).status).toBe(403);
    const otherPhoto = photo.url.replace(`/media/${photo.id}/`, `/media/${photo.id + 1}/`);
    expect((await fetchPath(otherPhoto)).status).toBe(403);
    expect((await fetchPath(`${tampered}/thumb.jpg`)).status).toBe(403);
  });

  it('saves an edited photo as a new current version, keeps the original, and restores it', async () => {
    const edited = await jpeg(1000, 500, 9);
    const body = new FormData();
    body.append('photoId', String(photo.id));
    body.append('photoKey', photo.key);
    body.append('turbineId', String(turbine));
    body.append('replaceOriginal', 'true');
    body.append('photo', new Blob([new Uint8Array(edited)], { type: 'image/jpeg' }), 'edited.jpg');
    const saved = await call<{ success: boolean; data: MediaItem; message: string }>(
      app,
      'POST',
      `/api/turbines/${turbine}/save-edited-photo`,
      { as: as.operator, form: body },
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.message).toBe(inTurkish('api.photoSaved'));
    expect(saved.body.data).toMatchObject({
      version: 2,
      is_edited: true,
      _originalKey: photo.key,
      originalName: photo.originalName,
    });

    const now = await list(turbine);
    expect(now.map((item) => item.key)).toEqual([saved.body.data.key]);
    expect(await storage.head(photo.key)).not.toBeNull();

    const versions = await call<{ data: MediaItem[] }>(
      app,
      'GET',
      `/api/turbines/${turbine}/photos/versions?key=${encodeURIComponent(photo.key)}`,
      { as: as.customer },
    );
    expect(versions.body.data.map((item) => item.version)).toEqual([1, 2]);

    const restored = await api(app, 'post', '/turbines/{id}/photos/restore', {
      path: { id: turbine },
      as: as.operator,
      body: { key: saved.body.data.key },
    });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data.key).toBe(photo.key);
    expect((await list(turbine)).map((item) => item.key)).toEqual([photo.key]);
    const nothing = await call(app, 'POST', `/api/turbines/${turbine}/photos/restore`, {
      as: as.operator,
      body: { key: photo.key },
    });
    expect(nothing.body).toMatchObject({ code: 'NOTHING_TO_RESTORE' });

    const notJpeg = new FormData();
    notJpeg.append('photoId', String(photo.id));
    notJpeg.append(
      'photo',
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
            .png()
            .toBuffer(),
        ),
      ]),
      'x.png',
    );
    const refused = await call(app, 'POST', `/api/turbines/${turbine}/save-edited-photo`, {
      as: as.operator,
      form: notJpeg,
    });
    expect(refused.body).toMatchObject({ code: 'EDITED_PHOTO_NOT_JPEG' });
  });

  it('runs each media job twice without harm', async () => {
    await workers.derivatives(photo.id);
    await workers.derivatives(photo.id);
    const again = (await list(turbine)).find((item) => item.id === photo.id);
    // The same address but for its signature, which a clock hour turning since the photo was listed changes.
    const unsigned = (url: string | null | undefined) => url?.replace(/^(\/api\/files\/media\/\d+)\/\d+\/[\w-]+/, '$1');
    expect(again).toMatchObject({ status: 'ready' });
    expect(unsigned(again?.thumbnail_url)).toBe(unsigned(photo.thumbnail_url));
    await workers.deleteBlobs({ keys: ['turbines/0/none.jpg'], prefixes: ['turbines/0/derivatives/none/'] });
    await workers.deleteBlobs({ keys: ['turbines/0/none.jpg'], prefixes: ['turbines/0/derivatives/none/'] });
  });

  it('deletes a photo with every version and, through the job, its blobs', async () => {
    const forbidden = await call(
      app,
      'DELETE',
      `/api/turbines/${turbine}/photos?key=${encodeURIComponent(photo.key)}`,
      { as: as.operator },
    );
    expect(forbidden.status).toBe(403);
    const reply = await call(app, 'DELETE', `/api/turbines/${turbine}/photos?key=${encodeURIComponent(photo.key)}`, {
      as: as.manager,
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ success: true, message: inTurkish('api.photoDeleted') });
    expect(await list(turbine)).toEqual([]);
    expect(await rows(`SELECT 1 FROM media WHERE turbine_id = $1`, [turbine])).toBe(0);
    await eventually(async () => (await storage.head(photo.key)) === null, 'the original to be deleted');
    await eventually(async () => {
      const left = [];
      for await (const object of storage.list(`turbines/${turbine}/`)) left.push(object.key);
      return left.length === 0;
    }, 'every blob of the photo to be deleted');
    const missing = await call(app, 'DELETE', `/api/turbines/${turbine}/photos?key=${encodeURIComponent(photo.key)}`, {
      as: as.manager,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'MEDIA_NOT_FOUND' });
  });
});

describe('viewers', () => {
  let turbine: number;

  beforeAll(async () => {
    turbine = await makeTurbine(app.dataSource, home.id);
  });

  async function fetchImage(path: string) {
    const response = await fetchPath(path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    return sharp(Buffer.from(await response.arrayBuffer())).metadata();
  }

  /** Every tile of a panorama, fetched through its signed address. */
  async function expectPanoramaTiles(item: MediaItem) {
    expect(item.panorama_tiles).not.toBeNull();
    const { levels, tile_url } = item.panorama_tiles!;
    expect(tile_url).toBe(`${item.url}/pano/{level}/{col}_{row}.jpg`);
    for (const [level, { width, cols, rows }] of levels.entries()) {
      for (let col = 0; col < cols; col++) {
        for (let row = 0; row < rows; row++) {
          const address = tile_url
            .replace('{level}', String(level))
            .replace('{col}', String(col))
            .replace('{row}', String(row));
          const tile = await fetchImage(address);
          expect([tile.width, tile.height]).toEqual([width / cols, width / cols]);
        }
      }
    }
    return levels;
  }

  it('gives a 2:1 panorama equirectangular tiles for Photo Sphere Viewer, and an edited panorama too', async () => {
    const reply = await upload(turbine, { room: '6', blade: 'A' }, [
      { name: 'pano_360.jpg', bytes: await panorama({ width: 6144, height: 3072 }) },
      { name: 'flat.jpg', bytes: await jpeg(1600, 1000) },
    ]);
    expect(reply.status, reply.text).toBe(201);
    const [pano, flat] = await Promise.all(reply.body.data.map((item) => ready(turbine, item.id)));
    expect(pano).toMatchObject({ status: 'ready', is_panorama: true, width: 6144, height: 3072, duration_s: null });
    expect(await expectPanoramaTiles(pano!)).toEqual([
      { width: 4096, cols: 8, rows: 4 },
      { width: 6144, cols: 8, rows: 4 },
    ]);
    expect(flat).toMatchObject({ status: 'ready', is_panorama: false, panorama_tiles: null });
    // Only the levels and tiles there are: a level past the last, another name or extension are not found.
    const tileUrl = pano!.panorama_tiles!.tile_url;
    for (const path of ['pano/2/0_0.jpg', 'pano/0/8_0.jpg', 'pano/0/0_0.jpeg', 'pano/0/../thumb.jpg', 'pano/x.jpg']) {
      expect((await fetchPath(`${pano!.url}/${path}`)).status, path).toBe(404);
    }
    // Another photo's address does not open this one's tiles.
    expect(
      (await fetchPath(tileUrl.replace(pano!.url, flat!.url).replace('{level}/{col}_{row}', '0/0_0'))).status,
    ).toBe(404);

    // The drawing mode saves the panorama at full resolution: the new version is a panorama with its own tiles.
    const body = new FormData();
    body.append('photoId', String(pano!.id));
    body.append('photo', new Blob([new Uint8Array(await panorama({ width: 6144, height: 3072, seed: 9 }))]), 'x.jpg');
    const saved = await call<{ data: MediaItem }>(app, 'POST', `/api/turbines/${turbine}/save-edited-photo`, {
      as: as.operator,
      form: body,
    });
    expect(saved.status, saved.text).toBe(200);
    const edited = await ready(turbine, saved.body.data.id);
    expect(edited).toMatchObject({ status: 'ready', is_edited: true, version: 2, is_panorama: true });
    expect(edited.panorama_tiles!.tile_url).not.toBe(tileUrl);
    await expectPanoramaTiles(edited);
    const dzi = await fetchPath(edited.tiles_url!);
    expect(await dzi.text()).toContain('Width="6144"');
    expect((await fetchPath(edited.tiles_url!.replace('image.dzi', 'image_files/12/0_0.jpeg'))).status).toBe(200);
  });

  it('gives a video its poster, size and length, and plays it in ranges; one ffmpeg cannot read is ready without', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kanat360-video-test-'));
    try {
      const mp4 = join(folder, 'clip.mp4');
      execFileSync(
        ffmpeg.path,
        ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10'].concat([
          '-pix_fmt',
          'yuv420p',
          '-c:v',
          'libx264',
          '-movflags',
          '+faststart',
          mp4,
        ]),
      );
      const bytes = readFileSync(mp4);
      const reply = await upload(turbine, { room: '7', category: 'drone' }, [
        { name: 'flight.mp4', bytes },
        { name: 'demo.webm', bytes: await shortVideo({ width: 320, height: 180, seconds: 1 }) },
        // A WebM header and then no frame ffmpeg can decode: no poster, but still a video to play or download.
        {
          name: 'broken.webm',
          bytes: Buffer.concat([(await shortVideo({ seconds: 1 })).subarray(0, 200), Buffer.alloc(4000, 0x55)]),
        },
      ]);
      expect(reply.status, reply.text).toBe(201);
      const [clip, demo, broken] = await Promise.all(reply.body.data.map((item) => ready(turbine, item.id)));
      expect(broken).toMatchObject({
        kind: 'video',
        status: 'ready',
        failure_code: null,
        thumbnail_url: null,
        preview_url: null,
        width: null,
      });
      expect(clip).toMatchObject({ kind: 'video', mime: 'video/mp4', status: 'ready', width: 320, height: 240 });
      expect(clip!.duration_s).toBeCloseTo(2, 1);
      expect(clip).toMatchObject({ tiles_url: null, panorama_tiles: null });
      expect(demo).toMatchObject({ kind: 'video', mime: 'video/webm', status: 'ready', width: 320, height: 180 });
      expect(demo!.duration_s).toBeCloseTo(1, 1);
      const poster = await fetchImage(clip!.preview_url!);
      expect([poster.width, poster.height]).toEqual([320, 240]);
      const thumb = await fetchImage(demo!.thumbnail_url!);
      expect([thumb.width, thumb.height]).toEqual([320, 180]);
      const part = await fetchPath(clip!.url, { Range: 'bytes=0-99' });
      expect([part.status, part.headers.get('content-type')]).toEqual([206, 'video/mp4']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('answers the photo list with an ETag, and 304 without a body while nothing changed', async () => {
    const own = await makeTurbine(app.dataSource, home.id);
    await upload(own, { room: '3', blade: 'B' }, [{ name: 'etag-1.jpg', bytes: await jpeg(400, 300, 3) }]);
    await eventually(async () => (await list(own)).every((item) => item.status === 'ready'), 'the photo to be ready');
    const get = (query: '' | `?${string}`, headers: Record<string, string> = {}) =>
      call(app, 'GET', `/api/turbines/${own}/photos${query}`, { as: as.operator, headers });
    // The answers sign their addresses for the clock hour: the ETags below change when it turns.
    const toNextHour = 3_600_000 - (Date.now() % 3_600_000);
    if (toNextHour < 30_000) await sleep(toNextHour + 100);

    const before = await get('');
    expect(before.status).toBe(200);
    for (const query of ['', '?room=3', `?blade=B&year=${new Date().getFullYear()}`, '?view=all&limit=1'] as const) {
      const one = await get(query);
      const two = await get(query);
      expect(one.status).toBe(200);
      const etag = one.headers.get('etag')!;
      expect(etag, query).toMatch(/^W\/"[\w-]+"$/);
      expect(two.headers.get('etag')).toBe(etag);
      expect(one.headers.get('cache-control')).toBe('private, no-cache');
      const unchanged = await get(query, { 'If-None-Match': etag });
      expect(unchanged.status).toBe(304);
      expect(unchanged.text).toBe('');
      expect(unchanged.headers.get('etag')).toBe(etag);
      expect(unchanged.headers.get('cache-control')).toBe('private, no-cache');
      expect((await get(query, { 'If-None-Match': `"other", ${etag.slice(2)}` })).status).toBe(304);
      expect((await get(query, { 'If-None-Match': '"other"' })).status).toBe(200);
    }

    const etag = before.headers.get('etag')!;
    const added = await upload(own, { room: '3', blade: 'B' }, [
      { name: 'etag-2.jpg', bytes: await jpeg(400, 300, 4) },
    ]);
    const afterUpload = await get('', { 'If-None-Match': etag });
    expect(afterUpload.status).toBe(200);
    expect(afterUpload.body).toMatchObject({ total: 2 });
    const uploadedTag = afterUpload.headers.get('etag')!;
    expect(uploadedTag).not.toBe(etag);

    await ready(own, added.body.data[0]!.id);
    const settled = (await get('')).headers.get('etag')!;
    const removed = await call(
      app,
      'DELETE',
      `/api/turbines/${own}/photos?key=${encodeURIComponent(added.body.data[0]!.key)}`,
      {
        as: as.manager,
      },
    );
    expect(removed.status, removed.text).toBe(200);
    const afterDelete = await get('', { 'If-None-Match': settled });
    expect(afterDelete.status).toBe(200);
    expect(afterDelete.body).toMatchObject({ total: 1 });
    expect(afterDelete.headers.get('etag')).not.toBe(settled);
  });
});

describe('access', () => {
  it('answers a foreign turbine exactly like a missing one, and keeps customers to reading', async () => {
    const own = await makeTurbine(app.dataSource, home.id);
    const other = await makeTurbine(app.dataSource, foreign.id);
    for (const id of [other, 2_000_000_000]) {
      const reply = await call(app, 'GET', `/api/turbines/${id}/photos`, { as: as.operator });
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ code: 'TURBINE_NOT_FOUND' });
      const post = await upload(id, {}, [{ name: `x${unique()}.jpg`, bytes: await jpeg() }]);
      expect(post.status).toBe(404);
    }
    const customer = await upload(own, {}, [{ name: 'c.jpg', bytes: await jpeg() }], as.customer);
    expect(customer.status).toBe(403);
    expect((await call(app, 'GET', `/api/turbines/${own}/photos`, { as: as.customer })).status).toBe(200);
    // The superadmin reaches every company's turbines.
    expect((await call(app, 'GET', `/api/turbines/${other}/photos`, { as: as.superadmin })).status).toBe(200);
  });

  it('purges a deleted turbine: rows and blobs, idempotently', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await upload(turbine, {}, [{ name: 'p1.jpg', bytes: await jpeg() }]);
    await ready(turbine, reply.body.data[0]!.id);
    const deleted = await call(app, 'DELETE', `/api/turbines/${turbine}`, { as: as.superadmin });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await call(app, 'GET', `/api/turbines/${turbine}/photos`, { as: as.superadmin })).status).toBe(404);
    await eventually(
      async () => (await rows(`SELECT 1 FROM turbines WHERE id = $1`, [turbine])) === 0,
      'the turbine to be purged',
    );
    expect(await rows(`SELECT 1 FROM media WHERE turbine_id = $1`, [turbine])).toBe(0);
    const left = [];
    for await (const object of storage.list(`turbines/${turbine}/`)) left.push(object.key);
    expect(left).toEqual([]);
    await app.app.get(TurbinePurgeWorker).purge(turbine);
  });
});
