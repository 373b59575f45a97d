import { useState } from 'react';
import { StrokeIcon } from '@/components/StrokeIcon';
import { useI18n } from '@/i18n/language';
import { formatBytes } from './format-bytes';
import { useFilePreview, useSeen } from './file-preview';

function ChosenFile({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t, locale } = useI18n();
  const [tile, setTile] = useState<HTMLLIElement | null>(null);
  const preview = useFilePreview(file, useSeen(tile));
  return (
    <li
      ref={setTile}
      className="relative size-16 shrink-0"
      data-testid="chosen-file"
      title={`${file.name} · ${formatBytes(file.size, locale)}`}
    >
      {preview ? (
        <img src={preview} alt="" className="size-full rounded-lg object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center rounded-lg bg-slate-100 p-1 text-center text-[10px] leading-tight break-all text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {file.name}
        </span>
      )}
      <button
        type="button"
        className="absolute -top-1.5 -right-1.5 flex size-5 cursor-pointer items-center justify-center rounded-full bg-slate-900 text-white shadow hover:bg-red-700 dark:bg-slate-100 dark:text-slate-900"
        aria-label={t('panel.upload.removeChosen', { name: file.name })}
        onClick={onRemove}
      >
        <StrokeIcon className="size-3" strokeWidth={3}>
          <path d="M6 18 18 6M6 6l12 12" />
        </StrokeIcon>
      </button>
    </li>
  );
}

/** The files chosen and not yet uploaded, as small previews that can each be removed (spec §2). */
export function ChosenFiles({ files, onRemove }: { files: readonly File[]; onRemove: (file: File) => void }) {
  const { t, locale } = useI18n();
  if (files.length === 0) return null;
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="chosen-summary">
        {t('panel.upload.chosen', { n: files.length, size: formatBytes(bytes, locale) })}
      </p>
      <ul
        className="flex max-h-44 flex-wrap gap-2.5 overflow-y-auto pt-1.5 pr-1.5"
        aria-label={t('panel.upload.chosenLabel')}
      >
        {files.map((file) => (
          <ChosenFile
            key={`${file.name}-${file.size}-${file.lastModified}`}
            file={file}
            onRemove={() => onRemove(file)}
          />
        ))}
      </ul>
    </div>
  );
}
