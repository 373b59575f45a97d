import { Controller, Param, Put, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type ApiSuccess } from '@kanat360/contracts';
import { type Response } from 'express';
import { Public } from '@/auth/access.decorators.js';
import { DirectUploads, type ReceivedBody } from './direct-uploads.js';
import { RawBody } from './raw-body.js';

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
  @ApiOperation({
    summary: "The local driver's direct upload address",
    description:
      "Where presigned-upload points with the local driver (with S3 the addresses are the bucket's, and this route " +
      'answers 404). The signed token is the authorization. The body must be exactly the announced size: a longer ' +
      'one is refused while it streams (413 PAYLOAD_TOO_LARGE), a shorter one is not kept (409 UPLOAD_INCOMPLETE, ' +
      'the address stays usable). A whole file is taken once: after that, and after confirm or cancel, the address ' +
      'answers 409 UPLOAD_ADDRESS_USED. Answers the ETag (header and body).',
  })
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
