import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './eventually.js';
import { makeCompany, makeTurbine, makeUser, PASSWORD, unique } from './factories.js';
import { call, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** One sample's value in Prometheus text format, e.g. `kanat360_upload_bytes_total{path="stream"}`; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /api/metrics with METRICS_TOKEN unset', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('does not exist, with or without a token', async () => {
    for (const headers of [{}, { Authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const reply = await call(app, 'GET', '/api/metrics', { headers });
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

describe('GET /api/metrics with METRICS_TOKEN set', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await app.close();
  });
  const scrape = () => call(app, 'GET', '/api/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });

  it('answers 401 without the token or with a wrong one, and says how to authenticate', async () => {
    for (const headers of [{}, { Authorization: 'Bearer wrong-token-0123456789' }, { Authorization: TOKEN }] as Record<
      string,
      string
    >[]) {
      const reply = await call(app, 'GET', '/api/metrics', { headers });
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(reply.headers.get('www-authenticate')).toContain('Bearer');
      expect(reply.text).not.toContain('kanat360_');
    }
  });

  it('counts requests by route pattern and status, uploads, jobs, the pools and the queues', async () => {
    const company = await makeCompany(app.dataSource);
    const operator = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const turbine = await makeTurbine(app.dataSource, company.id);
    const { bearer } = await signIn(app, operator.email, PASSWORD);
    const before = (await scrape()).text;

    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#4080c0' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('room', '2');
    form.append('year', '2024');
    form.append('blade', 'A');
    form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `IMG_${unique()}.jpg`);
    const uploaded = await call(app, 'POST', `/api/turbines/${turbine}/photos`, { as: bearer, form });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect((await call(app, 'GET', `/api/turbines/${turbine}/photos?view=all`, { as: bearer })).status).toBe(200);
    expect((await call(app, 'GET', '/api/turbines/999999999/photos', { as: bearer })).status).toBe(404);

    // The upload's derivative job runs in this (WORKER=inline) process.
    const after = await eventually(async () => {
      const text = (await scrape()).text;
      return sample(text, 'kanat360_job_duration_seconds_count{queue="media.derivatives",outcome="completed"}') >
        sample(before, 'kanat360_job_duration_seconds_count{queue="media.derivatives",outcome="completed"}')
        ? text
        : undefined;
    }, 'the derivative job to be counted');

    const reply = await scrape();
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const route = '/api/turbines/:id/photos';
    const count = (status: number, method = 'GET') =>
      sample(
        after,
        `kanat360_http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`,
      );
    expect(count(200)).toBeGreaterThanOrEqual(1);
    expect(count(404)).toBeGreaterThanOrEqual(1);
    expect(count(201, 'POST')).toBe(1);
    expect(after).toContain(
      `kanat360_http_request_duration_seconds_bucket{le="0.1",method="GET",route="${route}",status="200"}`,
    );
    // Paths with ids never become series of their own.
    expect(after).not.toContain(`/api/turbines/${turbine}/`);
    expect(
      sample(after, 'kanat360_upload_bytes_total{path="stream"}') -
        sample(before, 'kanat360_upload_bytes_total{path="stream"}'),
    ).toBe(photo.length);
    expect(after).toMatch(/^kanat360_db_pool_connections\{pool="requests",state="idle"\} \d+$/m);
    expect(after).toMatch(/^kanat360_db_pool_waiting\{pool="jobs"\} \d+$/m);
    expect(after).toMatch(/^kanat360_job_queue_depth\{queue="media\.derivatives",state="ready"\} \d+$/m);
    expect(after).toContain('kanat360_process_resident_memory_bytes');
  });
});
