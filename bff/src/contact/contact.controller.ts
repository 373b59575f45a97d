import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type ApiSuccess, contactBody, type ContactBody } from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { type Request } from 'express';
import { Public } from '@/auth/access.decorators.js';
import { requestLanguage } from '@/common/request-language.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { ValidBody } from '@/common/zod-validation.js';
import { ContactService } from './contact.service.js';

@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  /** The site's contact form (spec §3, §4). */
  @Post()
  @HttpCode(201)
  @Public()
  async send(
    @ValidBody(contactBody) body: ContactBody,
    @Req() request: Request,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<null>> {
    await this.contact.send(body, { ip: request.ip ?? 'unknown', language: requestLanguage(request) });
    return { success: true, data: null, message: t('api.contactSent') };
  }
}
