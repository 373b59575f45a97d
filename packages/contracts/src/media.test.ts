import { describe, expect, it } from 'vitest';
import { isValidFileName, ROOM_LABELS, roomsNamedBy } from './media.js';

describe('rooms a search names', () => {
  it('reads a number, "oda n" and "room n"', () => {
    expect(roomsNamedBy('12')).toEqual([12]);
    expect(roomsNamedBy(' Oda 5 ')).toEqual([5]);
    expect(roomsNamedBy('room14')).toEqual([14]);
  });

  it('reads (part of) a position label, without regard to case', () => {
    expect(roomsNamedBy('root-ww')).toEqual([1]);
    expect(roomsNamedBy('TIP')).toEqual([3, 6, 9]);
    expect(roomsNamedBy('-lw')).toEqual([7, 8, 9]);
    expect(Object.keys(ROOM_LABELS)).toHaveLength(9);
  });

  it('names no room for other text', () => {
    expect(roomsNamedBy('')).toEqual([]);
    expect(roomsNamedBy('IMG_0001')).toEqual([]);
    expect(roomsNamedBy('oda')).toEqual([]);
  });
});

describe('file names (spec §5)', () => {
  it('take ASCII letters, digits, _ - . only', () => {
    expect(isValidFileName('IMG_0001-a.JPG')).toBe(true);
    for (const name of ['bad name.jpg', 'şekil.jpg', 'a(1).jpg', '', '.', '..'])
      expect(isValidFileName(name)).toBe(false);
  });
});
