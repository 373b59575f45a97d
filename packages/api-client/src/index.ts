import {
  type ErrorBody,
  type ErrorCode,
  isErrorCode,
  LANGUAGE_HEADER,
  LIMITS,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@kanat360/contracts';
import { type Language, type MessageKey, translate } from '@kanat360/i18n/core';
import {
  type CallArgs,
  type CallControl,
  type CallInput,
  fillPath,
  type HttpMethod,
  type Operation,
  type PathsWith,
  querySearch,
  type SuccessOf,
  type UntypedInput,
} from './api-types.js';

export * from './api-types.js';

/** Failures that happen before the server answers, or that it answers without a known code. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'SERVER_ERROR_STATUS' | 'UNEXPECTED';

/** A failed call: `message` is ready to show (spec §8), `code` is stable for logic. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode | ClientErrorCode,
    readonly status: number,
    readonly field?: string,
    readonly correlationId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RequestOptions = UntypedInput & CallControl;

/** Progress and cancelling of a file upload: bytes through XMLHttpRequest (fetch cannot report upload progress). */
export interface UploadControl {
  headers?: Record<string, string>;
  /** Bytes sent so far and in all, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Default: none (spec §7: a presigned PUT has no time-out). */
  timeoutMs?: number | null;
}

/** Bytes to an address the server handed out (a presigned PUT, which it signed): with progress. */
export interface SendOptions extends UploadControl {
  method: 'POST' | 'PUT';
  /**
   * A path on this origin (`/api/storage/uploads/…`), or an absolute address on another origin (a presigned S3 PUT),
   * which gets no cookies, XSRF or language header.
   */
  url: string;
  body: Blob | FormData;
}

/** What an upload answered: the parsed JSON body (if any) and its headers (a multipart part's ETag). */
export interface SendResult<T> {
  data: T;
  header: (name: string) => string | null;
}

/** The part of XMLHttpRequest the upload transport uses (a test can hand in its own). */
export type XhrFactory = () => Pick<
  XMLHttpRequest,
  | 'open'
  | 'send'
  | 'abort'
  | 'setRequestHeader'
  | 'getResponseHeader'
  | 'status'
  | 'responseText'
  | 'timeout'
  | 'withCredentials'
  | 'upload'
  | 'addEventListener'
>;

export interface ApiClientOptions {
  /** Default: `/api` on the current origin. */
  baseUrl?: string;
  language: () => Language;
  /** Called on a 401 (except with `skipUnauthorizedHandler`): the session is gone. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  /** Reads the XSRF cookie; default: `document.cookie`. */
  readCookie?: (name: string) => string | null;
  /** Default: the browser's XMLHttpRequest. */
  xhr?: XhrFactory;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function readDocumentCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : null;
}

function isErrorBody(value: unknown): value is Partial<ErrorBody> {
  return typeof value === 'object' && value !== null && 'message' in value;
}

/**
 * The one HTTP client of the site islands and the panel. Sessions ride in an httpOnly cookie, so no token is
 * ever handled here; mutations carry the XSRF header; every call says which language its messages should be in.
 * Its own messages come from the catalogs registered with @kanat360/i18n: the site's islands import it whole (both
 * catalogs), the panel registers the one of its language.
 */
export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? '/api';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const readCookie = options.readCookie ?? readDocumentCookie;

  const message = (key: MessageKey, params?: Record<string, string | number>) =>
    translate(options.language(), key, params);

  /** One call over fetch: the response as it came, or the ApiError of a call that got no answer (spec §8). */
  async function exchange(
    method: string,
    path: string,
    init: RequestOptions,
    extraHeaders: Record<string, string> = {},
  ): Promise<Response> {
    const url = new URL(
      baseUrl + fillPath(path, init.path) + querySearch(init.query),
      typeof location === 'undefined' ? 'http://localhost' : location.origin,
    );
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [LANGUAGE_HEADER]: options.language(),
      ...extraHeaders,
    };
    let body: BodyInit | undefined;
    if (init.body instanceof FormData) body = init.body;
    else if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    if (!SAFE_METHODS.has(method)) {
      const xsrf = readCookie(XSRF_COOKIE);
      if (xsrf) headers[XSRF_HEADER] = xsrf;
    }
    const timeoutMs = init.timeoutMs === undefined ? LIMITS.apiTimeoutMs : init.timeoutMs;
    const signals = [init.signal, timeoutMs === null ? undefined : AbortSignal.timeout(timeoutMs)].filter(
      (signal): signal is AbortSignal => signal !== undefined,
    );
    try {
      return await doFetch(url.pathname + url.search, {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new ApiError(message('errors.NETWORK_ERROR'), timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', 0);
    }
  }

  async function request<T>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    const response = await exchange(method, path, init);
    return settle(response.status, await response.text(), init.skipUnauthorizedHandler ?? false) as T;
  }

  /**
   * A GET that costs no body when nothing changed: with the ETag of the answer the caller holds, the server answers
   * 304 and this says so (`notModified`); otherwise the new answer and its ETag. The browser's own cache stays out
   * of it (a request with If-None-Match hands the 304 to the caller).
   */
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's type, as with get<T>
  async function getIfChanged<T>(
    path: string,
    etag: string | null,
    init: RequestOptions = {},
  ): Promise<{ notModified: true } | { notModified: false; data: T; etag: string | null }> {
    const response = await exchange('GET', path, init, etag ? { 'If-None-Match': etag } : {});
    if (response.status === 304) return { notModified: true };
    const data = settle(response.status, await response.text(), init.skipUnauthorizedHandler ?? false) as T;
    return { notModified: false, data, etag: response.headers.get('ETag') };
  }

  /** One answer, from fetch or XHR alike: the parsed body, or the ApiError to show (spec §8). */
  function settle(status: number, text: string, skipUnauthorizedHandler: boolean): unknown {
    let payload: unknown = undefined;
    if (text) {
      try {
        payload = JSON.parse(text);
      } catch {
        payload = undefined;
      }
    }
    if (status >= 200 && status < 300) return payload;

    if (status === 401 && !skipUnauthorizedHandler) options.onUnauthorized?.();
    if (isErrorBody(payload) && typeof payload.message === 'string' && payload.message) {
      const code = isErrorCode(payload.code) ? payload.code : 'UNEXPECTED';
      throw new ApiError(payload.message, code, status, payload.field, payload.correlationId);
    }
    throw new ApiError(message('errors.SERVER_ERROR_STATUS', { status }), 'SERVER_ERROR_STATUS', status);
  }

  /**
   * Sends a file with progress (the panel's upload engine). Answers and failures are read exactly as `request`
   * reads them; an abort through `signal` rejects with the signal's reason (an AbortError), never an ApiError.
   */
  function send<T>(init: SendOptions): Promise<SendResult<T>> {
    const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
    const target = new URL(init.url, origin);
    const sameOrigin = target.origin === origin;
    const headers: Record<string, string> = { ...init.headers };
    if (sameOrigin) {
      headers.Accept = 'application/json';
      headers[LANGUAGE_HEADER] = options.language();
      const xsrf = readCookie(XSRF_COOKIE);
      if (xsrf) headers[XSRF_HEADER] = xsrf;
    }
    const makeXhr = options.xhr ?? (() => new XMLHttpRequest());
    return new Promise<SendResult<T>>((resolve, reject) => {
      if (init.signal?.aborted) {
        reject(init.signal.reason as Error);
        return;
      }
      const xhr = makeXhr();
      xhr.open(init.method, sameOrigin ? target.pathname + target.search : target.href);
      xhr.withCredentials = sameOrigin;
      if (init.timeoutMs) xhr.timeout = init.timeoutMs;
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      const onAbort = () => xhr.abort();
      init.signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => init.signal?.removeEventListener('abort', onAbort);
      if (init.onProgress) {
        const onProgress = init.onProgress;
        xhr.upload.addEventListener('progress', (event) => {
          if (event.lengthComputable) onProgress(event.loaded, event.total);
        });
      }
      xhr.addEventListener('load', () => {
        done();
        try {
          const data = settle(xhr.status, xhr.responseText, false) as T;
          resolve({ data, header: (name) => xhr.getResponseHeader(name) });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      xhr.addEventListener('error', () => {
        done();
        reject(new ApiError(message('errors.NETWORK_ERROR'), 'NETWORK_ERROR', 0));
      });
      xhr.addEventListener('timeout', () => {
        done();
        reject(new ApiError(message('errors.NETWORK_ERROR'), 'TIMEOUT', 0));
      });
      xhr.addEventListener('abort', () => {
        done();
        reject((init.signal?.reason as Error | undefined) ?? new DOMException('The upload was aborted.', 'AbortError'));
      });
      xhr.send(init.body);
    });
  }

  /** A call of `method`, typed from the API document: its path, parameters, body and answer. */
  const typed =
    <M extends HttpMethod>(method: M) =>
    <P extends PathsWith<M>>(path: P, ...[init]: CallArgs<Operation<P, M>>) =>
      request<SuccessOf<Operation<P, M>>>(method.toUpperCase(), path, init as RequestOptions | undefined);

  return {
    get: typed('get'),
    post: typed('post'),
    put: typed('put'),
    delete: typed('delete'),
    /** A GET that costs no body when nothing changed (see getIfChanged above). */
    getIfChanged: <P extends PathsWith<'get'>>(
      path: P,
      etag: string | null,
      ...[init]: CallArgs<Operation<P, 'get'>>
    ) => getIfChanged<SuccessOf<Operation<P, 'get'>>>(path, etag, init as RequestOptions | undefined),
    /** A GET whose answer is not JSON (a PDF, or a 202 with JSON): the response itself, failures as ApiError. */
    getResponse: async <P extends PathsWith<'get'>>(path: P, ...[init]: CallArgs<Operation<P, 'get'>>) => {
      const options = (init ?? {}) as RequestOptions;
      const response = await exchange('GET', path, options, { Accept: '*/*' });
      if (!response.ok) settle(response.status, await response.text(), options.skipUnauthorizedHandler ?? false);
      return response;
    },
    /** A multipart POST of the API (a photo, a report) with upload progress, typed like the other calls. */
    upload: <P extends PathsWith<'post'>>(
      path: P,
      init: CallInput<Operation<P, 'post'>> & UploadControl,
    ): Promise<SuccessOf<Operation<P, 'post'>>> => {
      const { path: params, query, body, ...control } = init as UntypedInput & UploadControl;
      const url = baseUrl + fillPath(path, params) + querySearch(query);
      return send<SuccessOf<Operation<P, 'post'>>>({ ...control, method: 'POST', url, body: body as FormData }).then(
        (result) => result.data,
      );
    },
    /** Bytes to an address the server handed out (a presigned PUT): its answer is the store's, read by header. */
    send: (init: SendOptions) => send<unknown>(init),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** A message to show for any thrown value (spec §8's generic fallback last). */
export function errorMessage(error: unknown, language: Language): string {
  if (error instanceof ApiError) return error.message;
  return translate(language, 'errors.UNEXPECTED');
}
