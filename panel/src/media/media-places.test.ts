import { type MediaPlaceCount } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import { countAt, withCount } from './media-places';

const places: MediaPlaceCount[] = [
  { year: 2025, category: 'blade', blade: 'A', room: 3, count: 12 },
  { year: 2025, category: 'blade', blade: 'B', room: 3, count: 4 },
  { year: 2024, category: 'blade', blade: 'A', room: 3, count: 7 },
  { year: 2025, category: 'drone', blade: 'A', room: 1, count: 30 },
];

describe('where the media are', () => {
  it('counts the places a filter names, every value of a field left out', () => {
    expect(countAt(places, { year: 2025, category: 'blade', blade: 'A', room: 3 })).toBe(12);
    expect(countAt(places, { year: 2025, category: 'blade' })).toBe(16);
    expect(countAt(places, { category: 'blade', blade: 'A' })).toBe(19);
    expect(countAt(places, { category: 'drone' })).toBe(30);
    expect(countAt(places, { year: 2023 })).toBe(0);
    expect(countAt(undefined, { year: 2025 })).toBe(0);
  });

  it('puts the count beside a picker’s label, in the language’s digits, and leaves an empty place as it is', () => {
    expect(withCount('3 Tip-WW', 12, 'tr-TR')).toBe('3 Tip-WW (12)');
    expect(withCount('2025', 12_400, 'tr-TR')).toBe('2025 (12.400)');
    expect(withCount('Oda 10', 0, 'en-GB')).toBe('Oda 10');
  });
});
