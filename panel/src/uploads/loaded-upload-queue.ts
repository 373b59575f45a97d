import { useSyncExternalStore } from 'react';
import type { UploadQueue } from './upload-queue';

/**
 * The panel's upload queue as the shell sees it: there once a screen that uploads has loaded it (use-uploads.ts),
 * so the queue's code stays out of the first load of /dashboard (issue #23). Logout and the signed-in layout read it
 * here; before then no file can be on its way.
 */
export interface LoadedUploadQueue {
  queue: UploadQueue;
  /** Settles once the server has heard of every upload the queue gave up. */
  givenUp: () => Promise<unknown>;
}

let loaded: LoadedUploadQueue | null = null;
const listeners = new Set<() => void>();

/** Called once, by the module that makes the queue. */
export function registerUploadQueue(queue: LoadedUploadQueue): void {
  loaded = queue;
  for (const listener of listeners) listener();
}

export function loadedUploadQueue(): LoadedUploadQueue | null {
  return loaded;
}

/** The queue once loaded, re-rendering when it comes. */
export function useLoadedUploadQueue(): LoadedUploadQueue | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, loadedUploadQueue);
}
