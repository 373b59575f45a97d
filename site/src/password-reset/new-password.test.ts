import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from './new-password';

describe('newPasswordProblem', () => {
  it('asks for a password first, then for 6 characters, then for a matching confirmation', () => {
    expect(newPasswordProblem('', '')).toEqual({ field: 'password', code: 'PASSWORD_REQUIRED' });
    expect(newPasswordProblem('12345', '12345')).toEqual({ field: 'password', code: 'PASSWORD_TOO_SHORT' });
    expect(newPasswordProblem('123456', '123457')).toEqual({ field: 'confirm', code: 'PASSWORDS_DO_NOT_MATCH' });
    expect(newPasswordProblem('x'.repeat(129), 'x'.repeat(129))).toEqual({
      field: 'password',
      code: 'PASSWORD_TOO_LONG',
    });
  });

  it('accepts six or more characters confirmed exactly', () => {
    expect(newPasswordProblem('123456', '123456')).toBeNull();
    expect(newPasswordProblem('uzun bir şifre', 'uzun bir şifre')).toBeNull();
  });
});
