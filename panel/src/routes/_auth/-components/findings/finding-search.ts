import {
  BLADES,
  FINDING_SEVERITIES,
  FINDING_SORTS,
  FINDING_STAGES,
  FINDING_STATUSES,
  FINDING_SURFACES,
  FINDING_TYPES,
  type Blade,
  type FindingFilters,
  type FindingSeverity,
  type FindingSort,
  type FindingStage,
  type FindingStatus,
  type FindingSummary,
  type FindingSurface,
  type FindingType,
} from '@kanat360/contracts';
import { idValue, oneOf, searchReader, wholeNumber, yearValue } from '@/search/url-values';

/**
 * The fleet findings page's filters, kept in the URL (STYLE 9) so a filtered list survives reload and can be shared;
 * named as the other screens name theirs (`company`, `year`), `severity` being "this severity or worse". A value
 * that does not parse is dropped rather than failing the page.
 */
export const findingSearchSchema = searchReader((search): FindingSearch => ({
  company: idValue(search.company),
  turbine: idValue(search.turbine),
  year: yearValue(search.year),
  blade: oneOf(search.blade, BLADES),
  surface: oneOf(search.surface, FINDING_SURFACES),
  type: oneOf(search.type, FINDING_TYPES),
  severity: wholeNumber(search.severity, 1, 5) as FindingSeverity | undefined,
  status: oneOf(search.status, FINDING_STATUSES),
  stage: oneOf(search.stage, FINDING_STAGES),
  sort: oneOf(search.sort, FINDING_SORTS),
}));
export interface FindingSearch {
  company?: number;
  turbine?: number;
  year?: number;
  blade?: Blade;
  surface?: FindingSurface;
  type?: FindingType;
  /** This severity or worse. */
  severity?: FindingSeverity;
  status?: FindingStatus;
  stage?: FindingStage;
  /** The list's order; none is the API's default (newest first). Not a filter: clearing the filters keeps it. */
  sort?: FindingSort;
}

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
