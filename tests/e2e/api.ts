import { type APIRequestContext, type APIResponse } from '@playwright/test';
import {
  type CallArgsWith,
  fillPath,
  type HttpMethod,
  type Operation,
  type PathsWith,
  querySearch,
  type SuccessOf,
  type UntypedInput,
} from '@kanat360/api-client';

/** An answer of a typed call: Playwright's response, its JSON typed as the document's success answer. */
export type TypedResponse<T> = Omit<APIResponse, 'json'> & { json(): Promise<T> };

/** What a test may add to a call: headers of its own (a language, a Range). */
interface RequestExtras {
  headers?: Record<string, string>;
}

/**
 * The API through a Playwright request context, typed from the API document as the panel's client is: a path,
 * parameter or body the server does not have fails the type check. The answer comes back whole (status, headers),
 * so a test can check refusals too.
 */
export function typedApi(context: APIRequestContext) {
  const call =
    <M extends HttpMethod>(method: M) =>
    <P extends PathsWith<M>>(
      path: P,
      ...[init]: CallArgsWith<Operation<P, M>, RequestExtras>
    ): Promise<TypedResponse<SuccessOf<Operation<P, M>>>> => {
      const { path: params, query, body, headers } = (init ?? {}) as UntypedInput & RequestExtras;
      const url = `/api${fillPath(path, params)}${querySearch(query)}`;
      const payload = body instanceof FormData ? { multipart: body } : body === undefined ? {} : { data: body };
      return context.fetch(url, { method: method.toUpperCase(), headers, ...payload }) as Promise<
        TypedResponse<SuccessOf<Operation<P, M>>>
      >;
    };
  return {
    get: call('get'),
    post: call('post'),
    put: call('put'),
    delete: call('delete'),
    /** The context itself, for addresses the API handed out (signed file addresses). */
    context,
    dispose: () => context.dispose(),
  };
}

export type TypedApi = ReturnType<typeof typedApi>;
