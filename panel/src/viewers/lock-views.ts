import { type SyncableView } from './viewer-handle';

/**
 * Moves either view with the other (compare, spec §2): a pan or zoom in one is copied to the other in picture
 * terms. The copy itself makes the follower report a change; that echo is ignored, so they never ping-pong.
 * Answers how to unlock.
 */
export function lockViews(first: SyncableView, second: SyncableView): () => void {
  let copying = false;
  const follow = (leader: SyncableView, follower: SyncableView) => () => {
    if (copying) return;
    copying = true;
    try {
      follower.set(leader.get());
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
