import { describe, expect, it, vi } from 'vitest';
// Both catalogs registered, as a site island has them (the client's own messages come from them).
import '@kanat360/i18n';
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

/** Just enough of XMLHttpRequest to drive the upload transport: the test decides how the request ends. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  timeout = 0;
  withCredentials = false;
  aborted = false;
  responseHeaders: Record<string, string> = {};
  private listeners: Record<string, (() => void)[]> = {};
  private progressListeners: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void)[] = [];
  upload = {
    addEventListener: (
      _type: string,
      listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void,
    ) => this.progressListeners.push(listener),
  };

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }
  progress(loaded: number, total: number) {
    for (const listener of this.progressListeners) listener({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = headers;
    this.emit('load');
  }
  emit(type: string) {
    for (const listener of this.listeners[type] ?? []) listener();
  }
}

describe('api client conditional GET (getIfChanged)', () => {
  it('sends the ETag it holds and reports a 304 as unchanged, a 200 with its body and new ETag', async () => {
    let version = '"v1"';
    const { api, calls } = client((_url, init) => {
      const sent = (init.headers as Record<string, string>)['If-None-Match'];
      if (sent === version) return new Response(null, { status: 304 });
      return new Response(JSON.stringify({ success: true, data: [version] }), {
        status: 200,
        headers: { ETag: version },
      });
    });
    const first = await api.getIfChanged<{ data: string[] }>('/turbines/1/photos', null);
    expect(first).toEqual({ notModified: false, data: { success: true, data: ['"v1"'] }, etag: '"v1"' });
    expect((calls[0]?.init.headers as Record<string, string>)['If-None-Match']).toBeUndefined();

    expect(await api.getIfChanged('/turbines/1/photos', '"v1"')).toEqual({ notModified: true });
    expect((calls[1]?.init.headers as Record<string, string>)['If-None-Match']).toBe('"v1"');

    version = '"v2"';
    const changed = await api.getIfChanged<{ data: string[] }>('/turbines/1/photos', '"v1"');
    expect(changed).toEqual({ notModified: false, data: { success: true, data: ['"v2"'] }, etag: '"v2"' });
  });

  it('reads a refusal like any other call', async () => {
    const { api } = client(() =>
      json(404, { success: false, code: 'TURBINE_NOT_FOUND', message: 'Türbin bulunamadı' }),
    );
    await expect(api.getIfChanged('/turbines/9/photos', '"v1"')).rejects.toMatchObject({
      code: 'TURBINE_NOT_FOUND',
      status: 404,
    });
  });
});

describe('api client uploads (send)', () => {
  const uploader = (onUnauthorized?: () => void) =>
    createApiClient({
      language: () => 'en',
      onUnauthorized,
      readCookie: (name) => (name === 'XSRF-TOKEN' ? 'xsrf-value' : null),
      xhr: () => new FakeXhr() as never,
    });

  it('reports progress and reads the answer like any other call', async () => {
    const progress: [number, number][] = [];
    const sent = uploader().send<{ success: boolean }>({
      method: 'POST',
      url: '/turbines/4/photos',
      body: new Blob(['abc']),
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/turbines/4/photos');
    expect(xhr.headers).toMatchObject({ 'X-Lang': 'en', 'X-XSRF-TOKEN': 'xsrf-value' });
    expect(xhr.withCredentials).toBe(true);
    xhr.progress(1, 3);
    xhr.progress(3, 3);
    xhr.respond(201, { success: true }, { etag: '"abc"' });
    const result = await sent;
    expect(result.data).toEqual({ success: true });
    expect(result.header('ETag')).toBe('"abc"');
    expect(progress).toEqual([
      [1, 3],
      [3, 3],
    ]);
  });

  it('sends nothing of the session to another origin (a presigned S3 address)', async () => {
    const sent = uploader().send({
      method: 'PUT',
      url: 'https://bucket.example.com/k?X-Amz-Signature=1',
      body: new Blob(['x']),
    });
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('https://bucket.example.com/k?X-Amz-Signature=1');
    expect(xhr.withCredentials).toBe(false);
    expect(xhr.headers).toEqual({});
    xhr.respond(200, '');
    await expect(sent).resolves.toMatchObject({ data: undefined });
  });

  it('turns a refusal into the ApiError with the server’s code, and a 401 into signed out', async () => {
    const onUnauthorized = vi.fn();
    const client = uploader(onUnauthorized);
    const refused = client.send({ method: 'POST', url: '/turbines/4/photos', body: new Blob(['x']) });
    FakeXhr.last!.respond(413, { success: false, code: 'UPLOAD_TOO_LARGE', message: 'Dosya çok büyük' });
    await expect(refused).rejects.toMatchObject({ code: 'UPLOAD_TOO_LARGE', status: 413, message: 'Dosya çok büyük' });
    const signedOut = client.send({ method: 'POST', url: '/turbines/4/photos', body: new Blob(['x']) });
    FakeXhr.last!.respond(401, { success: false, code: 'UNAUTHENTICATED', message: 'no' });
    await expect(signedOut).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    const offline = client.send({ method: 'PUT', url: '/api/storage/uploads/x', body: new Blob(['x']) });
    expect(FakeXhr.last!.url).toBe('/api/storage/uploads/x');
    FakeXhr.last!.emit('error');
    await expect(offline).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('aborts the request when the caller cancels, with an AbortError rather than an ApiError', async () => {
    const controller = new AbortController();
    const sent = uploader().send({
      method: 'PUT',
      url: '/api/storage/uploads/x',
      body: new Blob(['x']),
      signal: controller.signal,
    });
    controller.abort();
    expect(FakeXhr.last!.aborted).toBe(true);
    const error = await sent.catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});
