import { errorMessage } from '@kanat360/api-client';
import { type InspectionReportRequest } from '@kanat360/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { inspectionReportStatusQueryOptions, requestInspectionReport } from '@/api/findings';
import { reportKeys } from '@/api/reports';
import { useI18n } from '@/i18n/language';
import { useToast } from '@/toast/toast-store';

/** Hands a file made in the page to the browser's downloads. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes by the next task; the address is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Inspection report (PDF)" of a turbine's year: a small report downloads at once; a large one is made in the
 * background — the button says so, follows it, and offers the download (and the reports list shows it) when it is
 * ready. The server mails the user too, who may have left the page by then.
 */
export function InspectionReportButton({ turbineId, year }: { turbineId: number; year: number }) {
  const { t, language } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [request, setRequest] = useState<InspectionReportRequest | null>(null);
  const status = useQuery(inspectionReportStatusQueryOptions(request));
  const current = status.data ?? request;

  useEffect(() => {
    if (status.data?.status === 'ready') {
      toast.success(t('panel.inspectionReport.ready', { year: status.data.year }));
      void queryClient.invalidateQueries({ queryKey: reportKeys.all(turbineId) });
    } else if (status.data?.status === 'failed') {
      toast.error(t('panel.inspectionReport.failed'));
    }
  }, [status.data?.status, status.data?.year, toast, t, queryClient, turbineId]);

  const ask = async () => {
    setAsking(true);
    try {
      const answer = await requestInspectionReport(turbineId, year);
      if (answer.kind === 'pdf') {
        saveFile(answer.blob, answer.fileName);
        setRequest(null);
      } else {
        setRequest(answer.request);
        toast.info(t('panel.inspectionReport.queued'));
      }
    } catch (error) {
      toast.error(errorMessage(error, language));
    } finally {
      setAsking(false);
    }
  };

  const pending = current?.status === 'pending';
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="inspection-report">
      <button
        type="button"
        className="btn-secondary"
        disabled={asking || pending}
        onClick={() => void ask()}
        data-testid="inspection-report-button"
      >
        {asking
          ? t('panel.inspectionReport.asking')
          : pending
            ? t('panel.inspectionReport.pending')
            : t('panel.inspectionReport.button', { year })}
      </button>
      {current?.status === 'ready' && current.report_url && (
        <a href={current.report_url} className="btn-primary" download data-testid="inspection-report-download">
          {t('panel.inspectionReport.download')}
        </a>
      )}
    </div>
  );
}
