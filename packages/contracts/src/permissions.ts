import { type Role, ROLES } from './roles.js';

const EVERYONE = ROLES;
const NOT_CUSTOMER = ['superadmin', 'admin', 'company_manager', 'operator'] as const satisfies readonly Role[];

/**
 * Spec §6 as data: which roles may do each action. The bff's global guard and the panel's buttons both read it,
 * so a role never sees a button for something the server refuses.
 */
export const PERMISSIONS = {
  /** See every company's data instead of only one's own (and filter by company). */
  'tenant.all': ['superadmin'],

  'turbine.read': EVERYONE,
  'turbine.create': ['superadmin', 'admin'],
  /** Pick the company a new turbine belongs to (spec §5); anyone else creating one gets their own. */
  'turbine.chooseCompany': ['superadmin', 'admin'],
  'turbine.update': ['superadmin'],
  'turbine.delete': ['superadmin'],
  /** Add and update turbines from a CSV or Excel sheet (rows that update need turbine.update too). */
  'turbine.import': ['superadmin', 'admin'],
  /**
   * A campaign's coverage (which blades and rooms have photos): a field team's planning, so not customers, who see
   * the released results.
   */
  'coverage.read': NOT_CUSTOMER,

  'media.read': EVERYONE,
  'media.upload': NOT_CUSTOMER,
  'media.edit': NOT_CUSTOMER,
  'media.delete': ['superadmin', 'admin', 'company_manager'],
  /** Continue, confirm or cancel a direct upload somebody else started (otherwise an upload is its uploader's). */
  'upload.manageAny': ['superadmin'],

  'report.read': NOT_CUSTOMER,
  'report.upload': NOT_CUSTOMER,
  'report.delete': NOT_CUSTOMER,

  'comment.read': EVERYONE,
  'comment.create': EVERYONE,
  /** Edit or delete anybody's comment at any time. */
  'comment.moderate': ['superadmin'],

  /** Read a turbine's findings: released ones only, unless the role also holds finding.readDrafts. */
  'finding.read': EVERYONE,
  'finding.readDrafts': NOT_CUSTOMER,
  /** Create, edit, link and delete findings (a released one only with finding.release as well). */
  'finding.edit': NOT_CUSTOMER,
  /** Release a draft (customers see it from then on), take it back, or change a released finding. */
  'finding.release': ['superadmin', 'admin', 'company_manager'],

  /**
   * Read a turbine's repairs (work orders): customers only those whose findings are all released, and their costs
   * only when REPAIR_COSTS_VISIBLE_TO_CUSTOMERS allows.
   */
  'repair.read': EVERYONE,
  /** See costs whatever the setting (customers: the setting decides). */
  'repair.readCosts': NOT_CUSTOMER,
  /** Make a repair from findings, edit its texts, method, priority and findings: whoever may edit findings. */
  'repair.create': NOT_CUSTOMER,
  /** Schedule, assign, cost, verify, reopen and cancel repairs. */
  'repair.manage': ['superadmin', 'admin', 'company_manager'],
  /** Start and complete a repair: its assignee, or a holder of repair.manage. */
  'repair.complete': NOT_CUSTOMER,
  /** The calendar feed holds every repair the caller may read (without it: the repairs assigned to the caller). */
  'repair.calendarAll': ['superadmin', 'admin', 'company_manager', 'customer'],

  'company.read': ['superadmin'],
  'company.create': ['superadmin'],
  'company.update': ['superadmin'],
  'company.delete': ['superadmin'],

  'user.read': ['superadmin', 'admin'],
  'user.create': ['superadmin'],
  'user.update': ['superadmin'],
  'user.changePassword': ['superadmin'],
  'user.delete': ['superadmin', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role !== null && role !== undefined && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Every permission a role holds, as the profile carries it to the panel. */
export function permissionsOf(role: Role): Permission[] {
  return ALL_PERMISSIONS.filter((permission) => can(role, permission));
}
