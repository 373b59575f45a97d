import { type User } from '@kanat360/contracts';
import { z } from 'zod';

/**
 * The screen's search params (STYLE 9): `q` filters the table and stays in the URL, so a filtered list survives a
 * reload and can be shared. A malformed value is dropped rather than failing the page.
 */
export const userSearchParams = z.object({
  q: z.string().max(200).optional().catch(undefined),
});
export type UserSearchParams = z.infer<typeof userSearchParams>;

/**
 * Lowercase in Turkish (so "İ" is "i" and "Ş" is "ş"), with runs of spaces as one. The dotless "ı" then counts as
 * "i": "ADMIN" typed on an English keyboard lowercases to "admın" in Turkish and must still find "admin".
 */
function normalize(text: string): string {
  return text.toLocaleLowerCase('tr-TR').replaceAll('ı', 'i').replace(/\s+/g, ' ').trim();
}

/** The user's full name as the table shows it. */
export function fullName(user: Pick<User, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

/** Whether `user`'s full name or email contains `query` (Turkish-aware, case-insensitive); a blank query matches. */
export function matchesUserSearch(user: Pick<User, 'first_name' | 'last_name' | 'email'>, query: string): boolean {
  const needle = normalize(query);
  if (!needle) return true;
  return normalize(fullName(user)).includes(needle) || normalize(user.email).includes(needle);
}

export function filterUsers<T extends Pick<User, 'first_name' | 'last_name' | 'email'>>(
  users: readonly T[],
  query: string,
): T[] {
  return users.filter((user) => matchesUserSearch(user, query));
}
