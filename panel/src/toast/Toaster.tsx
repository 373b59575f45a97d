import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '@/i18n/language';
import { dismissToastAtom, type Toast, type ToastType, toastsAtom } from './toast-store';
import { StrokeIcon } from '@/components/StrokeIcon';

const TYPE_STYLES: Record<ToastType, { box: string; icon: string }> = {
  success: {
    box: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50',
    icon: 'text-emerald-700 dark:text-emerald-300',
  },
  error: {
    box: 'border-red-300 bg-red-50 text-red-950 dark:border-red-700 dark:bg-red-950 dark:text-red-50',
    icon: 'text-red-700 dark:text-red-300',
  },
  warning: {
    box: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50',
    icon: 'text-amber-700 dark:text-amber-300',
  },
  info: {
    box: 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-50',
    icon: 'text-sky-700 dark:text-sky-300',
  },
};

const ICON_PATHS: Record<ToastType, string> = {
  success: 'M9 12.75 11.25 15 15 9.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  error: 'M12 9v3.75m9-.75a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 3.75h.008v.008H12v-.008Z',
  warning:
    'M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z',
  info: 'm11.25 11.25.041-.02a.75.75 0 0 1 1.063.852l-.708 2.836a.75.75 0 0 0 1.063.853l.041-.021M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9-3.75h.008v.008H12V8.25Z',
};

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useI18n();
  const dismiss = useSetAtom(dismissToastAtom);
  // Hovering or focusing a toast holds it open, so it can be read (WCAG 2.2.1).
  const [held, setHeld] = useState(false);
  const remaining = useRef(toast.durationMs);

  useEffect(() => {
    if (held || remaining.current === null) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => dismiss(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      if (remaining.current !== null) remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [held, dismiss, toast.id]);

  const styles = TYPE_STYLES[toast.type];
  return (
    <li
      className={`pointer-events-auto flex w-96 items-start gap-3 rounded-xl border p-4 shadow-lg ${styles.box}`}
      data-testid="toast"
      data-toast-type={toast.type}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <StrokeIcon className={`mt-0.5 size-5 shrink-0 ${styles.icon}`}>
        <path d={ICON_PATHS[toast.type]} />
      </StrokeIcon>
      <p className="flex-1 text-sm leading-5">
        <span className="sr-only">{t(`panel.toast.${toast.type}`)}: </span>
        {toast.message}
      </p>
      <button
        type="button"
        className="-m-1 cursor-pointer rounded-md p-1 opacity-70 hover:opacity-100"
        aria-label={t('panel.toast.close')}
        onClick={() => dismiss(toast.id)}
      >
        <StrokeIcon className="size-4">
          <path d="M6 18 18 6M6 6l12 12" />
        </StrokeIcon>
      </button>
    </li>
  );
}

/**
 * Renders the toasts below the 64 px header (never over its controls); Escape closes the newest one, and only that
 * (a dialog's own Escape comes first; the page's, such as putting down a viewer's tool, after and not at all). Mounted
 * once, in the root route.
 */
export function Toaster() {
  const { t } = useI18n();
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  const newest = toasts.at(-1);

  useEffect(() => {
    if (!newest) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      dismiss(newest.id);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [newest, dismiss]);

  // The live region stays mounted so screen readers announce what is added to it.
  return (
    <section aria-label={t('panel.toast.region')} className="pointer-events-none fixed top-20 right-4 z-50">
      <div role="status" aria-live="polite">
        <ul className="flex flex-col gap-3">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </ul>
      </div>
    </section>
  );
}
