import { type User } from '@kanat360/contracts';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useI18n } from '@/i18n/language';
import { fullName } from './user-search';

/**
 * Spec §4's delete confirmation: names the user and says it cannot be undone. The caller runs the deletion, so
 * its outcome is toasted even if this dialog is closed meanwhile; the dialog closes either way.
 */
export function DeleteUserDialog({
  user,
  busy,
  onConfirm,
  onClose,
}: {
  user: User;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <ConfirmDialog
      title={t('panel.users.deleteTitle')}
      confirmLabel={t('panel.action.delete')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="user-delete-dialog"
    >
      <p>{t('panel.users.deleteMessage', { name: fullName(user), email: user.email })}</p>
      <p className="font-medium text-red-800 dark:text-red-300">{t('panel.users.deleteWarning')}</p>
    </ConfirmDialog>
  );
}
