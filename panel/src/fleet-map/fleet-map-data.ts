import { type FindingSeverity, SEVERITY_COLOURS, type Turbine } from '@kanat360/contracts';

/** A turbine without an open finding: a quiet slate, apart from every severity's colour. */
export const NO_FINDING_COLOUR = '#475569';

/** What each turbine's point carries to the map: enough to colour it, cluster it and open its popup. */
export interface TurbinePointProperties {
  id: number;
  /** The worst open severity, 0 when there is none (a cluster takes the highest of its points). */
  severity: FindingSeverity | 0;
}

export interface TurbinePoints {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: number;
    geometry: { type: 'Point'; coordinates: [number, number] };
    properties: TurbinePointProperties;
  }[];
}

/** The turbines that have a position, as GeoJSON points (longitude first, as GeoJSON orders them). */
export function turbinePoints(turbines: readonly Turbine[]): TurbinePoints {
  return {
    type: 'FeatureCollection',
    features: turbines.flatMap((turbine) =>
      turbine.latitude === null || turbine.longitude === null
        ? []
        : [
            {
              type: 'Feature' as const,
              id: turbine.id,
              geometry: {
                type: 'Point' as const,
                coordinates: [turbine.longitude, turbine.latitude] as [number, number],
              },
              properties: { id: turbine.id, severity: turbine.worst_open_severity ?? 0 },
            },
          ],
    ),
  };
}

/** A MapLibre `match` expression: the colour of a severity number (0: none), the panel's severity colours. */
export function severityColourExpression(input: unknown): unknown[] {
  return [
    'match',
    input,
    ...Object.entries(SEVERITY_COLOURS).flatMap(([severity, colour]) => [Number(severity), colour]),
    NO_FINDING_COLOUR,
  ];
}

/** The colour a turbine's point is drawn in. */
export function pointColour(severity: FindingSeverity | 0): string {
  return severity === 0 ? NO_FINDING_COLOUR : SEVERITY_COLOURS[severity];
}

/** The box around every point, [[west, south], [east, north]]; null when there is no point. */
export function pointBounds(points: TurbinePoints): [[number, number], [number, number]] | null {
  if (points.features.length === 0) return null;
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const { geometry } of points.features) {
    const [lng, lat] = geometry.coordinates;
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}
