import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { refreshAfterMediaChange } from '@/api/media';
import { languageAtom, useI18n } from '@/i18n/language';
import { appStore } from '@/state/store';
import { useToast } from '@/toast/toast-store';
import { type UploadItem, UploadQueue } from './upload-queue';
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
    const timers = new Map<number, ReturnType<typeof setTimeout>>();
    const refreshSoon = (turbineId: number) => {
      if (timers.has(turbineId)) return;
      timers.set(
        turbineId,
        setTimeout(() => {
          timers.delete(turbineId);
          void refreshAfterMediaChange(queryClient, turbineId);
        }, REFRESH_EVERY_MS),
      );
    };
    const stop = uploadQueue.on({
      uploaded: (item) => refreshSoon(item.destination.turbineId),
      failed: (item) =>
        toast.error(t('panel.upload.failedFile', { file: item.file.name, message: item.error?.message ?? '' })),
      batchSettled: (_section, { done, failed }) => {
        if (done.length > 0) toast.success(t('api.photosUploaded', { n: done.length }));
        else if (failed.length > 1) toast.error(t('panel.upload.batchFailed', { n: failed.length }));
        const turbineId = done[0]?.destination.turbineId;
        if (turbineId !== undefined) void refreshAfterMediaChange(queryClient, turbineId);
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
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
