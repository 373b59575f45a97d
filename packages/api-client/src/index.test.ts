import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './index.js';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function client(handler: Handler, options: { onUnauthorized?: () => void; language?: 'tr' | 'en' } = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const api = createApiClient({
    language: () => options.language ?? 'tr',
    onUnauthorized: options.onUnauthorized,
    readCookie: (name) => (name === 'XSRF-TOKEN' ? 'xsrf-value' : null),
    fetch: (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      calls.push({ url, init: init ?? {} });
      return Promise.resolve(handler(url, init ?? {}));
    },
  });
  return { api, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  it('sends the language on every call and the XSRF header on mutations only', async () => {
    const { api, calls } = client(() => json(200, { success: true }));
    await api.get('/auth/profile', { query: { year: 2026, empty: '' } });
    await api.post('/companies', { name: 'Acme' });
    const [get, post] = calls;
    expect(get?.url).toBe('/api/auth/profile?year=2026');
    expect((get?.init.headers as Record<string, string>)['X-Lang']).toBe('tr');
    expect((get?.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBeUndefined();
    expect((post?.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('xsrf-value');
    expect(post?.init.body).toBe('{"name":"Acme"}');
  });

  it('prefers the server message and keeps its code', async () => {
    const { api } = client(() => json(409, { success: false, code: 'EMAIL_TAKEN', message: 'Sunucu mesajı' }));
    const error = await api.post('/users', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Sunucu mesajı', code: 'EMAIL_TAKEN', status: 409 });
  });

  it('falls back to spec §8 messages: status without a message, and no answer at all', async () => {
    const { api } = client(() => new Response('<html>bad gateway</html>', { status: 502 }), { language: 'en' });
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'Server error: 502', code: 'SERVER_ERROR_STATUS' });
    const offline = client(() => Promise.reject(new TypeError('fetch failed')), { language: 'en' });
    await expect(offline.api.get('/x')).rejects.toMatchObject({
      message: 'Network error. Please check your connection.',
      code: 'NETWORK_ERROR',
    });
  });

  it('reports a 401 as signed out, except where the caller handles it (the login call)', async () => {
    const onUnauthorized = vi.fn();
    const { api } = client(() => json(401, { success: false, code: 'UNAUTHENTICATED', message: 'no' }), {
      onUnauthorized,
    });
    await expect(api.get('/auth/profile')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(api.post('/auth/login', {}, { skipUnauthorizedHandler: true })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
