import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  type ApiSuccess,
  cancelUploadBody,
  type CancelUploadBody,
  type UploadParts,
  uploadPartsBody,
  type UploadPartsBody,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { CurrentPrincipal, RequirePermission } from '../auth/access.decorators.js';
import { type Principal } from '../auth/principal.js';
import { IdPipe } from '../common/id.pipe.js';
import { RequestTranslator } from '../common/translator.decorator.js';
import { ValidBody } from '../common/zod-validation.js';
import { DirectUploads } from './direct-uploads.js';

/**
 * The steps of a direct upload between presigned-upload and confirm-upload (MediaController): more part addresses
 * for a multipart upload, and cancelling. An upload is its uploader's: another user's answers like a missing one.
 */
@ApiTags('media')
@Controller('turbines/:id')
export class UploadsController {
  constructor(private readonly direct: DirectUploads) {}

  /**
   * The next part addresses of a multipart direct upload (files above 5 GB): presigned-upload answers the first
   * 20; ask for the following ones as the upload proceeds (`from`: the first part number wanted, `count`: at most
   * 100). Each address takes one part of exactly its `size` bytes; a failed part is PUT again alone.
   */
  @Post('upload-parts')
  @HttpCode(200)
  @RequirePermission('media.upload')
  async parts(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidBody(uploadPartsBody) body: UploadPartsBody,
  ): Promise<ApiSuccess<UploadParts>> {
    return { success: true, data: await this.direct.nextParts(actor, turbineId, body.key, body.from, body.count) };
  }

  /**
   * Cancels direct uploads not confirmed yet (the user stopped them): their addresses refuse any further PUT, what
   * was sent is removed, and the company's storage quota gets the bytes back. Keys already confirmed, cancelled or
   * unknown are left alone; the answer lists the keys cancelled.
   */
  @Post('cancel-upload')
  @HttpCode(200)
  @RequirePermission('media.upload')
  async cancel(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidBody(cancelUploadBody) body: CancelUploadBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<{ cancelled: string[] }>> {
    const cancelled = await this.direct.cancel(actor, turbineId, body.keys);
    return { success: true, data: { cancelled }, message: t('api.uploadsCancelled', { n: cancelled.length }) };
  }
}
