import { describe, expect, it } from 'vitest';
import {
  countAtLeast,
  type FindingSearch,
  findingFiltersOf,
  findingSearchSchema,
  hasFindingFilters,
  NO_FINDING_FILTERS,
  withoutSeverity,
} from './finding-search';

const superadmin = { seesEveryCompany: true, readsDrafts: true };
const customer = { seesEveryCompany: false, readsDrafts: false };

describe('findingSearchSchema', () => {
  it('keeps every filter of a well-formed URL, numbers as numbers', () => {
    expect(
      findingSearchSchema.parse({
        company: '3',
        turbine: 12,
        year: '2025',
        blade: 'B',
        surface: 'leading_edge',
        type: 'crack',
        severity: '4',
        status: 'repair_planned',
        stage: 'draft',
        sort: 'severity_desc',
      }),
    ).toEqual({
      company: 3,
      turbine: 12,
      year: 2025,
      blade: 'B',
      surface: 'leading_edge',
      type: 'crack',
      severity: 4,
      status: 'repair_planned',
      stage: 'draft',
      sort: 'severity_desc',
    });
    expect(findingSearchSchema.parse({})).toEqual({});
  });

  it('drops a malformed value instead of failing the page, keeping the others', () => {
    expect(
      findingSearchSchema.parse({
        company: 'acme',
        turbine: -1,
        year: 1999,
        blade: 'D',
        surface: 'hub',
        type: 'rust',
        severity: 6,
        status: 'open',
        stage: 'final',
        sort: 'worst_first',
      }),
    ).toEqual({ ...NO_FINDING_FILTERS, sort: undefined });
    expect(findingSearchSchema.parse({ severity: 0, type: 'erosion' })).toEqual({
      severity: undefined,
      type: 'erosion',
    });
    expect(findingSearchSchema.parse({ severity: 2.5, year: '20x5', turbine: '' }).severity).toBeUndefined();
    expect(findingSearchSchema.parse({ turbine: 99999999999 }).turbine).toBeUndefined();
  });
});

describe('findingFiltersOf', () => {
  it('names the filters as the API does, leaving unset ones out', () => {
    expect(
      findingFiltersOf({ company: 3, turbine: 12, year: 2024, severity: 3, stage: 'released', blade: 'A' }, superadmin),
    ).toEqual({ company_id: 3, turbine_id: 12, year: 2024, severity_min: 3, stage: 'released', blade: 'A' });
    expect(findingFiltersOf({}, superadmin)).toEqual({});
  });

  it('takes the order for no filter: it is asked for apart, and clearing the filters keeps it', () => {
    expect(findingFiltersOf({ sort: 'turbine_asc' }, superadmin)).toEqual({});
    expect(hasFindingFilters({ sort: 'turbine_asc' }, superadmin)).toBe(false);
    const search: FindingSearch = { sort: 'turbine_asc', type: 'crack' };
    expect({ ...search, ...NO_FINDING_FILTERS }).toEqual({ ...NO_FINDING_FILTERS, sort: 'turbine_asc' });
  });

  it('leaves out the company for who sees one company, and the stage for a customer', () => {
    const search = { company: 3, stage: 'draft' as const, status: 'new' as const };
    expect(findingFiltersOf(search, customer)).toEqual({ status: 'new' });
    expect(findingFiltersOf(search, { seesEveryCompany: false, readsDrafts: true })).toEqual({
      stage: 'draft',
      status: 'new',
    });
    expect(hasFindingFilters({ company: 3, stage: 'draft' }, customer)).toBe(false);
    expect(hasFindingFilters({ company: 3 }, superadmin)).toBe(true);
  });

  it('asks for the counts without the severity, so every chip keeps its count', () => {
    expect(withoutSeverity({ severity_min: 4, type: 'crack' })).toEqual({ type: 'crack' });
  });
});

describe('countAtLeast', () => {
  const summary = { total: 15, by_severity: { 1: 5, 2: 4, 3: 3, 4: 2, 5: 1 } };
  it('adds the counts of the severity and the worse ones', () => {
    expect(countAtLeast(summary, undefined)).toBe(15);
    expect(countAtLeast(summary, 1)).toBe(15);
    expect(countAtLeast(summary, 3)).toBe(6);
    expect(countAtLeast(summary, 5)).toBe(1);
  });
});
