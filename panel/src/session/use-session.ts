import { type Permission, type SessionUser } from '@kanat360/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from './session-query';
import { hasPermission } from './session-user';

/** The validated user. Only for components under the `_auth` layout, whose loader has fetched it already. */
export function useSessionUser(): SessionUser {
  return useSuspenseQuery(sessionQueryOptions()).data;
}

/**
 * Whether the signed-in user holds `permission`. Components ask this, never the role name, so the permission map
 * in @kanat360/contracts stays the one place that says who may do what; the server still checks every call.
 */
export function useCan(permission: Permission): boolean {
  return hasPermission(useSessionUser(), permission);
}
