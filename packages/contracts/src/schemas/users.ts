import { z } from 'zod';
import { rowId, timestamp } from './api.js';
import { ROLES } from '../roles.js';
import { idField, newPassword, pathId, requiredEmail, requiredText, roleField } from './fields.js';

/**
 * The seed client sends `user_id`, `role` and `company_id` with its calls. They are accepted and ignored:
 * identity and company come from the session only.
 */
export const legacyIdentityQuery = z.object({
  user_id: z.unknown().optional(),
  role: z.unknown().optional(),
  company_id: z.unknown().optional(),
});

export const createUserBody = z.strictObject({
  first_name: requiredText('FIELDS_REQUIRED', 80),
  last_name: requiredText('FIELDS_REQUIRED', 80),
  email: requiredEmail('FIELDS_REQUIRED'),
  password: newPassword('FIELDS_REQUIRED'),
  role: roleField.default('customer'),
  company_id: idField('COMPANY_REQUIRED', 'COMPANY_INVALID'),
  is_active: z.boolean({ error: 'VALIDATION_ERROR' }).default(true),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

export const updateUserBody = z.strictObject({
  first_name: requiredText('FIELDS_REQUIRED_EDIT', 80),
  last_name: requiredText('FIELDS_REQUIRED_EDIT', 80),
  email: requiredEmail('FIELDS_REQUIRED_EDIT'),
  role: roleField.optional(),
  company_id: idField('COMPANY_REQUIRED', 'COMPANY_INVALID'),
  is_active: z.boolean({ error: 'VALIDATION_ERROR' }).optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const changePasswordBody = z.strictObject({
  password: newPassword(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const user = z
  .strictObject({
    id: rowId,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    company_id: rowId,
    company_name: z.string(),
    is_active: z.boolean(),
    is_protected: z.boolean().meta({ description: 'The root superadmin: nobody edits, re-passwords or deletes it' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof user>;

/** `/users/{id}` */
export const userPath = z.object({ id: pathId('USER_NOT_FOUND') });
