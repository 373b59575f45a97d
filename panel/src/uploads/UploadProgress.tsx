import { StrokeIcon } from '@/components/StrokeIcon';
import { useI18n } from '@/i18n/language';
import { formatBytes } from './format-bytes';
import { totals, type UploadItem, type UploadStatus } from './upload-queue';
import { uploadQueue } from './use-uploads';

function percent(loaded: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
}

const BAR_COLOUR: Record<UploadStatus, string> = {
  queued: 'bg-slate-400',
  sending: 'bg-brand-600 dark:bg-brand-300',
  done: 'bg-emerald-600 dark:bg-emerald-400',
  failed: 'bg-red-600 dark:bg-red-400',
  cancelled: 'bg-slate-400',
};

function ProgressBar({ value, label, status }: { value: number; label: string; status: UploadStatus }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div className={`h-full rounded-full transition-[width] ${BAR_COLOUR[status]}`} style={{ width: `${value}%` }} />
    </div>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const { t, locale } = useI18n();
  const value = percent(item.loaded, item.file.size);
  const active = item.status === 'queued' || item.status === 'sending';
  return (
    <li
      className="space-y-1 py-2"
      data-testid="upload-item"
      data-status={item.status}
      data-name={item.file.name}
      data-error-code={item.error?.code}
    >
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="min-w-0 truncate font-medium" title={item.file.name}>
          {item.file.name}
        </span>
        <span className="flex shrink-0 items-center gap-1 text-slate-600 dark:text-slate-400">
          <span data-testid="upload-item-state">
            {item.status === 'sending'
              ? t('panel.upload.state.sending', {
                  loaded: formatBytes(item.loaded, locale),
                  total: formatBytes(item.file.size, locale),
                })
              : t(`panel.upload.state.${item.status}`)}
          </span>
          {active && (
            <button
              type="button"
              className="btn-icon size-6"
              aria-label={t('panel.upload.cancel', { name: item.file.name })}
              title={t('panel.action.cancel')}
              onClick={() => uploadQueue.cancel(item.id)}
            >
              <StrokeIcon className="size-3.5" strokeWidth={2.4}>
                <path d="M6 18 18 6M6 6l12 12" />
              </StrokeIcon>
            </button>
          )}
          {(item.status === 'cancelled' || (item.status === 'failed' && !item.error?.final)) && (
            <button
              type="button"
              className="btn-icon size-6"
              aria-label={t('panel.upload.retry', { name: item.file.name })}
              title={t('panel.upload.retryShort')}
              onClick={() => uploadQueue.retry(item.id)}
            >
              <StrokeIcon className="size-3.5" strokeWidth={2.4}>
                <path d="M16 9h5V4M3.5 12a8.5 8.5 0 0 1 16.1-3.9M20.5 12a8.5 8.5 0 0 1-16.1 3.9M8 15H3v5" />
              </StrokeIcon>
            </button>
          )}
        </span>
      </div>
      <ProgressBar value={value} label={item.file.name} status={item.status} />
      {item.error && (
        <p className="text-xs text-red-700 dark:text-red-300" role="alert" data-testid="upload-item-error">
          {item.error.message}
        </p>
      )}
    </li>
  );
}

/** Where each state sits in a long list: what needs the eye (on its way, failed) above what is finished. */
const READING_ORDER: Record<UploadItem['status'], number> = { sending: 0, failed: 1, queued: 2, cancelled: 3, done: 4 };

/** The files in reading order, each state in the order the files were chosen. */
function inReadingOrder(items: readonly UploadItem[]): UploadItem[] {
  return [...items].sort((a, b) => READING_ORDER[a.status] - READING_ORDER[b.status] || a.id - b.id);
}

/**
 * A section's files on their way: the total, then each file with its own bar (bytes sent of its size), cancel while
 * it goes, retry once it failed or was cancelled. Settled files can be cleared from the list.
 */
export function UploadProgress({ section, items }: { section: string; items: readonly UploadItem[] }) {
  const { t, locale } = useI18n();
  if (items.length === 0) return null;
  const sum = totals(items);
  const done = items.filter((item) => item.status === 'done').length;
  const failed = items.filter((item) => item.status === 'failed').length;
  const settled = items.every((item) => item.status !== 'queued' && item.status !== 'sending');
  const overall = failed > 0 && settled ? 'failed' : settled ? 'done' : 'sending';
  return (
    <section
      className="space-y-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
      aria-label={t('panel.upload.progressLabel')}
      data-testid="upload-progress"
    >
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="font-medium" data-testid="upload-total">
          {t('panel.upload.total', {
            done,
            n: items.filter((item) => item.status !== 'cancelled').length,
            loaded: formatBytes(sum.loaded, locale),
            total: formatBytes(sum.total, locale),
          })}
        </span>
        {settled && (
          <button
            type="button"
            className="text-xs font-medium text-brand-800 hover:underline dark:text-brand-300"
            onClick={() => uploadQueue.dismiss(section)}
          >
            {t('panel.upload.clear')}
          </button>
        )}
      </div>
      <ProgressBar value={percent(sum.loaded, sum.total)} label={t('panel.upload.totalLabel')} status={overall} />
      <ul className="max-h-60 divide-y divide-slate-200 overflow-y-auto pr-1 dark:divide-slate-700">
        {inReadingOrder(items).map((item) => (
          <UploadRow key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
