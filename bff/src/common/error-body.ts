import { type ErrorBody, type ErrorCode, ERROR_STATUS, type SkippedFile } from '@kanat360/contracts';
import { type MessageParams, translate } from '@kanat360/i18n';
import { type Request, type Response } from 'express';
import { requestLanguage } from './request-language.js';

/** Writes the one error shape of the API. Used by the exception filter and by the plain Express error handler. */
export function sendError(
  request: Request,
  response: Response,
  code: ErrorCode,
  extra: {
    params?: MessageParams;
    field?: string;
    headers?: Record<string, string>;
    correlationId?: string;
    /** Already in the caller's language: replaces the code's own message (an upload's combined skip message). */
    message?: string;
    skipped?: SkippedFile[];
  } = {},
): void {
  const body: ErrorBody = {
    success: false,
    code,
    message: extra.message ?? translate(requestLanguage(request), `errors.${code}`, extra.params),
  };
  if (extra.field) body.field = extra.field;
  if (extra.skipped) body.skipped = extra.skipped;
  if (extra.correlationId) body.correlationId = extra.correlationId;
  for (const [name, value] of Object.entries(extra.headers ?? {})) response.setHeader(name, value);
  response.status(ERROR_STATUS[code]).json(body);
}

/** The code for an HTTP status raised by the framework itself (an unknown route, a body too large, ...). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'VALIDATION_ERROR';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
    case 405:
      return 'NOT_FOUND';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_ATTEMPTS';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 400 && status < 500 ? 'VALIDATION_ERROR' : 'INTERNAL_ERROR';
  }
}
