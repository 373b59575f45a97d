import { Controller } from '@nestjs/common';
import {
  checkNamesAnswer,
  checkNamesBody,
  type CheckNamesBody,
  confirmUploadBody,
  type ConfirmUploadBody,
  doneAnswer,
  editedPhotoForm,
  mediaCameraCount,
  mediaItem,
  mediaKeyQuery,
  mediaPlaceCount,
  pageOf,
  photoListQuery,
  type PhotoListQuery,
  photoUploadForm,
  presignedUploadAnswer,
  presignedUploadBody,
  type PresignedUploadBody,
  successOf,
  turbinePath,
  uploadAnswerOf,
} from '@kanat360/contracts';
import { type Language, translate, type Translate } from '@kanat360/i18n';
import { z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal } from '@/auth/access.decorators.js';
import { ConditionalGet } from '@/common/conditional-get.js';
import { CallerLanguage } from '@/common/request-language.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { emptyAnswer, jsonAnswer, Route, RouteGroup, ValidBody, ValidParams, ValidQuery } from '@/openapi/route.js';
import { MultipartBody, type MultipartForm } from '@/uploads/multipart.js';
import { describeSkipped, UPLOAD_REFUSALS, uploadAnswer } from '@/uploads/skipped-files.js';
import { MediaService } from './media.service.js';

type TurbinePath = z.output<typeof turbinePath>;

const pageHeaders = z.object({
  ETag: z.string().meta({ description: 'Of the page: send it back in If-None-Match to be told nothing changed' }),
  'Cache-Control': z.literal('private, no-cache'),
});

/** The signed address of a photo's bytes (valid within a clock hour); its derivatives are under it. */
const EXAMPLE_PHOTO_URL = '/api/files/media/4211/1749729600/Rk3vN8qLw2XbT5yHc9ZmPw';

/** A drone's blade photo as the list shows it once processed. */
const EXAMPLE_PHOTO = {
  id: 4211,
  key: 'turbines/1042/blade-A/room-3/2025/6f1d2c9a-3b7e-4f08-a5c1-92e4d7b0c315.jpg',
  _originalKey: 'turbines/1042/blade-A/room-3/2025/6f1d2c9a-3b7e-4f08-a5c1-92e4d7b0c315.jpg',
  originalName: 'DJI_0412.JPG',
  kind: 'photo',
  mime: 'image/jpeg',
  room: '3',
  blade: 'A',
  category: '',
  year: 2025,
  month: 5,
  size: 14_862_311,
  status: 'ready',
  failure_code: null,
  processing_warning: null,
  width: 8192,
  height: 5460,
  captured_at_local: '2025-05-14T10:41:27',
  captured_offset: '+03:00',
  captured_at: '2025-05-14T07:41:27.000Z',
  camera: { make: 'DJI', model: 'ZH20P', lens: null },
  focal_length_mm: 21.6,
  gps: { lat: 38.799612, lng: 26.970741 },
  is_panorama: false,
  version: 1,
  is_edited: false,
  upload_date: '2025-05-15T08:02:11.000Z',
  createdAt: '2025-05-15T08:02:11.000Z',
  lastModified: '2025-05-15T08:02:11.000Z',
  url: EXAMPLE_PHOTO_URL,
  file_path: 'turbines/1042/blade-A/room-3/2025/6f1d2c9a-3b7e-4f08-a5c1-92e4d7b0c315.jpg',
  download_url: `${EXAMPLE_PHOTO_URL}?download=1`,
  thumbnail_url: `${EXAMPLE_PHOTO_URL}/thumb.jpg`,
  preview_url: `${EXAMPLE_PHOTO_URL}/preview.jpg`,
  tiles_url: `${EXAMPLE_PHOTO_URL}/tiles/image.dzi`,
  panorama_tiles: null,
  duration_s: null,
  uploadedBy: { id: 27, name: 'Elif Yıldız' },
  uploader_name: 'Elif Yıldız',
  uploader_email: 'elif.yildiz@anadolu-ruzgar.com.tr',
} as const;

/** Spec §7 Photos. Every route checks the turbine first: another company's answers like a missing one. */
@RouteGroup('media')
@Controller('turbines/:id')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Route('GET', 'photos', {
    summary: "A page of the turbine's current media, newest upload first",
    description:
      'Answers an `ETag` of the page with `Cache-Control: private, no-cache`; a request whose `If-None-Match` ' +
      'names it gets 304 with no body (clients poll this list while photos are processed). The signed addresses ' +
      'in it stay the same within a clock hour. A photo has `thumbnail_url`, `preview_url` and `tiles_url` ' +
      "(OpenSeadragon) once processed; a 2:1 panorama also `panorama_tiles` (Photo Sphere Viewer's " +
      'EquirectangularTilesAdapter: `levels` low to high, `tile_url` with `{level}`, `{col}` and `{row}` to fill ' +
      'in); a video its poster as `thumbnail_url`/`preview_url` and `duration_s`, when the file could be read. ' +
      'Capture facts are as the camera wrote them: `captured_at_local` (its clock, no zone), `captured_offset` ' +
      'when the file tells it (EXIF OffsetTime*, or its GPS clock), and only then the instant `captured_at`. ' +
      '`camera` filters by one camera (`make|model`, as `photos/cameras` offers it).',
    access: 'media.read',
    params: turbinePath,
    query: photoListQuery,
    headers: z.object({
      'If-None-Match': z.string().optional().meta({ description: 'The ETag of the page the client holds' }),
    }),
    answers: {
      200: jsonAnswer(pageOf(mediaItem), pageHeaders),
      304: emptyAnswer('Not modified: the page is the one the ETag names', pageHeaders),
    },
    example: { answer: { success: true, data: [EXAMPLE_PHOTO], next_cursor: null, total: 1 } },
  })
  @ConditionalGet()
  async list(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: TurbinePath,
    @ValidQuery() query: PhotoListQuery,
  ) {
    return this.media.list(actor, id, query);
  }

  @Route('GET', 'photos/summary', {
    summary: 'How many media each campaign year, category, blade and room of the turbine holds',
    description:
      'Current versions only; one row per place that holds something (category `blade` for blade rooms). ' +
      'Screens mark the rooms, years and galleries that have media with it.',
    access: 'media.read',
    params: turbinePath,
    answers: { 200: successOf(z.array(mediaPlaceCount)) },
  })
  async summary(@CurrentPrincipal() actor: Principal, @ValidParams() { id }: TurbinePath) {
    return { success: true as const, data: await this.media.places(actor, id) };
  }

  @Route('GET', 'photos/cameras', {
    summary: "The cameras that made the turbine's current media, the most used first",
    description:
      "Make and model as the files name them (EXIF, or a video's container), with how many media each made; " +
      "media without a camera are left out. `id` is the value of the photo list's `camera` filter that finds them.",
    access: 'media.read',
    params: turbinePath,
    answers: { 200: successOf(z.array(mediaCameraCount)) },
  })
  async cameras(@CurrentPrincipal() actor: Principal, @ValidParams() { id }: TurbinePath) {
    return { success: true as const, data: await this.media.cameras(actor, id) };
  }

  @Route('POST', 'photos/check-names', {
    summary: 'Which of these file names an upload would skip, and why (before any byte is sent)',
    description: "Spec §5's naming rule, and names the turbine already has.",
    access: 'media.upload',
    params: turbinePath,
    body: checkNamesBody,
    answers: { 200: checkNamesAnswer },
  })
  async checkNames(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: TurbinePath,
    @ValidBody() { names }: CheckNamesBody,
    @CallerLanguage() language: Language,
  ) {
    const skipped = await this.media.checkNames(actor, id, names);
    return { success: true as const, data: { skipped: describeSkipped(language, skipped) } };
  }

  @Route('GET', 'photos/versions', {
    summary: 'Every version of a photo, the original first',
    access: 'media.read',
    params: turbinePath,
    query: mediaKeyQuery,
    answers: { 200: successOf(z.array(mediaItem)) },
  })
  async versions(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: TurbinePath,
    @ValidQuery() { key }: z.output<typeof mediaKeyQuery>,
  ) {
    return { success: true as const, data: await this.media.versions(actor, id, key) };
  }

  @Route('POST', 'photos', {
    summary: 'Uploads photos, videos or point clouds below 55 MB (multipart, the fields before the files)',
    description:
      'Streams each file to storage as it arrives. Files that cannot be taken are skipped, each with its reason; ' +
      'when none is taken the call fails with the first reason. Bigger files go direct (presigned-upload).',
    access: 'media.upload',
    params: turbinePath,
    form: photoUploadForm,
    answers: { 201: uploadAnswerOf(mediaItem) },
    errors: [...UPLOAD_REFUSALS, 'IMAGE_TOO_LARGE', 'IMAGE_TOO_MANY_TILES'],
  })
  async upload(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: TurbinePath,
    @MultipartBody() form: MultipartForm,
    @CallerLanguage() language: Language,
  ) {
    return uploadAnswer(language, await this.media.upload(actor, id, form, language), 'api.photosUploaded');
  }

  @Route('POST', 'presigned-upload', {
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
    access: 'media.upload',
    params: turbinePath,
    body: presignedUploadBody,
    answers: { 200: presignedUploadAnswer },
    errors: [...UPLOAD_REFUSALS, 'TOO_MANY_DIRECT_UPLOADS'],
  })
  async presign(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: TurbinePath,
    @ValidBody() body: PresignedUploadBody,
    @CallerLanguage() language: Language,
  ) {
    const outcome = await this.media.presign(actor, id, body, language);
    // Spec §7 reads `presignedUrls`.
    return { ...uploadAnswer(language, outcome, 'api.uploadsPresigned'), presignedUrls: outcome.items };
  }

  @Route('POST', 'confirm-upload', {
    summary: 'Direct upload, step 3: the files become photos',
    description:
      "Each key's object must be whole, of the announced size, and what its name says (sniffed from the bytes) " +
      "before its photo appears; a multipart upload sends every part's `etag` (in part order). UPLOAD_INCOMPLETE " +
      'keeps the upload (send what is missing and confirm again); bytes of another type or size remove it ' +
      "(FILE_TYPE_*, UPLOAD_SIZE_MISMATCH). An upload is its uploader's: another user's key is UPLOAD_NOT_FOUND.",
    access: 'media.upload',
    params: turbinePath,
    body: confirmUploadBody,
    answers: { 201: uploadAnswerOf(mediaItem) },
    errors: [
      ...UPLOAD_REFUSALS,
      'TOO_MANY_DIRECT_UPLOADS',
      'UPLOAD_NOT_FOUND',
      'UPLOAD_INCOMPLETE',
      'UPLOAD_SIZE_MISMATCH',
      'IMAGE_TOO_LARGE',
      'IMAGE_TOO_MANY_TILES',
    ],
  })
  async confirm(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: TurbinePath,
    @ValidBody() body: ConfirmUploadBody,
    @CallerLanguage() language: Language,
  ) {
    return uploadAnswer(language, await this.media.confirm(actor, id, body, language), 'api.photosUploaded');
  }

  @Route('DELETE', 'photos', {
    summary: 'Deletes a photo with every version (the key of any version names it)',
    description:
      'A photo with findings on any version is refused: 409 PHOTO_HAS_FINDINGS, the message naming how many. ' +
      'Findings are inspection records; they are deleted first, on purpose.',
    access: 'media.delete',
    params: turbinePath,
    query: mediaKeyQuery,
    answers: { 200: doneAnswer },
    errors: ['MEDIA_NOT_FOUND', 'PHOTO_HAS_FINDINGS'],
  })
  async delete(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: TurbinePath,
    @ValidQuery() { key }: z.output<typeof mediaKeyQuery>,
    @CallerLanguage() language: Language,
  ) {
    await this.media.delete(actor, id, key);
    return { success: true as const, data: null, message: translate(language, 'api.photoDeleted') };
  }

  @Route('POST', 'save-edited-photo', {
    summary: 'Saves a drawing on a photo as its new current version (multipart); the original stays',
    access: 'media.edit',
    params: turbinePath,
    form: editedPhotoForm,
    answers: { 200: successOf(mediaItem) },
    errors: ['MEDIA_NOT_FOUND', 'NO_FILES', 'EDITED_PHOTO_NOT_JPEG', 'NOT_A_PHOTO', 'PAYLOAD_TOO_LARGE'],
  })
  async saveEdited(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: TurbinePath,
    @MultipartBody() form: MultipartForm,
    @RequestTranslator() t: Translate,
  ) {
    const item = await this.media.saveEdited(actor, id, form);
    return { success: true as const, data: item, message: t('api.photoSaved') };
  }

  @Route('POST', 'photos/restore', {
    summary: 'Makes the original of a photo current again; the edited versions stay listed',
    access: 'media.edit',
    params: turbinePath,
    body: mediaKeyQuery,
    answers: { 200: successOf(mediaItem) },
    errors: ['MEDIA_NOT_FOUND', 'NOTHING_TO_RESTORE'],
  })
  async restore(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: TurbinePath,
    @ValidBody() { key }: z.output<typeof mediaKeyQuery>,
    @CallerLanguage() language: Language,
  ) {
    const item = await this.media.restoreOriginal(actor, id, key);
    return { success: true as const, data: item, message: translate(language, 'api.photoRestored') };
  }
}
