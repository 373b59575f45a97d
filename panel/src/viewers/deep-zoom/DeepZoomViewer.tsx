import { type MediaItem } from '@kanat360/contracts';
import OpenSeadragon from 'openseadragon';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useI18n } from '@/i18n/language';
import { guardedHandle, type Projection, type ViewerHandle, ZOOM } from '../viewer-handle';

/** Tiles kept decoded per viewer: enough for a screen at two zoom levels and the way back, never a whole photo. */
const TILE_CACHE = 160;

export interface DeepZoomViewerProps {
  item: MediaItem;
  /** The viewer's controls, once a photo is open; null again when it closes. */
  onHandle?: (handle: ViewerHandle | null) => void;
  /** The label a screen reader gives the picture. */
  label?: string;
}

/** The largest zoom: 5× the fitted picture (spec §9), and never less than one screen pixel per original pixel. */
function maxZoomFor(viewer: OpenSeadragon.Viewer): number {
  const viewport = viewer.viewport;
  return Math.max(ZOOM.max * viewport.getHomeZoom(), viewport.imageToViewportZoom(window.devicePixelRatio || 1));
}

/** Image pixels → element pixels for the view as it is now: a scale and an offset (the viewer never rotates). */
interface Mapping {
  x0: number;
  y0: number;
  scale: number;
}

function projectionOf(viewer: OpenSeadragon.Viewer): Projection {
  // Asked for every corner of a thousand regions each frame: the view's mapping is worked out once per move.
  let mapping: Mapping | null = null;
  const forget = () => {
    mapping = null;
  };
  viewer.addHandler('update-viewport', forget);
  viewer.addHandler('resize', forget);
  viewer.addHandler('open', forget);
  const current = (): Mapping => {
    if (!mapping) {
      const origin = viewer.viewport.imageToViewerElementCoordinates(new OpenSeadragon.Point(0, 0));
      const unit = viewer.viewport.imageToViewerElementCoordinates(new OpenSeadragon.Point(1000, 0));
      mapping = { x0: origin.x, y0: origin.y, scale: (unit.x - origin.x) / 1000 };
    }
    return mapping;
  };
  return {
    surface: 'plane',
    toScreen: ({ x, y }) => {
      const { x0, y0, scale } = current();
      return { x: x0 + x * scale, y: y0 + y * scale };
    },
    fromScreen: (x, y) => {
      const { x0, y0, scale } = current();
      return { x: (x - x0) / scale, y: (y - y0) / scale };
    },
    unitsPerPixel: () => 1 / current().scale,
    subscribe: (onChange) => {
      viewer.addHandler('update-viewport', onChange);
      return () => viewer.removeHandler('update-viewport', onChange);
    },
  };
}

function handleOf(viewer: OpenSeadragon.Viewer): ViewerHandle {
  return guardedHandle(commandsOf(viewer), () => !viewer.isDestroyed());
}

function commandsOf(viewer: OpenSeadragon.Viewer): ViewerHandle {
  const zoomBy = (factor: number) => {
    viewer.viewport.zoomBy(factor);
    viewer.viewport.applyConstraints();
  };
  return {
    zoomIn: () => zoomBy(ZOOM.step),
    zoomOut: () => zoomBy(1 / ZOOM.step),
    resetZoom: () => viewer.viewport.goHome(),
    focus: ({ x, y, width, height }) => {
      // The region and as much again around it, so the damage is seen in its place on the blade.
      const margin = Math.max(width, height) / 2;
      const box = viewer.viewport.imageToViewportRectangle(
        x - margin,
        y - margin,
        width + 2 * margin,
        height + 2 * margin,
      );
      viewer.viewport.fitBoundsWithConstraints(box);
    },
    projection: projectionOf(viewer),
    zoomLimits: () => {
      const zoom = viewer.viewport.getZoom();
      return {
        atMin: zoom <= viewer.viewport.getMinZoom() * 1.001,
        atMax: zoom >= viewer.viewport.getMaxZoom() * 0.999,
      };
    },
    view: {
      get: () => {
        const size = viewer.world.getItemAt(0)?.getContentSize();
        const center = viewer.viewport.viewportToImageCoordinates(viewer.viewport.getCenter(true));
        return {
          cx: size ? center.x / size.x : 0.5,
          cy: size ? center.y / size.y : 0.5,
          zoom: viewer.viewport.getZoom(true) / viewer.viewport.getHomeZoom(),
        };
      },
      set: ({ cx, cy, zoom }) => {
        const size = viewer.world.getItemAt(0)?.getContentSize();
        if (!size) return;
        const center = viewer.viewport.imageToViewportCoordinates(cx * size.x, cy * size.y);
        viewer.viewport.zoomTo(zoom * viewer.viewport.getHomeZoom(), undefined, true);
        viewer.viewport.panTo(center, true);
      },
      subscribe: (onChange) => {
        viewer.addHandler('viewport-change', onChange);
        return () => viewer.removeHandler('viewport-change', onChange);
      },
    },
  };
}

/**
 * A flat photo at any zoom through OpenSeadragon, reading the deep-zoom tiles (`.dzi`) the server made — never the
 * original. One OpenSeadragon per mounted viewer: a new photo is opened in it (`viewer.open`), the zoom returns to
 * the fitted picture, and the viewer is destroyed on unmount. Until the first tiles are drawn the list's thumbnail
 * (already in the browser's cache) stands in, so the stage is never empty.
 */
export default function DeepZoomViewer({ item, onHandle, label }: DeepZoomViewerProps) {
  const { t } = useI18n();
  const element = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<OpenSeadragon.Viewer | null>(null);
  // The viewer's listeners hand its handle to whoever renders it now.
  const handOver = useEffectEvent((handle: ViewerHandle | null) => onHandle?.(handle));
  const [drawn, setDrawn] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const viewer = OpenSeadragon({
      element: element.current!,
      // The canvas drawer: one 2D context per viewer, the same in every browser (the WebGL one needs a GPU).
      drawer: 'canvas',
      showNavigationControl: false,
      maxImageCacheCount: TILE_CACHE,
      minZoomImageRatio: ZOOM.min,
      zoomPerClick: ZOOM.step,
      zoomPerScroll: ZOOM.step,
      visibilityRatio: 0.5,
      animationTime: 0.6,
      crossOriginPolicy: false,
      gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true },
    });
    viewerRef.current = viewer;
    const handle = handleOf(viewer);
    const fitLimits = () => {
      if (viewer.world.getItemCount() === 0) return;
      // A viewport option the typings leave out; OpenSeadragon reads it on every zoom.
      (viewer.viewport as OpenSeadragon.Viewport & { maxZoomLevel: number }).maxZoomLevel = maxZoomFor(viewer);
    };
    // Where the view is, in the picture's own terms, on the element (tests and benchmarks read it; React does not).
    const container = viewer.element.parentElement;
    const markView = () => {
      if (!container || viewer.world.getItemCount() === 0) return;
      const { cx, cy, zoom } = handle.view!.get();
      container.dataset.zoom = zoom.toFixed(3);
      container.dataset.center = `${cx.toFixed(3)},${cy.toFixed(3)}`;
    };
    viewer.addHandler('open', () => {
      fitLimits();
      // Every tile the view needs is drawn at the resolution it needs (tests and the viewer benchmark wait for it).
      if (container) container.dataset.sharp = 'false';
      viewer.world.getItemAt(0)?.addHandler('fully-loaded-change', (event) => {
        if (container) container.dataset.sharp = String(event.fullyLoaded);
      });
      // Spec §4: every photo starts fitted, whatever the zoom on the one before.
      viewer.viewport.goHome(true);
      markView();
      handOver(handle);
    });
    viewer.addHandler('resize', fitLimits);
    viewer.addHandler('viewport-change', markView);
    viewer.addHandler('open-failed', () => setFailed(viewer.element.dataset.source ?? ''));
    viewer.addHandler('tile-drawn', () => setDrawn(viewer.element.dataset.source ?? null));
    return () => {
      handOver(null);
      viewerRef.current = null;
      viewer.destroy();
    };
  }, []);

  const source = item.tiles_url;
  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer || !source) return;
    viewer.element.dataset.source = source;
    setFailed(null);
    handOver(null);
    // open() replaces the picture in the same viewer and starts at the fitted zoom again (spec §4).
    viewer.open({ tileSource: source });
  }, [source]);

  const loaded = drawn === source;
  return (
    <div className="relative size-full" data-testid="deep-zoom" data-loaded={loaded ? 'true' : 'false'}>
      {!loaded && item.thumbnail_url && (
        <img
          src={item.thumbnail_url}
          alt=""
          className="absolute inset-0 size-full object-contain blur-sm"
          data-testid="deep-zoom-placeholder"
        />
      )}
      <div ref={element} className="absolute inset-0" role="img" aria-label={label ?? item.originalName} />
      {failed === source && (
        <p role="alert" className="absolute inset-x-0 bottom-4 text-center text-sm text-red-200">
          {t('panel.viewer.loadFailed')}
        </p>
      )}
    </div>
  );
}
