import { type FindingTarget, type MediaItem } from '@kanat360/contracts';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { type FindingDrawTool } from '@/findings/viewer/findings-layer';
import { type DrawingTool, type Shape } from '@/viewers/drawing/shapes';
import { changeDrawingAtom, unsavedDrawingsAtom } from './unsaved-drawings';

/**
 * The one tool in the user's hand on a viewer: a drawing tool (spec §4) or a tool that marks a new finding's region.
 * One value, so taking one puts the other down.
 */
export type ToolInHand = { kind: 'drawing'; tool: DrawingTool } | { kind: 'region'; tool: FindingDrawTool };

export const toolInHandAtom = atom<ToolInHand | null>(null);

/** The region just drawn for a new finding, on the photo it was drawn on, while its form is being filled. */
export const regionDraftAtom = atom<{ mediaId: number; target: FindingTarget } | null>(null);

/** Whether the user opened or folded the findings panel beside the picture; null until they do. */
export const findingsPanelOpenAtom = atom<boolean | null>(null);

/** The finding open on the photo: the page keeps it in its URL; how to open another or none. */
export interface FindingsFocus {
  id: number | null;
  onChange: (id: number | null) => void;
}

/**
 * What a viewer's parts share about the photo on screen, given by the screen that shows it (the lightbox or a photo
 * page): the row (from the screen's own list query), what to do when a new version replaces it, and — where findings
 * are shown — the finding open on it. The tool in hand is the atom above, the unsaved drawings `unsaved-drawings.ts`.
 */
export interface ViewerSession {
  turbineId: number;
  item: MediaItem;
  /** A version saved or restored here became the photo's current one. */
  onItemChange: (item: MediaItem) => void;
  findings: FindingsFocus | null;
}

export const ViewerSessionContext = createContext<ViewerSession | null>(null);

export function useViewerSession(): ViewerSession {
  const session = useContext(ViewerSessionContext);
  if (!session) throw new Error('useViewerSession outside a viewer');
  return session;
}

/** The drawing not saved yet on the photo on screen, and how to change it. */
export function useUnsavedDrawing() {
  const { item } = useViewerSession();
  const shapes = useAtomValue(unsavedDrawingsAtom).get(item.id) ?? NO_SHAPES;
  const change = useSetAtom(changeDrawingAtom);
  return {
    shapes,
    add: (shape: Shape) => change(item.id, (current) => [...current, shape]),
    undo: () => change(item.id, (current) => current.slice(0, -1)),
    clear: () => change(item.id, () => []),
  };
}

const NO_SHAPES: readonly Shape[] = [];

/** Below this width a photo page shows one side panel at a time (the list or the findings), so the photo keeps most. */
const NARROW_VIEWER = '(max-width: 1279.98px)';

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_VIEWER);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is too narrow for the photo list, the photo and the findings panel side by side. */
export function useNarrowViewer(): boolean {
  return useSyncExternalStore(subscribeToWidth, () => window.matchMedia(NARROW_VIEWER).matches);
}

/** Whether the findings panel is open: as the user left it, else open on a wide window and folded on a narrow one. */
export function useFindingsPanelOpen(): boolean {
  const chosen = useAtomValue(findingsPanelOpenAtom);
  const narrow = useNarrowViewer();
  return chosen ?? !narrow;
}
