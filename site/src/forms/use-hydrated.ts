import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * What the browser's first render after the server's reads: the server's value while React hydrates the server's
 * HTML, then the browser's (read once; a page's address does not change under an island).
 */
export function useBrowserValue<T>(inBrowser: () => T, onServer: T): T {
  return useSyncExternalStore(nothingToWatch, inBrowser, () => onServer);
}

/** False on the server and while React hydrates; true once React has taken the page over. */
export function useHydrated(): boolean {
  return useBrowserValue(() => true, false);
}
