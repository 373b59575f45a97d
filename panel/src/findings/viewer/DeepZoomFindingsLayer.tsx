import '@annotorious/openseadragon/annotorious-openseadragon.css';
import {
  createOSDAnnotator,
  type DrawingStyle,
  type ImageAnnotation,
  type OpenSeadragonAnnotator,
  UserSelectAction,
  W3CImageFormat,
  type W3CImageAnnotation,
} from '@annotorious/openseadragon';
import { type Finding, type FindingSeverity, type FindingTarget, polygonPoints, targetBox } from '@kanat360/contracts';
import type OpenSeadragon from 'openseadragon';
import { useEffect, useRef } from 'react';
import { SEVERITY_COLOURS } from '../severity';
import {
  DRAFT_OVERLAY_ID,
  findingIdOf,
  type FindingsLayerProps,
  overlayId,
  polygonTarget,
  rectangleTarget,
} from './findings-layer';

/** Annotorious wants a source per annotation; every overlay here is on the one picture the viewer shows. */
const SOURCE = 'picture';
const DRAFT_COLOUR = '#ffffff';

function annotationOf(id: string, target: FindingTarget): W3CImageAnnotation {
  return {
    '@context': 'http://www.w3.org/ns/anno.jsonld',
    id,
    type: 'Annotation',
    body: [],
    target: { source: SOURCE, selector: target.selector },
  } as W3CImageAnnotation;
}

/** The region a user drew, as a finding's target in the original's pixels (clamped to it). */
function targetOf(annotation: W3CImageAnnotation, picture: { width: number; height: number }): FindingTarget | null {
  const target = Array.isArray(annotation.target) ? annotation.target[0] : annotation.target;
  if (!target || typeof target === 'string') return null;
  const selector = Array.isArray(target.selector) ? target.selector[0] : target.selector;
  if (!selector) return null;
  if (selector.type === 'FragmentSelector') {
    const box = targetBox({
      selector: { type: 'FragmentSelector', conformsTo: selector.conformsTo, value: selector.value },
    });
    return box && rectangleTarget(box, picture);
  }
  if (selector.type === 'SvgSelector') {
    const points = polygonPoints(selector.value.replace(/\s*xmlns="[^"]*"/, ''));
    return points && polygonTarget(points, picture);
  }
  return null;
}

/**
 * Findings on a deep-zoom photo through Annotorious: each finding's box or polygon drawn over the picture in its
 * severity's colour (the open one stronger), a click opens it, and with a tool in hand the user drags a box or clicks
 * a polygon's corners (a double click, or a click on the first corner, ends it) for a new finding. Annotorious draws on one WebGL canvas that follows
 * OpenSeadragon's view, so a thousand regions pan and zoom with the picture.
 */
export default function DeepZoomFindingsLayer({
  viewer,
  picture,
  findings,
  selectedId,
  onSelect,
  drawTool,
  onDrawn,
  draft,
}: FindingsLayerProps & { viewer: OpenSeadragon.Viewer; picture: { width: number; height: number } }) {
  const annotator = useRef<OpenSeadragonAnnotator<ImageAnnotation, W3CImageAnnotation> | null>(null);
  const severities = useRef(new Map<string, FindingSeverity>());
  const selected = useRef<string | null>(null);
  const latest = useRef({ onSelect, onDrawn, picture });
  latest.current = { onSelect, onDrawn, picture };

  useEffect(() => {
    const style = (annotation: ImageAnnotation): DrawingStyle => {
      if (annotation.id === DRAFT_OVERLAY_ID) {
        return { stroke: DRAFT_COLOUR, strokeWidth: 3, fill: DRAFT_COLOUR, fillOpacity: 0.15 };
      }
      const severity = severities.current.get(annotation.id);
      const colour = severity ? SEVERITY_COLOURS[severity] : DRAFT_COLOUR;
      const open = annotation.id === selected.current;
      return { stroke: colour, strokeWidth: open ? 4 : 2, fill: colour, fillOpacity: open ? 0.35 : 0.12 };
    };
    const anno = createOSDAnnotator<ImageAnnotation, W3CImageAnnotation>(viewer, {
      adapter: W3CImageFormat(SOURCE),
      drawingEnabled: false,
      drawingMode: 'drag',
      userSelectAction: UserSelectAction.NONE,
      style,
    });
    anno.on('clickAnnotation', (annotation) => {
      const id = findingIdOf(annotation.id);
      if (id !== null) latest.current.onSelect(id);
    });
    anno.on('createAnnotation', (annotation) => {
      // The drawn shape becomes the draft the form shows; the layer draws it from there.
      anno.removeAnnotation(annotation.id);
      const target = targetOf(annotation, latest.current.picture);
      if (target) latest.current.onDrawn(target);
    });
    annotator.current = anno;
    return () => {
      annotator.current = null;
      anno.destroy();
    };
  }, [viewer]);

  useEffect(() => {
    const anno = annotator.current;
    if (!anno) return;
    severities.current = new Map(findings.map((finding: Finding) => [overlayId(finding.id), finding.severity]));
    selected.current = selectedId === null ? null : overlayId(selectedId);
    const annotations = findings
      .filter((finding) => targetBox(finding.target) !== null)
      .map((finding) => annotationOf(overlayId(finding.id), finding.target));
    if (draft) annotations.push(annotationOf(DRAFT_OVERLAY_ID, draft));
    anno.setAnnotations(annotations, true);
  }, [findings, draft, selectedId]);

  useEffect(() => {
    const anno = annotator.current;
    if (!anno) return;
    if (drawTool === 'rectangle' || drawTool === 'polygon') {
      anno.setDrawingTool(drawTool);
      // A box is dragged; a polygon's corners are clicked (in drag mode a click without a drag starts nothing).
      anno.setDrawingMode(drawTool === 'rectangle' ? 'drag' : 'click');
      anno.setDrawingEnabled(true);
    } else {
      anno.cancelDrawing();
      anno.setDrawingEnabled(false);
    }
  }, [drawTool]);

  return null;
}
