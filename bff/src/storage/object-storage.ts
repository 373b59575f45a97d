import { type Readable } from 'node:stream';

/** What the store knows about one object. */
export interface ObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
}

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectBody {
  body: Readable;
  /** Bytes in `body` (the range's length when a range was asked for). */
  length: number;
  /** The whole object's size. */
  size: number;
}

/** One uploaded part of a multipart upload, as the store's completion call needs it. */
export interface UploadedPart {
  partNumber: number;
  etag: string;
}

/**
 * Blobs, on local disk or in any S3-compatible store. Keys are made by the server (`turbines/{id}/…/{uuid}.{ext}`),
 * never from a client's file name. Deletes are idempotent: deleting what is gone is not an error.
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';

  /** Writes a stream to `key` without holding it in memory; answers the bytes written. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<{ size: number }>;
  /** Reads an object (or a range of it); null when it does not exist. */
  get(key: string, range?: ByteRange): Promise<ObjectBody | null>;
  /** The first `length` bytes (fewer when the object is shorter); null when it does not exist. */
  readStart(key: string, length: number): Promise<Buffer | null>;
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (which must end with `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every object under `prefix`, in key order. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /**
   * A local file holding the object, for tools that want a path (sharp). The local driver gives its own file;
   * the S3 driver downloads to a temporary file. `release` removes what was made for the call.
   */
  localCopy(key: string): Promise<{ path: string; release: () => Promise<void> }>;
  /** Uploads a local folder's files under `prefix` (deep-zoom tiles); the local driver moves them. */
  putFolder(folder: string, prefix: string): Promise<void>;

  /** A URL a client can PUT the whole object to until `expiresInSeconds` pass. */
  presignPut(key: string, contentType: string, expiresInSeconds: number): Promise<string>;
  /** Starts a multipart upload (for files above 5 GB); answers its upload id. */
  createMultipartUpload(key: string, contentType: string): Promise<string>;
  /** A URL a client can PUT one part to; a failed part is retried alone by PUTting it again. */
  presignPart(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string>;
  completeMultipartUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<void>;
  /** Drops an unfinished multipart upload and its parts; idempotent. */
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
}

export const OBJECT_STORAGE = Symbol('ObjectStorage');
