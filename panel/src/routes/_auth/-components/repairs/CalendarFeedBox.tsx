import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { repairCalendarTokenQueryOptions, useRotateRepairCalendarToken } from '@/api/repairs';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useI18n } from '@/i18n/language';
import { useToast } from '@/toast/toast-store';

/** "Subscribe": the caller's calendar feed address, to copy into a calendar client, and a new one on demand. */
export function CalendarFeedBox() {
  const { t } = useI18n();
  const toast = useToast();
  const token = useQuery(repairCalendarTokenQueryOptions());
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateRepairCalendarToken(() => setConfirming(false));
  const url = token.data?.url ?? '';
  return (
    <section className="card space-y-2 p-4" data-testid="calendar-feed">
      <h2 className="font-semibold">{t('repairs.feed.title')}</h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('repairs.feed.help')}</p>
      <div className="flex flex-wrap gap-2">
        <input
          className="input min-w-0 flex-1"
          readOnly
          value={url}
          aria-label={t('repairs.feed.url')}
          data-testid="calendar-feed-url"
        />
        <button
          type="button"
          className="btn-secondary"
          disabled={!url}
          onClick={() =>
            void navigator.clipboard.writeText(url).then(
              () => toast.success(t('repairs.feed.copied')),
              () => toast.error(t('repairs.feed.copyFailed')),
            )
          }
        >
          {t('repairs.feed.copy')}
        </button>
        <button type="button" className="btn-secondary" onClick={() => setConfirming(true)}>
          {t('repairs.feed.rotate')}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('repairs.feed.rotate')}
          confirmLabel={t('repairs.feed.rotate')}
          busy={rotate.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => rotate.mutate(undefined, { onError: (error) => toast.error(error.message) })}
        >
          <p>{t('repairs.feed.rotateConfirm')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
