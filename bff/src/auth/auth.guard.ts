import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { can, XSRF_HEADER } from '@kanat360/contracts';
import { type Request } from 'express';
import { type Principal } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { ACCESS_KEY, type RouteAccess } from './access.decorators.js';
import { AuthService } from './auth.service.js';
import { presentedToken } from './session-cookies.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one global guard. Deny by default: a route is open only when its @Route declares `access: 'public'`; every
 * other route needs a live session, and a route without a declared access rule is refused to everybody.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(ACCESS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (access?.kind === 'public') return true;

    const request = context.switchToHttp().getRequest<Request>();
    request.principal = await this.authenticate(request);

    if (!access) throw new AppError('FORBIDDEN');
    if (access.kind === 'permission' && !can(request.principal.role, access.permission)) {
      throw new AppError('FORBIDDEN');
    }
    return true;
  }

  /** The caller's principal, or 401. A cookie-authenticated mutation must also carry the XSRF header (403). */
  async authenticate(request: Request): Promise<Principal> {
    const presented = presentedToken(request);
    if (!presented) throw new AppError('UNAUTHENTICATED');
    const principal = await this.auth.authenticate(presented.token, presented.via);
    if (
      presented.via === 'cookie' &&
      !SAFE_METHODS.has(request.method) &&
      !this.auth.xsrfMatches(principal.sessionId, request.get(XSRF_HEADER))
    ) {
      throw new AppError('XSRF_MISMATCH');
    }
    return principal;
  }
}
