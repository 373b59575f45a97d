import { type FindingTarget, SEVERITY_COLOURS } from '@kanat360/contracts';
import { type events, type Viewer } from '@photo-sphere-viewer/core';
import { type events as markerEvents, type MarkerConfig, MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { useEffect, useRef } from 'react';
import { findingRegion } from '../finding-region';
import { DRAFT_OVERLAY_ID, findingIdOf, type FindingsLayerProps, overlayId, panoramaTarget } from './findings-layer';

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
 * severity's colour, a click opens it; with the point tool in hand a click on the sphere places a new finding.
 */
export default function PanoramaFindingsLayer({
  viewer,
  findings,
  selectedId,
  onSelect,
  drawTool,
  onDrawn,
  draft,
  labelOf,
}: FindingsLayerProps & { viewer: Viewer; labelOf: (id: number) => string }) {
  const latest = useRef({ onSelect, onDrawn, drawTool });
  latest.current = { onSelect, onDrawn, drawTool };
  const markers = viewer.getPlugin<MarkersPlugin>(MarkersPlugin);

  useEffect(() => {
    const onMarker = ({ marker: chosen }: markerEvents.SelectMarkerEvent) => {
      const id = findingIdOf(chosen.id);
      if (id !== null) latest.current.onSelect(id);
    };
    const onClick = ({ data }: events.ClickEvent) => {
      if (latest.current.drawTool !== 'point' || data.rightclick) return;
      latest.current.onDrawn(panoramaTarget(data.yaw, data.pitch));
    };
    markers.addEventListener('select-marker', onMarker);
    viewer.addEventListener('click', onClick);
    return () => {
      markers.removeEventListener('select-marker', onMarker);
      viewer.removeEventListener('click', onClick);
    };
  }, [viewer, markers]);

  useEffect(() => {
    const configs = findings.map((finding) =>
      marker(
        overlayId(finding.id),
        finding.target,
        SEVERITY_COLOURS[finding.severity],
        finding.id === selectedId ? RADIUS.open : RADIUS.normal,
        labelOf(finding.id),
      ),
    );
    if (draft) configs.push(marker(DRAFT_OVERLAY_ID, draft, '#ffffff', RADIUS.open));
    markers.setMarkers(configs.filter((config): config is MarkerConfig => config !== null));
  }, [markers, findings, selectedId, draft, labelOf]);

  useEffect(() => {
    viewer.container.style.cursor = drawTool === 'point' ? 'crosshair' : '';
  }, [viewer, drawTool]);

  return null;
}
