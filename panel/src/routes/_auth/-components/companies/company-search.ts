import { type Company } from '@kanat360/contracts';
import { matchesSearch } from '@/search/text-search';
import { searchReader, searchText } from '@/search/url-values';

export interface CompaniesSearch {
  q?: string;
}

/** The screen's search params (STYLE 9): the search text lives in the URL. */
export const companiesSearchSchema = searchReader((search): CompaniesSearch => ({ q: searchText(search.q) }));

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
