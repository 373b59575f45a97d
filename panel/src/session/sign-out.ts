import { appStore } from '@/state/store';
import { languageAtom } from '@/i18n/language';
import { loginUrl } from './login-url';
import { clearStoredUser } from './session-user';

/**
 * Where loading must stop because the browser is already on its way to the sign-in page: a promise that never
 * settles, so the pending screen stays until the page is left. (Throwing instead made the router report an error
 * in the console on every signed-out visit.)
 */
export function untilSignInPage(): Promise<never> {
  return new Promise<never>(() => undefined);
}

let redirecting = false;

/**
 * Spec §2 and §4: forget the stored user and go to the sign-in page, keeping the origin so the user comes back
 * here. Several failing calls at once lead to one navigation.
 */
export function signOutToLogin(): void {
  if (redirecting) return;
  redirecting = true;
  clearStoredUser();
  const returnTo = window.location.pathname + window.location.search;
  window.location.assign(loginUrl(appStore.get(languageAtom), returnTo));
}
