import { type Company } from '@kanat360/contracts';
import { z } from 'zod';

/**
 * The screen's search params (STYLE 9): the search text lives in the URL so a filtered list survives a reload
 * and can be shared. A hand-typed `?q=2018` arrives as a number (the router parses JSON values), so numbers are
 * taken as text; anything else malformed is dropped rather than failing the page.
 */
export const companiesSearchSchema = z.object({
  q: z
    .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().optional())
    .catch(undefined),
});

export type CompaniesSearch = z.infer<typeof companiesSearchSchema>;

/** Turkish casing, so "İzmir" is found by "izmir" and "IŞIK" by "ışık". */
function fold(text: string): string {
  return text.toLocaleLowerCase('tr-TR');
}

/** Whether the search text occurs in the company's name, email, phone, authorized number or address. */
export function companyMatches(company: Company, term: string): boolean {
  const needle = fold(term.trim());
  if (!needle) return true;
  return [company.name, company.contact_email, company.phone, company.authorized_number, company.address].some(
    (field) => field !== null && fold(field).includes(needle),
  );
}

/** The companies the search text matches, in their order; all of them for a blank search. */
export function filterCompanies(companies: readonly Company[], term: string): readonly Company[] {
  return term.trim() ? companies.filter((company) => companyMatches(company, term)) : companies;
}
