import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type Config } from '@/config/config.js';
import {
  checkFolderPrefix,
  checkKey,
  checkPartNumber,
  checkPrefix,
  checkRange,
  contentTypeFor,
  rangeNotSatisfiable,
} from './object-keys.js';
import {
  type ByteRange,
  type DirectUpload,
  type ObjectBody,
  type ObjectInfo,
  type ObjectStorage,
  type PresignedPut,
  type UploadedPart,
} from './object-storage.js';
import { StorageError, type StorageErrorCode } from './storage-errors.js';

export type S3Settings = Extract<Config['storage'], { driver: 's3' }>;

/** lib-storage holds at most QUEUE_SIZE × PART_SIZE of a streamed body in memory (32 MB per upload). */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;
/** Deep-zoom tiles are many small files: this many PUTs in flight. */
const FOLDER_CONCURRENCY = 16;
/** ListObjectsV2's largest page, which is also the most keys DeleteObjects takes. */
const PAGE_SIZE = 1000;

/** Objects in any S3-compatible store (AWS, MinIO, Ceph, R2, s3rver in the tests). */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3';
  /** Presigned addresses point at the store: the BFF receives no upload bodies. */
  readonly receiver = null;
  private readonly client: S3Client;
  private readonly bucket: string;

  /** `pageSize` (at most 1,000) is for tests that page through a few keys; the default is S3's largest page. */
  constructor(
    settings: Omit<S3Settings, 'driver'>,
    private readonly pageSize = PAGE_SIZE,
  ) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // The SDK's default adds CRC32 checksums everywhere: streamed bodies go out aws-chunked with a trailer and
      // presigned URLs carry a checksum of an empty body. Many S3-compatible stores (s3rver among them) do not
      // speak that; checksums where the API requires them (DeleteObjects) stay. TLS guards the bytes in transit.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    // Outermost, so it sees what is left after the SDK's own retries.
    this.client.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          throw storeFailure(error) ?? error;
        }
      },
      { step: 'initialize', name: 'kanat360StoreUnavailable' },
    );
  }

  /** Closes the client's pooled connections. */
  close(): void {
    this.client.destroy();
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<{ size: number }> {
    checkKey(key);
    if (Buffer.isBuffer(body)) {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
      );
      return { size: body.length };
    }
    // A stream of unknown length: lib-storage sends it in parts (one PUT when it fits in one part).
    let size = 0;
    const counted = Readable.from(
      (async function* () {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          size += chunk.length;
          yield chunk;
        }
      })(),
      { objectMode: false },
    );
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    await upload.done();
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<ObjectBody | null> {
    checkKey(key);
    if (range) checkRange(range);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('S3 answered a body that is not a Node stream');
      const length = answer.ContentLength ?? 0;
      // `bytes 0-9/1234`: the whole size is after the slash.
      const size = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : length;
      return { body: answer.Body, length, size };
    } catch (error) {
      if (isS3Error(error, 'NoSuchKey')) return null;
      if (isS3Error(error, 'InvalidRange')) {
        const info = await this.head(key);
        if (!info) return null;
        throw rangeNotSatisfiable(key, info.size);
      }
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Buffer | null> {
    if (length < 1) return (await this.head(key)) ? Buffer.alloc(0) : null;
    try {
      const object = await this.get(key, { start: 0, end: length - 1 });
      if (!object) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body as AsyncIterable<Buffer>) chunks.push(chunk);
      return Buffer.concat(chunks);
    } catch (error) {
      // Only an empty object has no byte 0.
      if (error instanceof StorageError && error.code === 'InvalidRange') return Buffer.alloc(0);
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    checkKey(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: answer.ContentLength ?? 0, lastModified: answer.LastModified ?? new Date(0) };
    } catch (error) {
      if (isS3Error(error, 'NotFound') || isS3Error(error, 'NoSuchKey')) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    // S3 answers 204 whether or not the key existed.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    checkFolderPrefix(prefix);
    for await (const page of this.pages(prefix)) {
      if (page.length === 0) continue;
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: page.map((object) => ({ Key: object.key })), Quiet: true },
        }),
      );
      const failed = answer.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(`Could not delete ${failed.length} objects under ${prefix}: ${first?.Key} ${first?.Code}`);
      }
    }
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    checkPrefix(prefix);
    for await (const page of this.pages(prefix)) yield* page;
  }

  async localCopy(key: string): Promise<{ path: string; release: () => Promise<void> }> {
    checkKey(key);
    const folder = await mkdtemp(join(tmpdir(), 'kanat360-s3-'));
    const release = () => rm(folder, { recursive: true, force: true });
    try {
      const object = await this.get(key);
      if (!object) throw new StorageError('NoSuchKey', `No object ${key}`);
      // The key's extension is kept for tools that look at the name.
      const path = join(folder, `object${extname(key)}`);
      await pipeline(object.body, createWriteStream(path));
      return { path, release };
    } catch (error) {
      await release();
      throw error;
    }
  }

  async putFolder(folder: string, prefix: string): Promise<void> {
    checkFolderPrefix(prefix);
    const entries = await readdir(folder, { withFileTypes: true, recursive: true });
    const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
    const keyed = files.map((file) => ({ file, key: prefix + relative(folder, file).split(sep).join('/') }));
    for (const { key } of keyed) checkKey(key);

    let next = 0;
    const worker = async () => {
      while (next < keyed.length) {
        const { file, key } = keyed[next++]!;
        const { size } = await stat(file);
        // Small files go as one buffer, which the SDK can resend on a retry; big ones stream.
        const body = size <= PART_SIZE ? await readFile(file) : createReadStream(file);
        await this.put(key, body, contentTypeFor(file));
      }
    };
    await Promise.all(Array.from({ length: Math.min(FOLDER_CONCURRENCY, keyed.length) }, worker));
  }

  /**
   * The signature covers Content-Length (the store refuses another length before taking any byte) and
   * `If-None-Match: *` (a conditional write: once the object exists, another PUT gets 412).
   */
  async presignPut(key: string, { contentType, size, expiresInSeconds }: DirectUpload): Promise<PresignedPut> {
    checkKey(key);
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ContentType: contentType,
        ContentLength: size,
        IfNoneMatch: '*',
      }),
      { expiresIn: expiresInSeconds },
    );
    return { url, headers: { 'If-None-Match': '*' } };
  }

  async createMultipartUpload(key: string, contentType: string): Promise<string> {
    checkKey(key);
    const answer = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    if (!answer.UploadId) throw new Error('S3 answered no upload id');
    return answer.UploadId;
  }

  async presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    { size, expiresInSeconds }: Omit<DirectUpload, 'contentType'>,
  ): Promise<string> {
    checkKey(key);
    checkPartNumber(partNumber);
    return getSignedUrl(
      this.client,
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: partNumber,
        ContentLength: size,
      }),
      { expiresIn: expiresInSeconds },
    );
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<void> {
    checkKey(key);
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
        }),
      );
    } catch (error) {
      for (const code of ['NoSuchUpload', 'InvalidPart', 'InvalidPartOrder', 'EntityTooSmall'] as const) {
        if (isS3Error(error, code)) throw new StorageError(code, `${code}: ${error.message}`);
      }
      throw error;
    }
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    checkKey(key);
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      // Already aborted, completed, or never started: nothing is left to drop.
      if (!isS3Error(error, 'NoSuchUpload')) throw error;
    }
  }

  async abandonUpload(key: string, multipartUploadId: string | null): Promise<void> {
    checkKey(key);
    if (multipartUploadId) await this.abortMultipartUpload(key, multipartUploadId);
    // A streamed put cut off by a crash leaves the multipart upload lib-storage started (invisible, still billed).
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: key,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (upload.Key === key && upload.UploadId) await this.abortMultipartUpload(key, upload.UploadId);
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    await this.delete(key);
  }

  removeStalePartialWrites(_before: Date): Promise<number> {
    // The store writes an object whole or not at all: nothing partial is ours to remove (see the interface).
    return Promise.resolve(0);
  }

  /** The objects under `prefix`, one ListObjectsV2 page (in key order) at a time; a page is one DeleteObjects. */
  private async *pages(prefix: string): AsyncGenerator<ObjectInfo[]> {
    let continuationToken: string | undefined;
    do {
      const answer = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix || undefined,
          ContinuationToken: continuationToken,
          MaxKeys: this.pageSize,
        }),
      );
      yield (answer.Contents ?? []).flatMap((object) =>
        object.Key === undefined
          ? []
          : [{ key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) }],
      );
      continuationToken = answer.IsTruncated ? answer.NextContinuationToken : undefined;
    } while (continuationToken);
  }
}

function isS3Error(error: unknown, name: StorageErrorCode | 'NotFound'): error is S3ServiceException {
  return error instanceof S3ServiceException && error.name === name;
}

/** Network failures of a store that cannot be reached (or drops the connection). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * A failure of the store itself (a 5xx, or no answer at all) as StorageError('Unavailable'): requests answer 503
 * STORAGE_UNAVAILABLE and jobs are retried, instead of a 500 or a photo marked broken for good.
 */
function storeFailure(error: unknown): StorageError | null {
  if (error instanceof StorageError) return null;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  const unreachable =
    UNREACHABLE_CODES.has((error as { code?: string } | null)?.code ?? '') ||
    (error as { name?: string } | null)?.name === 'TimeoutError';
  if (
    (status !== undefined && status >= 500) ||
    (error instanceof S3ServiceException && error.$fault === 'server') ||
    unreachable
  ) {
    return new StorageError('Unavailable', `the object store failed: ${(error as Error).message}`);
  }
  return null;
}
