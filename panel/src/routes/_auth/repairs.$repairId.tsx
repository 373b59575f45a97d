import { ApiError } from '@kanat360/api-client';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { repairQueryOptions } from '@/api/repairs';
import { ErrorScreen } from '@/components/ErrorScreen';
import { NotFoundScreen } from '@/components/NotFoundScreen';
import { idValue, searchReader } from '@/search/url-values';
import { RepairPage } from './-components/repairs/RepairPage';

/**
 * A repair's page (issue #24): `/dashboard/repairs/12?turbine=3`. The API reaches a repair through its turbine, so
 * every link here names it; a repair that is not there, not the caller's company's or not of that turbine is the
 * panel's not-found screen, as a missing one. The repair is read by the component, not a loader or a params parser:
 * those stay in the first load of /dashboard with what they import.
 */
export const Route = createFileRoute('/_auth/repairs/$repairId')({
  validateSearch: searchReader((search) => ({ turbine: idValue(search.turbine) })),
  errorComponent: RepairErrorScreen,
  component: RepairRoute,
});

function RepairErrorScreen(props: ErrorComponentProps) {
  // Another company's repair answers as a missing one (404), and so does its turbine.
  if (props.error instanceof ApiError && props.error.status === 404) return <NotFoundScreen />;
  return <ErrorScreen {...props} />;
}

function RepairRoute() {
  const { repairId } = Route.useParams();
  const { turbine } = Route.useSearch();
  // `/repairs/abc`, or an address without its turbine, names no repair.
  const id = /^\d+$/.test(repairId) ? idValue(repairId) : undefined;
  if (id === undefined || turbine === undefined) return <NotFoundScreen />;
  return <LoadedRepair turbineId={turbine} repairId={id} />;
}

function LoadedRepair({ turbineId, repairId }: { turbineId: number; repairId: number }) {
  const { data: repair } = useSuspenseQuery(repairQueryOptions(turbineId, repairId));
  return <RepairPage repair={repair} />;
}
