import { type MediaItem } from '@kanat360/contracts';
import { atom, useSetAtom } from 'jotai';

/**
 * What the lightbox shows: a list of media and where in it to start. A list that has more pages on the server says
 * how many there are in all and how to fetch the rest (the counter reads "3 / 10 000", and wrapping past the end
 * needs the last page).
 */
export interface LightboxRequest {
  turbineId: number;
  items: readonly MediaItem[];
  index: number;
  total?: number;
  loadMore?: () => Promise<readonly MediaItem[]>;
}

export const lightboxAtom = atom<LightboxRequest | null>(null);

/** Opens the lightbox on `items[index]` (spec §2: from any thumbnail). */
export function useOpenLightbox(): (request: LightboxRequest) => void {
  return useSetAtom(lightboxAtom);
}
