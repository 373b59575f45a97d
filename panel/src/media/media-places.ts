import { type MediaPlaceCount } from '@kanat360/contracts';

/** Which places to count: any field left out counts every value of it. */
export type PlaceFilter = Partial<Pick<MediaPlaceCount, 'year' | 'category' | 'blade' | 'room'>>;

/** How many media the places matching `filter` hold together (0 while the summary has not come). */
export function countAt(places: readonly MediaPlaceCount[] | undefined, filter: PlaceFilter): number {
  let count = 0;
  for (const place of places ?? []) {
    if (filter.year !== undefined && place.year !== filter.year) continue;
    if (filter.category !== undefined && place.category !== filter.category) continue;
    if (filter.blade !== undefined && place.blade !== filter.blade) continue;
    if (filter.room !== undefined && place.room !== filter.room) continue;
    count += place.count;
  }
  return count;
}

/** A picker's option with what it holds: "3 Tip-WW (12)"; an empty one as it is. */
export function withCount(label: string, count: number, locale: string): string {
  return count > 0 ? `${label} (${new Intl.NumberFormat(locale).format(count)})` : label;
}
