import { type Finding } from './schemas/findings.js';

/*
 * The blade map's scale, one rule for the panel's map and the inspection report's (DESIGN "Findings"): a finding
 * sits at the same fraction of its blade in both.
 */

/** A turbine whose blade length is not recorded: its map runs to the furthest finding, never shorter than this. */
export const DEFAULT_BLADE_LENGTH_M = 80;

/** Without a blade length the scale ends on a round number of metres, so its end label reads well. */
const SCALE_STEP_M = 10;

/**
 * What a blade map's length stands for: `blade`, the turbine's recorded blade length; `findings`, the furthest
 * finding rounded up to ten metres, at least DEFAULT_BLADE_LENGTH_M (the blade length is not recorded).
 */
export interface BladeScale {
  lengthM: number;
  basis: 'blade' | 'findings';
}

/** How far from the root the findings reach: the furthest one's distance plus its extent along the blade. */
export function furthestReachM(
  findings: readonly (Pick<Finding, 'distance_from_root_m'> & { extent_m?: number | null })[],
): number {
  return Math.max(0, ...findings.map((finding) => finding.distance_from_root_m + (finding.extent_m ?? 0)));
}

/**
 * The scale of a turbine's blade map: its blade length when known, else the reach of its findings (of every year,
 * so the scale stays put from year to year) rounded up, and never shorter than a usual blade.
 */
export function bladeScale(furthestM: number, bladeLengthM?: number | null): BladeScale {
  if (bladeLengthM !== undefined && bladeLengthM !== null && bladeLengthM > 0) {
    return { lengthM: bladeLengthM, basis: 'blade' };
  }
  return {
    lengthM: Math.max(DEFAULT_BLADE_LENGTH_M, Math.ceil(furthestM / SCALE_STEP_M) * SCALE_STEP_M),
    basis: 'findings',
  };
}

/** Where a finding lies along its blade on the map: 0 at the root, 1 at the tip (one beyond the scale: the tip). */
export function alongBlade(distanceFromRootM: number, scale: BladeScale): number {
  return Math.min(1, Math.max(0, distanceFromRootM / scale.lengthM));
}
