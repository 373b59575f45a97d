import { type paths } from './api-paths.gen.js';

/*
 * Types of a call, read from the paths of the API's OpenAPI document (api-paths.gen.ts, generated from the bff's
 * route declarations): a path, parameter or body that drifts from the server fails the type check.
 */

export type ApiPaths = paths;
export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** The API's paths (below `/api`) that take `method`, e.g. `'/turbines/{id}'`. */
export type PathsWith<M extends HttpMethod> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];

/** The operation of `method` on `path`, as the document declares it. */
export type Operation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][M]>;

type OperationParameters<Op> = Op extends { parameters: infer X } ? X : never;

type PathPart<Op> = OperationParameters<Op> extends { path: infer X } ? { path: X } : { path?: never };

type QueryPart<Op> =
  OperationParameters<Op> extends { query: infer X }
    ? { query: X }
    : OperationParameters<Op> extends { query?: infer X }
      ? [NonNullable<X>] extends [never]
        ? { query?: never }
        : { query?: NonNullable<X> }
      : { query?: never };

/** A JSON body as its type, a multipart one as FormData, raw bytes as a Blob. */
type BodyOf<C> = C extends { 'application/json': infer B }
  ? B
  : C extends { 'multipart/form-data': unknown }
    ? FormData
    : Blob;

type BodyPart<Op> = Op extends { requestBody: { content: infer C } }
  ? { body: BodyOf<C> }
  : Op extends { requestBody?: never }
    ? { body?: never }
    : Op extends { requestBody?: { content: infer C } }
      ? { body?: BodyOf<C> }
      : { body?: never };

/** The query parameters of `method` on `path`. */
export type QueryOf<P extends keyof paths, M extends HttpMethod> = NonNullable<
  OperationParameters<Operation<P, M>> extends { query?: infer X } ? X : never
>;

type SuccessStatus = 200 | 201 | 202 | 204;

/** What a successful call answers: the JSON of its 2xx answers. */
export type SuccessOf<Op> = Op extends { responses: infer R }
  ? {
      [S in keyof R & SuccessStatus]: R[S] extends { content: { 'application/json': infer J } } ? J : never;
    }[keyof R & SuccessStatus]
  : never;

/** What every call may add: cancelling, a time-out, and whether a 401 means "signed out". */
export interface CallControl {
  /** Default: spec §9's 10 s; `null` for no time-out. */
  timeoutMs?: number | null;
  signal?: AbortSignal;
  /** A 401 from this call is a plain failure, not "signed out" (the login call). */
  skipUnauthorizedHandler?: boolean;
}

/** The path parameters, query and body the operation takes, typed from the document. */
export type CallInput<Op> = PathPart<Op> & QueryPart<Op> & BodyPart<Op>;

export type CallOptions<Op> = CallInput<Op> & CallControl;

/** The options argument with `Extra`: required when the operation needs path parameters, a query or a body. */
export type CallArgsWith<Op, Extra> =
  object extends CallInput<Op> ? [init?: CallInput<Op> & Extra] : [init: CallInput<Op> & Extra];

export type CallArgs<Op> = CallArgsWith<Op, CallControl>;

/** What any typed call's options hold at run time. */
export interface UntypedInput {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** `/turbines/{id}/findings` with `{ id: 7 }` → `/turbines/7/findings`. */
export function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** A query as a URL's search: empty values left out, arrays comma-separated (the document's `explode: false`). */
export function querySearch(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, string | number | boolean | unknown[] | null][]) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
