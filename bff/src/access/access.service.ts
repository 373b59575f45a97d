import { Injectable } from '@nestjs/common';
import { can, type ErrorCode, type Permission } from '@kanat360/contracts';
import { type Principal, type TenantScope, tenantScope } from './principal.js';
import { AppError } from '@/common/app-error.js';
import { CompaniesRepository } from '@/companies/companies.repository.js';
import { TurbinesRepository } from '@/turbines/turbines.repository.js';
import { UsersRepository } from '@/users/users.repository.js';

/** The rows whose ids an access check names. Tenant data (media, reports, comments, uploads) is reached through its turbine. */
type Resource = 'turbine' | 'user' | 'company';

/**
 * What the ids given with each permission are: a permission that acts on existing rows names their resource, one
 * that does not (creating, seeing everything, an uploader rule) names none, and asking with it is a bug.
 */
const RESOURCE_OF = {
  'tenant.all': null,
  'turbine.read': 'turbine',
  'turbine.create': null,
  'turbine.chooseCompany': null,
  'turbine.update': 'turbine',
  'turbine.delete': 'turbine',
  'turbine.import': null,
  'coverage.read': 'turbine',
  'media.read': 'turbine',
  'media.upload': 'turbine',
  'media.edit': 'turbine',
  'media.delete': 'turbine',
  'upload.manageAny': null,
  'report.read': 'turbine',
  'report.upload': 'turbine',
  'report.delete': 'turbine',
  'comment.read': 'turbine',
  'comment.create': 'turbine',
  'comment.moderate': 'turbine',
  'finding.read': 'turbine',
  'finding.readDrafts': 'turbine',
  'finding.edit': 'turbine',
  'finding.release': 'turbine',
  'repair.read': 'turbine',
  'repair.readCosts': null,
  'repair.create': 'turbine',
  'repair.manage': 'turbine',
  'repair.complete': 'turbine',
  'repair.calendarAll': null,
  'company.read': 'company',
  'company.create': null,
  'company.update': 'company',
  'company.delete': 'company',
  'user.read': 'user',
  'user.create': null,
  'user.update': 'user',
  'user.changePassword': 'user',
  'user.delete': 'user',
} as const satisfies Record<Permission, Resource | null>;

type RowPermission = { [P in Permission]: (typeof RESOURCE_OF)[P] extends null ? never : P }[Permission];

const NOT_FOUND: Record<Resource, ErrorCode> = {
  turbine: 'TURBINE_NOT_FOUND',
  user: 'USER_NOT_FOUND',
  company: 'COMPANY_NOT_FOUND',
};

/**
 * The one access check for tenant data (DESIGN: `requireAccess(principal, permission, ids)`). Every service asks
 * it before it reads or changes rows; a foreign id and a missing one get the same "not found", so an answer never
 * tells that another company's row exists. Ids are checked in bulk, in one query per call.
 */
@Injectable()
export class AccessService {
  constructor(
    private readonly turbines: TurbinesRepository,
    private readonly users: UsersRepository,
    private readonly companies: CompaniesRepository,
  ) {}

  /**
   * Throws FORBIDDEN when the principal's role lacks the permission, and the resource's NOT_FOUND when any of the
   * ids is missing, being deleted, or outside the principal's company.
   */
  async requireAccess(principal: Principal, permission: RowPermission, ids: number | readonly number[]): Promise<void> {
    if (!can(principal.role, permission)) throw new AppError('FORBIDDEN');
    const resource = RESOURCE_OF[permission];
    const wanted = [...new Set(typeof ids === 'number' ? [ids] : ids)];
    if (wanted.length === 0) return;
    const visible = await this.visibleIds(resource, wanted, tenantScope(principal));
    if (wanted.some((id) => !visible.has(id))) throw new AppError(NOT_FOUND[resource]);
  }

  /**
   * A form field naming the company a row is created in or moved to: the caller's own company, or any company
   * (the hidden system one included) for a principal holding tenant.all. Foreign and missing companies are both
   * COMPANY_INVALID on the field, as any bad value of it.
   */
  async requireAssignableCompany(principal: Principal, companyId: number): Promise<void> {
    const visible = await this.companies.visibleIds([companyId], tenantScope(principal), { assignable: true });
    if (!visible.has(companyId)) throw new AppError('COMPANY_INVALID', { field: 'company_id' });
  }

  private visibleIds(resource: Resource, ids: readonly number[], scope: TenantScope): Promise<Set<number>> {
    switch (resource) {
      case 'turbine':
        return this.turbines.visibleIds(ids, scope);
      case 'user':
        return this.users.visibleIds(ids, scope);
      case 'company':
        return this.companies.visibleIds(ids, scope, { assignable: false });
    }
  }
}
