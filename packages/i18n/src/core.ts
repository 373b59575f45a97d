import type tr from '@kanat360/locales/tr.json';

// Language resolution and message lookup without the catalogs themselves: what a client that loads only its
// language's catalog (the panel) imports. `@kanat360/i18n` (index.ts) is this plus both catalogs, registered.

export const LANGUAGES = ['tr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Turkish is the default and the fallback of every missing message. */
export const DEFAULT_LANGUAGE: Language = 'tr';

/** Where the site and the panel keep the visitor's choices (same origin, so one choice for both). */
export const LANGUAGE_STORAGE_KEY = 'kanat360.language';
export const THEME_STORAGE_KEY = 'kanat360.theme';

export type MessageKey = keyof typeof tr;
export type MessageParams = Record<string, string | number>;
/** A language's messages (a client may hold only a share of them: the panel drops the site's and the mails'). */
export type Catalog = Partial<Record<MessageKey, string>>;

const catalogs: Partial<Record<Language, Catalog>> = {};

/** Makes `catalog` the messages of `language` for translate (a client that loads catalogs calls it once each). */
export function registerCatalog(language: Language, catalog: Catalog): void {
  catalogs[language] = catalog;
}

/** Whether translate has the messages of `language`. */
export function hasCatalog(language: Language): boolean {
  return catalogs[language] !== undefined;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language to use: a stored choice wins; otherwise a browser language starting with "tr" is Turkish, any
 * other readable one English, and an unreadable one Turkish (spec §1).
 */
export function resolveLanguage(
  stored: string | null | undefined,
  browserLanguage: string | null | undefined,
): Language {
  if (isLanguage(stored)) return stored;
  const browser = browserLanguage?.trim().toLowerCase();
  if (!browser || !/^[a-z]{2,3}\b/.test(browser)) return DEFAULT_LANGUAGE;
  return browser.startsWith('tr') ? 'tr' : 'en';
}

/** The first language of an Accept-Language header, or null. */
export function firstAcceptedLanguage(header: string | null | undefined): string | null {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  return first && first !== '*' ? first : null;
}

/**
 * A count's wording, ICU style: `{n, plural, one {# file} other {# files}}` (`one` may be left out, as Turkish
 * needs no plural). `#` is the count, written the language's way (10.000 / 10,000).
 */
const PLURAL = /\{(\w+), plural,(?: one \{([^{}]*)\})? other \{([^{}]*)\}\}/g;

/**
 * The message for `key` in `language`, Turkish when that catalog lacks it (or the key when no catalog registered
 * has it); `{name}` placeholders filled in, and plural forms chosen by the count they name.
 */
export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  const template = catalogs[language]?.[key] ?? catalogs.tr?.[key] ?? key;
  if (!params) return template;
  const locale = intlLocale(language);
  return template
    .replace(PLURAL, (match, name: string, one: string | undefined, other: string) => {
      const count = params[name];
      if (typeof count !== 'number') return match;
      const form = one !== undefined && new Intl.PluralRules(locale).select(count) === 'one' ? one : other;
      return form.replaceAll('#', new Intl.NumberFormat(locale).format(count));
    })
    .replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

export type Translate = (key: MessageKey, params?: MessageParams) => string;

export function translator(language: Language): Translate {
  return (key, params) => translate(language, key, params);
}

/** The BCP 47 locale for dates and numbers: tr-TR or en-GB. */
export function intlLocale(language: Language): string {
  return language === 'tr' ? 'tr-TR' : 'en-GB';
}
