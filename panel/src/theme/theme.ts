import { THEME_STORAGE_KEY } from '@kanat360/i18n/core';
import { atom } from 'jotai';
import { localStore } from '@/state/local-storage';

export type Theme = 'light' | 'dark';

/** Light unless dark was chosen (spec §1). */
export function readStoredTheme(): Theme {
  return localStore.get(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
}

/** Tailwind's `dark:` variant keys off this class on <html>. */
export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

const baseThemeAtom = atom<Theme>(readStoredTheme());

/** The colour theme, stored as the plain word under the key the public site uses. */
export const themeAtom = atom(
  (get) => get(baseThemeAtom),
  (_get, set, next: Theme) => {
    set(baseThemeAtom, next);
    localStore.set(THEME_STORAGE_KEY, next);
    applyTheme(next);
  },
);

/** Picks up a choice made in another tab. */
export const syncThemeFromStorageAtom = atom(null, (_get, set) => {
  const theme = readStoredTheme();
  set(baseThemeAtom, theme);
  applyTheme(theme);
});
