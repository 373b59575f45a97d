import { useI18n } from '@/i18n/language';
import { readStoredUser } from '@/session/session-user';
import { BrandMark } from './BrandMark';
import { LanguageToggle } from './LanguageToggle';
import { LogoutButton } from './LogoutButton';
import { StrokeIcon } from '@/components/StrokeIcon';

/**
 * Spec §1: the panel refuses phones, tablets and narrow windows with this notice. Someone signed in can still sign
 * out here (a shared tablet must not keep the session).
 */
export function MobileNotice() {
  const { t } = useI18n();
  const signedIn = readStoredUser() !== null;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-6" data-testid="mobile-notice">
      <BrandMark />
      <section className="card w-full max-w-sm p-6 text-center" aria-labelledby="mobile-notice-title">
        <StrokeIcon className="mx-auto mb-4 size-10 text-brand-700 dark:text-brand-300" strokeWidth={1.5}>
          <path d="M9 17.25v1.007a3 3 0 0 1-.879 2.122L7.5 21h9l-.621-.621A3 3 0 0 1 15 18.257V17.25m6-12V15a2.25 2.25 0 0 1-2.25 2.25H5.25A2.25 2.25 0 0 1 3 15V5.25A2.25 2.25 0 0 1 5.25 3h13.5A2.25 2.25 0 0 1 21 5.25Z" />
        </StrokeIcon>
        <h1 id="mobile-notice-title" className="text-lg font-semibold">
          {t('panel.mobile.title')}
        </h1>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('panel.mobile.message')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <a href="/" className="btn-secondary">
            {t('common.goHome')}
          </a>
          {signedIn && <LogoutButton />}
          <LanguageToggle />
        </div>
      </section>
    </main>
  );
}
