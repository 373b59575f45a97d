import { type QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/ErrorScreen';
import { NotFoundScreen } from '@/components/NotFoundScreen';
import { PendingScreen } from '@/components/PendingScreen';
import { panelBasepathRewrite } from '@/panel-basepath';
import { routeTree } from './routeTree.gen';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    // The router's `basepath: '/dashboard'`, written out so the home stays /dashboard (see panel-basepath.ts).
    rewrite: panelBasepathRewrite,
    context: { queryClient },
    // Loaders read through React Query's cache, so the router keeps no cache of its own.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 300,
    defaultPendingMinMs: 300,
    defaultPendingComponent: PendingScreen,
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
    scrollRestoration: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page fills the window below the header (the viewers) instead of the centred reading column. */
    fullBleed?: boolean;
  }
}
