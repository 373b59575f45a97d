import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type ApiSuccess,
  cancelUploadBody,
  type CancelUploadBody,
  type UploadParts,
  uploadPartsBody,
  type UploadPartsBody,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal, RequirePermission } from '@/auth/access.decorators.js';
import { IdPipe } from '@/common/id.pipe.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { ValidBody } from '@/common/zod-validation.js';
import { DirectUploads } from './direct-uploads.js';

/**
 * The steps of a direct upload between presigned-upload and confirm-upload (MediaController): more part addresses
 * for a multipart upload, and cancelling. An upload is its uploader's: another user's answers like a missing one.
 */
@ApiTags('media')
@Controller('turbines/:id')
export class UploadsController {
  constructor(private readonly direct: DirectUploads) {}

  @Post('upload-parts')
  @ApiOperation({
    summary: 'Direct upload, step 2 above 5 GB: the next part addresses',
    description:
      'presigned-upload answers the first 20 part addresses of a multipart upload; ask for the next ones as the ' +
      'upload proceeds: `count` parts (default 20, at most 100) from part number `from`. Each address takes one PUT ' +
      "of exactly its `size` bytes and answers the part's ETag; a failed part is PUT again alone, to a fresh " +
      "address if its own expired. Another user's upload, or one confirmed or cancelled, is UPLOAD_NOT_FOUND.",
  })
  @HttpCode(200)
  @RequirePermission('media.upload')
  async parts(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidBody(uploadPartsBody) body: UploadPartsBody,
  ): Promise<ApiSuccess<UploadParts>> {
    return { success: true, data: await this.direct.nextParts(actor, turbineId, body.key, body.from, body.count) };
  }

  @Post('cancel-upload')
  @ApiOperation({
    summary: 'Cancel direct uploads not confirmed yet',
    description:
      'For an upload the user stopped (at most 100 keys a call): its addresses refuse any further PUT (409 ' +
      "UPLOAD_ADDRESS_USED), what was sent is removed, and the company's storage quota gets the bytes back at " +
      "once. Keys already confirmed, cancelled, expired or another user's are left alone: the call is idempotent " +
      'and answers the keys it cancelled.',
  })
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
