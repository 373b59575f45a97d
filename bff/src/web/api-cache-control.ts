import { type NextFunction, type Request, type Response } from 'express';

/**
 * Every API answer is `private, no-store` unless its handler says otherwise on purpose: a signed-in answer (a
 * profile, a user list, an export) must never stay in a shared cache or on a shared computer's disk. Set before the
 * handler runs, so the few that cache on purpose replace it: conditional answers (`@ConditionalGet`: `private,
 * no-cache` with an ETag, kept by the browser only to be revalidated, so polling gets 304) and the signed file
 * addresses under /api/files (`private, max-age`: an address is already the authorization, and expires).
 */
export function apiCacheControl(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Cache-Control', 'private, no-store');
  next();
}
