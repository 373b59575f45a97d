import {
  type Catalog,
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
import { type CatalogPart } from './panel-catalog';

/**
 * Each language's catalog (the panel's share of it: vite.config.ts) comes in two chunks of its own: the shell's
 * part, which the first load fetches for the language in use, and the other screens' part, fetched right after the
 * first render and awaited before any other screen shows (routes/__root.tsx). A switch fetches both of the other
 * language first.
 */
const CATALOG_PARTS: Record<Language, Record<CatalogPart, () => Promise<{ default: Catalog }>>> = {
  tr: {
    shell: () => import('@kanat360/locales/tr.json?shell'),
    screens: () => import('@kanat360/locales/tr.json?screens'),
  },
  en: {
    shell: () => import('@kanat360/locales/en.json?shell'),
    screens: () => import('@kanat360/locales/en.json?screens'),
  },
};

const partsLoading = new Map<string, Promise<void>>();
const loaded: Partial<Record<Language, Catalog>> = {};

function loadPart(language: Language, part: CatalogPart): Promise<void> {
  const key = `${language}:${part}`;
  let loading = partsLoading.get(key);
  if (!loading) {
    loading = CATALOG_PARTS[language][part]().then(({ default: messages }) => {
      registerCatalog(language, (loaded[language] = { ...loaded[language], ...messages }));
    });
    // A failed fetch (the network, a deploy) is tried again at the next call.
    loading.catch(() => partsLoading.delete(key));
    partsLoading.set(key, loading);
  }
  return loading;
}

/** Fetches the shell's texts of `language` (the first load's), unless they are here already. */
export function loadShellCatalog(language: Language): Promise<void> {
  return loadPart(language, 'shell');
}

/** Fetches the whole catalog of `language` unless it is here already; translate has its messages afterwards. */
export async function loadCatalog(language: Language): Promise<void> {
  await Promise.all([loadPart(language, 'shell'), loadPart(language, 'screens')]);
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
