import { Controller, Inject, Param, Put, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type ApiSuccess } from '@kanat360/contracts';
import { type Request, type Response } from 'express';
import { Public } from '../auth/access.decorators.js';
import { AppError } from '../common/app-error.js';
import { LocalStorage } from './local-storage.js';
import { type ObjectStorage, OBJECT_STORAGE } from './object-storage.js';
import { StorageError } from './storage-errors.js';

/**
 * Receives PUTs to the local driver's presigned upload URLs: the whole object, or one part of a multipart upload.
 * The signed token in the path is the authorization (hence @Public). With S3 the URLs point at the store, and
 * this route does not exist (404).
 */
@ApiTags('storage')
@Controller('storage/uploads')
export class StorageController {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  @Put(':token')
  @Public()
  async upload(
    @Param('token') token: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ApiSuccess<{ etag: string }>> {
    if (!(this.storage instanceof LocalStorage)) throw new AppError('NOT_FOUND');
    const grant = this.storage.uploadUrls.verify(token);
    if (!grant) throw new AppError('FORBIDDEN');
    // The API's JSON parser (web/json-body.ts) has already read a body sent as application/json: its bytes are gone.
    if (request.body !== undefined) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    const declared = Number(request.get('content-length') ?? 0);
    if (grant.maxBytes !== undefined && declared > grant.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');

    try {
      // Not destroyed when the upload fails half-way, so the error answer still reaches the client.
      const { etag } = await this.storage.receive(grant, request.iterator({ destroyOnReturn: false }));
      // S3's answer to a PUT: the client reads the ETag to complete a multipart upload.
      response.setHeader('ETag', etag);
      response.setHeader('Access-Control-Expose-Headers', 'ETag');
      return { success: true, data: { etag } };
    } catch (error) {
      if (error instanceof StorageError && error.code === 'EntityTooLarge') {
        throw new AppError('PAYLOAD_TOO_LARGE', { headers: { Connection: 'close' } });
      }
      if (error instanceof StorageError && error.code === 'NoSuchUpload') throw new AppError('NOT_FOUND');
      // The client went away mid-body: nobody is left to answer, and it is no server fault worth an error log.
      if (request.destroyed || (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
        throw new AppError('VALIDATION_ERROR');
      }
      throw error;
    }
  }
}
