import { type SyncableView, type ViewState } from './viewer-handle';

/** Two views this close are the same place (a copy read back can differ by rounding). */
function same(a: ViewState | undefined, b: ViewState): boolean {
  return (
    a !== undefined &&
    Math.abs(a.cx - b.cx) < 1e-6 &&
    Math.abs(a.cy - b.cy) < 1e-6 &&
    Math.abs(a.zoom / b.zoom - 1) < 1e-6
  );
}

/**
 * Moves either view with the other (compare, spec §2): a pan or zoom in one is copied to the other in picture
 * terms. A view reports the copy it was given as a change of its own, sometimes a frame later (OpenSeadragon does);
 * a report of exactly the place it was sent to is that echo and goes no further, so the two never ping-pong and
 * the one the user moves keeps its animation. Answers how to unlock.
 */
export function lockViews(first: SyncableView, second: SyncableView): () => void {
  const sentTo = new Map<SyncableView, ViewState>();
  let copying = false;
  const follow = (leader: SyncableView, follower: SyncableView) => () => {
    if (copying) return;
    const view = leader.get();
    if (same(sentTo.get(leader), view)) return;
    sentTo.delete(leader);
    sentTo.set(follower, view);
    copying = true;
    try {
      follower.set(view);
    } finally {
      copying = false;
    }
  };
  // The second starts where the first is.
  follow(first, second)();
  const stopFirst = first.subscribe(follow(first, second));
  const stopSecond = second.subscribe(follow(second, first));
  return () => {
    stopFirst();
    stopSecond();
  };
}
