import { describe, expect, it } from 'vitest';
import { lockViews } from './lock-views';
import { type SyncableView, type ViewState } from './viewer-handle';

/**
 * A view that reports every change, its own moves included — at once, or (like OpenSeadragon, which raises
 * viewport-change on its next frame) only when `frame()` runs.
 */
function fakeView(start: ViewState, { deferred = false } = {}) {
  let state = start;
  const listeners = new Set<() => void>();
  let pending = false;
  let sets = 0;
  const report = () => {
    if (deferred) pending = true;
    else listeners.forEach((listener) => listener());
  };
  const view: SyncableView = {
    get: () => state,
    set: (next) => {
      sets += 1;
      state = next;
      report();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    view,
    userMoves: (next: ViewState) => {
      state = next;
      report();
    },
    frame: () => {
      if (!pending) return;
      pending = false;
      listeners.forEach((listener) => listener());
    },
    sets: () => sets,
  };
}

describe('lockViews', () => {
  it('starts the second where the first is, and copies a move of either to the other once', () => {
    const left = fakeView({ cx: 0.2, cy: 0.3, zoom: 2 });
    const right = fakeView({ cx: 0.5, cy: 0.5, zoom: 1 });
    lockViews(left.view, right.view);
    expect(right.view.get()).toEqual({ cx: 0.2, cy: 0.3, zoom: 2 });

    left.userMoves({ cx: 0.7, cy: 0.1, zoom: 4 });
    expect(right.view.get()).toEqual({ cx: 0.7, cy: 0.1, zoom: 4 });
    right.userMoves({ cx: 0.4, cy: 0.6, zoom: 1.5 });
    expect(left.view.get()).toEqual({ cx: 0.4, cy: 0.6, zoom: 1.5 });
    // One copy per move: the follower's echo did not bounce back.
    expect(left.sets()).toBe(1);
    expect(right.sets()).toBe(2);
  });

  it('ignores an echo that comes a frame later, so an animation of the leader runs to its end', () => {
    const left = fakeView({ cx: 0.5, cy: 0.5, zoom: 1 }, { deferred: true });
    const right = fakeView({ cx: 0.5, cy: 0.5, zoom: 1 }, { deferred: true });
    lockViews(left.view, right.view);
    right.frame();
    // Three frames of a zoom animation on the left; each frame the right reports the copy it got.
    for (const zoom of [1.2, 1.4, 1.5]) {
      left.userMoves({ cx: 0.5, cy: 0.5, zoom });
      left.frame();
      right.frame();
    }
    expect(left.view.get().zoom).toBe(1.5);
    expect(right.view.get().zoom).toBe(1.5);
    expect(left.sets()).toBe(0);
  });

  it('stops following once unlocked', () => {
    const left = fakeView({ cx: 0.5, cy: 0.5, zoom: 1 });
    const right = fakeView({ cx: 0.5, cy: 0.5, zoom: 1 });
    const unlock = lockViews(left.view, right.view);
    unlock();
    left.userMoves({ cx: 0.9, cy: 0.9, zoom: 3 });
    expect(right.view.get()).toEqual({ cx: 0.5, cy: 0.5, zoom: 1 });
  });
});
