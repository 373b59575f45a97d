import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { LANGUAGE_HEADER } from '@kanat360/contracts';
import { firstAcceptedLanguage, type Language, resolveLanguage } from '@kanat360/i18n';
import { type Request } from 'express';

/** The language of a request's messages: the client's X-Lang choice, else its Accept-Language, else Turkish. */
export function requestLanguage(request: Request): Language {
  return resolveLanguage(request.get(LANGUAGE_HEADER), firstAcceptedLanguage(request.get('accept-language')));
}

/** The caller's language, for services that word messages themselves (uploads naming skipped files). */
export const CallerLanguage = createParamDecorator((_data: unknown, context: ExecutionContext): Language =>
  requestLanguage(context.switchToHttp().getRequest<Request>()),
);
