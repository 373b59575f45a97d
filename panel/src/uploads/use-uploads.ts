import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { refreshAfterMediaChange } from '@/api/media';
import { refreshReports } from '@/api/reports';
import { languageAtom, useI18n } from '@/i18n/language';
import { appStore } from '@/state/store';
import { useToast } from '@/toast/toast-store';
import { type UploadDestination, type UploadItem, UploadQueue } from './upload-queue';
import { apiUploadTransport, readUploadFailure } from './upload-transport';

/** The panel's one upload queue: a module, not a component, so it outlives every route. */
export const uploadQueue = new UploadQueue(
  apiUploadTransport,
  readUploadFailure(() => appStore.get(languageAtom)),
);

/** Every file of the queue, re-rendering on each change. */
export function useUploadItems(): readonly UploadItem[] {
  return useSyncExternalStore(uploadQueue.subscribe, uploadQueue.snapshot);
}

/** The queue's name of a part of one turbine's screen (`turbine-12/blade-A`): its files and its batches. */
export function uploadSection(turbineId: number, part: string): string {
  return `turbine-${turbineId}/${part}`;
}

/** The files one section queued. */
export function useSectionUploads(section: string): UploadItem[] {
  const items = useUploadItems();
  return useMemo(() => items.filter((item) => item.section === section), [items, section]);
}

/** A turbine's lists are refreshed at most this often while files land one after another. */
const REFRESH_EVERY_MS = 1500;

/**
 * What the queue's events mean for the rest of the panel, mounted once in the signed-in layout: lists refresh as
 * files land (new photos appear as "processing"), failures are toasted with the file's name (spec §8), each batch
 * ends with one message, and leaving the panel while files are on their way asks first.
 */
export function useUploadQueueEffects(): void {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useI18n();

  useEffect(() => {
    const refresh = (destination: UploadDestination) =>
      destination.target === 'report'
        ? refreshReports(queryClient, destination.turbineId)
        : refreshAfterMediaChange(queryClient, destination.turbineId);
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const refreshSoon = (destination: UploadDestination) => {
      const key = `${destination.target}-${destination.turbineId}`;
      if (timers.has(key)) return;
      timers.set(
        key,
        setTimeout(() => {
          timers.delete(key);
          void refresh(destination);
        }, REFRESH_EVERY_MS),
      );
    };
    const stop = uploadQueue.on({
      uploaded: (item) => refreshSoon(item.destination),
      failed: (item) =>
        toast.error(t('panel.upload.failedFile', { file: item.file.name, message: item.error?.message ?? '' })),
      batchSettled: (_section, { done, failed }) => {
        const reports = (done[0] ?? failed[0])?.destination.target === 'report';
        if (done.length > 0)
          toast.success(t(reports ? 'api.reportsUploaded' : 'api.photosUploaded', { n: done.length }));
        else if (reports) toast.error(t('panel.reports.uploadFailed'));
        else if (failed.length > 1) toast.error(t('panel.upload.batchFailed', { n: failed.length }));
        const first = done[0];
        if (first) void refresh(first.destination);
      },
    });
    return () => {
      stop();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [queryClient, toast, t]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!uploadQueue.hasActiveUploads()) return;
      // Browsers show their own wording; asking is what matters.
      event.preventDefault();
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- browsers before preventDefault() (Safari < 17) ask on it
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
