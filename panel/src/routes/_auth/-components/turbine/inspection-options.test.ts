import { translator } from '@kanat360/i18n';
import { describe, expect, it } from 'vitest';
import { roomLabel, roomOptions, yearOptions } from './inspection-options';

describe('the pickers of the blade and category sections (spec §2, §9)', () => {
  it('offers the current year and the ten before it', () => {
    expect(yearOptions(new Date('2026-11-23'))).toEqual([
      2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016,
    ]);
  });

  it('offers 25 rooms, the first nine with their position labels', () => {
    expect(roomOptions()).toHaveLength(25);
    const tr = translator('tr');
    const en = translator('en');
    expect(
      roomOptions()
        .slice(0, 10)
        .map((room) => roomLabel(room, tr)),
    ).toEqual([
      '1 Root-WW',
      '2 Mid-WW',
      '3 Tip-WW',
      '4 Root-SW',
      '5 Mid-SW',
      '6 Tip-SW',
      '7 Root-LW',
      '8 Mid-LW',
      '9 Tip-LW',
      'Oda 10',
    ]);
    expect(roomLabel(25, en)).toBe('Room 25');
  });
});
