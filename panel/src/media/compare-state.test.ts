import { type MediaItem } from '@kanat360/contracts';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { compareModeAtom, compareSelectionAtom, toggleCompareAtom } from './compare-state';

const item = (id: number) => ({ id }) as MediaItem;

describe('compare mode (spec §4, §5)', () => {
  it('takes two photos at most, unticks on a second tick, and forgets them when the mode is left', () => {
    const store = createStore();
    store.set(compareModeAtom, true);
    expect(store.set(toggleCompareAtom, item(1))).toBe(true);
    expect(store.set(toggleCompareAtom, item(2))).toBe(true);
    expect(store.set(toggleCompareAtom, item(3))).toBe(false);
    expect(store.get(compareSelectionAtom).map((chosen) => chosen.id)).toEqual([1, 2]);
    expect(store.set(toggleCompareAtom, item(1))).toBe(true);
    expect(store.get(compareSelectionAtom).map((chosen) => chosen.id)).toEqual([2]);
    store.set(compareModeAtom, false);
    expect(store.get(compareSelectionAtom)).toEqual([]);
  });
});
