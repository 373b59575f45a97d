import { type Company, type SessionUser } from '@kanat360/contracts';

export type CompanyOption = Pick<Company, 'id' | 'name'>;

/**
 * The companies a user may be put in: every company for who may read them all (superadmin, in Turkish
 * alphabetical order), otherwise the viewer's own, the only one the server lets it assign.
 */
export function companyOptions(
  viewer: Pick<SessionUser, 'company_id' | 'company_name'>,
  companies: readonly Company[] | undefined,
): CompanyOption[] {
  if (companies) return [...companies].sort((a, b) => a.name.localeCompare(b.name, 'tr'));
  return [{ id: viewer.company_id, name: viewer.company_name }];
}
