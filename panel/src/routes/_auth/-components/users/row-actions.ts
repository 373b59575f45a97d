import {
  type Permission,
  type SessionUser,
  type User,
  type UserRowAction,
  type UserRowRefusal,
  userRowRefusal,
} from '@kanat360/contracts';

/** Why an action the viewer holds is off for one row: the server's own code for the refusal. */
export type BlockedReason = UserRowRefusal;

/** null: the viewer lacks the permission, so no button at all; otherwise a button, perhaps disabled and why. */
export type RowAction = { enabled: true } | { enabled: false; reason: BlockedReason } | null;

export interface RowActions {
  edit: RowAction;
  password: RowAction;
  delete: RowAction;
}

export type Viewer = Pick<SessionUser, 'id' | 'role' | 'permissions'>;

/**
 * Which of a row's buttons the viewer gets and which of them are disabled, by the server's own row rules
 * (`userRowRefusal` of the contracts: protected user, own row, stronger roles). Buttons come from permissions only,
 * never from role names; the server still refuses anything that slips past.
 */
export function rowActions(target: Pick<User, 'id' | 'role' | 'is_protected'>, viewer: Viewer): RowActions {
  const action = (permission: Permission, rowAction: UserRowAction): RowAction => {
    if (!viewer.permissions.includes(permission)) return null;
    const reason = userRowRefusal(viewer, target, rowAction);
    return reason ? { enabled: false, reason } : { enabled: true };
  };
  return {
    edit: action('user.update', 'update'),
    password: action('user.changePassword', 'changePassword'),
    delete: action('user.delete', 'delete'),
  };
}

/** The distinct reasons a row's buttons are disabled, in a stable order (each explained once per row). */
export function blockedReasons(actions: RowActions): BlockedReason[] {
  const reasons = [actions.edit, actions.password, actions.delete].flatMap((action) =>
    action && !action.enabled ? [action.reason] : [],
  );
  return [...new Set(reasons)];
}
