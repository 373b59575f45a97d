import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type Request } from 'express';
import { readsInput } from '@/openapi/route.js';
import { type ReceivedBody } from './direct-uploads.js';

/** How much of a refused body is read away, and for how long, before the connection is closed. */
const LINGER_BYTES = 8 * 1024 * 1024;
const LINGER_MS = 5000;

/** The request body, not read yet, with its declared length; the route declares its `upload` media type. */
export const RawBody = (): ParameterDecorator => readsInput('upload', rawBody());

const rawBody = createParamDecorator((_data: unknown, context: ExecutionContext): ReceivedBody => {
  const request = context.switchToHttp().getRequest<Request>();
  const declared = request.get('content-length');
  return {
    declaredBytes: declared === undefined ? null : Number(declared),
    // The API's JSON parser (web/json-body.ts) has already read a body sent as application/json: its bytes are gone.
    bytes: request.body === undefined ? bytesOf(request) : null,
    refuseRest: () => lingerThenClose(request),
  };
});

/**
 * The body's bytes, which a failed write leaves alone: a stream made of an iterator destroys its source through the
 * iterator's `throw`, and a destroyed request can no longer be answered. Without `throw`, the request stays whole.
 */
function bytesOf(request: Request): AsyncIterable<Buffer> {
  const iterator = request.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => iterator.next(),
      return: async () => (await iterator.return?.()) ?? { done: true, value: undefined },
    }),
  };
}

/**
 * Closing a connection while the client is still sending makes its network stack drop what it has not read yet,
 * our answer included. So the rest of the body is read away for a moment (a bounded amount), then the connection
 * closes; a body that ends within that leaves the connection usable.
 */
function lingerThenClose(request: Request): void {
  if (request.complete) return;
  let read = 0;
  const close = () => {
    clearTimeout(timer);
    if (!request.complete) request.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  request.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER_BYTES) close();
  });
  request.on('end', () => clearTimeout(timer));
  request.resume();
}
