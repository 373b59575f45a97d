import { bladeScale, type Finding } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import {
  acrossAt,
  bladeMarks,
  bladeOutlinePath,
  chordAt,
  countsByBlade,
  edgesAt,
  findingYears,
  markLayer,
  markPosition,
  markRadius,
} from './blade-map';

type Mark = Pick<Finding, 'id' | 'blade' | 'surface' | 'severity' | 'distance_from_root_m' | 'extent_m' | 'year'>;

function mark(overrides: Partial<Mark>): Mark {
  return {
    id: 1,
    blade: 'A',
    surface: 'leading_edge',
    severity: 3,
    distance_from_root_m: 10,
    extent_m: null,
    year: 2026,
    ...overrides,
  };
}

describe('blade outline', () => {
  it('is widest at the shoulder and narrows to the tip, the root round', () => {
    expect(chordAt(0.22)).toBeCloseTo(1);
    expect(chordAt(0)).toBeLessThan(chordAt(0.22));
    expect(chordAt(1)).toBeLessThan(chordAt(0.5));
    expect(chordAt(0.5)).toBeLessThan(chordAt(0.22));
    expect(chordAt(1)).toBeGreaterThan(0);
  });

  it('keeps the leading edge above the trailing edge and both inside the box', () => {
    for (let along = 0; along <= 1; along += 0.05) {
      const { leading, trailing } = edgesAt(along);
      expect(leading).toBeGreaterThanOrEqual(0);
      expect(trailing).toBeLessThanOrEqual(1);
      expect(leading).toBeLessThan(trailing);
    }
  });

  it('is a closed path from root to tip and back', () => {
    const path = bladeOutlinePath(1000, 100, 4);
    expect(path.startsWith('M0.0,')).toBe(true);
    expect(path.endsWith('Z')).toBe(true);
    expect(path.split('L')).toHaveLength(10);
  });
});

describe('a mark on the blade', () => {
  it('lies along the blade by its distance from the root against the scale', () => {
    const scale = bladeScale(0);
    expect(markPosition(mark({ distance_from_root_m: 0 }), scale).along).toBe(0);
    expect(markPosition(mark({ distance_from_root_m: 40 }), scale).along).toBe(0.5);
    expect(markPosition(mark({ distance_from_root_m: 120 }), scale).along).toBe(1);
    expect(markPosition(mark({ distance_from_root_m: 40 }), bladeScale(0, 50)).along).toBe(0.8);
  });

  it('lies across the chord by its surface: leading edge, suction side, web, pressure side, trailing edge', () => {
    const across = (surface: Mark['surface']) =>
      markPosition(mark({ surface, distance_from_root_m: 30 }), bladeScale(0)).across;
    const order = ['leading_edge', 'suction_side', 'shear_web', 'pressure_side', 'trailing_edge'] as const;
    for (let i = 1; i < order.length; i += 1) expect(across(order[i]!)).toBeGreaterThan(across(order[i - 1]!));
    const { leading, trailing } = edgesAt(30 / 80);
    expect(across('leading_edge')).toBeGreaterThan(leading);
    expect(across('trailing_edge')).toBeLessThan(trailing);
    expect(across('root')).toBe(across('shear_web'));
    expect(across('tip')).toBeCloseTo(acrossAt(30 / 80, 0.5));
  });

  it('grows and sinks below milder marks with its severity', () => {
    expect(markRadius(5)).toBeGreaterThan(markRadius(4));
    expect(markRadius(2)).toBeGreaterThan(markRadius(1));
    expect(markLayer(1)).toBeGreaterThan(markLayer(5));
  });
});

describe('marks of a year', () => {
  const findings = [
    mark({ id: 1, blade: 'A', distance_from_root_m: 30, year: 2024 }),
    mark({ id: 2, blade: 'B', distance_from_root_m: 10, year: 2026 }),
    mark({ id: 3, blade: 'A', distance_from_root_m: 5, year: 2026 }),
    mark({ id: 4, blade: 'A', distance_from_root_m: 5, year: 2025 }),
  ];

  it('lists the years with findings, newest first', () => {
    expect(findingYears(findings)).toEqual([2026, 2025, 2024]);
  });

  it('walks each blade root to tip', () => {
    expect(bladeMarks(findings, 'A').map((f) => f.id)).toEqual([3, 4, 1]);
    expect(bladeMarks(findings, 'C')).toEqual([]);
  });

  it('counts each blade', () => {
    expect(countsByBlade(findings)).toEqual({ A: 3, B: 1, C: 0 });
  });
});
