import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type Translate, translator } from '@kanat360/i18n';
import { type Request } from 'express';
import { requestLanguage } from './request-language.js';

/** Messages in the caller's language (`t('api.userCreated')`). */
export const RequestTranslator = createParamDecorator((_data: unknown, context: ExecutionContext): Translate =>
  translator(requestLanguage(context.switchToHttp().getRequest<Request>())),
);
