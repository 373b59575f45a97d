import { type ErrorCode } from './errors.js';
import { isRoleAtMost, type Role } from './roles.js';

/** What may be done to a user row besides reading it. */
export type UserRowAction = 'update' | 'changePassword' | 'delete';

/** Why a row refuses an action the actor's permissions allow: the server's own code for the refusal. */
export type UserRowRefusal = Extract<ErrorCode, 'PROTECTED_USER' | 'CANNOT_DELETE_SELF' | 'ROLE_NOT_ALLOWED'>;

/**
 * The rules of spec §5/§6 on one user row, after the permission check: the protected root user is never changed,
 * nobody deletes themselves, and nobody acts on a role stronger than their own. The bff refuses with the code;
 * the panel disables the button and says why. Null: the row allows the action.
 */
export function userRowRefusal(
  actor: { id: number; role: Role },
  target: { id: number; role: Role; is_protected: boolean },
  action: UserRowAction,
): UserRowRefusal | null {
  if (target.is_protected) return 'PROTECTED_USER';
  if (action === 'delete' && target.id === actor.id) return 'CANNOT_DELETE_SELF';
  if (!isRoleAtMost(target.role, actor.role)) return 'ROLE_NOT_ALLOWED';
  return null;
}
