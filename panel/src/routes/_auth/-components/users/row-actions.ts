import { type ErrorCode, isRoleAtMost, type Permission, type SessionUser, type User } from '@kanat360/contracts';

/** Why an action the viewer holds is off for one row: the server's own code for the refusal. */
export type BlockedReason = Extract<ErrorCode, 'PROTECTED_USER' | 'CANNOT_DELETE_SELF' | 'ROLE_NOT_ALLOWED'>;

/** null: the viewer lacks the permission, so no button at all; otherwise a button, perhaps disabled and why. */
export type RowAction = { enabled: true } | { enabled: false; reason: BlockedReason } | null;

export interface RowActions {
  edit: RowAction;
  password: RowAction;
  delete: RowAction;
}

export type Viewer = Pick<SessionUser, 'id' | 'role' | 'permissions'>;

/**
 * Which of a row's buttons the viewer gets and which of them are disabled, mirroring the server's checks (spec §5,
 * §6): the protected user is never changed, nobody deletes themselves, nobody acts on a stronger role. Buttons
 * come from permissions only, never from role names; the server still refuses anything that slips past.
 */
export function rowActions(target: Pick<User, 'id' | 'role' | 'is_protected'>, viewer: Viewer): RowActions {
  const blockedBy = (self: boolean): BlockedReason | null => {
    if (target.is_protected) return 'PROTECTED_USER';
    if (self && target.id === viewer.id) return 'CANNOT_DELETE_SELF';
    if (!isRoleAtMost(target.role, viewer.role)) return 'ROLE_NOT_ALLOWED';
    return null;
  };
  const action = (permission: Permission, self = false): RowAction => {
    if (!viewer.permissions.includes(permission)) return null;
    const reason = blockedBy(self);
    return reason ? { enabled: false, reason } : { enabled: true };
  };
  return {
    edit: action('user.update'),
    password: action('user.changePassword'),
    delete: action('user.delete', true),
  };
}

/** The distinct reasons a row's buttons are disabled, in a stable order (each explained once per row). */
export function blockedReasons(actions: RowActions): BlockedReason[] {
  const reasons = [actions.edit, actions.password, actions.delete].flatMap((action) =>
    action && !action.enabled ? [action.reason] : [],
  );
  return [...new Set(reasons)];
}
