import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { type Shape } from '@/viewers/drawing/shapes';

// The viewer session's drawings not saved yet, in a module of their own: the panel's layout asks before leaving
// while one waits, without loading the viewers' code for it.

/** Each photo's drawing not saved yet, by media id: moving to another photo, or closing the viewer, keeps it. */
export const unsavedDrawingsAtom = atom<ReadonlyMap<number, readonly Shape[]>>(new Map());

/** Whether any photo holds a drawing not saved yet (leaving the panel asks first). */
export const hasUnsavedDrawingAtom = atom((get) => [...get(unsavedDrawingsAtom).values()].some((s) => s.length > 0));

/**
 * Leaving the panel (a reload, another address, closing the tab) while a photo holds a drawing not saved asks first:
 * it lives in this tab only. Moving within the panel keeps it.
 */
export function useAskBeforeLeavingDrawings(): void {
  const unsaved = useAtomValue(hasUnsavedDrawingAtom);
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // Browsers show their own wording; asking is what matters.
      event.preventDefault();
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- browsers before preventDefault() (Safari < 17) ask on it
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
}

/** A photo's drawing changed (a shape added, the last undone, all cleared, or saved away). */
export const changeDrawingAtom = atom(
  null,
  (get, set, mediaId: number, change: (shapes: readonly Shape[]) => readonly Shape[]) => {
    const drawings = new Map(get(unsavedDrawingsAtom));
    const next = change(drawings.get(mediaId) ?? []);
    if (next.length === 0) drawings.delete(mediaId);
    else drawings.set(mediaId, next);
    set(unsavedDrawingsAtom, drawings);
  },
);

/** The drawing of a photo that another version replaced (restored): it stays on the photo the user looks at. */
export const carryDrawingAtom = atom(null, (get, set, from: number, to: number) => {
  const shapes = get(unsavedDrawingsAtom).get(from);
  if (!shapes || from === to) return;
  set(changeDrawingAtom, from, () => []);
  set(changeDrawingAtom, to, (existing) => [...existing, ...shapes]);
});
