import { type MediaItem } from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtom, useSetAtom } from 'jotai';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { photoVersionsQueryOptions } from '@/api/media';
import { findingRegion } from '@/findings/finding-region';
import { FindingsPanel } from '@/findings/viewer/FindingsPanel';
import { useFindingsShown, usePhotoFindings } from '@/findings/viewer/use-photo-findings';
import { useI18n } from '@/i18n/language';
import { useCan } from '@/session/use-session';
import { type ViewerHandle } from '@/viewers/viewer-handle';
import { MediaInfo } from './MediaInfoPanel';
import { MediaStage } from './MediaStage';
import { carryDrawingAtom } from './unsaved-drawings';
import { ViewerToolbar } from './ViewerToolbar';
import {
  type FindingsFocus,
  findingsPanelOpenAtom,
  toolInHandAtom,
  useFindingsPanelOpen,
  useViewerSession,
  type ViewerSession,
  ViewerSessionContext,
} from './viewer-session';

// The one layer over a picture (findings, regions, drawings and their tools): its own chunk, with the viewers.
const PhotoOverlay = lazy(() => import('./overlay/PhotoOverlay'));

/** The open finding is brought into view once its photo is open (from the URL, the list or a click). */
function useFocusOpenFinding(handle: ViewerHandle | null) {
  const { findings: focus } = useViewerSession();
  const { data: findings } = usePhotoFindings();
  const open = findings?.find((finding) => finding.id === focus?.id);
  const focused = useRef<{ handle: ViewerHandle; id: number } | null>(null);
  useEffect(() => {
    if (!handle || !open) return;
    if (focused.current?.handle === handle && focused.current.id === open.id) return;
    focused.current = { handle, id: open.id };
    const region = findingRegion(open.target);
    if (region) handle.focus(region);
  }, [handle, open]);
}

function ViewerBody({ controls }: { controls: ReactNode }) {
  const { t } = useI18n();
  const { turbineId, item, findings: focus } = useViewerSession();
  const canDraw = useCan('media.edit');
  const canMark = useCan('finding.edit');
  const findingsShown = useFindingsShown();
  const panelOpen = useFindingsPanelOpen();
  const setPanelOpen = useSetAtom(findingsPanelOpenAtom);
  const [inHand, setInHand] = useAtom(toolInHandAtom);
  const [handle, setHandle] = useState<ViewerHandle | null>(null);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const versions = useQuery({ ...photoVersionsQueryOptions(turbineId, item.key), enabled: viewingId !== null });
  const viewing = versions.data?.find((version) => version.id === viewingId && version.id !== item.id) ?? null;
  useFocusOpenFinding(handle);

  // Another photo: its current version first; a region tool goes down (a drawing tool stays in hand, spec §4).
  const [shownId, setShownId] = useState(item.id);
  if (shownId !== item.id) {
    setShownId(item.id);
    setViewingId(null);
  }
  useEffect(() => setInHand((tool) => (tool?.kind === 'region' ? null : tool)), [item.id, setInHand]);
  // The viewer closed: the tool goes down and the panel's fold is forgotten (an unsaved drawing stays).
  useEffect(
    () => () => {
      setInHand(null);
      setPanelOpen(null);
    },
    [setInHand, setPanelOpen],
  );
  // A finding opened (from the URL, the list, a click on its region) is shown in the panel.
  const selected = focus?.id ?? null;
  useEffect(() => {
    if (selected !== null) setPanelOpen(true);
  }, [selected, setPanelOpen]);

  // What the tools may act on: a ready photo's current version (drawing needs media.edit, regions finding.edit).
  const ready = item.kind === 'photo' && item.status === 'ready' && !viewing;
  const drawable = canDraw && ready;
  const markable = findingsShown && panelOpen && canMark && ready;
  const tool = inHand && (inHand.kind === 'drawing' ? drawable : markable) ? inHand : null;

  const shown = viewing ?? item;
  return (
    <div className="flex size-full min-h-0" data-testid="media-viewer">
      <div className="relative flex min-w-0 flex-1 items-center justify-center" data-testid="viewer-picture">
        <div className="absolute inset-0 flex items-center justify-center overflow-hidden">
          <MediaStage item={shown} onHandle={setHandle} findings={findingsShown} />
          {handle && (
            <Suspense fallback={null}>
              <PhotoOverlay key={shown.id} projection={handle.projection} tool={tool} drawingShown={!viewing} />
            </Suspense>
          )}
        </div>
        <MediaInfo item={shown} />
        {viewing && (
          <p
            className="absolute top-3 left-1/2 -translate-x-1/2 rounded-full bg-amber-500/90 px-4 py-1 text-sm font-medium text-slate-950"
            role="status"
            data-testid="viewing-version"
          >
            {viewing.is_edited
              ? t('panel.versions.viewing', { n: viewing.version })
              : t('panel.versions.viewingOriginal')}{' '}
            <button type="button" className="cursor-pointer underline" onClick={() => setViewingId(null)}>
              {t('panel.versions.backToCurrent')}
            </button>
          </p>
        )}
        {controls}
        <ViewerToolbar handle={handle} drawable={drawable} viewing={viewing} onViewVersion={setViewingId} />
      </div>
      {findingsShown && panelOpen && <FindingsPanel drawable={ready} />}
    </div>
  );
}

/**
 * A media item in its viewer with the tools around it: zoom, drawing (media.edit), versions, and — with `findings` —
 * the photo's findings drawn over it and listed beside it, new ones marked (finding.edit). The screen gives the row
 * on screen from its own list and hears of a new current version (saved or restored) through `onItemChange`;
 * `controls` (previous and next) sit over the picture, clear of the findings panel. One viewer session: the parts
 * below read the photo from it, the tool in hand and the unsaved drawings from its atoms.
 */
export function MediaViewer({
  turbineId,
  item,
  onItemChange,
  findings = null,
  controls,
}: {
  turbineId: number;
  item: MediaItem;
  onItemChange: (item: MediaItem) => void;
  findings?: FindingsFocus | null;
  controls?: ReactNode;
}) {
  const carryDrawing = useSetAtom(carryDrawingAtom);
  const session = useMemo<ViewerSession>(
    () => ({
      turbineId,
      item,
      findings,
      onItemChange: (fresh) => {
        // A restored version takes the drawing that was waiting on the one it replaced.
        carryDrawing(item.id, fresh.id);
        onItemChange(fresh);
      },
    }),
    [turbineId, item, findings, onItemChange, carryDrawing],
  );
  return (
    <ViewerSessionContext value={session}>
      <ViewerBody controls={controls} />
    </ViewerSessionContext>
  );
}
