import { describe, expect, it } from 'vitest';
import { nextSlide } from './next-slide';

describe('nextSlide', () => {
  it('goes round in turn when sequential', () => {
    expect([0, 1, 2].map((current) => nextSlide(current, 3, 'sequential'))).toEqual([1, 2, 0]);
  });

  it('never picks the current picture at random, whatever the generator says', () => {
    for (const value of [0, 0.2, 0.49, 0.5, 0.75, 0.999999, 1]) {
      for (const current of [0, 1, 2]) {
        const next = nextSlide(current, 3, 'random', () => value);
        expect(next).not.toBe(current);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(3);
      }
    }
  });

  it('reaches every other picture at random', () => {
    const reached = new Set([0, 0.3, 0.6, 0.9].map((value) => nextSlide(0, 4, 'random', () => value)));
    expect([...reached].sort()).toEqual([1, 2, 3]);
  });

  it('stays put with a single picture', () => {
    expect(nextSlide(0, 1, 'random')).toBe(0);
    expect(nextSlide(0, 1, 'sequential')).toBe(0);
  });
});
