import {
  alongBlade,
  type Blade,
  BLADES,
  type BladeScale,
  type Finding,
  type FindingSeverity,
  type FindingSurface,
} from '@kanat360/contracts';

/*
 * The blade map's geometry: a blade seen from above, root on the left and tip on the right, its leading edge along
 * the top and its trailing edge along the bottom. Positions are fractions of one blade's box (`along` 0 = root,
 * 1 = tip; `across` 0 = top of the box, 1 = its bottom), so the same numbers place the SVG outline and the marks.
 */

/** The blade's pitch axis and how far the edges lie from it at the widest chord, as fractions of the box. */
const PITCH_AXIS = 0.38;
const LEADING_EDGE_REACH = 0.28;
const TRAILING_EDGE_REACH = 0.52;

/**
 * Where across the chord each surface is drawn (0 = leading edge, 1 = trailing edge): the suction side (LW) above
 * the shear web, the pressure side (WW) below it. Root and tip are places along the blade, drawn on the web.
 */
export const SURFACE_LANE: Record<FindingSurface, number> = {
  leading_edge: 0.08,
  suction_side: 0.3,
  shear_web: 0.5,
  root: 0.5,
  tip: 0.5,
  pressure_side: 0.72,
  trailing_edge: 0.92,
};

function smoothstep(x: number): number {
  const t = Math.min(1, Math.max(0, x));
  return t * t * (3 - 2 * t);
}

/**
 * The chord at a point along the blade, as a fraction of the widest: a round root, widening to the shoulder at a
 * fifth of the length, then tapering to a narrow tip.
 */
export function chordAt(along: number): number {
  const t = Math.min(1, Math.max(0, along));
  if (t < 0.05) return 0.45;
  if (t < 0.22) return 0.45 + 0.55 * smoothstep((t - 0.05) / 0.17);
  return 1 - 0.82 * ((t - 0.22) / 0.78) ** 0.9;
}

/** The leading and trailing edges' place across the box at a point along the blade. */
export function edgesAt(along: number): { leading: number; trailing: number } {
  const chord = chordAt(along);
  return { leading: PITCH_AXIS - LEADING_EDGE_REACH * chord, trailing: PITCH_AXIS + TRAILING_EDGE_REACH * chord };
}

/** Where a point of the chord is across the box: `lane` 0 on the leading edge, 1 on the trailing edge. */
export function acrossAt(along: number, lane: number): number {
  const { leading, trailing } = edgesAt(along);
  return leading + lane * (trailing - leading);
}

/** A mark's place in its blade's box: along the blade by the contracts' scale (the inspection report's too). */
export function markPosition(
  finding: Pick<Finding, 'distance_from_root_m' | 'surface'>,
  scale: BladeScale,
): { along: number; across: number } {
  const along = alongBlade(finding.distance_from_root_m, scale);
  return { along, across: acrossAt(along, SURFACE_LANE[finding.surface]) };
}

/** A mark's radius in CSS pixels: the graver the damage, the bigger its dot. */
export function markRadius(severity: FindingSeverity): number {
  return 5 + severity * 1.5;
}

/** Points of a curve along the blade, in a `width` × `height` SVG box. */
function curve(lane: number, width: number, height: number, steps: number, reverse = false): string[] {
  const points: string[] = [];
  for (let i = 0; i <= steps; i += 1) {
    const along = (reverse ? steps - i : i) / steps;
    points.push(`${(along * width).toFixed(1)},${(acrossAt(along, lane) * height).toFixed(1)}`);
  }
  return points;
}

/** The blade's outline as an SVG path in a `width` × `height` box: the leading edge out, the trailing edge back. */
export function bladeOutlinePath(width: number, height: number, steps = 48): string {
  const leading = curve(0, width, height, steps);
  const trailing = curve(1, width, height, steps, true);
  return `M${leading.join(' L')} L${trailing.join(' L')} Z`;
}

/** A line along the blade at `lane` of the chord (the shear web at 0.5), as an SVG path. */
export function bladeLanePath(lane: number, width: number, height: number, steps = 48): string {
  return `M${curve(lane, width, height, steps).join(' L')}`;
}

/** The suction half (leading edge to shear web) as a closed SVG path: it is shaded apart from the pressure half. */
export function suctionHalfPath(width: number, height: number, steps = 48): string {
  const leading = curve(0, width, height, steps);
  const web = curve(SURFACE_LANE.shear_web, width, height, steps, true);
  return `M${leading.join(' L')} L${web.join(' L')} Z`;
}

/** The years that have findings, newest first. */
export function findingYears(findings: readonly Pick<Finding, 'year'>[]): number[] {
  return [...new Set(findings.map((f) => f.year))].sort((a, b) => b - a);
}

/** One blade's findings root to tip: the order keyboard focus walks them in. */
export function bladeMarks<T extends Pick<Finding, 'blade' | 'distance_from_root_m' | 'id'>>(
  findings: readonly T[],
  blade: Blade,
): T[] {
  return findings
    .filter((f) => f.blade === blade)
    .sort((a, b) => a.distance_from_root_m - b.distance_from_root_m || a.id - b.id);
}

/** A mark's stacking layer: the smaller (milder) dots above the bigger ones, so each stays visible and clickable. */
export function markLayer(severity: FindingSeverity): number {
  return 6 - severity;
}

/** How many findings each blade has. */
export function countsByBlade(findings: readonly Pick<Finding, 'blade'>[]): Record<Blade, number> {
  const counts = Object.fromEntries(BLADES.map((blade) => [blade, 0])) as Record<Blade, number>;
  for (const f of findings) counts[f.blade] += 1;
  return counts;
}
