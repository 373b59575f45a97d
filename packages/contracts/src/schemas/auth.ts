import { z } from 'zod';
import { type Permission } from '../permissions.js';
import { type Role } from '../roles.js';
import { newPassword, requiredEmail, requiredText, text } from './fields.js';

export const loginBody = z.strictObject({
  email: requiredText('FIELDS_REQUIRED', 254).toLowerCase(),
  // Not the new-password rules: an old account may have any password, and a wrong one is only a failed login.
  password: text({ error: (issue) => (issue.input === undefined ? 'FIELDS_REQUIRED' : 'VALIDATION_ERROR') })
    .min(1, { error: 'FIELDS_REQUIRED' })
    .max(1024, { error: 'VALUE_TOO_LONG' }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const passwordResetBody = z.strictObject({
  email: requiredEmail('EMAIL_REQUIRED'),
});
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

export const passwordResetConfirmBody = z.strictObject({
  token: text({ error: 'RESET_TOKEN_INVALID' })
    .trim()
    .min(1, { error: 'RESET_TOKEN_INVALID' })
    .max(200, { error: 'RESET_TOKEN_INVALID' }),
  password: newPassword(),
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

/** The signed-in user as the clients see it. */
export interface SessionUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  company_id: number;
  company_name: string;
  is_active: boolean;
  language: 'tr' | 'en';
  permissions: Permission[];
  /** When the session ends unless it is refreshed (ISO 8601). */
  session_expires_at: string;
}

export interface LoginResponse {
  success: true;
  token: string;
  user: SessionUser;
  message: string;
}
