import { type SyncableView, type ViewState } from '@/viewers/viewer-handle';

/** A view, and where it stood when the lock was turned on. */
export interface AnchoredView {
  view: SyncableView;
  anchor: ViewState;
}

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
 * Where a follower goes when its leader has moved from `leaderAnchor` to `leader`: zoomed by the same factor, and
 * panned by the same part of the screen, around its own anchor. Each year's photo shows the damage in a different
 * place, so the views move together relative to their own regions, not to one place of the picture.
 */
export function followView(leaderAnchor: ViewState, leader: ViewState, followerAnchor: ViewState): ViewState {
  const zoom = followerAnchor.zoom * (leader.zoom / leaderAnchor.zoom);
  // A pan of d picture widths at zoom z moves the picture d × z screens; the follower moves as many screens.
  const screens = leader.zoom / zoom;
  return {
    cx: followerAnchor.cx + (leader.cx - leaderAnchor.cx) * screens,
    cy: followerAnchor.cy + (leader.cy - leaderAnchor.cy) * screens,
    zoom,
  };
}

/**
 * Moves every view with the one the user moves (a finding's track), each relative to where it stood when locked.
 * A copy a view reports back as its own change is that echo and goes no further (as `lockViews` in compare).
 * Answers how to unlock.
 */
export function lockAnchoredViews(views: readonly AnchoredView[]): () => void {
  const sentTo = new Map<SyncableView, ViewState>();
  let copying = false;
  const follow = (leader: AnchoredView) => () => {
    if (copying) return;
    const now = leader.view.get();
    if (same(sentTo.get(leader.view), now)) return;
    sentTo.delete(leader.view);
    copying = true;
    try {
      for (const follower of views) {
        if (follower === leader) continue;
        const target = followView(leader.anchor, now, follower.anchor);
        sentTo.set(follower.view, target);
        follower.view.set(target);
      }
    } finally {
      copying = false;
    }
  };
  const stops = views.map((entry) => entry.view.subscribe(follow(entry)));
  return () => stops.forEach((stop) => stop());
}
