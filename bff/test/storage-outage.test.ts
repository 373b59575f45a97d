import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaWorkers } from '@/media/media.workers.js';
import { S3Storage } from '@/storage/s3-storage.js';
import { isStorageError } from '@/storage/storage-errors.js';
import { makeCompany, makeTurbine, makeUser, PASSWORD, unique } from './factories.js';
import { api, call, signIn } from './http.js';
import { BUCKET, type RunningS3rver, startS3rver } from './s3rver.js';
import { startTestApp, type TestApp } from './test-app.js';

/** A store in trouble: while `failing`, s3rver answers every request 500 InternalError, as S3 does at its worst. */
let failing = false;
let s3: RunningS3rver;
let app: TestApp;

beforeAll(async () => {
  s3 = await startS3rver({
    inFront: async (ctx, next) => {
      if (!failing) return next();
      ctx.status = 500;
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>x</Message></Error>';
    },
  });
  app = await startTestApp({ ...s3.env, WORKER: 'off' });
});
afterAll(async () => {
  failing = false;
  await app?.close();
  await s3?.close();
});

describe('an object store that fails', () => {
  it('is StorageError Unavailable to the driver, after the client’s retries; a missing object stays null', async () => {
    const storage = new S3Storage({
      endpoint: s3.endpoint,
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: s3.env.S3_ACCESS_KEY_ID!,
      secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: true,
    });
    try {
      expect(await storage.head('turbines/1/missing.jpg')).toBeNull();
      failing = true;
      const error = await storage.head('turbines/1/missing.jpg').catch((caught: unknown) => caught);
      expect(isStorageError(error, 'Unavailable')).toBe(true);
    } finally {
      failing = false;
      storage.close();
    }
  });

  it('answers a confirm 503 STORAGE_UNAVAILABLE with Retry-After, and the upload is confirmed once the store is back', async () => {
    const company = await makeCompany(app.dataSource);
    const operator = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const turbine = await makeTurbine(app.dataSource, company.id);
    const { bearer } = await signIn(app, operator.email, PASSWORD);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const presigned = await api(app, 'post', '/turbines/{id}/presigned-upload', {
      path: { id: turbine },
      as: bearer,
      body: { files: [{ name: `IMG_${unique()}.jpg`, size: photo.length }], room: '1', year: '2025', blade: 'A' },
    });
    expect(presigned.status, presigned.text).toBe(200);
    const [item] = presigned.body.presignedUrls;
    const put = await fetch(item!.presignedUrl!, {
      method: 'PUT',
      headers: item!.headers,
      body: new Uint8Array(photo),
    });
    expect(put.status).toBe(200);

    const confirm = () =>
      call(app, 'POST', `/api/turbines/${turbine}/confirm-upload`, {
        as: bearer,
        body: { uploads: [{ key: item!.key }] },
      });
    failing = true;
    let refused;
    try {
      refused = await confirm();
    } finally {
      failing = false;
    }
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ success: false, code: 'STORAGE_UNAVAILABLE' });
    expect(refused.headers.get('retry-after')).toBe('5');

    const confirmed = await confirm();
    expect(confirmed.status, confirmed.text).toBeLessThan(300);
    const rows: { id: number }[] = await app.dataSource.query(`SELECT id FROM media WHERE storage_key = $1`, [
      item!.key,
    ]);
    expect(rows).toHaveLength(1);

    // Its derivative job (run here by hand: WORKER=off) fails while the store does, for pg-boss to retry; the photo
    // is not marked broken. Once the store is back, the retry makes them.
    const workers = app.app.get(MediaWorkers, { strict: false });
    const status = async () =>
      (await app.dataSource.query<{ status: string }[]>(`SELECT status FROM media WHERE id = $1`, [rows[0]!.id]))[0]
        ?.status;
    failing = true;
    let error: unknown;
    try {
      error = await workers.derivatives(rows[0]!.id).catch((caught: unknown) => caught);
    } finally {
      failing = false;
    }
    expect(isStorageError(error, 'Unavailable')).toBe(true);
    expect(await status()).toBe('pending');
    await workers.derivatives(rows[0]!.id);
    expect(await status()).toBe('ready');
  });
});
