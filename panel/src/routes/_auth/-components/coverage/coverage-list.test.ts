import { type FleetCoverageItem } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import { coverageCsv, coverageSearchSchema, missingText, sortCoverage } from './coverage-list';

function item(overrides: Partial<FleetCoverageItem> & { title: string }): FleetCoverageItem & { title: string } {
  return {
    turbine_id: 1,
    turbine_name: null,
    code: 'T',
    city: 'izmir',
    company_id: 1,
    company_name: 'Anadolu',
    rooms: 2,
    expected_slots: 9,
    covered_slots: 9,
    share: 1,
    covered: true,
    missing_rooms: [],
    missing_drone: [],
    ...overrides,
  };
}

const list = [
  item({ turbine_id: 1, title: 'Çeşme', covered_slots: 3, share: 3 / 9, company_name: 'Ege' }),
  item({ turbine_id: 2, title: 'Aliağa', covered_slots: 9, share: 1 }),
  item({ turbine_id: 3, title: 'Bandırma', covered_slots: 6, share: 6 / 9 }),
];

describe('the coverage list', () => {
  it('puts the least covered first, and sorts by name, company or what is missing', () => {
    expect(sortCoverage(list).map((i) => i.turbine_id)).toEqual([1, 3, 2]);
    expect(sortCoverage(list, 'share', true).map((i) => i.turbine_id)).toEqual([2, 3, 1]);
    expect(sortCoverage(list, 'name').map((i) => i.title)).toEqual(['Aliağa', 'Bandırma', 'Çeşme']);
    expect(sortCoverage(list, 'company').map((i) => i.turbine_id)).toEqual([2, 3, 1]);
    expect(sortCoverage(list, 'missing', true).map((i) => i.turbine_id)).toEqual([1, 3, 2]);
  });

  it('says shortly what a turbine lacks', () => {
    const lacking = item({
      title: 'x',
      missing_rooms: [
        { blade: 'A', room: 3 },
        { blade: 'B', room: 1 },
      ],
      missing_drone: ['C'],
    });
    expect(missingText(lacking, 'drone')).toBe('A3, B1 · drone: C');
    expect(missingText(item({ title: 'y' }), 'drone')).toBe('');
  });

  it('writes CSV a spreadsheet opens as text: BOM, quotes, CRLF, formulas defused', () => {
    expect(
      coverageCsv(
        ['Ad', 'Kapsam'],
        [
          ['=HYPERLINK("x")', 0.5],
          ['Ali "Ağa"', '-3'],
        ],
      ),
    ).toBe('\uFEFF"Ad","Kapsam"\r\n"\'=HYPERLINK(""x"")","0.5"\r\n"Ali ""Ağa""","\'-3"\r\n');
  });

  it('reads its URL leniently', () => {
    expect(coverageSearchSchema.parse({ year: '2025', sort: 'name', desc: true })).toEqual({
      year: 2025,
      sort: 'name',
      desc: true,
    });
    expect(coverageSearchSchema.parse({ year: 'x', sort: 'colour', desc: 'yes' })).toEqual({});
  });
});
