import {
  intlLocale,
  type Language,
  LANGUAGE_STORAGE_KEY,
  resolveLanguage,
  type Translate,
  translator,
} from '@kanat360/i18n';
import { atom, useAtom, useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { localStore } from '@/state/local-storage';

function initialLanguage(): Language {
  return resolveLanguage(localStore.get(LANGUAGE_STORAGE_KEY), navigator.language);
}

const baseLanguageAtom = atom<Language>(initialLanguage());

/**
 * The interface language. Stored as the plain code ("tr" / "en") under the key the public site uses, so a choice
 * made on either side holds on the other.
 */
export const languageAtom = atom(
  (get) => get(baseLanguageAtom),
  (_get, set, next: Language) => {
    set(baseLanguageAtom, next);
    localStore.set(LANGUAGE_STORAGE_KEY, next);
  },
);

/** Picks up a choice made in another tab (or on the site in another tab). */
export const syncLanguageFromStorageAtom = atom(null, (_get, set) => {
  set(baseLanguageAtom, initialLanguage());
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
