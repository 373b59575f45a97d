export type SlideOrder = 'random' | 'sequential';

/**
 * The picture after `current`: the next one in turn, or (spec §4) a randomly chosen one that is never the
 * current one — drawn from the other `count - 1`, so every other picture is equally likely.
 */
export function nextSlide(current: number, count: number, order: SlideOrder, random: () => number = Math.random) {
  if (count < 2) return current;
  if (order === 'sequential') return (current + 1) % count;
  const step = 1 + Math.min(count - 2, Math.floor(random() * (count - 1)));
  return (current + step) % count;
}
