import { ApiError } from '@kanat360/api-client';
import { type SessionUser } from '@kanat360/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/api/client';
import { parseValidateSessionResponse, storeUser } from './session-user';
import { signOutToLogin, untilSignInPage } from './sign-out';

export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
};

async function validateSession(signal: AbortSignal): Promise<SessionUser> {
  let body: unknown;
  try {
    body = await apiClient.get('/auth/validate-session', { signal });
  } catch (error) {
    // The client's onUnauthorized has already started the way to the sign-in page.
    if (error instanceof ApiError && error.status === 401) return untilSignInPage();
    throw error;
  }
  const user = parseValidateSessionResponse(body);
  if (!user) {
    signOutToLogin();
    return untilSignInPage();
  }
  // The server's answer is the fresh truth (role, company, permissions, expiry): keep it for the next load.
  storeUser(user);
  return user;
}

/** The signed-in user, as validated by the server (spec §2's session guard). */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => validateSession(signal),
  });
}
