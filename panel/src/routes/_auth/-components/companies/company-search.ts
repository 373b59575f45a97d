import { type Company } from '@kanat360/contracts';
import { z } from 'zod';
import { matchesSearch, searchTextParam } from '@/search/text-search';

/** The screen's search params (STYLE 9): the search text lives in the URL. */
export const companiesSearchSchema = z.object({ q: searchTextParam });

export type CompaniesSearch = z.infer<typeof companiesSearchSchema>;

/** Whether the search text occurs in the company's name, email, phone, authorized number or address. */
export function companyMatches(company: Company, term: string): boolean {
  return matchesSearch(
    [company.name, company.contact_email, company.phone, company.authorized_number, company.address],
    term,
  );
}

/** The companies the search text matches, in their order; all of them for a blank search. */
export function filterCompanies(companies: readonly Company[], term: string): readonly Company[] {
  return term.trim() ? companies.filter((company) => companyMatches(company, term)) : companies;
}
