import 'maplibre-gl/dist/maplibre-gl.css';
import { type MapBasemap, type Turbine } from '@kanat360/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import {
  addProtocol,
  AttributionControl,
  type GeoJSONSource,
  Map as MapLibreMap,
  type MapLayerMouseEvent,
  NavigationControl,
  Popup,
  setWorkerUrl,
  type StyleSpecification,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Protocol } from 'pmtiles';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { feature } from 'topojson-client';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { mapBasemapQueryOptions } from '@/api/turbines';
import { useLatest } from '@/components/use-latest';
import { useI18n } from '@/i18n/language';
import { themeAtom } from '@/theme/theme';
import { embeddedStyle, type MapTheme, pmtilesStyle } from './basemap-style';
import { pointBounds, severityColourExpression, turbinePoints } from './fleet-map-data';
import { MapLegend, TurbineMapPopup } from './TurbineMapPopup';

// MapLibre's worker is a file of its own, served from the panel's origin like every other script (the CSP allows
// no blob: workers).
setWorkerUrl(workerUrl);

let pmtilesRegistered = false;
let countries: Promise<GeoJSON.FeatureCollection> | undefined;
type Topology = Parameters<typeof feature>[0];

/** Natural Earth's countries, fetched from the panel's own files once, turned from TopoJSON into GeoJSON. */
function loadCountries(): Promise<GeoJSON.FeatureCollection> {
  countries ??= fetch(countriesUrl)
    .then((response) => response.json() as Promise<Topology>)
    .then((topology) => feature(topology, topology.objects.countries!) as GeoJSON.FeatureCollection);
  return countries;
}

async function styleOf(basemap: MapBasemap, theme: MapTheme): Promise<StyleSpecification | string> {
  switch (basemap.kind) {
    case 'embedded':
      return embeddedStyle(await loadCountries(), theme);
    case 'pmtiles':
      if (!pmtilesRegistered) {
        addProtocol('pmtiles', new Protocol().tile);
        pmtilesRegistered = true;
      }
      return pmtilesStyle(basemap.url, theme);
    case 'style':
      if (!pmtilesRegistered) {
        // A self-hosted style may name pmtiles:// sources too.
        addProtocol('pmtiles', new Protocol().tile);
        pmtilesRegistered = true;
      }
      return basemap.url;
  }
}

/** Where the map opens without a place in the URL or a turbine to fit: Turkey. */
const TURKEY = { center: [35.2, 39.0] as [number, number], zoom: 4.6 };
const POINT_LAYER = 'turbine-points';
const CLUSTER_LAYER = 'turbine-clusters';

/** A cluster's count as a picture: the map draws no text (no glyphs to fetch), so counts are drawn on a canvas. */
function countImage(text: string, pixelRatio: number): ImageData {
  const size = Math.ceil(32 * pixelRatio);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const context = canvas.getContext('2d')!;
  context.font = `700 ${Math.round(12 * pixelRatio)}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.lineWidth = 3 * pixelRatio;
  context.strokeStyle = 'rgba(15, 23, 42, 0.85)';
  context.strokeText(text, size / 2, size / 2);
  context.fillStyle = '#ffffff';
  context.fillText(text, size / 2, size / 2);
  return context.getImageData(0, 0, size, size);
}

export interface MapView {
  zoom: number;
  latitude: number;
  longitude: number;
}

/**
 * The fleet on a map (issue #25): every turbine with a position, clustered when zoomed out, each coloured by its
 * worst open severity (a cluster by its worst turbine); a click opens its popup (TurbineMapPopup). One MapLibre instance
 * per basemap and theme; the turbines are swapped in place when filters change; destroyed on unmount.
 */
export default function FleetMap({
  turbines,
  view,
  onMove,
}: {
  turbines: readonly Turbine[];
  /** The place from the URL; null: fit the turbines. */
  view: MapView | null;
  onMove: (view: MapView) => void;
}) {
  const { t } = useI18n();
  const theme = useAtomValue(themeAtom);
  const { data: basemap } = useSuspenseQuery(mapBasemapQueryOptions());
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const points = useMemo(() => turbinePoints(turbines), [turbines]);
  const latest = useLatest({ points, view, onMove });
  const [selected, setSelected] = useState<{ id: number; popup: Popup; node: HTMLDivElement } | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    let map: MapLibreMap | undefined;
    void styleOf(basemap, theme).then((style) => {
      if (cancelled) return;
      const start = latest.current.view;
      map = new MapLibreMap({
        container: element,
        style,
        center: start ? [start.longitude, start.latitude] : TURKEY.center,
        zoom: start ? start.zoom : TURKEY.zoom,
        attributionControl: false,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
      });
      mapRef.current = map;
      // Playwright and the map bench read the rendered features through the instance.
      Object.defineProperty(element, 'maplibre', { value: map, configurable: true });
      map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
      map.addControl(
        new AttributionControl({
          compact: true,
          customAttribution: basemap.kind === 'embedded' ? 'Natural Earth' : undefined,
        }),
      );
      map.on('styleimagemissing', ({ id }) => {
        if (!id.startsWith('count-') || map!.hasImage(id)) return;
        const pixelRatio = Math.max(1, Math.round(window.devicePixelRatio || 1));
        map!.addImage(id, countImage(id.slice('count-'.length), pixelRatio), { pixelRatio });
      });
      map.on('load', () => {
        const m = map!;
        m.addSource('turbines', {
          type: 'geojson',
          data: latest.current.points,
          cluster: true,
          clusterRadius: 44,
          clusterMaxZoom: 11,
          clusterProperties: { worst: ['max', ['get', 'severity']] },
        });
        m.addLayer({
          id: CLUSTER_LAYER,
          type: 'circle',
          source: 'turbines',
          filter: ['has', 'point_count'],
          paint: {
            'circle-color': severityColourExpression(['get', 'worst']) as never,
            'circle-radius': ['step', ['get', 'point_count'], 14, 10, 17, 100, 21, 1000, 26],
            'circle-stroke-width': 2,
            'circle-stroke-color': theme === 'dark' ? '#0f172a' : '#ffffff',
          },
        });
        m.addLayer({
          id: 'turbine-cluster-counts',
          type: 'symbol',
          source: 'turbines',
          filter: ['has', 'point_count'],
          layout: {
            'icon-image': ['concat', 'count-', ['get', 'point_count_abbreviated']],
            'icon-allow-overlap': true,
            'icon-ignore-placement': true,
          },
        });
        m.addLayer({
          id: POINT_LAYER,
          type: 'circle',
          source: 'turbines',
          filter: ['!', ['has', 'point_count']],
          paint: {
            'circle-color': severityColourExpression(['get', 'severity']) as never,
            'circle-radius': ['interpolate', ['linear'], ['zoom'], 5, 5, 12, 8],
            'circle-stroke-width': 1.5,
            'circle-stroke-color': theme === 'dark' ? '#0f172a' : '#ffffff',
          },
        });
        if (!latest.current.view) {
          const bounds = pointBounds(latest.current.points);
          if (bounds) m.fitBounds(bounds, { padding: 48, maxZoom: 10, duration: 0 });
        }
        setReady(true);
      });
      map.on('moveend', () => {
        const center = map!.getCenter();
        latest.current.onMove({ zoom: map!.getZoom(), latitude: center.lat, longitude: center.lng });
      });
      map.on('click', CLUSTER_LAYER, (event: MapLayerMouseEvent) => {
        const cluster = event.features?.[0];
        const source = map!.getSource<GeoJSONSource>('turbines');
        if (!cluster || !source) return;
        void source.getClusterExpansionZoom(cluster.properties.cluster_id as number).then((zoom) => {
          map!.easeTo({ center: (cluster.geometry as GeoJSON.Point).coordinates as [number, number], zoom });
        });
      });
      map.on('click', POINT_LAYER, (event: MapLayerMouseEvent) => {
        const point = event.features?.[0];
        if (!point) return;
        const node = document.createElement('div');
        const opened = new Popup({ closeButton: true, maxWidth: '280px', offset: 12 })
          .setLngLat((point.geometry as GeoJSON.Point).coordinates as [number, number])
          .setDOMContent(node)
          .addTo(map!);
        opened.on('close', () => setSelected((current) => (current?.popup === opened ? null : current)));
        setSelected((current) => {
          current?.popup.remove();
          return { id: point.properties.id as number, popup: opened, node };
        });
      });
      for (const layer of [CLUSTER_LAYER, POINT_LAYER]) {
        map.on('mouseenter', layer, () => (map!.getCanvas().style.cursor = 'pointer'));
        map.on('mouseleave', layer, () => (map!.getCanvas().style.cursor = ''));
      }
    });
    return () => {
      cancelled = true;
      setReady(false);
      setSelected(null);
      map?.remove();
      mapRef.current = null;
    };
  }, [basemap, theme, latest]);

  // Filters changed: the same map, new points.
  useEffect(() => {
    if (!ready) return;
    void mapRef.current?.getSource<GeoJSONSource>('turbines')?.setData(points);
  }, [points, ready]);

  const selectedTurbine = selected ? turbines.find((turbine) => turbine.id === selected.id) : undefined;
  const placed = points.features.length;
  return (
    <>
      <section className="card overflow-hidden" aria-label={t('panel.turbines.map.label')}>
        <div
          ref={container}
          className="h-[calc(100vh-19rem)] min-h-[26rem] w-full"
          data-testid="fleet-map"
          data-ready={ready}
          data-points={placed}
        />
        <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
          {t('panel.turbines.map.placed', { placed, total: turbines.length })}
        </p>
        {selected && selectedTurbine && createPortal(<TurbineMapPopup turbine={selectedTurbine} />, selected.node)}
      </section>
      <MapLegend />
    </>
  );
}
