import {
  type Catalog,
  hasCatalog,
  intlLocale,
  type Language,
  LANGUAGE_STORAGE_KEY,
  registerCatalog,
  resolveLanguage,
  type Translate,
  translator,
} from '@kanat360/i18n/core';
import { atom, useAtom, useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { localStore } from '@/state/local-storage';

/**
 * Each language's catalog (the panel's share of it: vite.config.ts) is a chunk of its own: the first load fetches
 * only the language in use, a switch fetches the other one then.
 */
const CATALOGS: Record<Language, () => Promise<{ default: Catalog }>> = {
  tr: () => import('@kanat360/locales/tr.json'),
  en: () => import('@kanat360/locales/en.json'),
};

/** Fetches the catalog of `language` unless it is here already; translate has its messages afterwards. */
export async function loadCatalog(language: Language): Promise<void> {
  if (hasCatalog(language)) return;
  registerCatalog(language, (await CATALOGS[language]()).default);
}

/** The language of the stored choice, else of the browser (spec §1). */
export function preferredLanguage(): Language {
  return resolveLanguage(localStore.get(LANGUAGE_STORAGE_KEY), navigator.language);
}

const baseLanguageAtom = atom<Language>(preferredLanguage());

/**
 * The interface language. Stored as the plain code ("tr" / "en") under the key the public site uses, so a choice
 * made on either side holds on the other. A change takes effect once its catalog is here: the texts switch at
 * once, never showing keys meanwhile. Rejects (changing nothing) when the catalog cannot be fetched.
 */
export const languageAtom = atom(
  (get) => get(baseLanguageAtom),
  async (_get, set, next: Language) => {
    await loadCatalog(next);
    set(baseLanguageAtom, next);
    localStore.set(LANGUAGE_STORAGE_KEY, next);
  },
);

/** Picks up a choice made in another tab (or on the site in another tab). */
export const syncLanguageFromStorageAtom = atom(null, async (_get, set) => {
  const language = preferredLanguage();
  await loadCatalog(language);
  set(baseLanguageAtom, language);
});

export function useLanguage() {
  return useAtom(languageAtom);
}

export interface I18n {
  language: Language;
  t: Translate;
  /** The BCP 47 locale for Intl (tr-TR / en-GB). */
  locale: string;
}

export function useI18n(): I18n {
  const language = useAtomValue(languageAtom);
  return useMemo(() => ({ language, t: translator(language), locale: intlLocale(language) }), [language]);
}
