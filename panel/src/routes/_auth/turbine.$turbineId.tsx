import { loadCatalogAreas } from '@/i18n/language';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { turbineQueryOptions } from '@/api/turbines';
import { TurbineErrorScreen } from './-components/turbine/TurbineErrorScreen';
import { turbineParams } from './-components/turbine/turbine-route';

/**
 * Every screen of one turbine (the workspace here; its viewers and category pages beside it): the id is parsed
 * once, and the turbine is loaded once for all of them. A bad id, a turbine that is not there and a failed load
 * each get spec §2's own screen.
 */
export const Route = createFileRoute('/_auth/turbine/$turbineId')({
  beforeLoad: () => loadCatalogAreas('workspace', 'coverage'),
  params: turbineParams,
  loader: ({ context: { queryClient }, params: { turbineId } }) =>
    queryClient.ensureQueryData(turbineQueryOptions(turbineId)),
  errorComponent: TurbineErrorScreen,
  component: Outlet,
});
