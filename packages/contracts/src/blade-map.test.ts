import { describe, expect, it } from 'vitest';
import { alongBlade, bladeScale, DEFAULT_BLADE_LENGTH_M, furthestReachM } from './blade-map.js';

const finding = (distance_from_root_m: number, extent_m: number | null = null) => ({ distance_from_root_m, extent_m });

describe('the blade map scale', () => {
  it('runs to a usual blade when the length is unknown and every finding lies within one', () => {
    expect(bladeScale(furthestReachM([]))).toEqual({ lengthM: DEFAULT_BLADE_LENGTH_M, basis: 'findings' });
    expect(bladeScale(furthestReachM([finding(41.5)]))).toEqual({ lengthM: 80, basis: 'findings' });
  });

  it('reaches past the furthest finding and its extent, to a round ten metres', () => {
    expect(bladeScale(furthestReachM([finding(83.2)])).lengthM).toBe(90);
    expect(bladeScale(furthestReachM([finding(10), finding(79, 2)])).lengthM).toBe(90);
    expect(bladeScale(furthestReachM([finding(100)])).lengthM).toBe(100);
  });

  it('is the blade length when the turbine records one, whatever the findings', () => {
    expect(bladeScale(furthestReachM([finding(30)]), 62.5)).toEqual({ lengthM: 62.5, basis: 'blade' });
    expect(bladeScale(95, 62.5).lengthM).toBe(62.5);
    // Not recorded: null or undefined, and a length that cannot be one.
    expect(bladeScale(30, null).basis).toBe('findings');
    expect(bladeScale(30, 0).basis).toBe('findings');
  });

  it('places a finding along the blade by its distance against the scale, the tip at most', () => {
    const scale = bladeScale(0);
    expect(alongBlade(0, scale)).toBe(0);
    expect(alongBlade(40, scale)).toBe(0.5);
    expect(alongBlade(120, scale)).toBe(1);
    expect(alongBlade(31.25, bladeScale(0, 62.5))).toBe(0.5);
  });
});
