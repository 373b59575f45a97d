import { ApiError } from '@kanat360/api-client';
import { type Company } from '@kanat360/contracts';
import { useDeleteCompany } from '@/api/companies';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useI18n } from '@/i18n/language';
import { useToast } from '@/toast/toast-store';

/**
 * The server's own message about a refused delete (e.g. the company still has users or turbines), or null when
 * it sent none: no answer at all, or a status without a body (spec §8's "server message, else the fallback").
 */
function deleteFailureMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const answeredWithMessage = error.status > 0 && error.code !== 'SERVER_ERROR_STATUS';
  return answeredWithMessage ? error.message : null;
}

/**
 * Spec §2, §4: deleting a partner asks first and warns that its turbines and users must go before it does. The
 * confirmation closes whether the delete worked or not; the outcome is told by a toast.
 */
export function DeleteCompanyDialog({ company, onClose }: { company: Company; onClose: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const remove = useDeleteCompany(onClose);
  return (
    <ConfirmDialog
      title={t('panel.companies.delete.title')}
      confirmLabel={t('panel.action.delete')}
      busy={remove.isPending}
      onClose={onClose}
      testId="company-delete"
      onConfirm={() =>
        remove.mutate(company.id, {
          onError: (error) => {
            toast.error(deleteFailureMessage(error) ?? t('panel.companies.delete.failed'));
            onClose();
          },
        })
      }
    >
      <p>{t('panel.companies.delete.question', { name: company.name })}</p>
      <p>{t('panel.companies.delete.dependents', { users: company.user_count, turbines: company.turbine_count })}</p>
      <p className="font-medium text-red-800 dark:text-red-300">{t('panel.companies.delete.warning')}</p>
    </ConfirmDialog>
  );
}
