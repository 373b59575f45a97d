import { type ReactNode } from 'react';
import { useI18n } from '@/i18n/language';
import { Modal, ModalActions } from './Modal';
import { StrokeIcon } from './StrokeIcon';

/** A destructive action asks first: what goes, and that it cannot be undone. Closes either way (spec §4). */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  testId,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useI18n();
  return (
    <Modal title={title} onClose={onClose} testId={testId}>
      <div className="flex gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300">
          <StrokeIcon className="size-5">
            <path d="M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z" />
          </StrokeIcon>
        </span>
        <div className="space-y-2 text-sm text-slate-700 dark:text-slate-300">{children}</div>
      </div>
      <ModalActions>
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('panel.action.cancel')}
        </button>
        <button type="button" className="btn-danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? t('panel.action.deleting') : confirmLabel}
        </button>
      </ModalActions>
    </Modal>
  );
}
