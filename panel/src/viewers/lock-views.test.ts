import { describe, expect, it } from 'vitest';
import { lockViews } from './lock-views';
import { type SyncableView, type ViewState } from './viewer-handle';

/** A view that, like OpenSeadragon, reports every change synchronously, its own moves included. */
function fakeView(start: ViewState) {
  let state = start;
  const listeners = new Set<() => void>();
  let sets = 0;
  const view: SyncableView = {
    get: () => state,
    set: (next) => {
      sets += 1;
      state = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const userMoves = (next: ViewState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };
  return { view, userMoves, sets: () => sets };
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

  it('stops following once unlocked', () => {
    const left = fakeView({ cx: 0.5, cy: 0.5, zoom: 1 });
    const right = fakeView({ cx: 0.5, cy: 0.5, zoom: 1 });
    const unlock = lockViews(left.view, right.view);
    unlock();
    left.userMoves({ cx: 0.9, cy: 0.9, zoom: 3 });
    expect(right.view.get()).toEqual({ cx: 0.5, cy: 0.5, zoom: 1 });
  });
});
