import { type Company, type SessionUser } from '@kanat360/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { companyListQueryOptions } from '@/api/companies';
import { hasPermission } from '@/session/session-user';
import { useCan, useSessionUser } from '@/session/use-session';

export type CompanyOption = Pick<Company, 'id' | 'name'>;

/**
 * The companies a turbine or a user may be put in: every company for who may read them all (superadmin, in
 * Turkish alphabetical order), otherwise the user's own, the only one the server lets it assign (an admin "must
 * pick a company", and its own is the one it may pick).
 */
export function companyOptions(
  user: Pick<SessionUser, 'company_id' | 'company_name'>,
  companies: readonly Company[] | undefined,
): CompanyOption[] {
  if (companies) return [...companies].sort((a, b) => a.name.localeCompare(b.name, 'tr'));
  return [{ id: user.company_id, name: user.company_name }];
}

/** In a route loader: fetches the company list when the user may read it (GET /companies is superadmin only). */
export async function loadCompanyOptions(queryClient: QueryClient, user: SessionUser): Promise<void> {
  if (hasPermission(user, 'company.read')) await queryClient.ensureQueryData(companyListQueryOptions());
}

/** The forms' company choices, from the list `loadCompanyOptions` fetched (or the user's own company). */
export function useCompanyOptions(): CompanyOption[] {
  const user = useSessionUser();
  const { data: companies } = useQuery({ ...companyListQueryOptions(), enabled: useCan('company.read') });
  return useMemo(() => companyOptions(user, companies), [user, companies]);
}
