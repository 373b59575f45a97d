import { type ReactNode, useId, useRef, useState } from 'react';
import { StrokeIcon } from '@/components/StrokeIcon';
import { useI18n } from '@/i18n/language';
import { acceptAttribute, type PickerKind } from './upload-rules';

/**
 * Where files are chosen: dropped on it, or picked with the file dialog (keyboard and screen readers use the
 * button). `tile` is the category sections' small square "add photo" tile; the default is the blade panels' wide
 * dashed zone.
 */
export function FileDropZone({
  picker,
  onFiles,
  disabled = false,
  variant = 'zone',
  label,
  hint,
}: {
  picker: PickerKind;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  variant?: 'zone' | 'tile';
  label: string;
  hint?: ReactNode;
}) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    const files = list ? [...list] : [];
    if (files.length > 0) onFiles(files);
  };
  const base =
    'flex flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed text-center transition-colors';
  const look = over
    ? 'border-brand-600 bg-brand-50 dark:border-brand-300 dark:bg-brand-900/40'
    : 'border-slate-300 bg-slate-50 hover:border-brand-600 dark:border-slate-600 dark:bg-slate-950/40 dark:hover:border-brand-300';
  const size = variant === 'tile' ? 'size-24 shrink-0 p-2' : 'w-full px-4 py-6';
  return (
    <div
      className={`${base} ${look} ${size} ${disabled ? 'pointer-events-none opacity-60' : ''}`}
      data-testid="drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!disabled) take(event.dataTransfer.files);
      }}
    >
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={acceptAttribute(picker)}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={(event) => {
          take(event.currentTarget.files);
          // The same file chosen again (after removing it) must fire a change again.
          event.currentTarget.value = '';
        }}
      />
      <StrokeIcon
        className={variant === 'tile' ? 'size-6 text-slate-500' : 'size-7 text-slate-500 dark:text-slate-400'}
      >
        {variant === 'tile' ? (
          <path d="M12 4.5v15m7.5-7.5h-15" />
        ) : (
          <path d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5m-13.5-9L12 3m0 0 4.5 4.5M12 3v13.5" />
        )}
      </StrokeIcon>
      <button
        type="button"
        className="cursor-pointer text-sm font-medium text-brand-800 underline-offset-2 hover:underline dark:text-brand-300"
        onClick={() => input.current?.click()}
        disabled={disabled}
      >
        {label}
      </button>
      {variant === 'zone' && (
        <p className="text-xs text-slate-600 dark:text-slate-400">{hint ?? t('panel.upload.dropHint')}</p>
      )}
    </div>
  );
}
