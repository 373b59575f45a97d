import { type ErrorCode, isErrorCode, passwordResetConfirmBody } from '@kanat360/contracts';

/**
 * What is wrong with a new password and its confirmation, checked like the API checks it (spec §5: required,
 * at least 6 characters) plus the confirmation matching; null when both are fine.
 */
export function newPasswordProblem(
  password: string,
  confirmation: string,
): { field: 'password' | 'confirm'; code: ErrorCode } | null {
  const result = passwordResetConfirmBody.shape.password.safeParse(password);
  if (!result.success) {
    const code = result.error.issues[0]?.message;
    return { field: 'password', code: isErrorCode(code) ? code : 'VALIDATION_ERROR' };
  }
  if (password !== confirmation) return { field: 'confirm', code: 'PASSWORDS_DO_NOT_MATCH' };
  return null;
}
