import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { type Shape } from '@/viewers/drawing/shapes';
import { carryDrawingAtom, changeDrawingAtom, hasUnsavedDrawingAtom, unsavedDrawingsAtom } from './unsaved-drawings';

const dot = (x: number): Shape => ({ kind: 'pen', points: [{ x, y: 0 }], width: 5 });

describe("the viewer session's unsaved drawings", () => {
  it('are kept per photo, and an empty one is no drawing at all', () => {
    const store = createStore();
    store.set(changeDrawingAtom, 1, (shapes) => [...shapes, dot(1)]);
    store.set(changeDrawingAtom, 2, (shapes) => [...shapes, dot(2)]);
    store.set(changeDrawingAtom, 1, (shapes) => [...shapes, dot(3)]);
    expect(store.get(unsavedDrawingsAtom).get(1)).toEqual([dot(1), dot(3)]);
    expect(store.get(unsavedDrawingsAtom).get(2)).toEqual([dot(2)]);
    expect(store.get(hasUnsavedDrawingAtom)).toBe(true);
    store.set(changeDrawingAtom, 1, () => []);
    store.set(changeDrawingAtom, 2, (shapes) => shapes.slice(0, -1));
    expect([...store.get(unsavedDrawingsAtom).keys()]).toEqual([]);
    expect(store.get(hasUnsavedDrawingAtom)).toBe(false);
  });

  it('move to the version that replaced their photo (a restore), after what it already holds', () => {
    const store = createStore();
    store.set(changeDrawingAtom, 7, () => [dot(1)]);
    store.set(changeDrawingAtom, 8, () => [dot(2)]);
    store.set(carryDrawingAtom, 7, 8);
    expect(store.get(unsavedDrawingsAtom).has(7)).toBe(false);
    expect(store.get(unsavedDrawingsAtom).get(8)).toEqual([dot(2), dot(1)]);
    // Nothing to carry, or onto itself: nothing changes.
    store.set(carryDrawingAtom, 9, 8);
    store.set(carryDrawingAtom, 8, 8);
    expect(store.get(unsavedDrawingsAtom).get(8)).toEqual([dot(2), dot(1)]);
  });
});
