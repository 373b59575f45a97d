import { errorMessage } from '@kanat360/api-client';
import { type Report } from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { reportListQueryOptions, useDeleteReport } from '@/api/reports';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { StrokeIcon, TrashIcon } from '@/components/StrokeIcon';
import { formatDate } from '@/i18n/format-date';
import { useI18n } from '@/i18n/language';
import { useCan } from '@/session/use-session';
import { useToast } from '@/toast/toast-store';
import { ChosenFiles } from '@/uploads/ChosenFiles';
import { FileDropZone } from '@/uploads/FileDropZone';
import { formatBytes } from '@/uploads/format-bytes';
import { UploadProgress } from '@/uploads/UploadProgress';
import { useFileChoice } from '@/uploads/use-file-choice';
import { uploadQueue, uploadSection, useSectionUploads } from '@/uploads/use-uploads';
import { YearPicker } from './BladeSection';
import { SectionCard } from './SectionCard';

function ReportRow({ report, onDelete }: { report: Report; onDelete: (() => void) | null }) {
  const { t, language, locale } = useI18n();
  const uploader = [report.first_name, report.last_name].filter(Boolean).join(' ') || '—';
  return (
    <li className="flex items-center gap-4 py-3" data-testid="report-row" data-report-id={report.id}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300">
        <StrokeIcon className="size-5">
          <path d="M19.5 14.25v-2.625a3.375 3.375 0 0 0-3.375-3.375h-1.5A1.125 1.125 0 0 1 13.5 7.125v-1.5a3.375 3.375 0 0 0-3.375-3.375H8.25m2.25 0H5.625c-.621 0-1.125.504-1.125 1.125v17.25c0 .621.504 1.125 1.125 1.125h12.75c.621 0 1.125-.504 1.125-1.125V11.25a9 9 0 0 0-9-9Z" />
        </StrokeIcon>
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" data-testid="report-name">
          {report.display_name}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {formatBytes(report.file_size_bytes, locale)} · {formatDate(report.uploaded_at, language)} · {uploader}
        </p>
      </div>
      <a href={report.report_url} className="btn-secondary" download data-testid="report-download">
        {t('panel.reports.download')}
      </a>
      {onDelete && (
        <button
          type="button"
          className="btn-icon text-red-700 dark:text-red-400"
          aria-label={t('panel.reports.deleteOf', { name: report.display_name })}
          title={t('panel.action.delete')}
          onClick={onDelete}
        >
          <TrashIcon />
        </button>
      )}
    </li>
  );
}

/**
 * Spec §2's reports panel (not for customers): the year, PDFs chosen (checked before sending) and uploaded through
 * the panel's upload queue (progress per file, cancel, retry, and it goes on while the user moves elsewhere), and the
 * year's reports to download or delete. A generated inspection report (made from
 * the year's findings on the blade map) is listed here too.
 */
export function ReportsPanel({ turbineId }: { turbineId: number }) {
  const { t, language } = useI18n();
  const toast = useToast();
  const canUpload = useCan('report.upload');
  const canDelete = useCan('report.delete');
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [deleting, setDeleting] = useState<Report | null>(null);
  const choice = useFileChoice(turbineId, 'report');
  const section = uploadSection(turbineId, 'reports');
  const uploads = useSectionUploads(section);
  const list = useQuery(reportListQueryOptions(turbineId, year));
  const remove = useDeleteReport(turbineId, () => setDeleting(null));

  const upload = () => {
    uploadQueue.add(section, { target: 'report', turbineId, year }, choice.chosen);
    choice.clear();
  };
  const confirmDelete = (report: Report) =>
    remove.mutate(report, {
      onError: (error) => {
        toast.error(errorMessage(error, language) || t('panel.reports.deleteFailed'));
        setDeleting(null);
      },
    });

  return (
    <SectionCard
      id="reports"
      title={t('panel.turbine.reportsTitle')}
      description={t('panel.reports.hint')}
      actions={<YearPicker value={year} onChange={setYear} testId="reports-year" />}
    >
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        {canUpload && (
          <div className="flex flex-col gap-3">
            <FileDropZone
              picker="report"
              onFiles={(files) => void choice.choose(files)}
              label={t('panel.reports.choose')}
              hint={t('panel.reports.dropHint')}
            />
            <ChosenFiles files={choice.chosen} onRemove={choice.remove} />
            <button
              type="button"
              className="btn-primary"
              disabled={choice.chosen.length === 0}
              onClick={upload}
              data-testid="report-upload-button"
            >
              {t('panel.upload.button', { n: choice.chosen.length })}
            </button>
            <UploadProgress section={section} items={uploads} />
          </div>
        )}
        <div>
          <h3 className="mb-1 text-sm font-medium">{t('panel.reports.ofYear', { year })}</h3>
          {list.isPending ? (
            <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
              {t('panel.reports.loading')}
            </p>
          ) : list.isError ? (
            <p className="text-sm text-red-700 dark:text-red-300" role="alert">
              {t('panel.reports.loadFailed')}{' '}
              <button type="button" className="font-medium underline" onClick={() => void list.refetch()}>
                {t('common.tryAgain')}
              </button>
            </p>
          ) : list.data.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="reports-empty">
              {t('panel.reports.empty', { year })}
            </p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800">
              {list.data.map((report) => (
                <ReportRow key={report.id} report={report} onDelete={canDelete ? () => setDeleting(report) : null} />
              ))}
            </ul>
          )}
        </div>
      </div>
      {deleting && (
        <ConfirmDialog
          title={t('panel.reports.deleteTitle')}
          confirmLabel={t('panel.action.delete')}
          busy={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
          testId="delete-report-dialog"
        >
          <p>{t('panel.reports.deleteMessage', { name: deleting.display_name })}</p>
        </ConfirmDialog>
      )}
    </SectionCard>
  );
}
