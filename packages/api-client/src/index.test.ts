import { describe, expect, it, vi } from 'vitest';
// Both catalogs registered, as a site island has them (the client's own messages come from them).
import '@kanat360/i18n';
import { ApiError, createApiClient, fillPath, querySearch } from './index.js';

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
    await api.get('/turbines/{id}/reports', { path: { id: 7 }, query: { year: 2026 } });
    await api.post('/companies', { body: { name: 'Acme' } });
    const [get, post] = calls;
    expect(get?.url).toBe('/api/turbines/7/reports?year=2026');
    expect((get?.init.headers as Record<string, string>)['X-Lang']).toBe('tr');
    expect((get?.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBeUndefined();
    expect((post?.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('xsrf-value');
    expect(post?.init.body).toBe('{"name":"Acme"}');
  });

  it('prefers the server message and keeps its code', async () => {
    const { api } = client(() => json(409, { success: false, code: 'EMAIL_TAKEN', message: 'Sunucu mesajı' }));
    const error = await api
      .post('/users', {
        body: { first_name: 'A', last_name: 'B', email: 'a@b.tr', password: 'secret1', company_id: 1 },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Sunucu mesajı', code: 'EMAIL_TAKEN', status: 409 });
  });

  it('falls back to spec §8 messages: status without a message, and no answer at all', async () => {
    const { api } = client(() => new Response('<html>bad gateway</html>', { status: 502 }), { language: 'en' });
    await expect(api.get('/health')).rejects.toMatchObject({
      message: 'Server error: 502',
      code: 'SERVER_ERROR_STATUS',
    });
    const offline = client(() => Promise.reject(new TypeError('fetch failed')), { language: 'en' });
    await expect(offline.api.get('/health')).rejects.toMatchObject({
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
    const login = { email: 'a@b.tr', password: 'x' };
    await expect(api.post('/auth/login', { body: login, skipUnauthorizedHandler: true })).rejects.toBeInstanceOf(
      ApiError,
    );
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
    const first = await api.getIfChanged('/turbines/{id}/photos', null, { path: { id: 1 } });
    expect(first).toEqual({ notModified: false, data: { success: true, data: ['"v1"'] }, etag: '"v1"' });
    expect((calls[0]?.init.headers as Record<string, string>)['If-None-Match']).toBeUndefined();

    expect(await api.getIfChanged('/turbines/{id}/photos', '"v1"', { path: { id: 1 } })).toEqual({
      notModified: true,
    });
    expect((calls[1]?.init.headers as Record<string, string>)['If-None-Match']).toBe('"v1"');

    version = '"v2"';
    const changed = await api.getIfChanged('/turbines/{id}/photos', '"v1"', { path: { id: 1 } });
    expect(changed).toEqual({ notModified: false, data: { success: true, data: ['"v2"'] }, etag: '"v2"' });
  });

  it('reads a refusal like any other call', async () => {
    const { api } = client(() =>
      json(404, { success: false, code: 'TURBINE_NOT_FOUND', message: 'Türbin bulunamadı' }),
    );
    await expect(api.getIfChanged('/turbines/{id}/photos', '"v1"', { path: { id: 9 } })).rejects.toMatchObject({
      code: 'TURBINE_NOT_FOUND',
      status: 404,
    });
  });
});

describe('api client uploads (upload, send)', () => {
  const uploader = (onUnauthorized?: () => void) =>
    createApiClient({
      language: () => 'en',
      onUnauthorized,
      readCookie: (name) => (name === 'XSRF-TOKEN' ? 'xsrf-value' : null),
      xhr: () => new FakeXhr() as never,
    });

  it('reports progress and reads the answer like any other call', async () => {
    const progress: [number, number][] = [];
    const form = new FormData();
    form.append('photos', new Blob(['abc']), 'a.jpg');
    const sent = uploader().upload('/turbines/{id}/photos', {
      path: { id: 4 },
      body: form,
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/turbines/4/photos');
    expect(xhr.headers).toMatchObject({ 'X-Lang': 'en', 'X-XSRF-TOKEN': 'xsrf-value' });
    expect(xhr.withCredentials).toBe(true);
    xhr.progress(1, 3);
    xhr.progress(3, 3);
    xhr.respond(201, { success: true, data: [], skipped: [], message: '0' });
    expect(await sent).toEqual({ success: true, data: [], skipped: [], message: '0' });
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
    const refused = client.upload('/turbines/{id}/reports', { path: { id: 4 }, body: new FormData() });
    FakeXhr.last!.respond(413, { success: false, code: 'UPLOAD_TOO_LARGE', message: 'Dosya çok büyük' });
    await expect(refused).rejects.toMatchObject({ code: 'UPLOAD_TOO_LARGE', status: 413, message: 'Dosya çok büyük' });
    const signedOut = client.send({ method: 'PUT', url: '/api/storage/uploads/y', body: new Blob(['x']) });
    FakeXhr.last!.respond(401, { success: false, code: 'UNAUTHENTICATED', message: 'no' });
    await expect(signedOut).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    const offline = client.send({ method: 'PUT', url: '/api/storage/uploads/x', body: new Blob(['x']) });
    FakeXhr.last!.respond(200, { success: true }, { etag: '"x"' });
    expect((await offline).header('ETag')).toBe('"x"');
    const lost = client.send({ method: 'PUT', url: '/api/storage/uploads/x', body: new Blob(['x']) });
    expect(FakeXhr.last!.url).toBe('/api/storage/uploads/x');
    FakeXhr.last!.emit('error');
    await expect(lost).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
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

describe('typed calls', () => {
  it('fill the path parameters in (escaped) and leave empty query values out', () => {
    expect(fillPath('/turbines/{id}/findings/{findingId}', { id: 7, findingId: 12 })).toBe('/turbines/7/findings/12');
    expect(fillPath('/storage/uploads/{token}', { token: 'a/b c' })).toBe('/storage/uploads/a%2Fb%20c');
    expect(() => fillPath('/turbines/{id}', {})).toThrow('{id}');
    expect(querySearch({ year: 2025, blade: undefined, q: '', ids: [4, 8, 15], view: 'all' })).toBe(
      '?year=2025&ids=4%2C8%2C15&view=all',
    );
    expect(querySearch({})).toBe('');
  });

  it('refuse a path, parameter or body the API document does not have (the type check)', () => {
    const { api } = client(() => json(200, { success: true }));
    const never = () => {
      // @ts-expect-error No such path.
      void api.get('/turbine/{id}', { path: { id: 1 } });
      // @ts-expect-error A path parameter is missing.
      void api.get('/turbines/{id}');
      // @ts-expect-error A query parameter the route does not read.
      void api.get('/turbines', { query: { company: 1 } });
      // @ts-expect-error The finding's body lacks its required distance from the root.
      void api.post('/turbines/{id}/findings', { path: { id: 1 }, body: { media_id: 1 } });
      // @ts-expect-error GET has no body.
      void api.get('/health', { body: {} });
    };
    expect(typeof never).toBe('function');
  });
});
