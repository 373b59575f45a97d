import { createApiClient } from '@kanat360/api-client';
import { languageAtom } from '@/i18n/language';
import { signOutToLogin } from '@/session/sign-out';
import { appStore } from '@/state/store';

/** The panel's one HTTP client: a 401 from any call ends the session here (spec §4). */
export const apiClient = createApiClient({
  language: () => appStore.get(languageAtom),
  onUnauthorized: signOutToLogin,
});
