/** The five roles of spec §6, strongest first. */
export const ROLES = ['superadmin', 'admin', 'company_manager', 'operator', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Older names the seed client also checks. `super_admin` is the superadmin; `viewer` and `user` are read-only
 * accounts, which is what a customer is.
 */
export const ROLE_ALIASES = {
  super_admin: 'superadmin',
  viewer: 'customer',
  user: 'customer',
} as const satisfies Record<string, Role>;

export type RoleName = Role | keyof typeof ROLE_ALIASES;

export const ROLE_NAMES: readonly RoleName[] = [
  ...ROLES,
  ...(Object.keys(ROLE_ALIASES) as (keyof typeof ROLE_ALIASES)[]),
];

/** The canonical role for a role name or alias; `null` for anything else. */
export function normalizeRole(name: string | null | undefined): Role | null {
  if (!name) return null;
  const key = name.trim().toLowerCase();
  if ((ROLES as readonly string[]).includes(key)) return key as Role;
  return (ROLE_ALIASES as Record<string, Role>)[key] ?? null;
}

/** Higher is stronger. Nobody may grant or act on a role stronger than their own. */
export function roleRank(role: Role): number {
  return ROLES.length - ROLES.indexOf(role);
}

export function isRoleAtMost(role: Role, ceiling: Role): boolean {
  return roleRank(role) <= roleRank(ceiling);
}
