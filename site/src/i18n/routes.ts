import { getRelativeLocaleUrl } from 'astro:i18n';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, isLanguage } from '@kanat360/i18n';

/** Every page of the site by name, as its path without the locale prefix. */
export const ROUTES = {
  home: '',
  about: 'about',
  contact: 'contact',
  faq: 'faq',
  privacy: 'privacy',
  login: 'login',
  passwordReset: 'password-reset',
  serverError: '500',
  unauthorized: '401',
} as const;

export type RouteName = keyof typeof ROUTES;

/** The pages search engines should list (the sitemap's entries); error pages are left out. */
export const INDEXABLE_ROUTES = [
  'home',
  'about',
  'contact',
  'faq',
  'privacy',
  'login',
  'passwordReset',
] as const satisfies readonly RouteName[];

/** The URL of `route` in `language`: `/login/` for Turkish (the default locale), `/en/login/` for English. */
export function localizedUrl(language: Language, route: RouteName): string {
  return getRelativeLocaleUrl(language, ROUTES[route]);
}

/** The language Astro's i18n routing chose for the current page (Turkish when it cannot tell). */
export function pageLanguage(currentLocale: string | undefined): Language {
  return isLanguage(currentLocale) ? currentLocale : DEFAULT_LANGUAGE;
}

export function otherLanguage(language: Language): Language {
  return LANGUAGES.find((candidate) => candidate !== language) ?? DEFAULT_LANGUAGE;
}
