import { atom, useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The header's place for the current page's own buttons (the turbine screen's comments button). */
const headerSlotAtom = atom<HTMLElement | null>(null);

/** The element the header keeps for a page's buttons; the header renders it once. */
export function HeaderSlot() {
  const setSlot = useSetAtom(headerSlotAtom);
  return <div ref={setSlot} className="flex items-center gap-2" data-testid="header-page-actions" />;
}

/** Puts a page's buttons into the header, for as long as the page is shown. */
export function HeaderActions({ children }: { children: ReactNode }) {
  const slot = useAtomValue(headerSlotAtom);
  return slot ? createPortal(children, slot) : null;
}
