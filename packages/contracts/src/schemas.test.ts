import en from '@kanat360/locales/en.json' with { type: 'json' };
import tr from '@kanat360/locales/tr.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors.js';
import { companyBody } from './schemas/companies.js';
import { createUserBody, updateUserBody } from './schemas/users.js';
import { passwordResetBody } from './schemas/auth.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('error codes', () => {
  it('each have a message in both catalogs', () => {
    for (const code of ERROR_CODES) {
      expect((tr as Record<string, string>)[`errors.${code}`], code).toBeTruthy();
      expect((en as Record<string, string>)[`errors.${code}`], code).toBeTruthy();
    }
  });
});

describe('schemas answer with the spec’s codes', () => {
  const user = {
    first_name: 'Ada',
    last_name: 'Kaya',
    email: 'Ada@Example.com',
    password: 'secret1',
    company_id: 1000,
  };

  it('user creation', () => {
    expect(firstMessage(createUserBody.safeParse({ ...user, first_name: '  ' }))).toBe('FIELDS_REQUIRED');
    expect(firstMessage(createUserBody.safeParse({ ...user, password: undefined }))).toBe('FIELDS_REQUIRED');
    expect(firstMessage(createUserBody.safeParse({ ...user, company_id: undefined }))).toBe('COMPANY_REQUIRED');
    expect(firstMessage(createUserBody.safeParse({ ...user, company_id: '' }))).toBe('COMPANY_REQUIRED');
    expect(firstMessage(createUserBody.safeParse({ ...user, password: '12345' }))).toBe('PASSWORD_TOO_SHORT');
    expect(firstMessage(createUserBody.safeParse({ ...user, email: 'not-an-email' }))).toBe('EMAIL_INVALID');
    expect(firstMessage(createUserBody.safeParse({ ...user, role: 'root' }))).toBe('ROLE_INVALID');
    const parsed = createUserBody.parse({ ...user, company_id: '1000', role: 'super_admin' });
    expect(parsed).toMatchObject({ email: 'ada@example.com', company_id: 1000, role: 'superadmin', is_active: true });
    const unknown = createUserBody.safeParse({ ...user, is_protected: true });
    expect(unknown.success ? null : unknown.error.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('user edit', () => {
    const { password: _password, ...edit } = user;
    expect(firstMessage(updateUserBody.safeParse({ ...edit, last_name: '' }))).toBe('FIELDS_REQUIRED_EDIT');
    expect(updateUserBody.parse({ ...edit, role: 'viewer' }).role).toBe('customer');
  });

  it('companies and password reset', () => {
    expect(firstMessage(companyBody.safeParse({ name: '   ' }))).toBe('COMPANY_NAME_REQUIRED');
    expect(companyBody.parse({ name: ' Acme ', phone: '', contact_email: '' })).toMatchObject({
      name: 'Acme',
      phone: null,
      contact_email: null,
    });
    expect(firstMessage(companyBody.safeParse({ name: 'Acme', phone: 'call me' }))).toBe('PHONE_INVALID');
    expect(firstMessage(passwordResetBody.safeParse({}))).toBe('EMAIL_REQUIRED');
    expect(firstMessage(passwordResetBody.safeParse({ email: 'a b@c.d' }))).toBe('EMAIL_INVALID');
  });
});
