// How other features' statements reach `users`: a leaf that imports nothing of the app (STYLE 7a).

/** Joins the user that `userId` (SQL) names, as `alias`; `left` keeps the row when there is none (a deleted author). */
export function joinUser(alias: string, userId: string, { left }: { left: boolean }): string {
  return `${left ? 'LEFT JOIN' : 'JOIN'} users ${alias} ON ${alias}.id = ${userId}`;
}

/** How many users the company `companyId` (SQL) has, as an int. */
export function userCountOfCompany(companyId: string): string {
  return `(SELECT count(*) FROM users WHERE users.company_id = ${companyId})::int`;
}

/** Whether the user `userId` (SQL) exists and is active. */
export function isActiveUser(userId: string): string {
  return `EXISTS (SELECT 1 FROM users WHERE users.id = ${userId} AND users.is_active)`;
}

/**
 * The name ("first last") of the user `userId` (SQL) as a scalar subquery; null for none (a deleted user). A
 * subquery rather than a join keeps statements that name several people cheap to plan.
 */
export function userNameOf(userId: string): string {
  return `(SELECT NULLIF(concat_ws(' ', users.first_name, users.last_name), '') FROM users WHERE users.id = ${userId})`;
}
