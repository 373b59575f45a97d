import { createHash } from 'node:crypto';
import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { type Request, type Response } from 'express';
import { map, type Observable } from 'rxjs';

/**
 * An ETag of a JSON answer: the first 128 bits of its SHA-256, base64url. Two answers with the same body have the
 * same tag, so a client polling an unchanged list gets 304 and no body. Weak, because the same tag goes with the
 * gzip-compressed and the plain bytes (compression runs after it).
 */
export function jsonEtag(body: unknown): string {
  return `W/"${createHash('sha256').update(JSON.stringify(body)).digest().subarray(0, 16).toString('base64url')}"`;
}

/** Whether an If-None-Match header names `etag` (a list of tags, `*`, weak or strong: RFC 9110's weak comparison). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Conditional GET for a JSON answer that polling clients ask for again and again: an ETag of the body,
 * `Cache-Control: private, no-cache` (the browser keeps it but asks each time), and 304 with no body when the
 * client's If-None-Match names the same body. The answer must not change between two calls when nothing changed
 * (signed addresses stay the same for a clock hour: FileUrls).
 */
@Injectable()
export class ConditionalGetInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    return next.handle().pipe(
      map((body: unknown) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return body;
        const etag = jsonEtag(body);
        response.setHeader('ETag', etag);
        response.setHeader('Cache-Control', 'private, no-cache');
        if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return body;
        response.status(304);
        return undefined;
      }),
    );
  }
}

/** Marks a GET route as answering conditionally: see ConditionalGetInterceptor. */
export const ConditionalGet = () => UseInterceptors(ConditionalGetInterceptor);
