import { Controller } from '@nestjs/common';
import {
  cancelUploadAnswer,
  cancelUploadBody,
  type CancelUploadBody,
  successOf,
  turbinePath,
  uploadParts,
  uploadPartsBody,
  type UploadPartsBody,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { type z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal } from '@/auth/access.decorators.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { Route, RouteGroup, ValidBody, ValidParams } from '@/openapi/route.js';
import { DirectUploads } from './direct-uploads.js';

/**
 * The steps of a direct upload between presigned-upload and confirm-upload (MediaController): more part addresses
 * for a multipart upload, and cancelling. An upload is its uploader's: another user's answers like a missing one.
 */
@RouteGroup('media')
@Controller('turbines/:id')
export class UploadsController {
  constructor(private readonly direct: DirectUploads) {}

  @Route('POST', 'upload-parts', {
    summary: 'Direct upload, step 2 above 5 GB: the next part addresses',
    description:
      'presigned-upload answers the first 20 part addresses of a multipart upload; ask for the next ones as the ' +
      'upload proceeds: `count` parts (default 20, at most 100) from part number `from`. Each address takes one PUT ' +
      "of exactly its `size` bytes and answers the part's ETag; a failed part is PUT again alone, to a fresh " +
      "address if its own expired. Another user's upload, or one confirmed or cancelled, is UPLOAD_NOT_FOUND.",
    access: 'media.upload',
    params: turbinePath,
    body: uploadPartsBody,
    answers: { 200: successOf(uploadParts) },
    errors: ['UPLOAD_NOT_FOUND'],
  })
  async parts(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: z.output<typeof turbinePath>,
    @ValidBody() body: UploadPartsBody,
  ) {
    return { success: true as const, data: await this.direct.nextParts(actor, id, body.key, body.from, body.count) };
  }

  @Route('POST', 'cancel-upload', {
    summary: 'Cancel direct uploads not confirmed yet',
    description:
      'For an upload the user stopped (at most 100 keys a call): its addresses refuse any further PUT (409 ' +
      "UPLOAD_ADDRESS_USED), what was sent is removed, and the company's storage quota gets the bytes back at " +
      "once. Keys already confirmed, cancelled, expired or another user's are left alone: the call is idempotent " +
      'and answers the keys it cancelled.',
    access: 'media.upload',
    params: turbinePath,
    body: cancelUploadBody,
    answers: { 200: cancelUploadAnswer },
  })
  async cancel(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: z.output<typeof turbinePath>,
    @ValidBody() body: CancelUploadBody,
    @RequestTranslator() t: Translate,
  ) {
    const cancelled = await this.direct.cancel(actor, id, body.keys);
    return {
      success: true as const,
      data: { cancelled },
      message: t('api.uploadsCancelled', { n: cancelled.length }),
    };
  }
}
