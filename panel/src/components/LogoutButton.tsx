import { useState } from 'react';
import { useI18n } from '@/i18n/language';
import { useLogout } from '@/session/use-logout';
import { StrokeIcon } from '@/components/StrokeIcon';
import { loadedUploadQueue } from '@/uploads/loaded-upload-queue';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Logout (spec §2). With files still uploading it asks first, before the session ends: the queue would otherwise
 * lose them to refused requests after the browser's own leave prompt came too late.
 */
export function LogoutButton() {
  const { t } = useI18n();
  const logout = useLogout();
  const [pendingUploads, setPendingUploads] = useState(0);
  // Stays disabled after success: the browser is leaving for the home page.
  const busy = logout.isPending || logout.isSuccess;
  const start = () => {
    const active = loadedUploadQueue()?.queue.activeCount() ?? 0;
    if (active > 0) setPendingUploads(active);
    else logout.mutate();
  };
  return (
    <>
      <button type="button" className="btn-secondary" onClick={start} disabled={busy} aria-busy={busy}>
        <StrokeIcon className="size-4">
          <path d="M15.75 9V5.25A2.25 2.25 0 0 0 13.5 3h-6a2.25 2.25 0 0 0-2.25 2.25v13.5A2.25 2.25 0 0 0 7.5 21h6a2.25 2.25 0 0 0 2.25-2.25V15M12 9l-3 3m0 0 3 3m-3-3h12.75" />
        </StrokeIcon>
        {t('common.logout')}
      </button>
      {pendingUploads > 0 && (
        <ConfirmDialog
          title={t('panel.logout.uploadsTitle')}
          confirmLabel={t('panel.logout.uploadsConfirm')}
          busy={false}
          testId="logout-uploads-dialog"
          onClose={() => setPendingUploads(0)}
          onConfirm={() => {
            setPendingUploads(0);
            const uploads = loadedUploadQueue();
            uploads?.queue.cancelAll();
            // The server hears of the stopped uploads while the session still lets it.
            void (uploads?.givenUp() ?? Promise.resolve()).then(() => logout.mutate());
          }}
        >
          <p>{t('panel.logout.uploadsBody', { n: pendingUploads })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
