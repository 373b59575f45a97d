import { describe, expect, it } from 'vitest';
import { type SyncableView, type ViewState } from '@/viewers/viewer-handle';
import { followView, lockAnchoredViews } from './track-lock';

/** A view that reports every move, as a viewer does (the copy it was given included). */
function fakeView(start: ViewState): SyncableView & { moves: number } {
  let state = start;
  const listeners = new Set<() => void>();
  return {
    moves: 0,
    get: () => state,
    set(view) {
      state = view;
      this.moves += 1;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

describe('views locked around their regions', () => {
  it('zoom by the same factor and pan by the same part of the screen, each around its own anchor', () => {
    const follower = followView(
      { cx: 0.3, cy: 0.4, zoom: 2 },
      { cx: 0.35, cy: 0.4, zoom: 4 },
      {
        cx: 0.7,
        cy: 0.2,
        zoom: 3,
      },
    );
    expect(follower.zoom).toBeCloseTo(6);
    // 0.05 picture widths at zoom 4 is 0.2 screens; at zoom 6 that is 0.0333 picture widths.
    expect(follower.cx).toBeCloseTo(0.7 + 0.05 * (4 / 6));
    expect(follower.cy).toBeCloseTo(0.2);
  });

  it('stand still when the leader has not moved', () => {
    const anchor = { cx: 0.3, cy: 0.4, zoom: 2 };
    expect(followView(anchor, anchor, { cx: 0.6, cy: 0.6, zoom: 5 })).toEqual({ cx: 0.6, cy: 0.6, zoom: 5 });
  });

  it('move every other view once per move of one, without echoing back, until unlocked', () => {
    const views = [
      fakeView({ cx: 0.5, cy: 0.5, zoom: 2 }),
      fakeView({ cx: 0.2, cy: 0.2, zoom: 3 }),
      fakeView({ cx: 0.8, cy: 0.8, zoom: 4 }),
    ];
    const unlock = lockAnchoredViews(views.map((view) => ({ view, anchor: view.get() })));
    views[0]!.set({ cx: 0.5, cy: 0.5, zoom: 4 });
    expect(views[1]!.get().zoom).toBeCloseTo(6);
    expect(views[2]!.get().zoom).toBeCloseTo(8);
    expect(views.map((view) => view.moves)).toEqual([1, 1, 1]);
    unlock();
    views[1]!.set({ cx: 0.1, cy: 0.1, zoom: 1 });
    expect(views[0]!.get().zoom).toBe(4);
  });
});
