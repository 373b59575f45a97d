import { errorMessage } from '@kanat360/api-client';
import { type Turbine } from '@kanat360/contracts';
import { useDeleteTurbine } from '@/api/turbines';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useI18n } from '@/i18n/language';
import { useToast } from '@/toast/toast-store';

/**
 * Spec §2: deleting a turbine takes its photos, reports and comments with it, for good. `onDeleted` (else
 * `onClose`) follows a delete that worked.
 */
export function DeleteTurbineDialog({
  turbine,
  onClose,
  onDeleted = onClose,
}: {
  turbine: Turbine;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t, language } = useI18n();
  const toast = useToast();
  const remove = useDeleteTurbine(onDeleted);
  return (
    <ConfirmDialog
      title={t('panel.turbines.delete.title')}
      confirmLabel={t('panel.turbines.delete.confirm')}
      busy={remove.isPending}
      onClose={onClose}
      testId="turbine-delete"
      onConfirm={() =>
        remove.mutate(turbine.id, {
          // Spec §4: the confirmation closes whether the delete worked or not; a failure is told by a toast.
          onError: (error) => {
            toast.error(errorMessage(error, language));
            onClose();
          },
        })
      }
    >
      <p>{t('panel.turbines.delete.question', { name: turbine.name, code: turbine.code })}</p>
      <p className="font-medium text-red-800 dark:text-red-300">{t('panel.turbines.delete.warning')}</p>
    </ConfirmDialog>
  );
}
