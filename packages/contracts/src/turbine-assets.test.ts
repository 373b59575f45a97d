import { describe, expect, it } from 'vitest';
import { expectedSlots } from './schemas/coverage.js';
import { importFieldOf, importStatus } from './schemas/turbine-import.js';
import { basemapOf, createTurbineBody, formatCoordinates, parseCoordinates, positionOf } from './schemas/turbines.js';

describe('a turbine position', () => {
  it('reads "lat,lng" text in the forms people write it, and nothing else', () => {
    expect(parseCoordinates('38.4237, 27.1428')).toEqual({ latitude: 38.4237, longitude: 27.1428 });
    expect(parseCoordinates('38.4237;27.1428')).toEqual({ latitude: 38.4237, longitude: 27.1428 });
    expect(parseCoordinates(' -33.9 151.2 ')).toEqual({ latitude: -33.9, longitude: 151.2 });
    for (const text of ['38°25′N 27°08′E', 'İzmir', '91,20', '38.4', '38,4237,27,1428']) {
      expect(parseCoordinates(text), text).toBeNull();
    }
    expect(formatCoordinates({ latitude: 38.12345678, longitude: 27 })).toBe('38.1234568,27');
  });

  it('comes from either form; none keeps, null clears', () => {
    expect(positionOf({})).toBeUndefined();
    expect(positionOf({ coordinates: null })).toBeNull();
    expect(positionOf({ latitude: null, longitude: null })).toBeNull();
    expect(positionOf({ coordinates: '40,27' })).toEqual({ latitude: 40, longitude: 27 });
    expect(positionOf({ latitude: 40, longitude: 27, coordinates: '40,27' })).toEqual({ latitude: 40, longitude: 27 });
  });

  it('is checked by the create schema: both forms agree, both halves together', () => {
    const base = { city: 'izmir', code: 'X', location: 'Y' };
    const issues = (body: object) => {
      const result = createTurbineBody.safeParse({ ...base, ...body });
      return result.success ? [] : result.error.issues.map((issue) => [issue.message, issue.path.join('.')]);
    };
    expect(issues({ latitude: '39,8', longitude: 26.04, coordinates: '39.8,26.04' })).toEqual([]);
    expect(issues({ latitude: 39.8, longitude: 26, coordinates: '39.8,26.04' })).toEqual([
      ['COORDINATES_MISMATCH', 'coordinates'],
    ]);
    expect(issues({ longitude: 26 })).toEqual([['POSITION_INCOMPLETE', 'latitude']]);
    expect(issues({ rotor_diameter_m: 90, blade_length_m: 50 })).toEqual([
      ['BLADE_LONGER_THAN_ROTOR', 'blade_length_m'],
    ]);
  });
});

describe('the import sheet', () => {
  it('knows each column by its Turkish or English header or field name, however written', () => {
    expect(importFieldOf('Kanat uzunluğu (m)')).toBe('blade_length_m');
    expect(importFieldOf('BLADE LENGTH M')).toBe('blade_length_m');
    expect(importFieldOf('blade_length_m')).toBe('blade_length_m');
    expect(importFieldOf('İşletmeye Alma Yılı')).toBe('commissioned_year');
    expect(importFieldOf('sehir')).toBe('city');
    expect(importFieldOf('colour')).toBeNull();
    expect(importStatus('Bakımda')).toBe('maintenance');
    expect(importStatus('ARIZALI')).toBe('faulty');
    expect(importStatus('broken')).toBe('broken');
  });
});

describe('coverage and the basemap', () => {
  it('expects a blade photo per room of each blade and a drone photo per blade', () => {
    expect(expectedSlots(1)).toBe(6);
    expect(expectedSlots(9)).toBe(30);
  });

  it('tells a PMTiles archive from a style document', () => {
    expect(basemapOf(null)).toEqual({ kind: 'embedded' });
    expect(basemapOf('https://t.example/style.json')).toEqual({ kind: 'style', url: 'https://t.example/style.json' });
    expect(basemapOf('https://t.example/tr.pmtiles')).toEqual({ kind: 'pmtiles', url: 'https://t.example/tr.pmtiles' });
    expect(basemapOf('pmtiles://https://t.example/x')).toEqual({ kind: 'pmtiles', url: 'https://t.example/x' });
  });
});
