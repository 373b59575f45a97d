/** Strata of the progressive order: the finest step a partial draw can take is 1/STRATA of the points. */
export const STRATA = 128;

function bitReversed(value: number, bits: number): number {
  let reversed = 0;
  for (let bit = 0; bit < bits; bit++) reversed |= ((value >> bit) & 1) << (bits - 1 - bit);
  return reversed;
}

/**
 * The points reordered so that every prefix is an even spread of the whole cloud: point j of the file order goes
 * to stratum j mod STRATA, and the strata follow in bit-reversed order (every 128th point, then the ones halfway
 * between, …). While the camera moves the viewer draws only a prefix, sized to keep frames quick; at rest, all.
 */
export function progressiveOrder(
  positions: Float32Array,
  colours: Uint8Array,
  count: number,
): { positions: Float32Array; colours: Uint8Array } {
  const orderedPositions = new Float32Array(count * 3);
  const orderedColours = new Uint8Array(count * 3);
  const bits = Math.log2(STRATA);
  let target = 0;
  for (let rank = 0; rank < STRATA; rank++) {
    for (let source = bitReversed(rank, bits); source < count; source += STRATA) {
      orderedPositions[target * 3] = positions[source * 3]!;
      orderedPositions[target * 3 + 1] = positions[source * 3 + 1]!;
      orderedPositions[target * 3 + 2] = positions[source * 3 + 2]!;
      orderedColours[target * 3] = colours[source * 3]!;
      orderedColours[target * 3 + 1] = colours[source * 3 + 1]!;
      orderedColours[target * 3 + 2] = colours[source * 3 + 2]!;
      target++;
    }
  }
  return { positions: orderedPositions, colours: orderedColours };
}
