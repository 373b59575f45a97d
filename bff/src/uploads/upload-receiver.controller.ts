import { Controller, Res } from '@nestjs/common';
import { receivedUploadAnswer } from '@kanat360/contracts';
import { type Response } from 'express';
import { z } from 'zod';
import { Route, RouteGroup, ValidParams } from '@/openapi/route.js';
import { DirectUploads, type ReceivedBody } from './direct-uploads.js';
import { RawBody } from './raw-body.js';

const uploadAddress = z.object({
  token: z.string().meta({ description: 'The signed token of the address presigned-upload handed out' }),
});

/**
 * Receives PUTs to the local driver's presigned upload addresses: a whole object, or one part of a multipart
 * upload. The signed token in the path is the authorization (hence public); the address takes exactly the
 * declared bytes, once. With S3 the addresses point at the store, and this route answers 404.
 */
@RouteGroup('storage')
@Controller('storage/uploads')
export class UploadReceiverController {
  constructor(private readonly direct: DirectUploads) {}

  @Route('PUT', ':token', {
    summary: "The local driver's direct upload address",
    description:
      "Where presigned-upload points with the local driver (with S3 the addresses are the bucket's, and this route " +
      'answers 404). The signed token is the authorization. The body must be exactly the announced size: a longer ' +
      'one is refused while it streams (413 PAYLOAD_TOO_LARGE), a shorter one is not kept (409 UPLOAD_INCOMPLETE, ' +
      'the address stays usable). A whole file is taken once: after that, and after confirm or cancel, the address ' +
      'answers 409 UPLOAD_ADDRESS_USED. Answers the ETag (header and body).',
    access: 'public',
    params: uploadAddress,
    upload: 'application/octet-stream',
    answers: { 200: receivedUploadAnswer },
    errors: [
      'FORBIDDEN',
      'NOT_FOUND',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
      'UPLOAD_INCOMPLETE',
      'UPLOAD_ADDRESS_USED',
    ],
  })
  async upload(
    @ValidParams() { token }: z.output<typeof uploadAddress>,
    @RawBody() body: ReceivedBody,
    @Res({ passthrough: true }) response: Response,
  ) {
    const etag = await this.direct.receive(token, body);
    // S3's answer to a PUT: the client reads the ETag to complete a multipart upload.
    response.setHeader('ETag', etag);
    response.setHeader('Access-Control-Expose-Headers', 'ETag');
    return { success: true as const, data: { etag } };
  }
}
