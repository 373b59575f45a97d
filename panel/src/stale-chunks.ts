/**
 * After a deploy, a page opened before it still names the old build's chunks, which are gone (the server answers
 * 404): the next screen or viewer it loads fails. Reloading once fetches the new index.html and its chunks. TanStack
 * Router already reloads once for a route's own chunk; a viewer's chunk, or a route's CSS, lands in the error screen,
 * which reloads for it too (StaleChunkScreen) — unless the page was itself reloaded a moment ago (by either, or by the
 * user), so a chunk that is missing for good ends in a message, never in a loop of reloads.
 */

/** What a failed dynamic import says in Chromium, Firefox and Safari, and what Vite says of a chunk's CSS. */
const STALE_CHUNK = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

/** A reload this recent did not help: the chunk is not missing because the page was old. */
export const RELOAD_WINDOW_MS = 60_000;

/** Whether `error` is a chunk of the panel's code (or its CSS) that failed to load. */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return STALE_CHUNK.some((start) => message.startsWith(start));
}

/** Whether this page was loaded by a reload less than RELOAD_WINDOW_MS ago (its navigation entry says how it came). */
export function reloadedRecently(
  navigation: Pick<PerformanceNavigationTiming, 'type'> | undefined,
  sinceLoadMs: number,
): boolean {
  return navigation?.type === 'reload' && sinceLoadMs < RELOAD_WINDOW_MS;
}

/** Whether reloading this page may fetch a stale chunk's new version: not when that was just tried. */
export function mayReloadForStaleChunk(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return !reloadedRecently(navigation, performance.now());
}
