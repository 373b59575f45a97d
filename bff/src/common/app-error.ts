import { ERROR_STATUS, type ErrorCode, type SkippedFile } from '@kanat360/contracts';
import { type MessageParams } from '@kanat360/i18n';

/**
 * The one way a rule says no. The error filter turns it into `{ success:false, code, message }` with the code's
 * status and the message in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: {
      params?: MessageParams;
      field?: string;
      headers?: Record<string, string>;
      message?: string;
      skipped?: SkippedFile[];
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
