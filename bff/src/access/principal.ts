import { can, type Role } from '@kanat360/contracts';
import { type Language } from '@kanat360/i18n';

/**
 * Who is calling, read from their session row (auth's ActiveSession) and never from anything the client sends: what
 * the access check and the tenant scope of every query are decided on.
 */
export interface Principal {
  sessionId: string;
  expiresAt: Date;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  companyId: number;
  companyName: string;
  language: Language;
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
