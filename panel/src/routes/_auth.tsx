import { SESSION_USER_STORAGE_KEY } from '@kanat360/contracts';
import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppHeader } from '@/components/AppHeader';
import { ErrorScreen } from '@/components/ErrorScreen';
import { FullPageMessage } from '@/components/FullPageMessage';
import { useI18n } from '@/i18n/language';
import { useAskBeforeLeavingDrawings } from '@/media/unsaved-drawings';
import { sessionQueryOptions } from '@/session/session-query';
import { isSessionExpired, readStoredUser } from '@/session/session-user';
import { signOutToLogin, untilSignInPage } from '@/session/sign-out';
import { useUploadQueueEffects } from '@/uploads/use-uploads';

/**
 * The session guard of every signed-in route (spec §2, STYLE 10). No stored user, or one whose session has run
 * out, signs out at once; otherwise the server validates the session before anything renders. The server still
 * authorizes every call, and a 401 from any of them signs out the same way (the API client's onUnauthorized).
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: () => {
    const stored = readStoredUser();
    if (!stored || isSessionExpired(stored)) {
      signOutToLogin();
      return untilSignInPage();
    }
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(sessionQueryOptions()),
  pendingComponent: SessionPending,
  // A refused session never errors (the way to the sign-in page waits instead): here the server or network failed.
  errorComponent: ErrorScreen,
  component: AuthLayout,
});

function SessionPending() {
  const { t } = useI18n();
  return <FullPageMessage busy>{t('panel.session.checking')}</FullPageMessage>;
}

/** Signing out in another tab removes the stored user: this tab follows. */
function useSignOutWithOtherTabs() {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_USER_STORAGE_KEY && event.newValue === null) signOutToLogin();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

function AuthLayout() {
  const { t } = useI18n();
  useSignOutWithOtherTabs();
  // The upload queue outlives every page: its toasts, list refreshes and "leave?" question live here.
  useUploadQueueEffects();
  // So do the drawings not saved yet, which outlive the viewer they were drawn in.
  useAskBeforeLeavingDrawings();
  const fullBleed = useMatches({ select: (matches) => matches.some((match) => match.staticData.fullBleed) });
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="btn-primary sr-only focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
      >
        {t('panel.skipToContent')}
      </a>
      <AppHeader />
      <main
        id="main"
        tabIndex={-1}
        className={
          fullBleed
            ? 'flex h-[calc(100dvh-4rem)] w-full flex-col outline-none'
            : 'mx-auto w-full max-w-7xl flex-1 px-8 py-10 outline-none'
        }
      >
        <Outlet />
      </main>
    </div>
  );
}
