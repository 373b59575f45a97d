import { type QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/ErrorScreen';
import { MobileNotice } from '@/components/MobileNotice';
import { NotFoundScreen } from '@/components/NotFoundScreen';
import { RootEffects } from '@/components/RootEffects';
import { useIsMobileDevice } from '@/device/use-is-mobile-device';
import { Toaster } from '@/toast/Toaster';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
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
