import { type QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/ErrorScreen';
import { MobileNotice } from '@/components/MobileNotice';
import { NotFoundScreen } from '@/components/NotFoundScreen';
import { RootEffects } from '@/components/RootEffects';
import { useIsMobileDevice } from '@/device/use-is-mobile-device';
import { languageAtom, loadCatalog } from '@/i18n/language';
import { appStore } from '@/state/store';
import { Toaster } from '@/toast/Toaster';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The turbine list shows with the shell's texts; any other screen waits for the rest of the catalog (i18n/language).
  beforeLoad: ({ location }) => (location.pathname === '/' ? undefined : loadCatalog(appStore.get(languageAtom))),
  component: RootComponent,
  errorComponent: ErrorScreen,
  notFoundComponent: NotFoundScreen,
});

function RootComponent() {
  const mobile = useIsMobileDevice();
  return (
    <>
      <RootEffects />
      {mobile ? <MobileNotice /> : <Outlet />}
      <Toaster />
    </>
  );
}
