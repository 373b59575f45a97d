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

/** The catalog as the panel ships it. */
export function panelShare(catalog: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(catalog).filter(([key]) => !PANEL_OMITS_MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix))),
  );
}
