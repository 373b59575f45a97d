import { describe, expect, it } from 'vitest';
import { lightboxListOf, photoSearchSchema, roomListParam } from './photo-search';

describe("the turbine screen's URL", () => {
  it('names the photo open in the lightbox, and drops what does not parse', () => {
    expect(photoSearchSchema.parse({ media: '42', room: 'A-3-2025', year: '2024' })).toMatchObject({
      media: 42,
      room: 'A-3-2025',
      year: 2024,
    });
    expect(photoSearchSchema.parse({ media: 'x', room: 'D-3-2025' })).toMatchObject({
      media: undefined,
      room: undefined,
    });
  });

  it('steps the lightbox through the blade room the photo was opened from', () => {
    const search = photoSearchSchema.parse({ media: '42', room: roomListParam('B', 7, 2025), year: '2024' });
    expect(lightboxListOf(search)).toEqual({ category: 'blade', blade: 'B', room: 7, year: 2025 });
  });

  it('else through the all-photos list as filtered', () => {
    const search = photoSearchSchema.parse({ media: '42', year: '2024', type: 'drone', q: ' tip ' });
    expect(lightboxListOf(search)).toEqual({ year: 2024, category: 'drone', q: 'tip' });
  });
});
