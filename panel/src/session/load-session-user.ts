import { type SessionUser } from '@kanat360/contracts';
import { type QueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from './session-query';

/**
 * The validated user, for a child route's loader. It runs beside the `_auth` loader and shares its request, so a
 * route can decide what to fetch from the user's permissions without a second round trip.
 */
export function loadSessionUser(queryClient: QueryClient): Promise<SessionUser> {
  return queryClient.ensureQueryData(sessionQueryOptions());
}
