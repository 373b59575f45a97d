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
 * The panel's share is cut again into chunks by key prefix (issue #23: the first load of /dashboard ≤ 160 KB): the
 * keys of these areas come with the routes that show them (each route's `beforeLoad`, src/i18n/language.ts), every
 * other key — a new prefix included — with the shell, before the first render.
 */
export const LAZY_CATALOG_AREAS = {
  /**
   * The turbine screen: its workspace, the viewers, the findings on a photo. Not the uploads' texts (nor the reports',
   * which are uploads too): their queue outlives the screen and tells its end on any other (src/uploads).
   */
  workspace: [
    'panel.turbine.',
    'panel.findingViewer.',
    'panel.findingTrack.',
    'panel.pointcloud.',
    'panel.photos.',
    'panel.bladeMap.',
    'panel.comments.',
    'panel.viewerPage.',
    'panel.mediaInfo.',
    'panel.drawing.',
    'panel.lightbox.',
    'panel.media.',
    'panel.viewer.',
    'panel.versions.',
    'panel.inspectionReport.',
    // "Plan repair" is offered by the turbine's screens and the fleet's findings list, which load this area too.
    'panel.planRepair.',
  ],
  /** The fleet's findings list. */
  findings: ['panel.fleetFindings.', 'findings.export.'],
  coverage: ['panel.coverage.'],
  /**
   * The repairs' screens. Not the vocabulary (repairs.status., .method., .action.; the plan's default title): the
   * contracts name those keys (REPAIR_NAME_KEYS, in the first load), and the turbine screen and blade map show them.
   */
  repairs: [
    'repairs.page.',
    'repairs.board.',
    'repairs.month.',
    'repairs.feed.',
    'repairs.field.',
    'repairs.detail.',
    'repairs.history.',
    'repairs.edit.',
    'repairs.complete.',
  ],
  /** Users and companies (admins). */
  admin: ['panel.users.', 'panel.companies.'],
} as const satisfies Record<string, readonly string[]>;

export type CatalogArea = 'shell' | keyof typeof LAZY_CATALOG_AREAS;
export const CATALOG_AREAS = ['shell', ...Object.keys(LAZY_CATALOG_AREAS)] as CatalogArea[];

/** The chunk a key (or a key's known beginning, `panel.upload.` of a template) ships in. */
export function catalogArea(key: string): CatalogArea {
  const area = (Object.keys(LAZY_CATALOG_AREAS) as (keyof typeof LAZY_CATALOG_AREAS)[]).find((name) =>
    LAZY_CATALOG_AREAS[name].some((prefix) => key.startsWith(prefix)),
  );
  return area ?? 'shell';
}

/** The catalog as the panel ships it. */
export function panelShare(catalog: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(catalog).filter(([key]) => !PANEL_OMITS_MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix))),
  );
}

/** One area's chunk of the panel's share. */
export function catalogChunk(catalog: Record<string, string>, area: CatalogArea): Record<string, string> {
  return Object.fromEntries(Object.entries(panelShare(catalog)).filter(([key]) => catalogArea(key) === area));
}
