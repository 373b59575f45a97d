import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { useI18n } from '@/i18n/language';
import { StrokeIcon } from './StrokeIcon';

const WIDTHS = { md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-6xl' } as const;

/**
 * A modal dialog on the browser's own <dialog>: focus stays inside and the page behind is inert. Escape and the
 * close button call `onClose`; the parent unmounts the modal, so a form inside starts empty next time (spec §4).
 * A click on the backdrop does nothing, so a stray click never throws away what was typed.
 */
export function Modal({
  title,
  description,
  onClose,
  children,
  width = 'md',
  testId,
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  width?: keyof typeof WIDTHS;
  testId?: string;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // The body mounts once the dialog is open: React focuses an `autoFocus` control as it mounts, and a control in a
  // dialog not yet shown cannot take focus (showModal would then put it on the close button instead).
  const [shown, setShown] = useState(false);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a second pass on purpose: the body mounts into the open dialog
    setShown(true);
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      className={`m-auto w-full ${WIDTHS[width]} rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
      onKeyDown={(event) => {
        // Handled here (not by the browser's cancel) so the toaster does not also take this Escape.
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4 dark:border-slate-800">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {description}
            </div>
          )}
        </div>
        <button type="button" className="btn-icon -mr-2" aria-label={t('panel.modal.close')} onClick={onClose}>
          <StrokeIcon className="size-5">
            <path d="M6 18 18 6M6 6l12 12" />
          </StrokeIcon>
        </button>
      </div>
      <div className="px-6 py-5">{shown && children}</div>
    </dialog>
  );
}

/** The row of buttons at the foot of a modal: cancel on the left of the main action. */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex justify-end gap-3">{children}</div>;
}
