import { describe, expect, it } from 'vitest';
import { idValue, oneOf, searchReader, searchText, wholeNumber, yearValue } from './url-values';

describe('address values', () => {
  it('read whole numbers in range, from digits or the number the router made of them', () => {
    expect(wholeNumber('12', 1, 20)).toBe(12);
    expect(wholeNumber(12, 1, 20)).toBe(12);
    expect(idValue('2147483647')).toBe(2_147_483_647);
    for (const bad of ['', ' ', '12abc', '2.5', 'x', true, null, {}, ['3'], 0, -4, 2_147_483_648]) {
      expect(idValue(bad), JSON.stringify(bad)).toBeUndefined();
    }
    expect(yearValue('1999')).toBeUndefined();
    expect(yearValue('2025')).toBe(2025);
  });

  it('take one of a list, a search text of at most 200 characters, and any search object', () => {
    expect(oneOf('B', ['A', 'B', 'C'])).toBe('B');
    expect(oneOf('D', ['A', 'B', 'C'])).toBeUndefined();
    expect(searchText(2018)).toBe('2018');
    expect(searchText('x'.repeat(200))).toHaveLength(200);
    expect(searchText('x'.repeat(201))).toBeUndefined();
    const reader = searchReader((search) => ({ q: searchText(search.q) }));
    expect(reader.parse({ q: 'ege', other: 1 })).toEqual({ q: 'ege' });
    expect(reader.parse(null)).toEqual({ q: undefined });
  });
});
