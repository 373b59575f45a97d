import { type Turbine } from '@kanat360/contracts';
import { matchesSearch } from '@/search/text-search';
import { idValue, oneOf, searchReader, searchText, wholeNumber } from '@/search/url-values';

export const TURBINE_VIEWS = ['grid', 'list', 'map'] as const;
export type TurbineView = (typeof TURBINE_VIEWS)[number];

/**
 * The turbine list's filters, kept in the URL (STYLE 9) so a filtered view survives reload and can be shared.
 * A value that does not parse is dropped rather than failing the page.
 */
/** A text filter's value: trimmed, dropped when blank. */
const textValue = (value: unknown) => (typeof value === 'string' && value.trim()) || undefined;

/** The map's view as `zoom/latitude/longitude` (MapLibre's hash order), so a shared link opens the same place. */
const MAP_VIEW = /^\d{1,2}(\.\d+)?\/-?\d{1,2}(\.\d+)?\/-?\d{1,3}(\.\d+)?$/;

export const turbineSearchSchema = searchReader((search): TurbineSearch => ({
  view: oneOf(search.view, TURBINE_VIEWS),
  city: textValue(search.city),
  year: wholeNumber(search.year, 1900, 9999),
  q: searchText(search.q),
  company: idValue(search.company),
  manufacturer: textValue(search.manufacturer),
  model: textValue(search.model),
  at: typeof search.at === 'string' && MAP_VIEW.test(search.at) ? search.at : undefined,
}));
export interface TurbineSearch {
  view?: TurbineView;
  city?: string;
  year?: number;
  q?: string;
  company?: number;
  manufacturer?: string;
  model?: string;
  at?: string;
}

/** Spec §2: a turbine's year is that of its last update, else of its creation. */
export function turbineYear(turbine: Pick<Turbine, 'updated_at' | 'created_at'>): number | null {
  const date = new Date(turbine.updated_at || turbine.created_at);
  return Number.isNaN(date.getTime()) ? null : date.getFullYear();
}

/** Cities are stored lowercased (spec §5); shown with a capital first letter, the Turkish way. */
export function cityLabel(city: string): string {
  return city.charAt(0).toLocaleUpperCase('tr-TR') + city.slice(1);
}

/** The distinct cities of the list, in Turkish alphabetical order. */
export function citiesOf(turbines: readonly Turbine[]): string[] {
  return [...new Set(turbines.map((turbine) => turbine.city))].sort((a, b) => a.localeCompare(b, 'tr'));
}

/** The distinct years of the list, newest first. */
export function yearsOf(turbines: readonly Turbine[]): number[] {
  const years = turbines.map(turbineYear).filter((year): year is number => year !== null);
  return [...new Set(years)].sort((a, b) => b - a);
}

/** The distinct values of a model-data field in the list (blank left out), in Turkish alphabetical order. */
export function assetValuesOf(turbines: readonly Turbine[], field: 'manufacturer' | 'model'): string[] {
  const values = turbines.flatMap((turbine) => (turbine[field] ? [turbine[field]] : []));
  return [...new Set(values)].sort((a, b) => a.localeCompare(b, 'tr'));
}

/** The map's view in the URL (`at`), read back: null when there is none. */
export function mapViewOf(at: string | undefined): { zoom: number; latitude: number; longitude: number } | null {
  if (!at) return null;
  const [zoom, latitude, longitude] = at.split('/').map(Number) as [number, number, number];
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { zoom, latitude, longitude } : null;
}

/** The map's view as the URL keeps it: enough decimals for a few metres, no more. */
export function mapViewParam(view: { zoom: number; latitude: number; longitude: number }): string {
  return `${view.zoom.toFixed(2)}/${view.latitude.toFixed(5)}/${view.longitude.toFixed(5)}`;
}

/** Search text matches code, city, location or turbine name (spec §2; the display name too). */
function matchesText(turbine: Turbine, query: string): boolean {
  return matchesSearch([turbine.code, turbine.city, turbine.location, turbine.turbine_name, turbine.name], query);
}

export function filterTurbines(turbines: readonly Turbine[], search: TurbineSearch): Turbine[] {
  return turbines.filter(
    (turbine) =>
      (search.city === undefined || turbine.city === search.city) &&
      (search.year === undefined || turbineYear(turbine) === search.year) &&
      (search.company === undefined || turbine.company_id === search.company) &&
      (search.manufacturer === undefined || turbine.manufacturer === search.manufacturer) &&
      (search.model === undefined || turbine.model === search.model) &&
      matchesText(turbine, search.q ?? ''),
  );
}

/** Every filter off (the view and the map's place stay as they are). */
export const NO_FILTERS = {
  city: undefined,
  year: undefined,
  q: undefined,
  company: undefined,
  manufacturer: undefined,
  model: undefined,
} as const;

/** Whether any filter narrows the list (the view is not a filter). */
export function hasFilters(search: TurbineSearch): boolean {
  return Boolean(
    search.city || search.year || search.company || search.manufacturer || search.model || search.q?.trim(),
  );
}
