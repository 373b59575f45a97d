import { useI18n } from '@/i18n/language';
import { StrokeIcon } from '../StrokeIcon';

/** Spec §8's dismissible red banner: a failure that belongs to the whole form, not one field. */
export function FormAlert({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  const { t } = useI18n();
  if (!message) return null;
  return (
    <div
      role="alert"
      className="mb-4 flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      data-testid="form-alert"
    >
      <p className="flex-1">{message}</p>
      <button
        type="button"
        className="-m-1 cursor-pointer rounded p-1"
        aria-label={t('panel.toast.close')}
        onClick={onDismiss}
      >
        <StrokeIcon className="size-4">
          <path d="M6 18 18 6M6 6l12 12" />
        </StrokeIcon>
      </button>
    </div>
  );
}
