import { type PointCloud } from './pcd';

/** What the colours of a cloud show: the file's own colour, else its intensity, else height. */
export type ColourSource = 'rgb' | 'intensity' | 'height';

/** Viridis in nine stops: readable on the dark stage, in print and for most colour-blind eyes. */
const RAMP: readonly (readonly [number, number, number])[] = [
  [68, 1, 84],
  [71, 45, 123],
  [59, 82, 139],
  [44, 114, 142],
  [33, 145, 140],
  [39, 173, 129],
  [92, 200, 99],
  [170, 220, 50],
  [253, 231, 37],
];

const HISTOGRAM_BINS = 1024;

/**
 * The 1st and 99th percentile of `values` (from a histogram): a few very bright returns (retro-reflectors) would
 * otherwise squeeze every other point into the bottom of the ramp.
 */
function robustRange(values: Float32Array, min: number, max: number): [number, number] {
  if (!(max > min)) return [min, min + 1];
  const bins = new Uint32Array(HISTOGRAM_BINS);
  const scale = (HISTOGRAM_BINS - 1) / (max - min);
  for (const value of values) bins[Math.floor((value - min) * scale)]! += 1;
  const lowCount = values.length * 0.01;
  const highCount = values.length * 0.99;
  let seen = 0;
  let low = 0;
  let high = HISTOGRAM_BINS - 1;
  for (let bin = 0; bin < HISTOGRAM_BINS; bin++) {
    const before = seen;
    seen += bins[bin]!;
    if (before <= lowCount && seen > lowCount) low = bin;
    if (before < highCount && seen >= highCount) {
      high = bin + 1;
      break;
    }
  }
  const lowValue = min + low / scale;
  const highValue = min + high / scale;
  return highValue > lowValue ? [lowValue, highValue] : [min, max];
}

function paintRamp(
  target: Uint8Array,
  values: ArrayLike<number>,
  count: number,
  stride: number,
  range: [number, number],
) {
  const [low, high] = range;
  const span = high > low ? high - low : 1;
  const last = RAMP.length - 1;
  for (let index = 0; index < count; index++) {
    const share = Math.min(1, Math.max(0, (values[index * stride]! - low) / span)) * last;
    const stop = Math.min(last - 1, Math.floor(share));
    const blend = share - stop;
    const from = RAMP[stop]!;
    const to = RAMP[stop + 1]!;
    target[index * 3] = from[0] + (to[0] - from[0]) * blend;
    target[index * 3 + 1] = from[1] + (to[1] - from[1]) * blend;
    target[index * 3 + 2] = from[2] + (to[2] - from[2]) * blend;
  }
}

/**
 * Height on the ramp, one r g b (0–255) per point: the coordinate `axis` of the file (2 for z, 1 for y: the one that
 * is up) of each of `count` points of `positions` (x y z), from `range[0]` to `range[1]`.
 */
export function heightColours(
  positions: Float32Array,
  count: number,
  axis: 1 | 2,
  range: [number, number],
): Uint8Array {
  const colours = new Uint8Array(count * 3);
  paintRamp(colours, positions.subarray(axis), count, 3, range);
  return colours;
}

/** One r g b (0–255) per point: the file's colour when it has one, else intensity, else height (z) on a ramp. */
export function pointColours(cloud: PointCloud): { colours: Uint8Array; source: ColourSource } {
  if (cloud.rgb) return { colours: cloud.rgb, source: 'rgb' };
  const colours = new Uint8Array(cloud.pointsShown * 3);
  if (cloud.intensity && cloud.intensityRange) {
    const [min, max] = cloud.intensityRange;
    paintRamp(colours, cloud.intensity, cloud.pointsShown, 1, robustRange(cloud.intensity, min, max));
    return { colours, source: 'intensity' };
  }
  return {
    colours: heightColours(cloud.positions, cloud.pointsShown, 2, [cloud.min[2], cloud.max[2]]),
    source: 'height',
  };
}
