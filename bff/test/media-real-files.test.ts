import { type MediaCameraCount, type MediaItem } from '@kanat360/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaWorkers } from '@/media/media.workers.js';
import { eventually } from './eventually.js';
import { makeCompany, makeMedia, makeTurbine, makeUser, PASSWORD } from './factories.js';
import { call, type Credentials, signIn } from './http.js';
import { realFile } from './real-files.js';
import { startTestApp, type TestApp } from './test-app.js';

// Files from real cameras, a drone, phones and PCL (tests/fixtures/real-files), uploaded as a user would: the job
// that processes them, the row it writes and what the list answers.

let app: TestApp;
let operator: Credentials;
let customer: Credentials;
let turbineId: number;
let items: Map<string, MediaItem>;

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  pcd: 'application/octet-stream',
};

async function upload(turbine: number, names: string[]): Promise<MediaItem[]> {
  const form = new FormData();
  form.append('category', 'drone');
  form.append('year', '2024');
  for (const name of names) {
    const type = MIME[name.slice(name.lastIndexOf('.') + 1)]!;
    form.append('photos', new Blob([new Uint8Array(realFile(name))], { type }), name);
  }
  const reply = await call<{ data: MediaItem[] }>(app, 'POST', `/api/turbines/${turbine}/photos`, {
    as: operator,
    form,
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.data;
}

async function list(turbine: number, query = '', who = operator): Promise<MediaItem[]> {
  const reply = await call<{ data: MediaItem[] }>(app, 'GET', `/api/turbines/${turbine}/photos?view=all${query}`, {
    as: who,
  });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data;
}

async function processed(turbine: number, count: number): Promise<MediaItem[]> {
  return eventually(
    async () => {
      const all = await list(turbine);
      return all.length === count && all.every((item) => item.status !== 'pending') && all;
    },
    `${count} media to be processed`,
    { timeoutMs: 90_000 },
  );
}

const FILES = [
  'olympus-u1020-damaged-end.jpg',
  'dji-fc300x.jpg',
  'samsung-gt-i9000-orientation-6.jpg',
  'landscape-orientation-8.jpg',
  'sony-dsc-hx5v-gps.jpg',
  'google-pixel-8-pro.jpg',
  'pannellum-equirectangular.jpg',
  'android-with-gps.mp4',
  'iphone-6-with-gps.mov',
  'pcl-bunny.pcd',
];

beforeAll(async () => {
  app = await startTestApp();
  const company = await makeCompany(app.dataSource);
  operator = (
    await signIn(app, (await makeUser(app.dataSource, { role: 'operator', companyId: company.id })).email, PASSWORD)
  ).bearer;
  customer = (
    await signIn(app, (await makeUser(app.dataSource, { role: 'customer', companyId: company.id })).email, PASSWORD)
  ).bearer;
  turbineId = await makeTurbine(app.dataSource, company.id);
  // Two uploads, as two cards would come in.
  await upload(turbineId, FILES.slice(0, 5));
  await upload(turbineId, FILES.slice(5));
  items = new Map((await processed(turbineId, FILES.length)).map((item) => [item.originalName, item]));
}, 180_000);
afterAll(async () => {
  await app.close();
});

describe('real camera files, uploaded and processed', () => {
  it('shows the Olympus JPEG with a damaged end as far as it reads, with a warning, and a finding can be marked on it', async () => {
    const olympus = items.get('olympus-u1020-damaged-end.jpg')!;
    expect(olympus).toMatchObject({
      status: 'ready',
      failure_code: null,
      processing_warning: 'IMAGE_DAMAGED',
      width: 3648,
      height: 2736,
      camera: { make: 'OLYMPUS IMAGING CORP.', model: 'u1020,S1020', lens: null },
      focal_length_mm: 6.6,
      captured_at_local: '2015-09-08T11:02:17',
      captured_offset: null,
      captured_at: null,
      gps: null,
    });
    expect(olympus.tiles_url).not.toBeNull();
    const finding = await call(app, 'POST', `/api/turbines/${turbineId}/findings`, {
      as: operator,
      body: {
        media_id: olympus.id,
        blade: 'A',
        surface: 'leading_edge',
        zone: 3,
        internal: false,
        distance_from_root_m: 12.5,
        target: { selector: { type: 'FragmentSelector', value: 'xywh=pixel:100,200,300,150' } },
        type: 'erosion',
        severity: 3,
      },
    });
    expect(finding.status, finding.text).toBe(201);
  });

  it('turns photos by their EXIF orientation 6 and 8 (dimensions and thumbnails as shown)', async () => {
    const portrait = items.get('samsung-gt-i9000-orientation-6.jpg')!;
    const landscape = items.get('landscape-orientation-8.jpg')!;
    expect([portrait.width, portrait.height, landscape.width, landscape.height]).toEqual([480, 640, 1800, 1200]);
    const thumbOf = async (item: MediaItem) => {
      const response = await fetch(app.baseUrl + item.thumbnail_url!);
      expect(response.status).toBe(200);
      return sharp(Buffer.from(await response.arrayBuffer())).metadata();
    };
    const [portraitThumb, landscapeThumb] = await Promise.all([thumbOf(portrait), thumbOf(landscape)]);
    expect([portraitThumb.width, portraitThumb.height]).toEqual([300, 400]);
    expect([landscapeThumb.width, landscapeThumb.height]).toEqual([400, 267]);
    // The phone wrote GPS 0/0 without a fix: no position.
    expect(portrait).toMatchObject({ gps: null, camera: { make: 'SAMSUNG', model: 'GT-I9000', lens: null } });
  });

  it('keeps the capture time as the camera wrote it, with an offset and an instant only when the file tells it', () => {
    expect(items.get('sony-dsc-hx5v-gps.jpg')).toMatchObject({
      captured_at_local: '2010-05-15T17:12:05',
      captured_offset: '+02:00',
      captured_at: '2010-05-15T15:12:05.000Z',
      gps: { lat: expect.closeTo(51.778615, 5) as number, lng: expect.closeTo(8.365638, 5) as number },
      camera: { make: 'SONY', model: 'DSC-HX5V', lens: null },
    });
    expect(items.get('google-pixel-8-pro.jpg')).toMatchObject({
      captured_at_local: '2023-10-06T22:53:51',
      captured_offset: '+02:00',
      captured_at: '2023-10-06T20:53:51.000Z',
      camera: { make: 'Google', model: 'Pixel 8 Pro', lens: 'Pixel 8 Pro back camera 6.9mm f/1.68' },
      focal_length_mm: 6.9,
    });
    expect(items.get('dji-fc300x.jpg')).toMatchObject({
      status: 'ready',
      captured_at_local: '2015-10-16T12:59:44',
      captured_offset: null,
      captured_at: null,
      camera: { make: 'DJI', model: 'FC300X', lens: null },
      focal_length_mm: 3.61,
      gps: { lat: expect.closeTo(41.549643, 5) as number, lng: expect.closeTo(-83.698908, 5) as number },
    });
  });

  it('reads a video’s creation time, position and camera from its container, and makes the panorama a panorama', () => {
    expect(items.get('android-with-gps.mp4')).toMatchObject({
      kind: 'video',
      status: 'ready',
      captured_at_local: '2017-02-22T08:20:28',
      captured_offset: '+00:00',
      captured_at: '2017-02-22T08:20:28.000Z',
      gps: { lat: 51.4169, lng: -0.0806 },
      camera: null,
    });
    expect(items.get('iphone-6-with-gps.mov')).toMatchObject({
      kind: 'video',
      captured_at_local: '2019-07-24T11:25:40',
      captured_offset: '+03:00',
      captured_at: '2019-07-24T08:25:40.000Z',
      camera: { make: 'Apple', model: 'iPhone 6', lens: null },
      width: 320,
      height: 568,
    });
    expect(items.get('pannellum-equirectangular.jpg')).toMatchObject({
      is_panorama: true,
      width: 4096,
      height: 2048,
      captured_at_local: null,
      camera: null,
    });
    expect(items.get('pannellum-equirectangular.jpg')!.panorama_tiles).not.toBeNull();
    expect(items.get('pcl-bunny.pcd')).toMatchObject({ kind: 'pointcloud', status: 'ready', camera: null });
  });

  it('stores the camera’s clock in a zoneless column, whatever the server’s zone', async () => {
    const rows = await app.dataSource.query<Record<string, string | null>[]>(
      `SELECT captured_at_local::text AS local, pg_typeof(captured_at_local)::text AS type, captured_offset,
              camera_make, camera_model, processing_warning, failure_code
         FROM media WHERE turbine_id = $1 AND original_name = 'sony-dsc-hx5v-gps.jpg'`,
      [turbineId],
    );
    expect(rows).toEqual([
      {
        local: '2010-05-15 17:12:05',
        type: 'timestamp without time zone',
        captured_offset: '+02:00',
        camera_make: 'SONY',
        camera_model: 'DSC-HX5V',
        processing_warning: null,
        failure_code: null,
      },
    ]);
  });
});

describe('cameras and the camera filter', () => {
  it('lists the cameras of the turbine’s media, the most used first, and filters the list by one', async () => {
    const reply = await call<{ data: MediaCameraCount[] }>(app, 'GET', `/api/turbines/${turbineId}/photos/cameras`, {
      as: customer,
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toHaveLength(6);
    expect(reply.body.data).toContainEqual({
      id: 'OLYMPUS IMAGING CORP.|u1020,S1020',
      make: 'OLYMPUS IMAGING CORP.',
      model: 'u1020,S1020',
      count: 1,
    });
    for (const camera of reply.body.data) {
      const found = await list(turbineId, `&camera=${encodeURIComponent(camera.id)}`, customer);
      expect(found.map((item) => [item.camera?.make, item.camera?.model])).toEqual([[camera.make, camera.model]]);
    }
    expect(await list(turbineId, `&camera=${encodeURIComponent('Canon|EOS 5D')}`)).toEqual([]);
  });

  it('refuses a camera that is not make|model with CAMERA_INVALID, and a foreign turbine’s cameras like a missing one', async () => {
    for (const camera of ['SONY', '|']) {
      const reply = await call<{ code: string }>(
        app,
        'GET',
        `/api/turbines/${turbineId}/photos?camera=${encodeURIComponent(camera)}`,
        { as: operator },
      );
      expect([reply.status, reply.body.code]).toEqual([400, 'CAMERA_INVALID']);
    }
    const other = await makeCompany(app.dataSource);
    const foreign = await makeTurbine(app.dataSource, other.id);
    const reply = await call<{ code: string }>(app, 'GET', `/api/turbines/${foreign}/photos/cameras`, { as: operator });
    expect([reply.status, reply.body.code]).toEqual([404, 'TURBINE_NOT_FOUND']);
  });
});

describe('failures people are told', () => {
  it('answers a code, never the image library’s words, for a JPEG whose header is broken', async () => {
    const company = await makeCompany(app.dataSource);
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const who = (await signIn(app, user.email, PASSWORD)).bearer;
    const turbine = await makeTurbine(app.dataSource, company.id);
    const olympus = realFile('olympus-u1020-damaged-end.jpg');
    // The EXIF block, then a frame header cut in the middle: nothing of a picture.
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(olympus.subarray(0, 12_000))], { type: 'image/jpeg' }), 'cut.jpg');
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]);
    form.append('photos', new Blob([new Uint8Array(garbage)], { type: 'image/jpeg' }), 'garbage.jpg');
    const reply = await call<{ skipped: unknown[] }>(app, 'POST', `/api/turbines/${turbine}/photos`, { as: who, form });
    expect([reply.status, reply.body.skipped]).toEqual([201, []]);
    const all = await eventually(async () => {
      const found = await list(turbine, '', who);
      return found.length === 2 && found.every((item) => item.status !== 'pending') && found;
    }, 'the broken files to be processed');
    expect(all.map((item) => [item.originalName, item.status, item.failure_code]).sort()).toEqual([
      ['cut.jpg', 'failed', 'IMAGE_CORRUPT'],
      ['garbage.jpg', 'failed', 'IMAGE_CORRUPT'],
    ]);
    const text = JSON.stringify(all);
    expect(text).not.toMatch(/vips|jpeg image|premature|corrupt header/i);
    // What the image library said stays with the row, for operators.
    const details = await app.dataSource.query<{ failure_detail: string }[]>(
      `SELECT failure_detail FROM media WHERE turbine_id = $1 AND status = 'failed'`,
      [turbine],
    );
    expect(details.every((row) => /VipsJpeg/.test(row.failure_detail))).toBe(true);
  });
});

describe('photos processed by an older release', () => {
  it('get their capture facts read again from their original’s head: local time, offset, camera', async () => {
    const sony = items.get('sony-dsc-hx5v-gps.jpg')!;
    const olympus = items.get('olympus-u1020-damaged-end.jpg')!;
    // As the old job left them: an instant (the camera's clock taken for UTC when it wrote no offset), nothing else.
    await app.dataSource.query(
      `UPDATE media SET captured_at_local = NULL, captured_offset = NULL, camera_make = NULL, camera_model = NULL,
              captured_at = '2015-09-08T11:02:17Z'
        WHERE id = ANY($1)`,
      [[sony.id, olympus.id]],
    );
    // And one whose original is gone from the store: passed over, left as it was.
    const gone = await makeMedia(app, turbineId, {
      category: 'drone',
      blade: null,
      originalName: 'gone.jpg',
      capturedAt: '2020-01-01T10:00:00Z',
    });
    await app.app.get(MediaWorkers).recapture();
    const after = new Map((await list(turbineId)).map((item) => [item.id, item]));
    expect(after.get(gone)).toMatchObject({ captured_at: '2020-01-01T10:00:00.000Z', captured_at_local: null });
    expect(after.get(olympus.id)).toMatchObject({
      captured_at_local: '2015-09-08T11:02:17',
      captured_offset: null,
      captured_at: null,
      camera: { make: 'OLYMPUS IMAGING CORP.', model: 'u1020,S1020' },
    });
    expect(after.get(sony.id)).toMatchObject({
      captured_at_local: '2010-05-15T17:12:05',
      captured_offset: '+02:00',
      captured_at: '2010-05-15T15:12:05.000Z',
    });
  });
});
