import { can } from '@kanat360/contracts';
import { type ActiveSession } from './sessions.repository.js';

/** Who is calling, read from their session row: never from anything the client sends. */
export interface Principal extends ActiveSession {
  via: 'cookie' | 'bearer';
}

/** The companies a caller's tenant data queries may reach: all of them, or their own. */
export type TenantScope = { all: true } | { all: false; companyId: number };

export function tenantScope(principal: Principal): TenantScope {
  return can(principal.role, 'tenant.all') ? { all: true } : { all: false, companyId: principal.companyId };
}

declare module 'express' {
  interface Request {
    principal?: Principal;
  }
}
