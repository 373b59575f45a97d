import { ApiError, errorMessage } from '@kanat360/api-client';
import {
  type ErrorCode,
  type MediaItem,
  type PresignedUpload,
  type Report,
  type SkippedFile,
  type UploadPartAddress,
} from '@kanat360/contracts';
import { type Language, translate } from '@kanat360/i18n/core';
import { apiClient } from '@/api/client';
import {
  type FailureReading,
  type MediaDestination,
  type ReportDestination,
  type UploadTransport,
} from './upload-queue';
import { usesDirectUpload } from './upload-rules';

/** An upload call's answer (spec §7): what was stored, and what was skipped with the reason. */
interface UploadAnswer<T> {
  success: true;
  data: T[];
  skipped: SkippedFile[];
  message?: string;
}

/** A file the server answered for but would not take (a skipped file of a 2xx answer): shown like a refusal. */
export class UploadRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRefused';
  }
}

/** The give-up calls of stopped direct uploads still on their way (logout waits for them while it can). */
const givingUp = new Set<Promise<unknown>>();

/** Settles once every stopped direct upload has been given up on the server (or failed to be). */
export function uploadsGivenUp(): Promise<unknown> {
  return Promise.allSettled([...givingUp]);
}

/** Each part of a multipart upload is sent again by itself this many times before the file fails. */
const PART_ATTEMPTS = 3;

function destinationFields(destination: MediaDestination): Record<string, string> {
  const fields: Record<string, string> = {
    room: String(destination.room),
    year: String(destination.year),
    category: destination.category,
  };
  if (destination.blade) fields.blade = destination.blade;
  return fields;
}

/** The one stored item of an answer about one file, or the reason it was skipped. */
function onlyItem<T>(answer: UploadAnswer<T>, name: string): T {
  const item = answer.data[0];
  if (item) return item;
  const skip = answer.skipped.find((skipped) => skipped.name === name) ?? answer.skipped[0];
  throw new UploadRefused(skip?.code ?? 'UNEXPECTED', skip?.message ?? answer.message ?? name);
}

/** One file in a multipart form (spec §7), the fields before it: the server reads them as the stream reaches it. */
function formOf(fields: Record<string, string>, fileField: string, file: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(fileField, file, file.name);
  return form;
}

/** The form's own bytes (boundaries, fields) count too: progress scaled to the file's size. */
function fileProgress(file: File, onProgress: (loaded: number) => void) {
  return (loaded: number, total: number) => onProgress(Math.round((loaded / total) * file.size));
}

/** Spec §7's multipart photo upload, one file a request so each has its own progress. */
async function sendMultipart(
  file: File,
  destination: MediaDestination,
  signal: AbortSignal,
  onProgress: (loaded: number) => void,
): Promise<MediaItem> {
  const answer = await apiClient.upload('/turbines/{id}/photos', {
    path: { id: destination.turbineId },
    body: formOf(destinationFields(destination), 'photos', file),
    signal,
    onProgress: fileProgress(file, onProgress),
  });
  return onlyItem(answer, file.name);
}

/** Spec §7's report upload (`year`, `reports`), one PDF a request. */
async function sendReport(
  file: File,
  destination: ReportDestination,
  signal: AbortSignal,
  onProgress: (loaded: number) => void,
): Promise<Report> {
  const answer = await apiClient.upload('/turbines/{id}/reports', {
    path: { id: destination.turbineId },
    body: formOf({ year: String(destination.year) }, 'reports', file),
    signal,
    onProgress: fileProgress(file, onProgress),
  });
  return onlyItem(answer, file.name);
}

/** A PUT of bytes to a presigned address, with the headers it was signed with; answers its ETag (parts need it). */
async function put(
  url: string,
  body: Blob,
  headers: Record<string, string>,
  signal: AbortSignal,
  onProgress: (loaded: number) => void,
): Promise<string | null> {
  const { header } = await apiClient.send({
    method: 'PUT',
    url,
    body,
    headers,
    signal,
    onProgress: (loaded) => onProgress(loaded),
  });
  return header('ETag');
}

/** Spec §7's direct upload: presign → PUT (above 5 GB one PUT a part, each retried alone) → confirm. */
async function sendDirect(
  file: File,
  destination: MediaDestination,
  signal: AbortSignal,
  onProgress: (loaded: number) => void,
): Promise<MediaItem> {
  const contentType = file.type || 'application/octet-stream';
  const presigned = await apiClient.post('/turbines/{id}/presigned-upload', {
    path: { id: destination.turbineId },
    body: { files: [{ name: file.name, size: file.size, type: contentType }], ...destinationFields(destination) },
    signal,
    timeoutMs: 60_000,
  });
  const grant = onlyItem(presigned, file.name);
  // An upload stopped or failed is given up on the server too (a retry starts over): its address dies, its bytes
  // go, and the company's storage quota gets them back at once.
  const giveUp = () => {
    const call = apiClient
      .post('/turbines/{id}/cancel-upload', { path: { id: destination.turbineId }, body: { keys: [grant.key] } })
      .catch(() => {
        // The server sweeps what is left once the upload expires.
      })
      .finally(() => givingUp.delete(call));
    givingUp.add(call);
  };
  signal.addEventListener('abort', giveUp, { once: true });
  try {
    let parts: { partNumber: number; etag: string }[] | undefined;
    const headers = { 'Content-Type': contentType, ...grant.headers };
    if (grant.presignedUrl) {
      await put(grant.presignedUrl, file, headers, signal, onProgress);
    } else {
      parts = await sendParts(file, destination.turbineId, grant, headers, signal, onProgress);
    }
    const confirmed = await apiClient.post('/turbines/{id}/confirm-upload', {
      path: { id: destination.turbineId },
      body: { uploads: [{ key: grant.key, originalName: file.name, size: file.size, type: contentType, parts }] },
      signal,
      timeoutMs: 60_000,
    });
    return onlyItem(confirmed, file.name);
  } catch (error) {
    if (!signal.aborted) giveUp();
    throw error;
  } finally {
    signal.removeEventListener('abort', giveUp);
  }
}

/**
 * The parts of a multipart upload, one after another; a part that fails is sent again by itself. The first part
 * addresses come with the grant, the next ones from `upload-parts` as the upload proceeds.
 */
async function sendParts(
  file: File,
  turbineId: number,
  grant: PresignedUpload,
  headers: Record<string, string>,
  signal: AbortSignal,
  onProgress: (loaded: number) => void,
): Promise<{ partNumber: number; etag: string }[]> {
  const partSize = grant.part_size ?? file.size;
  const partCount = grant.part_count ?? grant.parts?.length ?? 0;
  const addresses: UploadPartAddress[] = [...(grant.parts ?? [])];
  const done: { partNumber: number; etag: string }[] = [];
  let sent = 0;
  for (let partNumber = 1; partNumber <= partCount; partNumber += 1) {
    if (!addresses.some((address) => address.partNumber === partNumber)) {
      const { data } = await apiClient.post('/turbines/{id}/upload-parts', {
        path: { id: turbineId },
        body: { key: grant.key, from: partNumber },
        signal,
        timeoutMs: 60_000,
      });
      addresses.push(...data.parts);
    }
    const part = addresses.find((address) => address.partNumber === partNumber);
    if (!part) throw new UploadRefused('UPLOAD_INCOMPLETE', file.name);
    const start = (part.partNumber - 1) * partSize;
    const body = file.slice(start, start + part.size);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const etag = await put(part.presignedUrl, body, headers, signal, (loaded) => onProgress(sent + loaded));
        if (!etag) throw new UploadRefused('UPLOAD_INCOMPLETE', file.name);
        done.push({ partNumber: part.partNumber, etag });
        break;
      } catch (error) {
        if (signal.aborted || attempt >= PART_ATTEMPTS || !isTransient(error)) throw error;
      }
    }
    sent += body.size;
    onProgress(sent);
  }
  return done;
}

function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * The real way files reach the server: photos multipart below 4 MB, direct at 4 MB and above and for every video;
 * reports multipart, one a request.
 */
export const apiUploadTransport: UploadTransport = {
  send: ({ file, destination }, signal, onProgress) => {
    if (destination.target === 'report') return sendReport(file, destination, signal, onProgress);
    return usesDirectUpload(file)
      ? sendDirect(file, destination, signal, onProgress)
      : sendMultipart(file, destination, signal, onProgress);
  },
};

/** Refusals of what a file is: sending the same bytes again is refused again. */
const FINAL_REFUSALS: ReadonlySet<string> = new Set<ErrorCode>([
  'FILE_TYPE_UNKNOWN',
  'FILE_TYPE_MISMATCH',
  'FILE_TYPE_FORBIDDEN',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_A_PHOTO',
  'IMAGE_TOO_LARGE',
  'FILE_EMPTY',
  'FILE_NAME_INVALID',
  'FILE_TOO_LARGE',
  'VIDEO_TOO_LARGE',
  'REPORT_NOT_PDF',
  'REPORT_NAME_INVALID',
]);

/** A failure as the queue and the user see it: the server's or the network's words, and whether to try again. */
export function readUploadFailure(language: () => Language) {
  return (error: unknown): FailureReading => {
    if (error instanceof UploadRefused)
      return { code: error.code, message: error.message, transient: false, final: FINAL_REFUSALS.has(error.code) };
    if (error instanceof ApiError) {
      // Spec §8: a 413 on a direct upload advises smaller files (the multipart advice is the server's own text).
      const message =
        error.status === 413 && error.code !== 'UPLOAD_TOO_LARGE'
          ? `${error.message} ${translate(language(), 'panel.upload.tooLargeAdvice')}`
          : error.message;
      return { code: error.code, message, transient: isTransient(error), final: FINAL_REFUSALS.has(error.code) };
    }
    return { code: 'UNEXPECTED', message: errorMessage(error, language()), transient: false, final: false };
  };
}
