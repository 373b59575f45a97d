import { type ReactNode, type Ref } from 'react';
import { useI18n } from '@/i18n/language';
import { Modal, ModalActions } from '../Modal';
import { FormAlert } from './FormAlert';

/**
 * A form in a modal: the form-wide banner on top, the fields, then cancel and submit. Submit stays off until the
 * form is `ready` and says so while `pending`; the panel's own messages replace the browser's (noValidate).
 */
export function FormModal({
  title,
  description,
  width,
  testId,
  onClose,
  onSubmit,
  submitLabel,
  ready = true,
  pending,
  alert,
  onDismissAlert,
  formRef,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  width?: 'md' | 'lg';
  testId?: string;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  ready?: boolean;
  pending: boolean;
  alert: string | null;
  onDismissAlert: () => void;
  formRef?: Ref<HTMLFormElement>;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Modal title={title} description={description} onClose={onClose} width={width} testId={testId}>
      <form
        ref={formRef}
        noValidate
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onSubmit();
        }}
      >
        <FormAlert message={alert} onDismiss={onDismissAlert} />
        {children}
        <ModalActions>
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('panel.action.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={!ready || pending} aria-busy={pending}>
            {pending ? t('panel.action.saving') : submitLabel}
          </button>
        </ModalActions>
      </form>
    </Modal>
  );
}
