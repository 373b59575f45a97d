// How other features' statements reach `companies`: a leaf that imports nothing of the app (STYLE 7a).

/** Joins the company that `companyId` (SQL) names, as `alias`. */
export function joinCompany(alias: string, companyId: string): string {
  return `JOIN companies ${alias} ON ${alias}.id = ${companyId}`;
}
