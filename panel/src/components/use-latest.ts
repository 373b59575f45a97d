import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * A ref that holds the value of the last committed render, for listeners an effect sets up once (a viewer's, a
 * map's, the window's) that must call today's callback. Written after the commit, never during render: a render
 * React throws away must not leak its values into them.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
