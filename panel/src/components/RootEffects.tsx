import { LANGUAGE_STORAGE_KEY, THEME_STORAGE_KEY } from '@kanat360/i18n/core';
import { useRouterState } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { syncLanguageFromStorageAtom, useI18n } from '@/i18n/language';
import { syncThemeFromStorageAtom } from '@/theme/theme';

/** Spec §2: every path change starts at the top of the page. */
function useScrollToTopOnPathChange() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** <html lang> follows the chosen language (screen readers pronounce by `lang`); each page sets its own title. */
function useDocumentLanguage() {
  const { language } = useI18n();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
}

/** A language or theme chosen in another tab (panel or site) applies here too. */
function useChoicesFromOtherTabs() {
  const syncLanguage = useSetAtom(syncLanguageFromStorageAtom);
  const syncTheme = useSetAtom(syncThemeFromStorageAtom);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === LANGUAGE_STORAGE_KEY) {
        syncLanguage().catch(() => {
          // The other language's texts did not come: this tab keeps its language until the next load.
        });
      } else if (event.key === THEME_STORAGE_KEY) syncTheme();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [syncLanguage, syncTheme]);
}

/** Page-wide behaviour of the root route; renders nothing. */
export function RootEffects() {
  useScrollToTopOnPathChange();
  useDocumentLanguage();
  useChoicesFromOtherTabs();
  return null;
}
