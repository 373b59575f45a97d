import { type ComponentType, createElement, useEffect, useState } from 'react';

/**
 * A component whose code is fetched the first time it is shown, then rendered as soon as it is here. For what the
 * first load should not carry (a modal and the zod schemas its form brings). Unlike React.lazy there is no Suspense:
 * nothing waits on Suspense's reveal timers. A chunk that cannot be fetched fails the render, as a route's does
 * (the route's error screen offers a retry).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchOnce = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  function OnDemand(props: P) {
    const [state, setState] = useState<{ component: ComponentType<P> | null; error?: Error }>({
      component: loaded,
    });
    useEffect(() => {
      if (state.component) return;
      let current = true;
      fetchOnce().then(
        (component) => current && setState({ component }),
        (error: unknown) =>
          current && setState({ component: null, error: error instanceof Error ? error : new Error(String(error)) }),
      );
      return () => {
        current = false;
      };
    }, [state.component]);
    if (state.error) throw state.error;
    return state.component ? createElement(state.component, props) : null;
  }
  return OnDemand;
}
