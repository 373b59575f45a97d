import { useMemo, useSyncExternalStore } from 'react';
import { languageAtom } from '@/i18n/language';
import { appStore } from '@/state/store';
import { registerUploadQueue } from './loaded-upload-queue';
import { type UploadItem, UploadQueue } from './upload-queue';
import { apiUploadTransport, readUploadFailure, uploadsGivenUp } from './upload-transport';

/**
 * The panel's one upload queue: a module, not a component, so it outlives every route. Loaded with the first screen
 * that uploads; the shell finds it through loaded-upload-queue.ts.
 */
export const uploadQueue = new UploadQueue(
  apiUploadTransport,
  readUploadFailure(() => appStore.get(languageAtom)),
);
registerUploadQueue({ queue: uploadQueue, givenUp: uploadsGivenUp });

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
