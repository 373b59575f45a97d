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
import { CATALOG_CHUNKS } from 'virtual:panel-catalogs';
import type { CatalogArea } from '@/i18n/panel-catalog';
import { localStore } from '@/state/local-storage';

/** The catalog's areas any screen so far has asked for: a language switch fetches them all in the new language. */
const areasInUse = new Set<CatalogArea>(['shell']);
/** The languages whose catalog is, or is being, fetched: a route's areas come in each of them. */
const languagesInUse = new Set<Language>();
const fetchedChunks: Record<Language, Map<CatalogArea, Promise<Catalog>>> = { tr: new Map(), en: new Map() };
const messages: Record<Language, Catalog> = { tr: {}, en: {} };

/**
 * Fetches the chunks of `language`'s catalog (the panel's share of it, cut by area: panel-catalog.ts) that the
 * screens so far need, unless they are here already; translate has their messages afterwards.
 */
export async function loadCatalog(language: Language): Promise<void> {
  languagesInUse.add(language);
  const chunks = [...areasInUse].map((area) => {
    let chunk = fetchedChunks[language].get(area);
    if (!chunk) {
      chunk = CATALOG_CHUNKS[language][area]().then(
        (module) => {
          Object.assign(messages[language], module.default);
          return module.default;
        },
        (error: unknown) => {
          fetchedChunks[language].delete(area);
          throw error;
        },
      );
      fetchedChunks[language].set(area, chunk);
    }
    return chunk;
  });
  await Promise.all(chunks);
  registerCatalog(language, messages[language]);
}

/**
 * A route's `beforeLoad`: the texts of its areas, in every language in use, before it renders (never a key shown
 * in their place).
 */
export async function loadCatalogAreas(...areas: CatalogArea[]): Promise<void> {
  for (const area of areas) areasInUse.add(area);
  await Promise.all([...languagesInUse].map(loadCatalog));
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
