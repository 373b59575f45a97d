import { expect } from 'vitest';
import { type Principal } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { type MadeCompany, type MadeUser } from './factories.js';

/** Services called directly, with the caller the guard would hand them: a made user of a made company. */
export function principalOf(user: MadeUser, company: MadeCompany): Principal {
  return {
    sessionId: '00000000-0000-0000-0000-000000000000',
    expiresAt: new Date(Date.now() + 60_000),
    via: 'bearer',
    userId: user.id,
    email: user.email,
    firstName: 'Test',
    lastName: user.role,
    role: user.role,
    companyId: company.id,
    companyName: company.name,
    language: 'tr',
  };
}

/** The code (and field) a service call is refused with; undefined when it is allowed. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; field?: string } | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { code: (error as AppError).code, field: (error as AppError).options.field };
  }
}
