import { ApiError } from '@kanat360/api-client';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { repairQueryOptions } from '@/api/repairs';
import { ErrorScreen } from '@/components/ErrorScreen';
import { NotFoundScreen } from '@/components/NotFoundScreen';
import { idValue, searchReader } from '@/search/url-values';
import { RepairPage } from './-components/repairs/RepairPage';

/** An address that names no repair: a repair id that is not a number, or no turbine (`?turbine=`) to reach it. */
class RepairAddressError extends Error {
  constructor() {
    super('Not a repair address');
    this.name = 'RepairAddressError';
  }
}

/**
 * A repair's page (issue #24): `/dashboard/repairs/12?turbine=3`. The API reaches a repair through its turbine, so
 * every link here names it; a repair that is not there, not the caller's company's or not of that turbine is the
 * panel's not-found screen, as a missing one.
 */
export const Route = createFileRoute('/_auth/repairs/$repairId')({
  params: {
    parse: ({ repairId }: { repairId: string }) => {
      const id = /^\d+$/.test(repairId) ? idValue(repairId) : undefined;
      if (id === undefined) throw new RepairAddressError();
      return { repairId: id };
    },
    stringify: ({ repairId }: { repairId: number }) => ({ repairId: String(repairId) }),
  },
  validateSearch: searchReader((search) => ({ turbine: idValue(search.turbine) })),
  loaderDeps: ({ search }) => ({ turbine: search.turbine }),
  loader: async ({ context: { queryClient }, params: { repairId }, deps: { turbine } }) => {
    if (turbine === undefined) throw new RepairAddressError();
    await queryClient.ensureQueryData(repairQueryOptions(turbine, repairId));
  },
  errorComponent: RepairErrorScreen,
  component: RepairRoute,
});

function RepairErrorScreen(props: ErrorComponentProps) {
  const { error } = props;
  // Another company's repair answers as a missing one (404), and so does its turbine. The router hands a params
  // failure over wrapped in a PathParamError whose cause is ours.
  const missing =
    (error instanceof ApiError && error.status === 404) ||
    error instanceof RepairAddressError ||
    (error instanceof Error && error.cause instanceof RepairAddressError);
  if (missing) return <NotFoundScreen />;
  return <ErrorScreen {...props} />;
}

function RepairRoute() {
  const { repairId } = Route.useParams();
  const { turbine } = Route.useSearch();
  // The loader refused an address without a turbine: this stands for the type's sake.
  if (turbine === undefined) return <NotFoundScreen />;
  return <LoadedRepair turbineId={turbine} repairId={repairId} />;
}

function LoadedRepair({ turbineId, repairId }: { turbineId: number; repairId: number }) {
  const { data: repair } = useSuspenseQuery(repairQueryOptions(turbineId, repairId));
  return <RepairPage repair={repair} />;
}
