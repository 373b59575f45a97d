import { type MapBasemap } from '@kanat360/contracts';
import { type StyleSpecification } from 'maplibre-gl';

/** The basemap's colours in each theme: land, water, borders. */
const PALETTE = {
  light: { water: '#dbeafe', land: '#f8fafc', border: '#94a3b8', road: '#cbd5e1' },
  dark: { water: '#0b1220', land: '#1e293b', border: '#475569', road: '#334155' },
} as const;

export type MapTheme = keyof typeof PALETTE;

/**
 * The basemap shipped with the panel: Natural Earth's countries (world-atlas, 1:50m) as GeoJSON, filled and outlined.
 * No tiles, glyphs or sprites: the map draws no text, so nothing is fetched from anywhere but the panel's own files.
 */
export function embeddedStyle(countries: GeoJSON.FeatureCollection, theme: MapTheme): StyleSpecification {
  const colours = PALETTE[theme];
  return {
    version: 8,
    sources: { countries: { type: 'geojson', data: countries } },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': colours.water } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': colours.land } },
      { id: 'borders', type: 'line', source: 'countries', paint: { 'line-color': colours.border, 'line-width': 0.8 } },
    ],
  };
}

/**
 * A Protomaps PMTiles archive (MAP_STYLE_URL …/x.pmtiles) drawn by its basemap schema's layers (earth, water,
 * landuse, roads, boundaries), without labels so no glyph server is needed.
 */
export function pmtilesStyle(url: string, theme: MapTheme): StyleSpecification {
  const colours = PALETTE[theme];
  return {
    version: 8,
    sources: { protomaps: { type: 'vector', url: `pmtiles://${url}` } },
    layers: [
      { id: 'water-background', type: 'background', paint: { 'background-color': colours.water } },
      {
        id: 'earth',
        type: 'fill',
        source: 'protomaps',
        'source-layer': 'earth',
        paint: { 'fill-color': colours.land },
      },
      {
        id: 'water',
        type: 'fill',
        source: 'protomaps',
        'source-layer': 'water',
        paint: { 'fill-color': colours.water },
      },
      {
        id: 'roads',
        type: 'line',
        source: 'protomaps',
        'source-layer': 'roads',
        minzoom: 7,
        paint: { 'line-color': colours.road, 'line-width': 1 },
      },
      {
        id: 'boundaries',
        type: 'line',
        source: 'protomaps',
        'source-layer': 'boundaries',
        paint: { 'line-color': colours.border, 'line-width': 1 },
      },
    ],
  };
}

/** Whether a basemap needs the PMTiles protocol registered. */
export const usesPmtiles = (basemap: MapBasemap) => basemap.kind === 'pmtiles';
