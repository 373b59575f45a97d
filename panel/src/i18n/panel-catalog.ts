/**
 * The message catalogs serve the site, the mails and the panel; the panel ships only its own share. Keys of the
 * public site and of the mails are dropped from its copy at build time (vite.config.ts), more than half of each
 * catalog, which keeps both languages within the first-load budget.
 */
export const PANEL_OMITS_MESSAGE_PREFIXES = ['site.', 'mail.'] as const;

/** The catalog as the panel ships it. */
export function panelShare(catalog: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(catalog).filter(([key]) => !PANEL_OMITS_MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix))),
  );
}
