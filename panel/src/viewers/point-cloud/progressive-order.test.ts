import { describe, expect, it } from 'vitest';
import { progressiveOrder, STRATA } from './progressive-order';

describe('progressiveOrder', () => {
  it('keeps every point and its colour, and each prefix of whole strata is an even spread', () => {
    const count = STRATA * 80;
    const positions = Float32Array.from({ length: count * 3 }, (_, index) => (index % 3 === 0 ? index / 3 : 0));
    const colours = Uint8Array.from({ length: count * 3 }, (_, index) => Math.floor(index / 3) % 251);
    const ordered = progressiveOrder(positions, colours, count);
    const xs = Array.from({ length: count }, (_, index) => ordered.positions[index * 3]!);
    expect([...xs].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, index) => index));
    xs.forEach((x, index) => expect(ordered.colours[index * 3]).toBe(x % 251));

    // The first stratum is every 128th point; the first two, every 64th; the first four, every 32nd.
    const stratum = Math.ceil(count / STRATA);
    const gaps = (prefix: number) => {
      const sorted = xs.slice(0, prefix).sort((a, b) => a - b);
      return new Set(sorted.slice(1).map((x, index) => x - sorted[index]!));
    };
    expect(gaps(stratum)).toEqual(new Set([STRATA]));
    expect(gaps(stratum * 2)).toEqual(new Set([STRATA / 2]));
    expect(gaps(stratum * 4)).toEqual(new Set([STRATA / 4]));
  });
});
