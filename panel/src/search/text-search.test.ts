import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch, searchTextParam } from './text-search';

describe('text search', () => {
  it('folds Turkish capitals and the dotless i, and runs of spaces', () => {
    expect(foldForSearch('  İZMİR   Rüzgar ')).toBe('izmir rüzgar');
    expect(foldForSearch('IŞIK')).toBe('işik');
    expect(foldForSearch('ADMIN')).toBe('admin');
  });

  it('finds the query in any field, skipping empty ones; a blank query matches', () => {
    expect(matchesSearch(['Anadolu Rüzgar', null, 'info@anadolu.example'], 'RÜZGAR')).toBe(true);
    expect(matchesSearch(['Ege', undefined], 'anadolu')).toBe(false);
    expect(matchesSearch([], '   ')).toBe(true);
  });

  it('reads q from the URL leniently', () => {
    expect(searchTextParam.parse('ege')).toBe('ege');
    expect(searchTextParam.parse(2018)).toBe('2018');
    expect(searchTextParam.parse({ nested: true })).toBeUndefined();
    expect(searchTextParam.parse('x'.repeat(201))).toBeUndefined();
  });
});
