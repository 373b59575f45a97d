import { describe, expect, it } from 'vitest';
import { filterUsers, fullName, matchesUserSearch, userSearchParams } from './user-search';

const selin = { first_name: 'Selin', last_name: 'Yıldız', email: 'superadmin@demo.kanat360.local' };
const ismail = { first_name: 'İsmail', last_name: 'Işık', email: 'ismail@example.com' };
const can = { first_name: 'Can', last_name: 'Öztürk', email: 'operator2@demo.kanat360.local' };

describe('matchesUserSearch', () => {
  it('matches the full name or the email, ignoring case', () => {
    expect(matchesUserSearch(selin, 'selin')).toBe(true);
    expect(matchesUserSearch(selin, 'SELİN YILDIZ')).toBe(true);
    expect(matchesUserSearch(selin, 'SUPERADMİN@demo')).toBe(true);
    // "I" lowercases to the dotless "ı" in Turkish; an English keyboard's capitals still find the address.
    expect(matchesUserSearch(selin, 'SUPERADMIN@')).toBe(true);
    expect(matchesUserSearch(can, 'operator2')).toBe(true);
    expect(matchesUserSearch(can, 'öztürk')).toBe(true);
    expect(matchesUserSearch(can, 'selin')).toBe(false);
  });

  it('lowercases the Turkish way on both sides', () => {
    expect(matchesUserSearch(ismail, 'ismail')).toBe(true);
    expect(matchesUserSearch(ismail, 'IŞIK')).toBe(true);
    expect(matchesUserSearch(ismail, 'ışık')).toBe(true);
    expect(matchesUserSearch(ismail, 'İSMAİL')).toBe(true);
    expect(matchesUserSearch(selin, 'YILDIZ')).toBe(true);
    expect(matchesUserSearch(can, 'ÖZTÜRK')).toBe(true);
  });

  it('treats a blank query as matching everyone and collapses spaces', () => {
    expect(matchesUserSearch(selin, '')).toBe(true);
    expect(matchesUserSearch(selin, '   ')).toBe(true);
    expect(matchesUserSearch(selin, '  selin   yıldız ')).toBe(true);
  });
});

describe('filterUsers', () => {
  it('keeps the matching users in their order', () => {
    expect(filterUsers([selin, ismail, can], 'demo')).toEqual([selin, can]);
    expect(filterUsers([selin, ismail, can], 'nobody')).toEqual([]);
  });
});

describe('fullName', () => {
  it('joins first and last name', () => {
    expect(fullName(can)).toBe('Can Öztürk');
    expect(fullName({ first_name: 'Tek', last_name: '' })).toBe('Tek');
  });
});

describe('userSearchParams', () => {
  it('keeps q and drops a malformed one', () => {
    expect(userSearchParams.parse({ q: 'selin' })).toEqual({ q: 'selin' });
    expect(userSearchParams.parse({})).toEqual({});
    expect(userSearchParams.parse({ q: 42 })).toEqual({ q: '42' });
    expect(userSearchParams.parse({ q: ['a'] })).toEqual({ q: undefined });
  });
});
