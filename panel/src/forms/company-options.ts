import { type Company, type SessionUser } from '@kanat360/contracts';

export type CompanyOption = Pick<Company, 'id' | 'name'>;

/**
 * The companies a turbine may belong to in the forms: every company for a user who may read them all
 * (superadmin), otherwise the user's own (an admin "must pick a company", and its own is the one it may pick).
 */
export function companyOptions(user: SessionUser, companies: readonly Company[] | undefined): CompanyOption[] {
  if (companies) return [...companies].sort((a, b) => a.name.localeCompare(b.name, 'tr'));
  return [{ id: user.company_id, name: user.company_name }];
}
