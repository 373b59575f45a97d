import { describe, expect, it } from 'vitest';
import { cameraFilterValue, cameraName, isValidFileName, mediaKindOfName, ROOM_LABELS, roomsNamedBy } from './media.js';
import { photoListQuery } from './schemas/media.js';

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

describe('cameras', () => {
  it('are named by make and model, the make once when the model repeats it', () => {
    expect(cameraName({ make: 'SONY', model: 'DSC-HX5V' })).toBe('SONY DSC-HX5V');
    expect(cameraName({ make: 'Canon', model: 'Canon EOS 40D' })).toBe('Canon EOS 40D');
    expect(cameraName({ make: 'NIKON CORPORATION', model: 'NIKON D70' })).toBe('NIKON D70');
    expect(cameraName({ make: 'OLYMPUS IMAGING CORP.', model: 'u1020,S1020' })).toBe(
      'OLYMPUS IMAGING CORP. u1020,S1020',
    );
    expect(cameraName({ make: null, model: 'FC300X' })).toBe('FC300X');
    expect(cameraName({ make: 'DJI', model: null })).toBe('DJI');
  });

  it('are filtered by make|model, split at the first bar, and a value without one is refused', () => {
    const camera = (value: string) => photoListQuery.safeParse({ camera: value });
    expect(cameraFilterValue({ make: 'Olympus', model: 'FE230/X790' })).toBe('Olympus|FE230/X790');
    expect(camera('Olympus|FE230/X790').data?.camera).toEqual({ make: 'Olympus', model: 'FE230/X790' });
    expect(camera('|a|b').data?.camera).toEqual({ make: null, model: 'a|b' });
    expect(camera('GoPro|').data?.camera).toEqual({ make: 'GoPro', model: null });
    for (const bad of ['SONY', '|']) expect(camera(bad).error?.issues[0]?.message).toBe('CAMERA_INVALID');
  });
});
