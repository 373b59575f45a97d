import express, { type NextFunction, type Request, type Response } from 'express';
import { sendError } from '@/common/error-body.js';

/** JSON bodies up to 1 MB (uploads are multipart and handled apart); a malformed or huge body is a clear 4xx. */
export function jsonBody() {
  const parse = express.json({ limit: '1mb' });
  return [
    parse,
    (
      error: { type?: string; status?: number } | undefined,
      request: Request,
      response: Response,
      next: NextFunction,
    ): void => {
      if (!error) return next();
      if (error.type === 'entity.too.large') return sendError(request, response, 'PAYLOAD_TOO_LARGE');
      if (error.type === 'entity.parse.failed') return sendError(request, response, 'INVALID_JSON');
      if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
        return sendError(request, response, 'UNSUPPORTED_MEDIA_TYPE');
      }
      if (error.status && error.status < 500) return sendError(request, response, 'VALIDATION_ERROR');
      next(error);
    },
  ];
}
