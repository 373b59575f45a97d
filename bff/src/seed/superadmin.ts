import { newPassword, requiredEmail, requiredText, SYSTEM_COMPANY_ID, PROTECTED_USER_ID } from '@kanat360/contracts';
import { type DataSource } from 'typeorm';
import { z } from 'zod';
import { hashNewPassword } from '@/auth/passwords.js';
import { UsersRepository } from '@/users/users.repository.js';

export const superadminInput = z.strictObject({
  email: requiredEmail('EMAIL_REQUIRED'),
  password: newPassword(),
  firstName: requiredText('FIELDS_REQUIRED', 80),
  lastName: requiredText('FIELDS_REQUIRED', 80),
});
export type SuperadminInput = z.infer<typeof superadminInput>;

/**
 * The first superadmin of a production database, in the hidden system company. The first one made is the
 * protected root (id 35 when that id is free), which nobody can edit, re-password or delete.
 */
export async function createSuperadmin(
  dataSource: DataSource,
  input: SuperadminInput,
): Promise<{ id: number; isProtected: boolean }> {
  const users = new UsersRepository(dataSource);
  if (await users.findByEmail(input.email)) throw new Error(`A user with the email ${input.email} already exists.`);
  const { protectedExists, idFree } = await users.protectedRootState(PROTECTED_USER_ID);
  const isProtected = !protectedExists;
  const id = await users.insert({
    id: isProtected && idFree ? PROTECTED_USER_ID : undefined,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    passwordHash: await hashNewPassword(input.password),
    role: 'superadmin',
    companyId: SYSTEM_COMPANY_ID,
    isActive: true,
    isProtected,
  });
  return { id, isProtected };
}
