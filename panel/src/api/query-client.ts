import { ApiError } from '@kanat360/api-client';
import { QueryClient } from '@tanstack/react-query';

/** Spec §9: the client cache holds answers for 5 minutes unless a resource says otherwise. */
export const DEFAULT_STALE_MS = 5 * 60_000;

/** A request the server refused (4xx) fails the same way the next time; only transient failures are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_MS, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
