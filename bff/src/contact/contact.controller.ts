import { Controller, Req } from '@nestjs/common';
import { contactBody, type ContactBody, doneAnswer } from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { type Request } from 'express';
import { requestLanguage } from '@/common/request-language.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { Route, RouteGroup, ValidBody } from '@/openapi/route.js';
import { ContactService } from './contact.service.js';

@RouteGroup('contact')
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  /** The site's contact form (spec §3, §4). */
  @Route('POST', '', {
    summary: 'Sends a message to the business inbox (the contact form)',
    description: 'The message is stored and mailed; replies go to the sender. 5 messages per address per 15 minutes.',
    access: 'public',
    body: contactBody,
    answers: { 201: doneAnswer },
    errors: ['TOO_MANY_MESSAGES'],
    example: {
      body: {
        name: 'Mehmet Demir',
        email: 'mehmet.demir@example.com',
        phone: '+90 532 000 00 00',
        subject: 'Kanat bakımı teklifi',
        message: 'Merhaba, 12 türbinlik sahamız için bir bakım teklifi almak istiyoruz.',
      },
    },
  })
  async send(@ValidBody() body: ContactBody, @Req() request: Request, @RequestTranslator() t: Translate) {
    await this.contact.send(body, { ip: request.ip ?? 'unknown', language: requestLanguage(request) });
    return { success: true as const, data: null, message: t('api.contactSent') };
  }
}
