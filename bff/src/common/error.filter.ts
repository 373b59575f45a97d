import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { isStorageError } from '@/storage/storage-errors.js';
import { AppError } from './app-error.js';
import { clientWentAway } from './client-gone.js';
import { isDatabaseUnavailable } from './database-errors.js';
import { codeForStatus, sendError } from './error-body.js';

/** Maps every failure to `{ success:false, code, message }`. Unknown ones become a 500 with a correlation id and no detail. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: PinoLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request>();
    const response = context.getResponse<Response>();
    if (response.headersSent) return;

    if (clientWentAway(request, exception)) {
      // Worth a line (an upload cut off), not an error: no stack, and no answer, since nobody is left to read it.
      this.logger.warn(
        { correlationId: request.id, method: request.method, url: request.originalUrl },
        'client went away during the request',
      );
      response.destroy();
      return;
    }
    if (exception instanceof AppError) {
      sendError(request, response, exception.code, exception.options);
      return;
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      sendError(request, response, codeForStatus(exception.getStatus()));
      return;
    }
    const correlationId = typeof request.id === 'string' ? request.id : '';
    if (isStorageError(exception, 'Unavailable')) {
      this.logger.warn({ correlationId, reason: exception.message }, 'object store unavailable: answered 503');
      sendError(request, response, 'STORAGE_UNAVAILABLE', { correlationId, headers: { 'Retry-After': '5' } });
      return;
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ correlationId, reason: (exception as Error).message }, 'database unavailable: answered 503');
      sendError(request, response, 'DATABASE_UNAVAILABLE', { correlationId, headers: { 'Retry-After': '2' } });
      return;
    }
    this.logger.error({ err: exception, correlationId }, 'unhandled error');
    sendError(request, response, 'INTERNAL_ERROR', { correlationId });
  }
}
