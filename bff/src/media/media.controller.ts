import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type ApiPage,
  type CheckNamesBody,
  checkNamesBody,
  type SkippedFile,
  type ApiSuccess,
  confirmUploadBody,
  type ConfirmUploadBody,
  type MediaCameraCount,
  type MediaItem,
  mediaKeyQuery,
  type MediaPlaceCount,
  type PhotoListQuery,
  photoListQuery,
  type PresignedUpload,
  presignedUploadBody,
  type PresignedUploadBody,
} from '@kanat360/contracts';
import { type Language, translate, type Translate } from '@kanat360/i18n';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal, RequirePermission } from '@/auth/access.decorators.js';
import { ConditionalGet } from '@/common/conditional-get.js';
import { IdPipe } from '@/common/id.pipe.js';
import { CallerLanguage } from '@/common/request-language.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { ValidBody, ValidQuery } from '@/common/zod-validation.js';
import { MultipartBody, type MultipartForm } from '@/uploads/multipart.js';
import { describeSkipped, type UploadAnswer, uploadAnswer } from '@/uploads/skipped-files.js';
import { MediaService } from './media.service.js';

const MULTIPART_UPLOAD = {
  schema: {
    type: 'object',
    properties: {
      room: { type: 'string', description: 'Room number; 1 when missing or invalid' },
      year: { type: 'string' },
      blade: { type: 'string', enum: ['A', 'B', 'C'] },
      category: { type: 'string', enum: ['blade', 'drone', 'operator', 'robot'] },
      photos: { type: 'array', items: { type: 'string', format: 'binary' } },
    },
  },
};

/** Spec §7 Photos. Every route checks the turbine first: another company's answers like a missing one. */
@ApiTags('media')
@Controller('turbines/:id')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get('photos')
  @RequirePermission('media.read')
  @ConditionalGet()
  @ApiOperation({
    summary: "A page of the turbine's current media, newest upload first",
    description:
      'Answers an `ETag` of the page with `Cache-Control: private, no-cache`; a request whose `If-None-Match` ' +
      'names it gets 304 with no body (clients poll this list while photos are processed). The signed addresses ' +
      'in it stay the same within a clock hour. A photo has `thumbnail_url`, `preview_url` and `tiles_url` ' +
      "(OpenSeadragon) once processed; a 2:1 panorama also `panorama_tiles` (Photo Sphere Viewer's " +
      'EquirectangularTilesAdapter: `levels` low to high, `tile_url` with `{level}`, `{col}` and `{row}` to fill ' +
      'in); a video its poster as `thumbnail_url`/`preview_url` and `duration_s`, when ffmpeg could read it. ' +
      'Capture facts are as the camera wrote them: `captured_at_local` (its clock, no zone), `captured_offset` ' +
      'when the file tells it (EXIF OffsetTime*, or its GPS clock), and only then the instant `captured_at`. ' +
      '`camera` filters by one camera (`make|model`, as `photos/cameras` offers it).',
  })
  async list(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidQuery(photoListQuery) query: PhotoListQuery,
  ): Promise<ApiPage<MediaItem>> {
    return this.media.list(actor, turbineId, query);
  }

  @Get('photos/summary')
  @RequirePermission('media.read')
  @ApiOperation({
    summary: 'How many media each campaign year, category, blade and room of the turbine holds',
    description:
      'Current versions only; one row per place that holds something (category `blade` for blade rooms). ' +
      'Screens mark the rooms, years and galleries that have media with it.',
  })
  async summary(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
  ): Promise<ApiSuccess<MediaPlaceCount[]>> {
    return { success: true, data: await this.media.places(actor, turbineId) };
  }

  @Get('photos/cameras')
  @RequirePermission('media.read')
  @ApiOperation({
    summary: "The cameras that made the turbine's current media, the most used first",
    description:
      "Make and model as the files name them (EXIF, or a video's container), with how many media each made; " +
      "media without a camera are left out. `id` is the value of the photo list's `camera` filter that finds them.",
  })
  async cameras(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
  ): Promise<ApiSuccess<MediaCameraCount[]>> {
    return { success: true, data: await this.media.cameras(actor, turbineId) };
  }

  @Post('photos/check-names')
  @HttpCode(200)
  @RequirePermission('media.upload')
  async checkNames(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidBody(checkNamesBody) { names }: CheckNamesBody,
    @CallerLanguage() language: Language,
  ): Promise<ApiSuccess<{ skipped: SkippedFile[] }>> {
    const skipped = await this.media.checkNames(actor, turbineId, names);
    return { success: true, data: { skipped: describeSkipped(language, skipped) } };
  }

  @Get('photos/versions')
  @RequirePermission('media.read')
  async versions(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidQuery(mediaKeyQuery) { key }: { key: string },
  ): Promise<ApiSuccess<MediaItem[]>> {
    return { success: true, data: await this.media.versions(actor, turbineId, key) };
  }

  @Post('photos')
  @RequirePermission('media.upload')
  @ApiConsumes('multipart/form-data')
  @ApiBody(MULTIPART_UPLOAD)
  async upload(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @MultipartBody() form: MultipartForm,
    @CallerLanguage() language: Language,
  ): Promise<UploadAnswer<MediaItem>> {
    return uploadAnswer(language, await this.media.upload(actor, turbineId, form, language), 'api.photosUploaded');
  }

  @Post('presigned-upload')
  @ApiOperation({
    summary: 'Direct upload, step 1: an address per file',
    description:
      'For files of 4 MB and more, and videos; at most 100 files a call (400 TOO_MANY_DIRECT_UPLOADS). Each ' +
      'accepted file gets a `key` and an address bound to its announced `size`: one PUT of exactly that many ' +
      'bytes, sending the `headers` given (they are signed). A longer body is refused while it streams (413; S3: ' +
      '403), a shorter one is not kept, and once the file has arrived or was confirmed the address refuses any PUT ' +
      '(409 UPLOAD_ADDRESS_USED; S3: 412). Above 5 GB the file is a multipart upload (`upload_id`, `part_size`, ' +
      '`part_count`): the first 20 part addresses come here, the next ones from `upload-parts`. Files past the ' +
      "company's storage quota are skipped with STORAGE_QUOTA_EXCEEDED (403 when no file is accepted); pending " +
      'uploads count against the quota until confirmed, cancelled (`cancel-upload`) or expired.',
  })
  @HttpCode(200)
  @RequirePermission('media.upload')
  async presign(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidBody(presignedUploadBody) body: PresignedUploadBody,
    @CallerLanguage() language: Language,
  ): Promise<UploadAnswer<PresignedUpload> & { presignedUrls: PresignedUpload[] }> {
    const outcome = await this.media.presign(actor, turbineId, body, language);
    // Spec §7 reads `presignedUrls`.
    return { ...uploadAnswer(language, outcome, 'api.uploadsPresigned'), presignedUrls: outcome.items };
  }

  @Post('confirm-upload')
  @ApiOperation({
    summary: 'Direct upload, step 3: the files become photos',
    description:
      "Each key's object must be whole, of the announced size, and what its name says (sniffed from the bytes) " +
      "before its photo appears; a multipart upload sends every part's `etag` (in part order). UPLOAD_INCOMPLETE " +
      'keeps the upload (send what is missing and confirm again); bytes of another type or size remove it ' +
      "(FILE_TYPE_*, UPLOAD_SIZE_MISMATCH). An upload is its uploader's: another user's key is UPLOAD_NOT_FOUND.",
  })
  @RequirePermission('media.upload')
  async confirm(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidBody(confirmUploadBody) body: ConfirmUploadBody,
    @CallerLanguage() language: Language,
  ): Promise<UploadAnswer<MediaItem>> {
    return uploadAnswer(language, await this.media.confirm(actor, turbineId, body, language), 'api.photosUploaded');
  }

  @Delete('photos')
  @HttpCode(200)
  @RequirePermission('media.delete')
  @ApiOperation({
    summary: 'Deletes a photo with every version (the key of any version names it)',
    description:
      'A photo with findings on any version is refused: 409 PHOTO_HAS_FINDINGS, the message naming how many. ' +
      'Findings are inspection records; they are deleted first, on purpose.',
  })
  async delete(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidQuery(mediaKeyQuery) { key }: { key: string },
    @CallerLanguage() language: Language,
  ): Promise<ApiSuccess<null>> {
    await this.media.delete(actor, turbineId, key);
    return { success: true, data: null, message: translate(language, 'api.photoDeleted') };
  }

  @Post('save-edited-photo')
  @HttpCode(200)
  @RequirePermission('media.edit')
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        photo: { type: 'string', format: 'binary', description: 'JPEG' },
        photoId: { type: 'string' },
        photoKey: { type: 'string' },
        turbineId: { type: 'string' },
        replaceOriginal: { type: 'string', description: 'Ignored: the edit is a new version; the original stays' },
      },
    },
  })
  async saveEdited(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @MultipartBody() form: MultipartForm,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<MediaItem>> {
    const item = await this.media.saveEdited(actor, turbineId, form);
    return { success: true, data: item, message: t('api.photoSaved') };
  }

  @Post('photos/restore')
  @HttpCode(200)
  @RequirePermission('media.edit')
  async restore(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidBody(mediaKeyQuery) { key }: { key: string },
    @CallerLanguage() language: Language,
  ): Promise<ApiSuccess<MediaItem>> {
    const item = await this.media.restoreOriginal(actor, turbineId, key);
    return { success: true, data: item, message: translate(language, 'api.photoRestored') };
  }
}
