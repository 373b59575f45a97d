import { Controller, createParamDecorator, type ExecutionContext, Param, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type ApiSuccess } from '@kanat360/contracts';
import { type Request, type Response } from 'express';
import { Public } from '../auth/access.decorators.js';
import { DirectUploads, type ReceivedBody } from './direct-uploads.js';

/** The request body, not read yet, with its declared length. */
const RawBody = createParamDecorator((_data: unknown, context: ExecutionContext): ReceivedBody => {
  const request = context.switchToHttp().getRequest<Request>();
  const declared = request.get('content-length');
  return {
    declaredBytes: declared === undefined ? null : Number(declared),
    // The API's JSON parser (web/json-body.ts) has already read a body sent as application/json: its bytes are gone.
    // Not destroyed when the upload fails half-way, so the error answer still reaches the client.
    bytes: request.body === undefined ? request.iterator({ destroyOnReturn: false }) : null,
  };
});

/**
 * Receives PUTs to the local driver's presigned upload addresses: a whole object, or one part of a multipart
 * upload. The signed token in the path is the authorization (hence @Public); the address takes exactly the
 * declared bytes, once. With S3 the addresses point at the store, and this route answers 404.
 */
@ApiTags('storage')
@Controller('storage/uploads')
export class UploadReceiverController {
  constructor(private readonly direct: DirectUploads) {}

  @Put(':token')
  @Public()
  async upload(
    @Param('token') token: string,
    @RawBody() body: ReceivedBody,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ApiSuccess<{ etag: string }>> {
    const etag = await this.direct.receive(token, body);
    // S3's answer to a PUT: the client reads the ETag to complete a multipart upload.
    response.setHeader('ETag', etag);
    response.setHeader('Access-Control-Expose-Headers', 'ETag');
    return { success: true, data: { etag } };
  }
}
