import { type User } from '@kanat360/contracts';
import { type UserWithCompany } from './users.repository.js';

/** The only shape in which a user leaves the bff: never the password hash. */
export function toUserDto(user: UserWithCompany): User {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    role: user.role,
    company_id: user.companyId,
    company_name: user.companyName,
    is_active: user.isActive,
    is_protected: user.isProtected,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
