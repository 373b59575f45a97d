import { describe, expect, it } from 'vitest';
import { isValidFileName, mediaKindOfName, ROOM_LABELS, roomsNamedBy } from './media.js';

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

describe('the kind a file name says', () => {
  it('knows photos, videos and point clouds by extension, in any case', () => {
    expect(mediaKindOfName('IMG_1.JPG')).toBe('photo');
    expect(mediaKindOfName('a.tiff')).toBe('photo');
    expect(mediaKindOfName('flight.MOV')).toBe('video');
    expect(mediaKindOfName('scan.pcd')).toBe('pointcloud');
    expect(mediaKindOfName('report.pdf')).toBeNull();
    expect(mediaKindOfName('jpg')).toBeNull();
  });
});
