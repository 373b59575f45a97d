import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiSecurity } from '@nestjs/swagger';
import { type Permission } from '@kanat360/contracts';
import { type Request } from 'express';
import { type Principal } from '@/access/principal.js';

export type RouteAccess = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'permission'; permission: Permission };

export const ACCESS_KEY = 'kanat360:access';

// Each access rule is also written into the OpenAPI document (x-access), where the authorization matrix test reads it.
const access = (rule: RouteAccess) =>
  applyDecorators(
    SetMetadata(ACCESS_KEY, rule),
    ApiExtension('x-access', rule.kind === 'permission' ? `permission:${rule.permission}` : rule.kind),
    ...(rule.kind === 'public' ? [] : [ApiSecurity('bearer'), ApiSecurity('cookie')]),
  );

/** Open to anybody. Every other route needs a session: the guard denies by default. */
export const Public = () => access({ kind: 'public' });

/** Any signed-in user, whatever the role. */
export const SignedIn = () => access({ kind: 'signed-in' });

/** Signed in with a role that holds `permission` in the permission map of packages/contracts. */
export const RequirePermission = (permission: Permission) => access({ kind: 'permission', permission });

/** The caller, as the guard authenticated them. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<Request>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without a session');
  return principal;
});
