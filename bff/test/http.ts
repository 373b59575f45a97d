import {
  type ApiPaths,
  type CallArgsWith,
  fillPath,
  type HttpMethod,
  type Operation,
  type PathsWith,
  querySearch,
  type SuccessOf,
  type UntypedInput,
} from '@kanat360/api-client/api-types';
import { type TestApp } from './test-app.js';

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** How a call authenticates: an API client's bearer token, or a browser's cookies (+ the XSRF header it echoes). */
export type Credentials = { token: string } | { cookie: string; xsrf?: string };

export interface CallOptions<Body = unknown> {
  /** A JSON body: of the operation's type on a documented path (see `call`), or one made `malformed` on purpose. */
  body?: Body;
  /** Sent as is, with Content-Type: application/json (for malformed bodies). */
  raw?: string;
  /** A multipart/form-data body (uploads); fetch sets its Content-Type with the boundary. */
  form?: FormData;
  as?: Credentials;
  headers?: Record<string, string>;
  /** The client address the app sees (X-Forwarded-For from loopback; the app trusts loopback in tests). */
  ip?: string;
}

// Every test file gets its own copy of this module while the database (and its login failures) outlives them all:
// start at a random point of the 127/8 range, so two files do not hand out the same addresses.
let addressCounter = Math.floor(Math.random() * 0xff_ffff);
/** A client address nobody else in the run uses, so per-address login throttling never spills between tests. */
export function uniqueIp(): string {
  addressCounter += 1;
  return `127.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** A path parameter as a concrete path writes it: a number's digits, or any text. */
type Filled<Value> = [Value] extends [number] ? number : string;

/** A path template of the document (`/turbines/{id}`) with its parameters filled: `/turbines/${number}`. */
type FillTemplate<Template extends string, Params> = Template extends `${infer Head}{${infer Name}}${infer Tail}`
  ? `${Head}${Filled<Name extends keyof Params ? Params[Name] : string>}${FillTemplate<Tail, Params>}`
  : Template;

/** The path parameters of a path's operations (the document declares them on each operation). */
type PathParameters<P extends keyof ApiPaths> = {
  [M in HttpMethod]: ApiPaths[P][M] extends { parameters: { path: infer X } } ? X : never;
}[HttpMethod];

/** Every concrete path of the API's document, below `/api`. */
type DocumentedPath = { [P in keyof ApiPaths]: `/api${FillTemplate<P & string, PathParameters<P>>}` }[keyof ApiPaths];

/**
 * Where `call` may go: a path of the API's document, any query after it (a path that drifts from the server fails
 * the type check); any other only through `unchecked`. Not held: which methods the path takes (`api` holds them), and
 * what a text parameter (a request's uuid) holds, slashes included.
 */
export type CallPath = DocumentedPath | `${DocumentedPath}?${string}` | Unchecked;

declare const uncheckedPath: unique symbol;
type Unchecked = string & { readonly [uncheckedPath]: true };

/**
 * A path `call` takes as it is, on purpose: outside the API's document (its own address, a signed file, a page), or
 * one the server must refuse (a malformed id, a path it does not have).
 */
export const unchecked = (path: string): Unchecked => path as Unchecked;

declare const malformedBody: unique symbol;
export type Malformed = { readonly [malformedBody]: true };

/**
 * A body `call` sends as it is, outside the document, on purpose: one the server must refuse (a wrong type, a field
 * it does not take), or one it ignores (the seed client's body on a DELETE).
 */
export const malformed = (body: unknown): Malformed => body as Malformed;

/** A concrete path without its query. */
type PathOnly<Path extends string> = Path extends `${infer Head}?${string}` ? Head : Path;

/** The document's path templates a concrete path fills (`/api/turbines/7/findings` → `/turbines/{id}/findings`). */
type TemplatesOf<Path extends string> = {
  [P in keyof ApiPaths]: PathOnly<Path> extends `/api${FillTemplate<P & string, PathParameters<P>>}` ? P : never;
}[keyof ApiPaths];

/** The operation's JSON body; never for one without a body (`requestBody?: never`, which would match any). */
type JsonBodyOf<Op> = Op extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never]
    ? never
    : NonNullable<R> extends { content: { 'application/json': infer B } }
      ? B
      : never
  : never;

/** The JSON body of `method` on `path` (`RequestBody<'post', '/turbines'>`), for a test's helper that makes one. */
export type RequestBody<M extends HttpMethod, P extends PathsWith<M>> = JsonBodyOf<Operation<P, M>>;

/**
 * The JSON body `method` on `path` takes by the document: a body that drifts from the server fails the type check.
 * A path outside it (`unchecked`) takes any. A method the path does not have, or a call whose answer type is given
 * (`call<T>` infers neither method nor path), takes only a `malformed` body: `api()` types both body and answer.
 */
type DocumentedBody<Method extends string, Path extends CallPath> = [Path] extends [Unchecked]
  ? unknown
  : string extends Method
    ? never
    : {
        [P in TemplatesOf<Path>]: Lowercase<Method> extends keyof ApiPaths[P]
          ? JsonBodyOf<NonNullable<ApiPaths[P][Lowercase<Method> & keyof ApiPaths[P]]>>
          : never;
      }[TemplatesOf<Path>];

/**
 * A call of the app as any client could make it: any method, headers and body (malformed ones on purpose too), the
 * answer's body typed as the test says; its path held to the API's document (CallPath), and a JSON body to the
 * operation's (DocumentedBody).
 */
export async function call<
  T = Record<string, unknown>,
  Method extends string = string,
  Path extends CallPath = CallPath,
>(
  app: TestApp,
  method: Method,
  path: Path,
  options: CallOptions<DocumentedBody<Method, Path> | Malformed> = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { 'X-Forwarded-For': options.ip ?? uniqueIp(), ...options.headers };
  let body: string | FormData | undefined;
  if (options.form !== undefined) body = options.form;
  else {
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['Content-Type'] ??= 'application/json';
  }
  if (options.as && 'token' in options.as) headers.Authorization = `Bearer ${options.as.token}`;
  if (options.as && 'cookie' in options.as) {
    headers.Cookie = options.as.cookie;
    if (options.as.xsrf) headers['X-XSRF-TOKEN'] = options.as.xsrf;
  }
  const response = await fetch(app.baseUrl + path, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the test reads `text`
  }
  return { status: response.status, body: parsed as T, text, headers: response.headers };
}

/** How a typed call authenticates and where it comes from; its path, query and body come from the document. */
type CallExtras = Pick<CallOptions, 'as' | 'headers' | 'ip'>;

/**
 * A call of the API typed from its OpenAPI document, as the panel's client is: `api(app, 'get', '/turbines/{id}',
 * { path: { id }, as })`. A path, parameter or body the server does not have fails the type check; tests that send
 * malformed input on purpose use `call`.
 */
export function api<M extends HttpMethod, P extends PathsWith<M>>(
  app: TestApp,
  method: M,
  path: P,
  ...[init]: CallArgsWith<Operation<P, M>, CallExtras>
): Promise<Reply<SuccessOf<Operation<P, M>>>> {
  const { path: params, query, body, as, headers, ip } = (init ?? {}) as UntypedInput & CallExtras;
  const options: CallOptions = { as, headers, ip };
  if (body instanceof FormData) options.form = body;
  else if (body !== undefined) options.body = body;
  // Filled from the document's own template: checked by `api`'s types already.
  return call(app, method.toUpperCase(), unchecked(`/api${fillPath(path, params)}${querySearch(query)}`), options);
}

export interface SignedIn {
  token: string;
  /** The browser's view: the Cookie header and the XSRF token it would echo. */
  browser: { cookie: string; xsrf: string };
  bearer: { token: string };
  setCookies: string[];
  body: Record<string, unknown>;
}

/** Signs in through POST /api/auth/login, as a browser and an API client would. */
export async function signIn(app: TestApp, email: string, password: string): Promise<SignedIn> {
  const reply = await api(app, 'post', '/auth/login', { body: { email, password } });
  if (reply.status !== 200) throw new Error(`sign-in of ${email} failed: ${reply.status} ${reply.text}`);
  const setCookies = reply.headers.getSetCookie();
  const pairs = setCookies.map((cookie) => cookie.split(';')[0] ?? '');
  const xsrf = pairs.find((pair) => pair.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  const token = reply.body.token;
  return {
    token,
    browser: { cookie: pairs.join('; '), xsrf: decodeURIComponent(xsrf) },
    bearer: { token },
    setCookies,
    body: reply.body,
  };
}
