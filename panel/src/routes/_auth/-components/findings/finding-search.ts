import {
  BLADES,
  FINDING_SEVERITIES,
  FINDING_SORTS,
  FINDING_STAGES,
  FINDING_STATUSES,
  FINDING_SURFACES,
  FINDING_TYPES,
  type FindingFilters,
  type FindingSeverity,
  type FindingSummary,
} from '@kanat360/contracts';
import { z } from 'zod';

const id = z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined);

/**
 * The fleet findings page's filters, kept in the URL (STYLE 9) so a filtered list survives reload and can be shared;
 * named as the other screens name theirs (`company`, `year`), `severity` being "this severity or worse". A value
 * that does not parse is dropped rather than failing the page.
 */
export const findingSearchSchema = z.object({
  company: id,
  turbine: id,
  year: z.coerce.number().int().min(2000).max(9999).optional().catch(undefined),
  blade: z.enum(BLADES).optional().catch(undefined),
  surface: z.enum(FINDING_SURFACES).optional().catch(undefined),
  type: z.enum(FINDING_TYPES).optional().catch(undefined),
  severity: z.coerce
    .number()
    .int()
    .min(1)
    .max(5)
    .transform((value) => value as FindingSeverity)
    .optional()
    .catch(undefined),
  status: z.enum(FINDING_STATUSES).optional().catch(undefined),
  stage: z.enum(FINDING_STAGES).optional().catch(undefined),
  /** The list's order; none is the API's default (newest first). Not a filter: clearing the filters keeps it. */
  sort: z.enum(FINDING_SORTS).optional().catch(undefined),
});
export type FindingSearch = z.infer<typeof findingSearchSchema>;

/** What the viewer may filter by beyond the rest: the company (who sees every company) and the review stage. */
export interface FindingViewer {
  seesEveryCompany: boolean;
  readsDrafts: boolean;
}

/**
 * What the server is asked for: the URL's filters as the API names them, without those the viewer has no use for
 * (the server would ignore a company, and a customer only ever gets released findings). Unset filters are left out,
 * so equal filters make equal query keys and export links.
 */
export function findingFiltersOf(search: FindingSearch, viewer: FindingViewer): FindingFilters {
  const filters: FindingFilters = {
    company_id: viewer.seesEveryCompany ? search.company : undefined,
    turbine_id: search.turbine,
    year: search.year,
    blade: search.blade,
    surface: search.surface,
    type: search.type,
    severity_min: search.severity,
    status: search.status,
    stage: viewer.readsDrafts ? search.stage : undefined,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

/** The filters the severity counts are asked with: all but the severity, so every chip keeps its own count. */
export function withoutSeverity(filters: FindingFilters): FindingFilters {
  const { severity_min: _severity, ...rest } = filters;
  return rest;
}

/** How many of the counted findings are of severity `min` or worse (all of them without a minimum). */
export function countAtLeast(summary: FindingSummary, min: FindingSeverity | undefined): number {
  return FINDING_SEVERITIES.filter((severity) => severity >= (min ?? 1)).reduce(
    (sum, severity) => sum + summary.by_severity[severity],
    0,
  );
}

/** Every filter off (the order stays). */
export const NO_FINDING_FILTERS = {
  company: undefined,
  turbine: undefined,
  year: undefined,
  blade: undefined,
  surface: undefined,
  type: undefined,
  severity: undefined,
  status: undefined,
  stage: undefined,
} as const satisfies Record<Exclude<keyof FindingSearch, 'sort'>, undefined>;

/** Whether any filter the viewer can see narrows the list. */
export function hasFindingFilters(search: FindingSearch, viewer: FindingViewer): boolean {
  return Object.keys(findingFiltersOf(search, viewer)).length > 0;
}
