import { LIMITS, type MediaItem } from '@kanat360/contracts';
import { atom } from 'jotai';

/** Compare mode of the all-photos list (spec §4): on or off; leaving it clears the selection. */
const compareModeBase = atom(false);
export const compareSelectionAtom = atom<MediaItem[]>([]);

export const compareModeAtom = atom(
  (get) => get(compareModeBase),
  (_get, set, on: boolean) => {
    set(compareModeBase, on);
    if (!on) set(compareSelectionAtom, []);
  },
);

/** Ticks or unticks a photo; answers false when a third would be ticked (at most two, spec §5). */
export const toggleCompareAtom = atom(null, (get, set, item: MediaItem): boolean => {
  const selected = get(compareSelectionAtom);
  if (selected.some((chosen) => chosen.id === item.id)) {
    set(
      compareSelectionAtom,
      selected.filter((chosen) => chosen.id !== item.id),
    );
    return true;
  }
  if (selected.length >= LIMITS.compareMax) return false;
  set(compareSelectionAtom, [...selected, item]);
  return true;
});
