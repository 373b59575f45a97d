import { pipeline } from 'node:stream/promises';
import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { Public } from '@/auth/access.decorators.js';
import { AppError } from '@/common/app-error.js';
import { derivativesPrefix } from '@/media/media-keys.js';
import { MediaRepository } from '@/media/media.repository.js';
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

/** Sniffed images and videos may show in the page; anything else (point clouds, PDFs) only downloads. */
function showsInline(mime: string): boolean {
  return mime.startsWith('image/') || mime.startsWith('video/');
}

/**
 * Serves media, derivative and report bytes to holders of a signed address (see FileUrls): the access check was
 * done when the address was issued, and the address names one object. Every request reads the object's row (one
 * primary-key lookup), so an address stops answering the moment its photo, report or turbine is deleted.
 */
@ApiTags('files')
@Controller('files')
export class FilesController {
  constructor(
    private readonly urls: FileUrls,
    private readonly mediaRows: MediaRepository,
    private readonly reportRows: ReportsRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Get('media/:id/:expires/:signature')
  @Public()
  @ApiOperation({
    summary: "A photo's, video's or point cloud's original",
    description:
      'Signed addresses come in the answers of the media lists (`url`, `download_url`); each opens one object for ' +
      'one to two hours and no other. Range requests are answered (videos seek); `?download` makes it an ' +
      'attachment. 403 for a changed or expired address, 404 once the object or its turbine is deleted.',
  })
  async media(
    @Param() params: Record<string, string>,
    @Query('download') download: string | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const file = await this.mediaRows.findServable(this.verified('media', params));
    if (!file) throw new AppError('MEDIA_NOT_FOUND');
    const disposition = download === undefined && showsInline(file.mime) ? 'inline' : 'attachment';
    await this.sendFile(request, response, file, disposition);
  }

  @Get('reports/:id/:expires/:signature')
  @Public()
  @ApiOperation({
    summary: "A report's PDF",
    description: 'The `report_url` of a report list: an attachment, with Range; 403 or 404 as for media.',
  })
  async report(
    @Param() params: Record<string, string>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const file = await this.reportRows.findServable(this.verified('reports', params));
    if (!file) throw new AppError('REPORT_NOT_FOUND');
    await this.sendFile(request, response, file, 'attachment');
  }

  @Get('media/:id/:expires/:signature/*path')
  @Public()
  @ApiOperation({
    summary: "A photo's or video's thumbnail, preview, deep-zoom or panorama tile",
    description:
      "`thumb.jpg`, `preview.jpg` (a video's poster), `tiles/image.dzi` and its tiles " +
      "`tiles/image_files/{level}/{x}_{y}.jpeg`, and a panorama's equirectangular tiles `pano/{level}/{col}_{row}.jpg` " +
      "(`panorama_tiles`), below the media's own address, so OpenSeadragon's relative tile addresses carry the " +
      'signature. 404 at once when the media or its turbine is deleted.',
  })
  async derivative(
    @Param() params: Record<string, string | string[]>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const mediaId = this.verified('media', params as Record<string, string>);
    const path = Array.isArray(params.path) ? params.path.join('/') : String(params.path);
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
  private verified(kind: FileKind, params: Record<string, string>): number {
    const id = idOf(params.id);
    if (id === 0 || !this.urls.verify(kind, id, Number(params.expires), String(params.signature))) {
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
