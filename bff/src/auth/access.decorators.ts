import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type Permission } from '@kanat360/contracts';
import { type Request } from 'express';
import { type Principal } from '@/access/principal.js';

/** A route's access rule as the guard reads it; declared by `@Route(…, { access })` (openapi/route.ts). */
export type RouteAccess = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'permission'; permission: Permission };

export const ACCESS_KEY = 'kanat360:access';

/** The caller, as the guard authenticated them. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<Request>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without a session');
  return principal;
});
