import { useSyncExternalStore } from 'react';
import { isMobileDevice } from './desktop-only';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function snapshot(): boolean {
  return isMobileDevice({
    width: window.innerWidth,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
  });
}

/** Whether this browser gets the desktop-only notice instead of the panel; follows window resizes. */
export function useIsMobileDevice(): boolean {
  return useSyncExternalStore(subscribe, snapshot);
}
