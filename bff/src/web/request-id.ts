import { randomUUID } from 'node:crypto';
import { type NextFunction, type Request, type Response } from 'express';

const VALID_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Every request gets an id (a proxy's X-Request-Id when it is sane), echoed back and used as the correlation id. */
export function requestId(request: Request, response: Response, next: NextFunction): void {
  const incoming = request.get('x-request-id');
  const id = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
  (request as Request & { id: string }).id = id;
  response.setHeader('X-Request-Id', id);
  next();
}
