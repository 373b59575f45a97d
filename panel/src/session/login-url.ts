import { type Language } from '@kanat360/i18n';

/**
 * The public site's sign-in page in `language` (Turkish at /login, English under /en/), told where to come back
 * to. The site only follows a `redirect` that starts with /dashboard.
 */
export function loginUrl(language: Language, returnTo: string): string {
  const page = language === 'en' ? '/en/login' : '/login';
  return `${page}?redirect=${encodeURIComponent(returnTo)}`;
}
