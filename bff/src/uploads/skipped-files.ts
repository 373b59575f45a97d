import { type ApiSuccess, type ErrorCode, type SkippedFile } from '@kanat360/contracts';
import { type Language, type MessageKey, translate } from '@kanat360/i18n';
import { AppError } from '@/common/app-error.js';

/** A file an upload refused, with the code of the reason; the other files of the upload go on. */
export class SkipFile extends Error {
  constructor(
    readonly fileName: string,
    readonly code: ErrorCode,
  ) {
    super(code);
    this.name = 'SkipFile';
  }
}

/** What an upload call stored, and what it skipped. */
export interface UploadOutcome<T> {
  items: T[];
  skipped: SkipFile[];
}

export type UploadAnswer<T> = ApiSuccess<T[]> & { skipped: SkippedFile[]; message: string };

/** One message for a set of skipped files, grouped by reason as spec §5 words them ("3 dosya … atlandı: a, b, c"). */
export function skipMessage(language: Language, skipped: SkipFile[]): string {
  const byCode = new Map<ErrorCode, string[]>();
  for (const skip of skipped) byCode.set(skip.code, [...(byCode.get(skip.code) ?? []), skip.fileName]);
  return [...byCode]
    .map(([code, names]) =>
      translate(language, `errors.${code}`, { n: names.length, names: names.join(', '), file: names.join(', ') }),
    )
    .join(' ');
}

/** Each skipped file with its own reason. */
export function describeSkipped(language: Language, skipped: SkipFile[]): SkippedFile[] {
  return skipped.map((skip) => ({
    name: skip.fileName,
    code: skip.code,
    message: translate(language, `errors.${skip.code}`, { n: 1, names: skip.fileName, file: skip.fileName }),
  }));
}

/** Every file skipped: the call fails with the first reason's code, the grouped message and every file's reason. */
export function allSkippedError(language: Language, skipped: SkipFile[]): AppError {
  const first = skipped[0];
  if (!first) return new AppError('NO_FILES');
  return new AppError(first.code, {
    message: skipMessage(language, skipped),
    skipped: describeSkipped(language, skipped),
  });
}

/** An upload's answer: what was stored, what was skipped and why, and one message saying both. */
export function uploadAnswer<T>(language: Language, outcome: UploadOutcome<T>, doneKey: MessageKey): UploadAnswer<T> {
  const done = translate(language, doneKey, { n: outcome.items.length });
  const message = outcome.skipped.length ? `${done} ${skipMessage(language, outcome.skipped)}` : done;
  return { success: true, data: outcome.items, skipped: describeSkipped(language, outcome.skipped), message };
}

/** Why an upload call may skip a file; when it skips every one, the call fails with the first file's reason. */
export const UPLOAD_REFUSALS = [
  'NO_FILES',
  'TOO_MANY_FILES',
  'FILE_NAME_INVALID',
  'DUPLICATE_FILE_NAME',
  'FILE_EMPTY',
  'FILE_TOO_LARGE',
  'UPLOAD_TOO_LARGE',
  'PAYLOAD_TOO_LARGE',
  'FILE_TYPE_UNKNOWN',
  'FILE_TYPE_MISMATCH',
  'FILE_TYPE_FORBIDDEN',
  'STORAGE_QUOTA_EXCEEDED',
] as const satisfies readonly ErrorCode[];
