import { type MediaItem, type Report } from '@kanat360/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileUrls } from '@/files/file-urls.js';
import { MediaWorkers } from '@/media/media.workers.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { makeCompany, makeTurbine, makeUser, PASSWORD } from './factories.js';
import { call, type Credentials, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * Signed file addresses (/api/files/…): each names one object, and stops answering when that object (or its
 * turbine) is deleted. No job runs here (WORKER=off): a refusal can only come from the address check itself, never
 * from blobs a job already removed.
 */

let app: TestApp;
let storage: ObjectStorage;
let companyId: number;
const as = {} as Record<'superadmin' | 'operator' | 'customer', Credentials>;

async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

/** A photo uploaded as the operator, with its thumbnail, preview and deep-zoom tiles made. */
async function readyPhoto(turbineId: number, name: string): Promise<MediaItem> {
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(await jpeg(1600, 1000))], { type: 'image/jpeg' }), name);
  const uploaded = await call<{ data: MediaItem[] }>(app, 'POST', `/api/turbines/${turbineId}/photos`, {
    as: as.operator,
    form,
  });
  expect(uploaded.status, uploaded.text).toBe(201);
  const id = uploaded.body.data[0]!.id;
  await app.app.get(MediaWorkers).derivatives(id);
  const listed = await call<{ data: MediaItem[] }>(app, 'GET', `/api/turbines/${turbineId}/photos?ids=${id}`, {
    as: as.customer,
  });
  const photo = listed.body.data[0]!;
  expect(photo).toMatchObject({ status: 'ready' });
  return photo;
}

async function status(path: string): Promise<number> {
  const response = await fetch(new URL(path, app.baseUrl));
  await response.arrayBuffer();
  return response.status;
}

async function storedKeys(turbineId: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(`turbines/${turbineId}/`)) keys.push(object.key);
  return keys;
}

/** Every address a photo answer carries, with a deep-zoom tile found the way OpenSeadragon finds it. */
function addressesOf(photo: MediaItem): string[] {
  const tile = new URL('image_files/0/0_0.jpeg', new URL(photo.tiles_url!, 'http://x')).pathname;
  return [photo.url, photo.download_url, photo.thumbnail_url!, photo.preview_url!, photo.tiles_url!, tile];
}

beforeAll(async () => {
  app = await startTestApp({ WORKER: 'off' });
  storage = app.app.get(OBJECT_STORAGE);
  companyId = (await makeCompany(app.dataSource)).id;
  for (const role of ['superadmin', 'operator', 'customer'] as const) {
    const user = await makeUser(app.dataSource, { role, companyId });
    as[role] = (await signIn(app, user.email, PASSWORD)).bearer;
  }
});
afterAll(async () => {
  await app.close();
});

describe('an address names one object', () => {
  it('is signed for one kind and id, lives one to two hours and stays the same within a clock hour', () => {
    const urls = app.app.get(FileUrls);
    const hour = 3_600_000;
    const start = Math.floor(Date.now() / hour) * hour;
    const address = urls.signer(start + 1000).media(42);
    const [, kind, id, expires, signature] = /^\/api\/files\/(\w+)\/(\d+)\/(\d+)\/([\w-]+)$/.exec(address)!;
    expect([kind, id]).toEqual(['media', '42']);
    expect(Number(expires) * 1000).toBe(start + 2 * hour);
    expect(urls.signer(start + hour - 1).media(42)).toBe(address);
    expect(urls.signer(start + hour).media(42)).not.toBe(address);
    expect(urls.verify('media', 42, Number(expires), signature!, start + 1000)).toBe(true);
    expect(urls.verify('media', 43, Number(expires), signature!, start + 1000)).toBe(false);
    expect(urls.verify('reports', 42, Number(expires), signature!, start + 1000)).toBe(false);
    expect(urls.verify('media', 42, Number(expires) + 3600, signature!, start + 1000)).toBe(false);
    expect(urls.verify('media', 42, Number(expires), signature!, start + 2 * hour)).toBe(false);
  });

  it("does not let a customer download a report through a photo's address", async () => {
    const turbine = await makeTurbine(app.dataSource, companyId);
    const photo = await readyPhoto(turbine, 'kanat.jpg');
    const neighbour = await readyPhoto(turbine, 'komsu.jpg');
    const form = new FormData();
    form.append('year', '2024');
    form.append('reports', new Blob(['%PDF-1.4\n1 0 obj\n%%EOF\n']), 'Gizli_Rapor.pdf');
    const reported = await call<{ data: Report[] }>(app, 'POST', `/api/turbines/${turbine}/reports`, {
      as: as.operator,
      form,
    });
    expect(reported.status, reported.text).toBe(201);
    const report = reported.body.data[0]!;
    // The customer may not list reports at all.
    expect((await call(app, 'GET', `/api/turbines/${turbine}/reports`, { as: as.customer })).status).toBe(403);

    // The photo's own addresses work...
    for (const address of addressesOf(photo)) expect(await status(address), address).toBe(200);
    // ...and lead nowhere else: not to the report by counting ids, not to another photo of the same turbine.
    const attempts = [
      photo.url.replace(`media/${photo.id}`, `reports/${report.id}`),
      photo.url.replace(`/media/${photo.id}/`, `/reports/${report.id}/`),
      photo.url.replace(`media/${photo.id}`, `media/${neighbour.id}`),
      photo.url.replace(`/media/${photo.id}/`, `/media/${neighbour.id}/`),
      photo.thumbnail_url!.replace(`/media/${photo.id}/`, `/media/${neighbour.id}/`),
    ].filter((attempt) => attempt !== photo.url && attempt !== photo.thumbnail_url);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    for (const attempt of attempts) expect([403, 404], attempt).toContain(await status(attempt));
    // The report's own address works for whoever was given it.
    expect(await status(report.report_url)).toBe(200);
  });
});

describe('a deleted object', () => {
  it("refuses a deleted photo's original, thumbnail, preview and tiles at once, before its blobs go", async () => {
    const turbine = await makeTurbine(app.dataSource, companyId);
    const photo = await readyPhoto(turbine, 'silinecek.jpg');
    const addresses = addressesOf(photo);
    for (const address of addresses) expect(await status(address), address).toBe(200);
    const blobs = await storedKeys(turbine);

    const deleted = await call(app, 'DELETE', `/api/turbines/${turbine}/photos?key=${encodeURIComponent(photo.key)}`, {
      as: as.superadmin,
    });
    expect(deleted.status, deleted.text).toBe(200);
    for (const address of addresses) expect(await status(address), address).toBe(404);
    // The blobs are still there (their job has not run): the addresses fail because the row is gone.
    expect(await storedKeys(turbine)).toEqual(blobs);
  });

  it("refuses every address of a deleted turbine's photos and reports at once", async () => {
    const turbine = await makeTurbine(app.dataSource, companyId);
    const photo = await readyPhoto(turbine, 'turbin.jpg');
    const form = new FormData();
    form.append('reports', new Blob(['%PDF-1.4\n%%EOF\n']), 'Rapor.pdf');
    const reported = await call<{ data: Report[] }>(app, 'POST', `/api/turbines/${turbine}/reports`, {
      as: as.operator,
      form,
    });
    const addresses = [...addressesOf(photo), reported.body.data[0]!.report_url];
    for (const address of addresses) expect(await status(address), address).toBe(200);
    const blobs = await storedKeys(turbine);

    expect((await call(app, 'DELETE', `/api/turbines/${turbine}`, { as: as.superadmin })).status).toBe(200);
    for (const address of addresses) expect(await status(address), address).toBe(404);
    expect(await storedKeys(turbine)).toEqual(blobs);
  });
});
