import { z } from 'zod';
import { rowId, timestamp } from './api.js';
import { ALL_PERMISSIONS, type Permission } from '../permissions.js';
import { ROLES } from '../roles.js';
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
export const sessionUser = z
  .strictObject({
    id: rowId,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    company_id: rowId,
    company_name: z.string(),
    is_active: z.boolean(),
    language: z.enum(['tr', 'en']),
    permissions: z.array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]])),
    session_expires_at: timestamp.meta({ description: 'When the session ends unless it is refreshed' }),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUser>;

/** POST /auth/login and /auth/refresh: the session's bearer token (browsers use the cookie) and the user. */
export const sessionAnswer = z.strictObject({
  success: z.literal(true),
  token: z.string().meta({ description: 'A bearer token for API clients; browsers get the httpOnly cookie' }),
  user: sessionUser,
  message: z.string().optional(),
});
export type LoginResponse = z.infer<typeof sessionAnswer>;

/** GET /auth/profile and /auth/validate-session: who the session belongs to. */
export const sessionUserAnswer = z.strictObject({
  success: z.literal(true),
  user: sessionUser,
  message: z.string().optional(),
});

/** GET /auth/verify: the session is alive. */
export const aliveAnswer = z.strictObject({ success: z.literal(true) });
