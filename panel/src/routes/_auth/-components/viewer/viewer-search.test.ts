import { type MediaPlaceCount } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import { categorySearchSchema, defaultViewerYear, panoramaSearchSchema, viewerRooms } from './viewer-search';

const place = (year: number, category: MediaPlaceCount['category'], room = 1): MediaPlaceCount => ({
  year,
  category,
  blade: category === 'blade' ? 'A' : null,
  room,
  count: 3,
});
const now = new Date('2026-06-01T12:00:00Z');

describe('viewer year (spec §9)', () => {
  it('is the current year when it has photos of the kind, or no year has any', () => {
    expect(defaultViewerYear([place(2026, 'drone'), place(2024, 'drone')], 'drone', now)).toBe(2026);
    expect(defaultViewerYear([], 'drone', now)).toBe(2026);
  });
  it('is otherwise the latest year with photos of that kind', () => {
    expect(defaultViewerYear([place(2023, 'drone'), place(2025, 'drone'), place(2026, 'robot')], 'drone', now)).toBe(
      2025,
    );
  });
});

describe('viewer rooms (spec §9)', () => {
  it('run from 1 to the turbine room count, further when a room beyond it holds photos', () => {
    expect(viewerRooms(3, [])).toEqual([1, 2, 3]);
    expect(viewerRooms(3, [place(2026, 'blade', 7), place(2026, 'drone', 12)])).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('viewer search params', () => {
  it('drop what does not parse instead of failing the page', () => {
    expect(panoramaSearchSchema.parse({ blade: 'D', room: 'x', year: '2025', media: '12' })).toEqual({
      blade: undefined,
      room: undefined,
      year: 2025,
      media: 12,
    });
    expect(categorySearchSchema.parse({ blade: 'B', media: '-1' })).toEqual({
      blade: 'B',
      media: undefined,
      year: undefined,
    });
  });
});
