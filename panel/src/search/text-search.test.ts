import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch } from './text-search';
import { searchText } from './url-values';

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
    expect(searchText('ege')).toBe('ege');
    expect(searchText(2018)).toBe('2018');
    expect(searchText({ nested: true })).toBeUndefined();
    expect(searchText('x'.repeat(201))).toBeUndefined();
  });
});
