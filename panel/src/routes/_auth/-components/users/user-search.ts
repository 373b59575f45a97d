import { type User } from '@kanat360/contracts';
import { matchesSearch } from '@/search/text-search';
import { searchReader, searchText } from '@/search/url-values';

export interface UserSearchParams {
  q?: string;
}

/** The screen's search params (STYLE 9): `q` filters the table and stays in the URL. */
export const userSearchParams = searchReader((search): UserSearchParams => ({ q: searchText(search.q) }));

/** The user's full name as the table shows it. */
export function fullName(user: Pick<User, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

/** Whether `user`'s full name or email contains `query` (Turkish-aware, case-insensitive); a blank query matches. */
export function matchesUserSearch(user: Pick<User, 'first_name' | 'last_name' | 'email'>, query: string): boolean {
  return matchesSearch([fullName(user), user.email], query);
}

export function filterUsers<T extends Pick<User, 'first_name' | 'last_name' | 'email'>>(
  users: readonly T[],
  query: string,
): T[] {
  return users.filter((user) => matchesUserSearch(user, query));
}
