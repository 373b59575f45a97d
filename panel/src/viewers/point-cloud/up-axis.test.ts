import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { savedUpAxis, saveUpAxis, upright, uprightBounds, Y_UP_TURN_X } from './up-axis';

/** The browser's local storage, as far as the panel uses it (the unit tests run without a DOM). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    get length() {
      return items.size;
    },
  };
}

describe('the up axis of a point cloud', () => {
  beforeEach(() => vi.stubGlobal('window', { localStorage: memoryStorage() }));
  afterEach(() => vi.unstubAllGlobals());

  it('is z unless this file was set to y, remembered per file', () => {
    expect(savedUpAxis(7)).toBe('z');
    saveUpAxis(7, 'y');
    expect([savedUpAxis(7), savedUpAxis(8)]).toEqual(['y', 'z']);
    saveUpAxis(7, 'z');
    expect(savedUpAxis(7)).toBe('z');
    expect(window.localStorage.length).toBe(0);
  });

  it('stands a y-up cloud upright: its y becomes the scene’s height, as the turn about x does', () => {
    expect(upright([1, 2, 3], 'z')).toEqual([1, 2, 3]);
    expect(upright([1, 2, 3], 'y')).toEqual([1, -3, 2]);
    // The same as three.js's rotation of the points about x by +90°.
    const [y, z] = [
      2 * Math.cos(Y_UP_TURN_X) - 3 * Math.sin(Y_UP_TURN_X),
      2 * Math.sin(Y_UP_TURN_X) + 3 * Math.cos(Y_UP_TURN_X),
    ];
    expect(y).toBeCloseTo(-3, 12);
    expect(z).toBeCloseTo(2, 12);
    expect(uprightBounds([-1, 0, -5], [1, 10, 5], 'y')).toEqual({ min: [-1, -5, 0], max: [1, 5, 10] });
  });
});
