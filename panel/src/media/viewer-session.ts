import { type FindingTarget, type MediaItem } from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { turbineFindingsQueryOptions } from '@/api/findings';
import { type FindingDrawTool } from '@/findings/viewer/findings-layer';
import { type DrawingTool, type Shape } from '@/viewers/drawing/shapes';

/**
 * The one tool in the user's hand on a viewer: a drawing tool (spec §4) or a tool that marks a new finding's region.
 * One value, so taking one puts the other down.
 */
export type ToolInHand = { kind: 'drawing'; tool: DrawingTool } | { kind: 'region'; tool: FindingDrawTool };

export const toolInHandAtom = atom<ToolInHand | null>(null);

/** Each photo's drawing not saved yet, by media id: moving to another photo, or closing the viewer, keeps it. */
export const unsavedDrawingsAtom = atom<ReadonlyMap<number, readonly Shape[]>>(new Map());

/** The region just drawn for a new finding, on the photo it was drawn on, while its form is being filled. */
export const regionDraftAtom = atom<{ mediaId: number; target: FindingTarget } | null>(null);

/** Whether the user opened or folded the findings panel beside the picture; null until they do. */
export const findingsPanelOpenAtom = atom<boolean | null>(null);

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

/** The finding open on the photo: the page keeps it in its URL; how to open another or none. */
export interface FindingsFocus {
  id: number | null;
  onChange: (id: number | null) => void;
}

/**
 * What a viewer's parts share about the photo on screen, given by the screen that shows it (the lightbox or a photo
 * page): the row (from the screen's own list query), what to do when a new version replaces it, and — where findings
 * are shown — the finding open on it. The tool in hand and the unsaved drawings are the atoms above.
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

/** Whether findings are shown and marked on the media on screen (a photo page's photo, not a video). */
export function useFindingsShown(): boolean {
  const { item, findings } = useViewerSession();
  return findings !== null && item.kind !== 'video';
}

/** The findings of the photo on screen (every version of it), from the one query the panel, layer and list share. */
export function usePhotoFindings() {
  const { turbineId, item } = useViewerSession();
  return useQuery({
    ...turbineFindingsQueryOptions(turbineId, { media_id: item.id }),
    enabled: useFindingsShown(),
  });
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
