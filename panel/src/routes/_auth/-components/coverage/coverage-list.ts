import { type FleetCoverageItem } from '@kanat360/contracts';
import { oneOf, searchReader, yearValue } from '@/search/url-values';

export const COVERAGE_SORTS = ['share', 'name', 'company', 'missing'] as const;
export type CoverageSort = (typeof COVERAGE_SORTS)[number];

/** The coverage list's choices in the URL: the campaign year and the order (a value that does not parse dropped). */
export const coverageSearchSchema = searchReader((search): CoverageSearch => ({
  year: yearValue(search.year),
  sort: oneOf(search.sort, COVERAGE_SORTS),
  desc: search.desc === true ? true : undefined,
}));
export interface CoverageSearch {
  year?: number;
  sort?: CoverageSort;
  desc?: boolean;
}

/** How many slots a turbine still lacks. */
export const missingCount = (item: FleetCoverageItem) => item.expected_slots - item.covered_slots;

/** The list in the chosen order (least covered first by default), names compared the Turkish way. */
export function sortCoverage<T extends FleetCoverageItem & { title: string }>(
  items: readonly T[],
  sort: CoverageSort = 'share',
  desc = false,
): T[] {
  const compare: Record<CoverageSort, (a: T, b: T) => number> = {
    share: (a, b) => a.share - b.share,
    name: (a, b) => a.title.localeCompare(b.title, 'tr'),
    company: (a, b) => a.company_name.localeCompare(b.company_name, 'tr'),
    missing: (a, b) => missingCount(a) - missingCount(b),
  };
  const sorted = [...items].sort((a, b) => compare[sort](a, b) || a.title.localeCompare(b.title, 'tr'));
  return desc ? sorted.reverse() : sorted;
}

/** What a turbine lacks, shortly: "A3, B1, B2 · drone: C". */
export function missingText(item: FleetCoverageItem, droneWord: string): string {
  const rooms = item.missing_rooms.map(({ blade, room }) => `${blade}${room}`).join(', ');
  const drone = item.missing_drone.length > 0 ? `${droneWord}: ${item.missing_drone.join(', ')}` : '';
  return [rooms, drone].filter(Boolean).join(' · ');
}

/** A CSV cell: quoted, and a leading =, +, - or @ defused (OWASP CSV injection) so a spreadsheet shows it as text. */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The list as CSV for a spreadsheet: a BOM so Excel reads UTF-8, CRLF lines. */
export function coverageCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
