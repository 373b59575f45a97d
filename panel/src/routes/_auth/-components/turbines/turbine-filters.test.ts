import { type Turbine } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import {
  assetValuesOf,
  cityLabel,
  citiesOf,
  filterTurbines,
  hasFilters,
  mapViewOf,
  mapViewParam,
  turbineSearchSchema,
  turbineYear,
  yearsOf,
} from './turbine-filters';

function turbine(overrides: Partial<Turbine>): Turbine {
  return {
    id: 1,
    turbine_name: null,
    name: 'İzmir Türbini',
    code: 'WT-01',
    city: 'izmir',
    location: 'Aliağa',
    site_name: null,
    coordinates: null,
    rooms: 3,
    status: 'active',
    company_id: 10,
    company_name: 'Acme',
    photo_count: 0,
    media_count: 0,
    worst_open_severity: null,
    open_repairs: 0,
    overdue_repairs: 0,
    manufacturer: null,
    model: null,
    rated_power_kw: null,
    hub_height_m: null,
    rotor_diameter_m: null,
    blade_length_m: null,
    commissioned_year: null,
    latitude: null,
    longitude: null,
    created_at: '2024-03-01T10:00:00Z',
    updated_at: '2025-06-01T10:00:00Z',
    ...overrides,
  };
}

const list = [
  turbine({ id: 1 }),
  turbine({
    id: 2,
    city: 'çanakkale',
    code: 'GB-7',
    location: 'Gelibolu',
    turbine_name: 'Boğaz',
    name: 'Boğaz',
    company_id: 11,
    manufacturer: 'Vestas',
    model: 'V90-3.0 MW',
  }),
  turbine({
    id: 3,
    city: 'balıkesir',
    code: 'BND-3',
    location: 'Bandırma',
    name: 'Balıkesir Türbini',
    updated_at: '',
    created_at: '2023-01-05T00:00:00Z',
    manufacturer: 'Enercon',
    model: 'E-82 E2',
  }),
];

describe('turbine filters', () => {
  it('takes the year from updated_at, else created_at', () => {
    expect(turbineYear(list[0]!)).toBe(2025);
    expect(turbineYear(list[2]!)).toBe(2023);
    expect(yearsOf(list)).toEqual([2025, 2023]);
  });

  it('lists cities in Turkish order and capitalises them the Turkish way', () => {
    expect(citiesOf(list)).toEqual(['balıkesir', 'çanakkale', 'izmir']);
    expect(cityLabel('izmir')).toBe('İzmir');
    expect(cityLabel('ığdır')).toBe('Iğdır');
  });

  it('matches search text in code, city, location and name without regard to Turkish case', () => {
    expect(filterTurbines(list, { q: 'İZMİR' }).map((t) => t.id)).toEqual([1]);
    expect(filterTurbines(list, { q: 'gb-' }).map((t) => t.id)).toEqual([2]);
    expect(filterTurbines(list, { q: 'BANDIRMA' }).map((t) => t.id)).toEqual([3]);
    expect(filterTurbines(list, { q: 'boğaz' }).map((t) => t.id)).toEqual([2]);
    expect(filterTurbines(list, { q: '  ' }).map((t) => t.id)).toEqual([1, 2, 3]);
  });

  it('combines city, year and company', () => {
    expect(filterTurbines(list, { city: 'izmir', year: 2025 }).map((t) => t.id)).toEqual([1]);
    expect(filterTurbines(list, { year: 2023 }).map((t) => t.id)).toEqual([3]);
    expect(filterTurbines(list, { company: 11 }).map((t) => t.id)).toEqual([2]);
    expect(filterTurbines(list, { city: 'izmir', company: 11 })).toEqual([]);
  });

  it('filters by manufacturer and model, offering the values the list has', () => {
    expect(assetValuesOf(list, 'manufacturer')).toEqual(['Enercon', 'Vestas']);
    expect(assetValuesOf(list, 'model')).toEqual(['E-82 E2', 'V90-3.0 MW']);
    expect(filterTurbines(list, { manufacturer: 'Vestas' }).map((t) => t.id)).toEqual([2]);
    expect(filterTurbines(list, { model: 'E-82 E2' }).map((t) => t.id)).toEqual([3]);
    expect(filterTurbines(list, { manufacturer: 'Vestas', model: 'E-82 E2' })).toEqual([]);
    expect(hasFilters({ model: 'E-82 E2' })).toBe(true);
  });

  it("keeps the map's place in the URL and reads it back", () => {
    const view = { zoom: 7.25, latitude: 39.123456, longitude: 27.5 };
    const at = mapViewParam(view);
    expect(at).toBe('7.25/39.12346/27.50000');
    expect(turbineSearchSchema.parse({ view: 'map', at })).toEqual({ view: 'map', at });
    expect(mapViewOf(at)).toEqual({ zoom: 7.25, latitude: 39.12346, longitude: 27.5 });
    expect(turbineSearchSchema.parse({ at: 'somewhere' })).toEqual({});
    expect(mapViewOf('3/95/10')).toBeNull();
    expect(mapViewOf(undefined)).toBeNull();
  });

  it('reads the URL leniently: bad values are dropped, numbers parsed', () => {
    expect(turbineSearchSchema.parse({ view: 'list', year: '2025', company: '7', q: 'x' })).toEqual({
      view: 'list',
      year: 2025,
      company: 7,
      q: 'x',
    });
    expect(turbineSearchSchema.parse({ view: 'table', year: 'soon', company: '-1', city: '' })).toEqual({});
    expect(hasFilters({ view: 'list' })).toBe(false);
    expect(hasFilters({ q: ' a ' })).toBe(true);
  });
});
