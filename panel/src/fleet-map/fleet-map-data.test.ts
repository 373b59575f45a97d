import { SEVERITY_COLOURS, type Turbine } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import { NO_FINDING_COLOUR, pointBounds, pointColour, severityColourExpression, turbinePoints } from './fleet-map-data';

const turbine = (id: number, position: [number, number] | null, worst: Turbine['worst_open_severity'] = null) =>
  ({ id, latitude: position?.[0] ?? null, longitude: position?.[1] ?? null, worst_open_severity: worst }) as Turbine;

describe('the fleet map’s points', () => {
  it('are the turbines with a position, longitude first, carrying their worst severity (0 for none)', () => {
    const points = turbinePoints([turbine(1, [38.8, 26.97], 4), turbine(2, null, 5), turbine(3, [40.3, 27.9])]);
    expect(points.features).toEqual([
      {
        type: 'Feature',
        id: 1,
        geometry: { type: 'Point', coordinates: [26.97, 38.8] },
        properties: { id: 1, severity: 4 },
      },
      {
        type: 'Feature',
        id: 3,
        geometry: { type: 'Point', coordinates: [27.9, 40.3] },
        properties: { id: 3, severity: 0 },
      },
    ]);
    expect(pointBounds(points)).toEqual([
      [26.97, 38.8],
      [27.9, 40.3],
    ]);
    expect(pointBounds(turbinePoints([turbine(4, null)]))).toBeNull();
  });

  it('are coloured with the panel’s severity colours, a quiet slate without an open finding', () => {
    const expression = severityColourExpression(['get', 'severity']);
    expect(expression.slice(0, 2)).toEqual(['match', ['get', 'severity']]);
    for (const severity of [1, 2, 3, 4, 5] as const) {
      expect(expression[expression.indexOf(severity) + 1]).toBe(SEVERITY_COLOURS[severity]);
      expect(pointColour(severity)).toBe(SEVERITY_COLOURS[severity]);
    }
    expect(expression.at(-1)).toBe(NO_FINDING_COLOUR);
    expect(pointColour(0)).toBe(NO_FINDING_COLOUR);
  });
});
