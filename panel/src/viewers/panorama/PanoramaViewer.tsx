import '@photo-sphere-viewer/core/index.css';
import '@photo-sphere-viewer/markers-plugin/index.css';
import { type MediaItem } from '@kanat360/contracts';
import { type Position, utils, Viewer } from '@photo-sphere-viewer/core';
import { EquirectangularTilesAdapter } from '@photo-sphere-viewer/equirectangular-tiles-adapter';
import { MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { type ReactNode, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLatest } from '@/components/use-latest';
import { useI18n } from '@/i18n/language';
import { guardedHandle, type Projection, type ViewerHandle, ZOOM } from '../viewer-handle';

const MIN_FOV = 10;
const MAX_FOV = 90;
const DEFAULT_ZOOM = 50;

export interface PanoramaViewerProps {
  item: MediaItem;
  onHandle?: (handle: ViewerHandle | null) => void;
  label?: string;
  /** What is drawn over the sphere (findings' markers), given the viewer once the panorama is shown. */
  layer?: (viewer: Viewer) => ReactNode;
}

/** Photo Sphere Viewer's zoom level (0 = widest, 100 = narrowest) for a field of view in degrees. */
function zoomLevelFor(fov: number): number {
  const clamped = Math.min(MAX_FOV, Math.max(MIN_FOV, fov));
  return ((MAX_FOV - clamped) / (MAX_FOV - MIN_FOV)) * 100;
}

/**
 * The tiled panorama as the adapter reads it: the preview as the first, low-resolution layer, then the tiles the
 * server cut at each level. Before the tiles exist the preview alone is shown.
 */
function panoramaOf(item: MediaItem) {
  const tiles = item.panorama_tiles;
  const base = item.preview_url ?? undefined;
  if (!tiles) return { baseUrl: base, width: item.width ?? 4096, cols: 8, rows: 4, tileUrl: () => null };
  return {
    baseUrl: base,
    levels: tiles.levels.map(({ width, cols, rows }) => ({ width, cols, rows })),
    tileUrl: (col: number, row: number, level: number) =>
      tiles.tile_url.replace('{level}', String(level)).replace('{col}', String(col)).replace('{row}', String(row)),
  };
}

function projectionOf(viewer: Viewer): Projection {
  return {
    surface: 'sphere',
    toScreen: ({ x, y }) => {
      const position: Position = { yaw: x, pitch: y };
      return viewer.dataHelper.isPointVisible(position)
        ? viewer.dataHelper.sphericalCoordsToViewerCoords(position)
        : null;
    },
    fromScreen: (x, y) => {
      const position = viewer.dataHelper.viewerCoordsToSphericalCoords({ x, y });
      return position ? { x: position.yaw, y: position.pitch } : null;
    },
    unitsPerPixel: () => (viewer.state.hFov * Math.PI) / 180 / Math.max(1, viewer.state.size.width),
    subscribe: (onChange) => {
      viewer.addEventListener('render', onChange);
      return () => viewer.removeEventListener('render', onChange);
    },
  };
}

/** How far the view zooms in on a finding's direction: its neighbourhood, not the whole sphere. */
const FOCUS_ZOOM = 60;

function handleOf(viewer: Viewer, alive: () => boolean): ViewerHandle {
  const zoomBy = (factor: number) => viewer.zoom(zoomLevelFor(viewer.state.vFov / factor));
  return guardedHandle(
    {
      zoomIn: () => zoomBy(ZOOM.step),
      zoomOut: () => zoomBy(1 / ZOOM.step),
      resetZoom: () => void viewer.animate({ yaw: 0, pitch: 0, zoom: DEFAULT_ZOOM, speed: '4rpm' }),
      focus: ({ x, y }) => void viewer.animate({ yaw: x, pitch: y, zoom: FOCUS_ZOOM, speed: '4rpm' }),
      projection: projectionOf(viewer),
      zoomLimits: () => {
        const level = viewer.getZoomLevel();
        return { atMin: level <= 0.5, atMax: level >= 99.5 };
      },
    },
    alive,
  );
}

/**
 * What identifies the picture the viewer holds: its tile addresses (or its preview's, before the tiles exist). A
 * list refreshed with the same photo keeps them (they are signed per hour), so the view stays where it is.
 */
function sourceOf(item: MediaItem): string {
  return item.panorama_tiles?.tile_url ?? item.preview_url ?? String(item.id);
}

/**
 * A 2:1 equirectangular photo on a sphere (Photo Sphere Viewer), sharp as its original without ever holding the
 * whole picture in one texture: the adapter loads only the tiles in view, at the level the zoom needs. One viewer per
 * mount, made with the first panorama; another panorama is set into it; destroyed (with its WebGL context) on
 * unmount.
 */
export default function PanoramaViewer({ item, onHandle, label, layer }: PanoramaViewerProps) {
  const { t } = useI18n();
  const element = useRef<HTMLDivElement>(null);
  // The viewer's listeners hand its handle to whoever renders it now.
  const handOver = useEffectEvent((handle: ViewerHandle | null) => onHandle?.(handle));
  const itemRef = useLatest(item);
  const [viewer, setViewer] = useState<{ viewer: Viewer; alive: () => boolean } | null>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let alive = true;
    const created = new Viewer({
      container: element.current!,
      adapter: EquirectangularTilesAdapter,
      minFov: MIN_FOV,
      maxFov: MAX_FOV,
      defaultZoomLvl: DEFAULT_ZOOM,
      navbar: false,
      mousewheelCtrlKey: false,
      keyboard: false,
      loadingTxt: '',
      // Findings are markers on the sphere (the plugin is made with the viewer: it cannot be added later).
      plugins: [[MarkersPlugin, {}]],
    });
    const handle = handleOf(created, () => alive);
    created.addEventListener('panorama-loaded', () => {
      setReady(true);
      handOver(handle);
    });
    setViewer({ viewer: created, alive: () => alive });
    return () => {
      alive = false;
      handOver(null);
      setViewer(null);
      created.destroy();
    };
  }, []);

  // Each panorama is set into the one viewer (spec §4: the view starts again at the centre, at the default zoom).
  const source = sourceOf(item);
  const [shownSource, setShownSource] = useState(source);
  if (shownSource !== source) {
    setShownSource(source);
    setFailed(false);
    setReady(false);
  }
  useEffect(() => {
    if (!viewer) return;
    handOver(null);
    viewer.viewer
      .setPanorama(panoramaOf(itemRef.current), {
        zoom: DEFAULT_ZOOM,
        position: { yaw: 0, pitch: 0 },
        transition: false,
      })
      // A load cut short by the next panorama, or by leaving, is no failure.
      .catch((error: unknown) => {
        if (viewer.alive() && !utils.isAbortError(error as Error)) setFailed(true);
      });
  }, [viewer, source, itemRef]);

  return (
    <div className="relative size-full" data-testid="panorama" data-loaded={ready ? 'true' : 'false'}>
      <div ref={element} className="absolute inset-0" role="img" aria-label={label ?? item.originalName} />
      {failed && (
        <p role="alert" className="absolute inset-x-0 bottom-4 text-center text-sm text-red-200">
          {t('panel.viewer.loadFailed')}
        </p>
      )}
      {ready && viewer && layer?.(viewer.viewer)}
    </div>
  );
}
