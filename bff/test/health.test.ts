import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, unchecked } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('health', () => {
  it('answers liveness and readiness', async () => {
    const live = await call(app, 'GET', '/api/health');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ success: true, status: 'ok' });
    const ready = await call(app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ success: true, status: 'ready' });
  });

  it('gives every answer a request id and security headers', async () => {
    const reply = await call(app, 'GET', '/api/health', { headers: { 'X-Request-Id': 'trace-123' } });
    expect(reply.headers.get('x-request-id')).toBe('trace-123');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(reply.headers.get('x-powered-by')).toBeNull();
    const generated = await call(app, 'GET', '/api/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API path with the error shape', async () => {
    const reply = await call(app, 'GET', unchecked('/api/no-such-thing'));
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('publishes the OpenAPI document and its UI', async () => {
    const document = await call<{ openapi: string; servers: { url: string }[]; paths: Record<string, unknown> }>(
      app,
      'GET',
      unchecked('/api/openapi.json'),
    );
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe('3.1.0');
    // Paths lie below the server `/api`.
    expect(document.body.servers[0]?.url).toBe('/api');
    expect(Object.keys(document.body.paths)).toContain('/auth/login');
    const ui = await call(app, 'GET', unchecked('/api/docs'));
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });
});
