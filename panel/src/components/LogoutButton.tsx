import { useI18n } from '@/i18n/language';
import { useLogout } from '@/session/use-logout';
import { StrokeIcon } from '@/components/StrokeIcon';

export function LogoutButton() {
  const { t } = useI18n();
  const logout = useLogout();
  // Stays disabled after success: the browser is leaving for the home page.
  const busy = logout.isPending || logout.isSuccess;
  return (
    <button type="button" className="btn-secondary" onClick={() => logout.mutate()} disabled={busy} aria-busy={busy}>
      <StrokeIcon className="size-4">
        <path d="M15.75 9V5.25A2.25 2.25 0 0 0 13.5 3h-6a2.25 2.25 0 0 0-2.25 2.25v13.5A2.25 2.25 0 0 0 7.5 21h6a2.25 2.25 0 0 0 2.25-2.25V15M12 9l-3 3m0 0 3 3m-3-3h12.75" />
      </StrokeIcon>
      {t('common.logout')}
    </button>
  );
}
