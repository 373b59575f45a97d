import { can, type Role } from '@kanat360/contracts';
import { type Language } from '@kanat360/i18n';

/** Who is calling, read from their session row: never from anything the client sends. */
export interface Principal {
  sessionId: string;
  sessionExpiresAt: Date;
  via: 'cookie' | 'bearer';
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  companyId: number;
  companyName: string;
  language: Language;
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
