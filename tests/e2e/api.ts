import { type APIRequestContext, type APIResponse } from '@playwright/test';
import {
  type CallArgs,
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
      ...[init]: CallArgs<Operation<P, M>>
    ): Promise<TypedResponse<SuccessOf<Operation<P, M>>>> => {
      const { path: params, query, body } = (init ?? {}) as UntypedInput;
      const url = `/api${fillPath(path, params)}${querySearch(query)}`;
      const payload = body instanceof FormData ? { multipart: body } : body === undefined ? {} : { data: body };
      return context.fetch(url, { method: method.toUpperCase(), ...payload }) as Promise<
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
