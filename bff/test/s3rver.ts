import { createHash, createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';

/**
 * The S3 protocol on 127.0.0.1 for the tests: s3rver, with S3's behaviour put in front of it where s3rver 3.7.1
 * departs from S3 in what the app relies on. Everything else is s3rver's own.
 */

export const BUCKET = 'kanat360-test';
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

// s3rver ships no types; this is the part of it the tests use.
interface KoaContext {
  method: string;
  query: Record<string, string | string[] | undefined>;
  querystring: string;
  path: string;
  status: number;
  body: unknown;
  get(header: string): string;
}
interface S3rverObject {
  bucket: string;
  key: string;
}
export interface S3rverServer {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  store: {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
    putPart(
      bucket: string,
      uploadId: string,
      partNumber: number,
      content: unknown,
    ): Promise<{ size: number; md5: string }>;
  };
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverServer;
type S3ErrorClass = new (code: string, message: string, detail?: Record<string, string>) => Error;
const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as S3rverClass;
const S3Error = require('s3rver/lib/models/error') as S3ErrorClass;

export interface RunningS3rver {
  server: S3rverServer;
  endpoint: string;
  /** The folder of s3rver's unfinished multipart uploads (one sub-folder per upload). */
  uploadsFolder: string;
  /** The settings that point the app at it. */
  env: Record<string, string>;
  /** A client of its own, to look at the bucket without the driver under test. */
  client(): S3Client;
  close(): Promise<void>;
}

/** A Koa middleware of s3rver's kind. */
export type S3rverMiddleware = S3rverServer['middleware'][number];

/** `inFront`: a middleware before all others (the scale test's switch that makes the store answer 500). */
export async function startS3rver({ inFront }: { inFront?: S3rverMiddleware } = {}): Promise<RunningS3rver> {
  const directory = mkdtempSync(join(tmpdir(), 'kanat360-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  actLikeS3(server);
  // Koa composes its middleware when the server starts listening: added later, it would never run.
  if (inFront) server.middleware.unshift(inFront);
  const { address, port } = await server.run();
  const endpoint = `http://${address}:${port}`;
  return {
    server,
    endpoint,
    uploadsFolder: server.store.getResourcePath(BUCKET, undefined, 'uploads'),
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client: () =>
      new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** S3's behaviour where s3rver's differs, put just before its router. */
function actLikeS3(server: S3rverServer): void {
  readsItsWrites(server);
  const router = server.middleware.pop()!;
  server.middleware.push(async (ctx, next) => {
    const [, bucket = '', ...keyParts] = ctx.path.split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    const uploadId = ctx.query.uploadId;

    // s3rver does not check SigV4 signatures at all. S3 refuses a presigned request whose signed headers differ
    // from what was signed (a Content-Length other than the declared one, a missing If-None-Match), and one that
    // has expired.
    if (typeof ctx.query['X-Amz-Signature'] === 'string') checkPresignedRequest(ctx);

    // It lacks AbortMultipartUpload (405), and to a part or a completion of an unknown upload answers 500 (or
    // stores the part anyway). S3: an unknown upload is NoSuchUpload (404); an abort drops the parts (204).
    if (typeof uploadId === 'string') {
      const folder = join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
      // s3rver's ids are 32 hex digits; anything else cannot name a folder of its.
      if (!/^[0-9a-f]{32}$/.test(uploadId) || !existsSync(folder)) {
        throw new S3Error('NoSuchUpload', 'The specified upload does not exist.', { UploadId: uploadId });
      }
      if (ctx.method !== 'DELETE') return next();
      await rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }

    // It ignores If-None-Match on PUT. S3 (conditional writes): `If-None-Match: *` fails when the key exists.
    if (ctx.method === 'PUT' && key && ctx.get('if-none-match') === '*') {
      if (existsSync(server.store.getResourcePath(bucket, key, 'object'))) {
        throw new S3Error('PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
      }
    }

    // It has no ListMultipartUploads (501). S3: the unfinished uploads under a prefix (one page here).
    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      const folder = server.store.getResourcePath(bucket, undefined, 'uploads');
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const uploads = (existsSync(folder) ? readdirSync(folder) : [])
        .map((id) => ({ UploadId: id, Key: readFileSync(join(folder, id, 'key'), 'utf8') }))
        .filter((upload) => upload.Key.startsWith(prefix));
      ctx.body = {
        ListMultipartUploadsResult: { Bucket: bucket, Prefix: prefix, IsTruncated: false, Upload: uploads },
      };
      return;
    }

    // A ranged GET of an empty object hangs (206 promising bytes it never sends). S3: 416 InvalidRange.
    if (ctx.method === 'GET' && key && ctx.get('range')) {
      const file = server.store.getResourcePath(bucket, key, 'object');
      if (existsSync(file) && statSync(file).size === 0) {
        throw new S3Error('InvalidRange', 'The requested range is not satisfiable');
      }
    }

    // ListObjectsV2 continuation tokens are DES-encrypted, which the OpenSSL 3 of Node 22 refuses: any truncated
    // page is a 500. The page is asked as ListObjects V1 (marker) instead, and the token is the plain last key.
    if (ctx.method === 'GET' && !key && ctx.query['list-type'] === '2') {
      const { 'list-type': _v2, 'continuation-token': token, 'start-after': startAfter, ...rest } = ctx.query;
      const marker = typeof token === 'string' ? Buffer.from(token, 'base64url').toString() : startAfter;
      ctx.query = marker ? { ...rest, marker } : rest;
      await next();
      const result = (ctx.body as { ListBucketResult?: Record<string, unknown> } | undefined)?.ListBucketResult;
      if (!result) return;
      const contents = result.Contents as { Key: string }[];
      result.KeyCount = contents.length;
      if (result.IsTruncated) result.NextContinuationToken = Buffer.from(contents.at(-1)!.Key).toString('base64url');
      delete result.Marker;
      return;
    }
    return next();
  });
  server.middleware.push(router);
}

/**
 * S3 reads its writes: an object is whole before its PUT is answered, a part before its UploadPart is. s3rver answers
 * once the body has gone into its file's write stream, which may not have opened the file yet: a HEAD right after
 * could find nothing, a CompleteMultipartUpload a short part (a busy machine's thread pool made it so). Its store
 * waits here until the file holds every byte.
 */
function readsItsWrites(server: S3rverServer): void {
  const { store } = server;
  const whole = async (file: string, size: number, what: string) => {
    const deadline = Date.now() + 10_000;
    while ((await stat(file).catch(() => null))?.size !== size) {
      if (Date.now() > deadline) throw new Error(`s3rver did not write ${what} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
  const putObject = store.putObject.bind(store);
  store.putObject = async (object) => {
    const stored = await putObject(object);
    await whole(store.getResourcePath(object.bucket, object.key, 'object'), stored.size, object.key);
    return stored;
  };
  const putPart = store.putPart.bind(store);
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    const stored = await putPart(bucket, uploadId, partNumber, content);
    const file = join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId, String(partNumber));
    await whole(file, stored.size, `part ${partNumber} of ${uploadId}`);
    return stored;
  };
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** SigV4 of a presigned (query-string) request, checked as S3 does: over the request's own signed headers. */
function checkPresignedRequest(ctx: KoaContext): void {
  const params = ctx.querystring.split('&').map((pair): [string, string] => {
    const at = pair.indexOf('=');
    return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
  });
  const value = (name: string) => decodeURIComponent(params.find(([key]) => key === name)?.[1] ?? '');
  const signedHeaders = value('X-Amz-SignedHeaders').split(';');
  const amzDate = value('X-Amz-Date');
  const [, ...scopeParts] = value('X-Amz-Credential').split('/');
  const [date = '', region = '', service = ''] = scopeParts;

  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (signedAt + Number(value('X-Amz-Expires')) * 1000 < Date.now()) {
    throw new S3Error('AccessDenied', 'Request has expired');
  }
  const canonicalRequest = [
    ctx.method,
    ctx.path,
    params
      .filter(([key]) => key !== 'X-Amz-Signature')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, raw]) => `${key}=${raw}`)
      .join('&'),
    signedHeaders.map((name) => `${name}:${ctx.get(name).trim().replace(/\s+/g, ' ')}\n`).join(''),
    signedHeaders.join(';'),
    value('X-Amz-Content-Sha256') || 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scopeParts.join('/'),
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${SECRET_KEY}`, date), region), service), 'aws4_request');
  if (hmac(signingKey, stringToSign).toString('hex') !== value('X-Amz-Signature')) {
    throw new S3Error('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature');
  }
}
