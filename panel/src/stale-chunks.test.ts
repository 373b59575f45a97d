import { describe, expect, it } from 'vitest';
import { isStaleChunkError, RELOAD_WINDOW_MS, reloadedRecently } from './stale-chunks';

describe('stale chunks', () => {
  it('are told by the browsers’ words for a failed dynamic import, and Vite’s for a chunk’s CSS', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://127.0.0.1/dashboard/assets/companies-x1.js',
      'error loading dynamically imported module: http://127.0.0.1/dashboard/assets/companies-x1.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /dashboard/assets/PanoramaViewer-x1.css',
    ]) {
      expect(isStaleChunkError(new TypeError(message)), message).toBe(true);
    }
    expect(isStaleChunkError(new Error('Request failed with status 500'))).toBe(false);
    expect(isStaleChunkError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isStaleChunkError(undefined)).toBe(false);
  });

  it('reload once: not again while the page was reloaded less than a minute ago', () => {
    expect(reloadedRecently({ type: 'navigate' }, 1_000)).toBe(false);
    expect(reloadedRecently({ type: 'back_forward' }, 1_000)).toBe(false);
    expect(reloadedRecently(undefined, 1_000)).toBe(false);
    expect(reloadedRecently({ type: 'reload' }, 1_000)).toBe(true);
    expect(reloadedRecently({ type: 'reload' }, RELOAD_WINDOW_MS - 1)).toBe(true);
    // A later deploy, long after the last reload: reloading is worth a try again.
    expect(reloadedRecently({ type: 'reload' }, RELOAD_WINDOW_MS)).toBe(false);
  });
});
