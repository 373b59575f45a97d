/**
 * Local storage that never throws: a browser with storage disabled (private mode, quota, policy) still runs the
 * panel, it only forgets choices across reloads.
 */
export const localStore = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Not persisted; the in-memory state still holds for this tab.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored that could be removed.
    }
  },
};
