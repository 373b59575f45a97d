/**
 * The message catalogs serve the site, the mails, the inspection report's PDF and the panel; the panel ships only
 * its own share. Keys of the public site, of the mails, of the report (its PDF and the mail that says it is ready)
 * and of the repairs' mails, calendar feed and exports are dropped from its copy at build time (vite.config.ts):
 * more than half of each catalog.
 */
export const PANEL_OMITS_MESSAGE_PREFIXES = [
  'site.',
  'mail.',
  'findings.report.',
  'findings.reportReady.',
  'repairs.mail.',
  'repairs.calendar.',
  'repairs.export.',
] as const;

/**
 * The screens behind the turbine list, whose texts the first load of /dashboard does without: they come in a second
 * part, fetched right after the first render and awaited by every route but the home (routes/__root.tsx).
 * check-bundle fails when a chunk of the first load names a key of these.
 */
export const SCREEN_MESSAGE_PREFIXES = [
  'panel.bladeMap.',
  'panel.comments.',
  'panel.companies.',
  'panel.coverage.',
  'panel.drawing.',
  'panel.findingTrack.',
  'panel.findingViewer.',
  'panel.fleetFindings.',
  'panel.inspectionReport.',
  'panel.lightbox.',
  'panel.mediaInfo.',
  'panel.photos.',
  'panel.pointcloud.',
  'panel.turbine.',
  'panel.users.',
  'panel.versions.',
  'panel.viewer.',
  'panel.viewerPage.',
  'repairs.',
] as const;

/** The two parts of the panel's share: the shell's (with the turbine list) and the other screens'. */
export type CatalogPart = 'shell' | 'screens';

export function isScreenKey(key: string): boolean {
  return SCREEN_MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** One part of the catalog as the panel ships it. */
export function panelPart(catalog: Record<string, string>, part: CatalogPart): Record<string, string> {
  return Object.fromEntries(
    Object.entries(panelShare(catalog)).filter(([key]) => isScreenKey(key) === (part === 'screens')),
  );
}

/** The catalog as the panel ships it. */
export function panelShare(catalog: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(catalog).filter(([key]) => !PANEL_OMITS_MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix))),
  );
}
