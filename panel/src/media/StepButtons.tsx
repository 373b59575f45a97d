import { StrokeIcon } from '@/components/StrokeIcon';
import { useI18n } from '@/i18n/language';

/** Previous and next, at the left and right edge of the box they are put in, halfway down. */
export function StepButtons({ onStep, disabled = false }: { onStep: (by: 1 | -1) => void; disabled?: boolean }) {
  const { t } = useI18n();
  const button =
    'absolute top-1/2 flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-slate-800/80 text-slate-100 hover:bg-slate-700 disabled:cursor-wait';
  return (
    <>
      <button
        type="button"
        className={`${button} left-3`}
        aria-label={t('panel.lightbox.previous')}
        onClick={() => onStep(-1)}
        disabled={disabled}
      >
        <StrokeIcon className="size-6">
          <path d="M15.75 19.5 8.25 12l7.5-7.5" />
        </StrokeIcon>
      </button>
      <button
        type="button"
        className={`${button} right-3`}
        aria-label={t('panel.lightbox.next')}
        onClick={() => onStep(1)}
        disabled={disabled}
      >
        <StrokeIcon className="size-6">
          <path d="m8.25 4.5 7.5 7.5-7.5 7.5" />
        </StrokeIcon>
      </button>
    </>
  );
}
