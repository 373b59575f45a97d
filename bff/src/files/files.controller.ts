import { pipeline } from 'node:stream/promises';
import { Controller, Inject, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError } from '@/common/app-error.js';
import { derivativesPrefix } from '@/media/media-keys.js';
import { MediaRepository } from '@/media/media.repository.js';
import { emptyAnswer, fileAnswer, Route, RouteGroup, ValidParams, ValidQuery } from '@/openapi/route.js';
import { ReportsRepository } from '@/reports/reports.repository.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { contentDisposition, parseRange } from './content-disposition.js';
import { type FileKind, FileUrls } from './file-urls.js';

/** An original or a report, as sent: where its bytes are, and what the response says of them. */
interface StoredFile {
  storageKey: string;
  name: string;
  mime: string;
  size: number;
  /** A stable id of the bytes, for the ETag. */
  etag: string;
}

const DERIVATIVE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  dzi: 'application/xml',
};

// thumb.jpg, preview.jpg, tiles/image.dzi, tiles/image_files/12/3_4.jpeg, pano/1/15_7.jpg (a panorama's level 1)
const DERIVATIVE_PATH =
  /^(thumb\.jpg|preview\.jpg|tiles\/image\.dzi|tiles\/image_files\/\d{1,2}\/\d{1,5}_\d{1,5}\.(jpeg|jpg|png|webp)|pano\/\d\/\d{1,2}_\d{1,2}\.jpg)$/;

/** A signed address: the object's id, when it expires and the signature (checked by FileUrls, not by shape). */
const signedAddress = z.object({
  id: z.string().meta({ description: "The object's id" }),
  expires: z.string().meta({ description: 'When the address expires (Unix seconds)' }),
  signature: z.string(),
});

const derivativeAddress = signedAddress.extend({
  // Express hands a wildcard over as its segments.
  path: z
    .preprocess((value) => (Array.isArray(value) ? value.join('/') : value), z.string())
    .meta({ description: 'The derivative below the address (may hold slashes)' }),
});

const FILE_ERRORS = ['FORBIDDEN', 'MEDIA_NOT_FOUND'] as const;

const conditionalHeaders = z.object({
  'If-None-Match': z.string().optional().meta({ description: 'The ETag of the bytes the client holds' }),
});
const rangeHeaders = conditionalHeaders.extend({
  Range: z.string().optional().meta({ description: 'One byte range, e.g. `bytes=0-1048575` (videos seek)' }),
});
const fileHeaders = z.object({
  ETag: z.string(),
  'Content-Disposition': z.string().meta({ description: 'inline or attachment, with the original name (RFC 6266)' }),
});
const rangeAnswers = (mediaTypes: string[]) => ({
  200: fileAnswer('The bytes', mediaTypes, fileHeaders),
  206: fileAnswer('The bytes of the range asked for', mediaTypes, fileHeaders),
  304: emptyAnswer('Not modified: the ETag sent still names these bytes'),
  416: emptyAnswer('The range lies outside the file (Content-Range says its size)'),
});

/** Sniffed images and videos may show in the page; anything else (point clouds, PDFs) only downloads. */
function showsInline(mime: string): boolean {
  return mime.startsWith('image/') || mime.startsWith('video/');
}

/**
 * Serves media, derivative and report bytes to holders of a signed address (see FileUrls): the access check was
 * done when the address was issued, and the address names one object. Every request reads the object's row (one
 * primary-key lookup), so an address stops answering the moment its photo, report or turbine is deleted.
 */
@RouteGroup('files')
@Controller('files')
export class FilesController {
  constructor(
    private readonly urls: FileUrls,
    private readonly mediaRows: MediaRepository,
    private readonly reportRows: ReportsRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Route('GET', 'media/:id/:expires/:signature', {
    summary: "A photo's, video's or point cloud's original",
    description:
      'Signed addresses come in the answers of the media lists (`url`, `download_url`); each opens one object for ' +
      'one to two hours and no other. Range requests are answered (videos seek); `?download` makes it an ' +
      'attachment. 403 for a changed or expired address, 404 once the object or its turbine is deleted.',
    access: 'public',
    params: signedAddress,
    query: z.object({
      download: z.string().optional().meta({ description: 'Present (any value): an attachment, never inline' }),
    }),
    headers: rangeHeaders,
    answers: rangeAnswers(['image/*', 'video/*', 'application/octet-stream']),
    errors: FILE_ERRORS,
  })
  async media(
    @ValidParams() params: z.output<typeof signedAddress>,
    @ValidQuery() { download }: { download?: string },
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const file = await this.mediaRows.findServable(this.verified('media', params));
    if (!file) throw new AppError('MEDIA_NOT_FOUND');
    const disposition = download === undefined && showsInline(file.mime) ? 'inline' : 'attachment';
    await this.sendFile(request, response, file, disposition);
  }

  @Route('GET', 'reports/:id/:expires/:signature', {
    summary: "A report's PDF",
    description: 'The `report_url` of a report list: an attachment, with Range; 403 or 404 as for media.',
    access: 'public',
    params: signedAddress,
    headers: rangeHeaders,
    answers: rangeAnswers(['application/pdf']),
    errors: ['FORBIDDEN', 'REPORT_NOT_FOUND', 'MEDIA_NOT_FOUND'],
  })
  async report(
    @ValidParams() params: z.output<typeof signedAddress>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const file = await this.reportRows.findServable(this.verified('reports', params));
    if (!file) throw new AppError('REPORT_NOT_FOUND');
    await this.sendFile(request, response, file, 'attachment');
  }

  @Route('GET', 'media/:id/:expires/:signature/*path', {
    summary: "A photo's or video's thumbnail, preview, deep-zoom or panorama tile",
    description:
      "`thumb.jpg`, `preview.jpg` (a video's poster), `tiles/image.dzi` and its tiles " +
      "`tiles/image_files/{level}/{x}_{y}.jpeg`, and a panorama's equirectangular tiles `pano/{level}/{col}_{row}.jpg` " +
      "(`panorama_tiles`), below the media's own address, so OpenSeadragon's relative tile addresses carry the " +
      'signature. 404 at once when the media or its turbine is deleted.',
    access: 'public',
    params: derivativeAddress,
    headers: conditionalHeaders,
    answers: {
      200: fileAnswer(
        'The derivative',
        ['image/jpeg', 'image/png', 'image/webp', 'application/xml'],
        z.object({ ETag: z.string() }),
      ),
      304: emptyAnswer('Not modified: the ETag sent still names this derivative'),
    },
    errors: FILE_ERRORS,
  })
  async derivative(
    @ValidParams() { path, ...params }: z.output<typeof derivativeAddress>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const mediaId = this.verified('media', params);
    if (!DERIVATIVE_PATH.test(path)) throw new AppError('MEDIA_NOT_FOUND');
    const file = await this.mediaRows.findServable(mediaId);
    if (!file) throw new AppError('MEDIA_NOT_FOUND');
    const etag = `"${file.assetId}"`;
    setCommonHeaders(response, DERIVATIVE_TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream');
    // Derivatives never change for an asset: cache them as long as the address lives.
    response.setHeader('Cache-Control', 'private, max-age=7200, immutable');
    response.setHeader('ETag', etag);
    if (request.headers['if-none-match'] === etag) {
      response.status(304).end();
      return;
    }
    const object = await this.storage.get(derivativesPrefix(file.turbineId, file.assetId) + path);
    if (!object) throw new AppError('MEDIA_NOT_FOUND');
    response.setHeader('Content-Length', String(object.length));
    await pipeline(object.body, response);
  }

  /** The object id of a genuine, unexpired address for `kind`; FORBIDDEN for anything else. */
  private verified(kind: FileKind, params: z.output<typeof signedAddress>): number {
    const id = idOf(params.id);
    if (id === 0 || !this.urls.verify(kind, id, Number(params.expires), params.signature)) {
      throw new AppError('FORBIDDEN');
    }
    return id;
  }

  /** An original or a report: HTTP Range (videos seek), a strong ETag, and the name as RFC 6266 asks. */
  private async sendFile(
    request: Request,
    response: Response,
    file: StoredFile,
    disposition: 'inline' | 'attachment',
  ): Promise<void> {
    const etag = `"${file.etag}"`;
    setCommonHeaders(response, file.mime);
    response.setHeader('Cache-Control', 'private, max-age=3600');
    response.setHeader('ETag', etag);
    response.setHeader('Accept-Ranges', 'bytes');
    response.setHeader('Content-Disposition', contentDisposition(disposition, file.name));
    if (request.headers['if-none-match'] === etag) {
      response.status(304).end();
      return;
    }
    const range = parseRange(request.headers.range, file.size);
    if (range === 'unsatisfiable') {
      response.setHeader('Content-Range', `bytes */${file.size}`);
      response.status(416).end();
      return;
    }
    const object = await this.storage.get(file.storageKey, range ?? undefined);
    if (!object) throw new AppError('MEDIA_NOT_FOUND');
    if (range) {
      response.status(206);
      response.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
    }
    response.setHeader('Content-Length', String(object.length));
    await pipeline(object.body, response);
  }
}

function setCommonHeaders(response: Response, contentType: string): void {
  response.setHeader('Content-Type', contentType);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  // Nothing served here may run script, even when opened directly.
  response.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
}

function idOf(value: string | undefined): number {
  return value && /^\d{1,10}$/.test(value) ? Number(value) : 0;
}
