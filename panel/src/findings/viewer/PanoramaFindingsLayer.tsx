import { type FindingTarget, SEVERITY_COLOURS } from '@kanat360/contracts';
import { type Viewer } from '@photo-sphere-viewer/core';
import { type events as markerEvents, type MarkerConfig, MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useLatest } from '@/components/use-latest';
import { useI18n } from '@/i18n/language';
import { regionDraftAtom, toolInHandAtom, useViewerSession } from '@/media/viewer-session';
import { findingRegion } from '../finding-region';
import { findingSummary } from '../finding-summary';
import { DRAFT_OVERLAY_ID, findingIdOf, overlayId } from './findings-layer';
import { usePhotoFindings } from './use-photo-findings';

/** A marker's radius in screen pixels: larger for the open finding. */
const RADIUS = { normal: 9, open: 14 } as const;

/** A panorama target's direction as the viewer takes it (radians); null for a photo's region. */
function positionOf(target: FindingTarget): { yaw: number; pitch: number } | null {
  if (target.selector.type !== 'PanoramaSelector') return null;
  const region = findingRegion(target)!;
  return { yaw: region.x, pitch: region.y };
}

function marker(
  id: string,
  target: FindingTarget,
  colour: string,
  radius: number,
  label?: string,
): MarkerConfig | null {
  const position = positionOf(target);
  if (!position) return null;
  return {
    id,
    position,
    circle: radius,
    svgStyle: { fill: colour, fillOpacity: '0.85', stroke: '#ffffff', strokeWidth: '2px', cursor: 'pointer' },
    tooltip: label ? { content: label, trigger: 'hover' } : undefined,
    data: { finding: true },
  };
}

/**
 * Findings on a panorama through Photo Sphere Viewer's markers plugin: a dot at each finding's direction in its
 * severity's colour, its summary on hover, the new finding's direction in white; a click on one opens it. (The point
 * tool that places a new one is the photo overlay's, like every other tool; the cursor over the sphere is set here.)
 */
export default function PanoramaFindingsLayer({ viewer }: { viewer: Viewer }) {
  const { t, locale } = useI18n();
  const { item, findings: focus } = useViewerSession();
  const { data: findings } = usePhotoFindings();
  const draft = useAtomValue(regionDraftAtom);
  const tool = useAtomValue(toolInHandAtom);
  const placing = tool?.kind === 'region' && tool.tool === 'point';
  const draftTarget = draft?.mediaId === item.id ? draft.target : null;
  const selectedId = focus?.id ?? null;
  const onSelect = useLatest(focus?.onChange);
  const markers = viewer.getPlugin<MarkersPlugin>(MarkersPlugin);

  useEffect(() => {
    const onMarker = ({ marker: chosen }: markerEvents.SelectMarkerEvent) => {
      const id = findingIdOf(chosen.id);
      if (id !== null) onSelect.current?.(id);
    };
    markers.addEventListener('select-marker', onMarker);
    return () => markers.removeEventListener('select-marker', onMarker);
  }, [markers, onSelect]);

  useEffect(() => {
    const configs = (findings ?? []).map((finding) =>
      marker(
        overlayId(finding.id),
        finding.target,
        SEVERITY_COLOURS[finding.severity],
        finding.id === selectedId ? RADIUS.open : RADIUS.normal,
        findingSummary(finding, t, locale),
      ),
    );
    if (draftTarget) configs.push(marker(DRAFT_OVERLAY_ID, draftTarget, '#ffffff', RADIUS.open));
    markers.setMarkers(configs.filter((config): config is MarkerConfig => config !== null));
  }, [markers, findings, selectedId, draftTarget, t, locale]);

  // With the point tool in hand the sphere still turns; the cursor says a click places the point.
  useEffect(() => {
    viewer.setCursor(placing ? 'crosshair' : null);
  }, [viewer, placing]);

  return null;
}
