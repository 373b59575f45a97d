import { type Readable } from 'node:stream';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { LIMITS } from '@kanat360/contracts';
import busboy from 'busboy';
import { type Request } from 'express';
import { AppError } from '@/common/app-error.js';
import { ClientGoneError } from '@/common/client-gone.js';
import { readsInput } from '@/openapi/route.js';

/** The most files one multipart request may carry (photos, reports, an edited photo). */
export const MAX_MULTIPART_FILES = 200;

export interface MultipartFile {
  fieldName: string;
  /** The client's file name: metadata only. */
  fileName: string;
  stream: Readable;
  /** The text fields that came before this file (send them first, as browsers' FormData does in order). */
  fields: Record<string, string>;
}

export interface MultipartLimits {
  /** The whole request body; more is 413 UPLOAD_TOO_LARGE. */
  maxBytes: number;
  maxFiles: number;
}

/**
 * A multipart/form-data body as the controller hands it to a service: not read yet, so files can stream to the
 * store as they arrive, and no `Request` past the edge.
 */
export interface MultipartForm {
  /** The most bytes the body may still bring: its declared length, or the multipart limit when it is chunked. */
  readonly maxBytes: number;
  /** Streams each file to `onFile`, in order, and answers the text fields (see readMultipart). Once per request. */
  read(limits: MultipartLimits, onFile: (file: MultipartFile) => Promise<void>): Promise<Record<string, string>>;
}

/** The request's multipart body, as a MultipartForm (`@MultipartBody() form: MultipartForm`); the route declares its `form`. */
export const MultipartBody = (): ParameterDecorator => readsInput('form', multipartBody());

const multipartBody = createParamDecorator((_data: unknown, context: ExecutionContext): MultipartForm => {
  const request = context.switchToHttp().getRequest<Request>();
  const declared = Number(request.headers['content-length']);
  return {
    maxBytes:
      Number.isSafeInteger(declared) && declared > 0
        ? Math.min(declared, LIMITS.multipartMaxBytes)
        : LIMITS.multipartMaxBytes,
    read: (limits, onFile) => readMultipart(request, limits, onFile),
  };
});

/**
 * Streams a multipart/form-data request: each file is handed to `onFile` in order, as it arrives, and the next
 * one waits until `onFile` is done with it (busboy's backpressure), so memory does not grow with file size or
 * count. Answers the text fields. A body over the limit, a malformed body or a client that goes away fails the
 * call; the stream of the file in hand is destroyed with the same error, so `onFile` can remove what it wrote.
 */
function readMultipart(
  request: Request,
  limits: MultipartLimits,
  onFile: (file: MultipartFile) => Promise<void>,
): Promise<Record<string, string>> {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return Promise.reject(new AppError('UNSUPPORTED_MEDIA_TYPE'));
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limits.maxBytes) return Promise.reject(tooLarge(request));

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        // File names in UTF-8, as browsers send them (busboy's default is latin1).
        defParamCharset: 'utf8',
        limits: { files: limits.maxFiles, fields: 100, fieldSize: 64 * 1024, fileSize: limits.maxBytes },
      });
    } catch {
      reject(new AppError('VALIDATION_ERROR'));
      return;
    }
    const fields: Record<string, string> = {};
    let current: Readable | undefined;
    let queue = Promise.resolve();
    let failed = false;
    let received = 0;

    const fail = (cause: unknown) => {
      if (failed) return;
      failed = true;
      const error = cause instanceof Error ? cause : new Error(String(cause));
      current?.destroy(error);
      request.unpipe(parser);
      // Read the rest of the body away, so the answer reaches a client that is still sending.
      request.resume();
      // Answer only once the file in hand has cleaned up after itself, so the caller's own clean-up sees all.
      void queue.finally(() => reject(error));
    };

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (fieldName, stream, info) => {
      // busboy destroys the stream with an error when the body ends early, maybe before onFile listens: the
      // failure reaches onFile through its own pipeline, and must not become an uncaught exception.
      stream.on('error', () => undefined);
      queue = queue
        .then(async () => {
          if (failed) {
            stream.resume();
            return;
          }
          current = stream;
          stream.on('limit', () => fail(tooLarge(request)));
          await onFile({ fieldName, fileName: info.filename ?? '', stream, fields: { ...fields } });
          current = undefined;
          // Whatever onFile left unread (a skipped file, maybe still piped into a peek) is drained, so the next
          // part can come.
          stream.unpipe();
          stream.resume();
        })
        .catch(fail);
    });
    parser.on('filesLimit', () => fail(new AppError('TOO_MANY_FILES')));
    parser.on('error', () => fail(new AppError('VALIDATION_ERROR')));
    parser.on('close', () => {
      void queue.then(() => {
        if (!failed) resolve(fields);
      });
    });
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes) fail(tooLarge(request));
    });
    request.on('close', () => {
      if (!request.complete) fail(new ClientGoneError());
    });
    request.pipe(parser);
  });
}

function tooLarge(request: Request): AppError {
  // The client may still be sending a large body; close the connection after the answer instead of reading it all.
  request.resume();
  return new AppError('UPLOAD_TOO_LARGE', { headers: { Connection: 'close' } });
}
