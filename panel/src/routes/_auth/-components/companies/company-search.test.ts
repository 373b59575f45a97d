import { type Company } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import { companiesSearchSchema, companyMatches, filterCompanies } from './company-search';

function company(overrides: Partial<Company>): Company {
  return {
    id: 1,
    name: 'Anadolu Rüzgar Enerji A.Ş.',
    contact_email: 'info@anadolu-ruzgar.example',
    authorized_number: 'Ayşe Demir',
    phone: '+90 312 555 01 01',
    address: 'Çankaya, Ankara',
    user_count: 5,
    turbine_count: 3,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const anadolu = company({});
const ege = company({
  id: 2,
  name: 'Ege Yenilenebilir Enerji Ltd.',
  contact_email: 'iletisim@ege.example',
  authorized_number: '42',
  phone: '+90 232 555 02 02',
  address: 'Bornova, İzmir',
});
const bare = company({
  id: 3,
  name: 'IŞIK Enerji',
  contact_email: null,
  authorized_number: null,
  phone: null,
  address: null,
});

describe('companyMatches', () => {
  it('finds the text in each searchable field, without regard to case', () => {
    expect(companyMatches(anadolu, 'ANADOLU')).toBe(true);
    expect(companyMatches(anadolu, 'info@ANADOLU')).toBe(true);
    expect(companyMatches(anadolu, '312 555')).toBe(true);
    expect(companyMatches(anadolu, 'ayşe')).toBe(true);
    expect(companyMatches(anadolu, 'çankaya')).toBe(true);
    expect(companyMatches(ege, '42')).toBe(true);
  });

  it('folds case the Turkish way: İ is i, I is ı', () => {
    expect(companyMatches(ege, 'izmir')).toBe(true);
    expect(companyMatches(ege, 'İZMİR')).toBe(true);
    expect(companyMatches(bare, 'ışık')).toBe(true);
    expect(companyMatches(bare, 'IŞIK')).toBe(true);
  });

  it('ignores surrounding spaces and matches everything for a blank text', () => {
    expect(companyMatches(ege, '  bornova ')).toBe(true);
    expect(companyMatches(bare, '   ')).toBe(true);
  });

  it('does not match text found nowhere, nor in fields the company lacks', () => {
    expect(companyMatches(anadolu, 'izmir')).toBe(false);
    expect(companyMatches(bare, '555')).toBe(false);
    // Fields that are not searched: counts and dates.
    expect(companyMatches(anadolu, '2026')).toBe(false);
  });
});

describe('filterCompanies', () => {
  const all = [anadolu, ege, bare];

  it('keeps the matching companies in their order', () => {
    expect(filterCompanies(all, 'enerji').map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(filterCompanies(all, '555 0').map((entry) => entry.id)).toEqual([1, 2]);
    expect(filterCompanies(all, 'nothing like this')).toEqual([]);
  });

  it('returns the list itself for a blank search', () => {
    expect(filterCompanies(all, '')).toBe(all);
    expect(filterCompanies(all, '  ')).toBe(all);
  });
});

describe('companiesSearchSchema', () => {
  it('keeps a text, takes a number as text and drops anything else', () => {
    expect(companiesSearchSchema.parse({ q: 'ege' })).toEqual({ q: 'ege' });
    expect(companiesSearchSchema.parse({ q: 2018 })).toEqual({ q: '2018' });
    expect(companiesSearchSchema.parse({ q: { x: 1 } })).toEqual({ q: undefined });
    expect(companiesSearchSchema.parse({})).toEqual({});
  });
});
