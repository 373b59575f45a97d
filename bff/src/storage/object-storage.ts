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

/** What a direct upload's address is bound to: exactly `size` bytes, until `expiresInSeconds` pass. */
export interface DirectUpload {
  contentType: string;
  size: number;
  expiresInSeconds: number;
}

/** A presigned PUT: the address, and the headers the PUT must carry (they are part of what was signed). */
export interface PresignedPut {
  url: string;
  headers: Record<string, string>;
}

/** A grant the store's own upload addresses carry (the local driver's; S3's addresses point at the store). */
export interface UploadGrant {
  key: string;
  uploadId?: string;
  partNumber?: number;
  /** Unix seconds. */
  expiresAt: number;
  /** The body must be exactly this long. */
  size: number;
}

/** Receives PUTs to the store's own upload addresses (StorageController's route). */
export interface UploadReceiver {
  /** The grant of a genuine, unexpired upload token; null for anything else. */
  verify(token: string): UploadGrant | null;
  /**
   * Writes the body a grant allows and answers its ETag (the MD5 of the bytes in quotes, as S3 gives it). A whole
   * object is written once: PreconditionFailed when it exists already. EntityTooLarge when the body outgrows the
   * grant (while it streams), IncompleteBody when it ends short; nothing of a refused body is kept.
   */
  receive(grant: UploadGrant, body: AsyncIterable<Buffer>): Promise<{ etag: string; size: number }>;
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

  /**
   * An address a client can PUT the whole object to, once: bound to the declared size (a longer or shorter body is
   * refused) and unable to replace an object already written there.
   */
  presignPut(key: string, upload: DirectUpload): Promise<PresignedPut>;
  /** Starts a multipart upload (for files above 5 GB); answers its upload id. */
  createMultipartUpload(key: string, contentType: string): Promise<string>;
  /** An address a client can PUT one part of exactly `size` bytes to; a failed part is retried alone. */
  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    part: Omit<DirectUpload, 'contentType'>,
  ): Promise<string>;
  completeMultipartUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<void>;
  /** Drops an unfinished multipart upload and its parts; idempotent. */
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  /**
   * Removes everything an upload to `key` may have left: the object, a write cut off half-way (by a crash), and
   * open multipart uploads of the key (`multipartUploadId`, and any the driver itself started). Idempotent.
   */
  abandonUpload(key: string, multipartUploadId: string | null): Promise<void>;
  /**
   * Removes partial writes not written to since `before` (a crash cut them off, and no upload names them any more:
   * a retried upload that was confirmed, a derivative job's write); answers how many. Local files only: an S3 PUT is
   * whole or absent, and its multipart uploads are aborted through the upload ledger (or the bucket's
   * AbortIncompleteMultipartUpload rule).
   */
  removeStalePartialWrites(before: Date): Promise<number>;

  /** Where the store's own upload addresses are received; null when they point at the store itself (S3). */
  readonly receiver: UploadReceiver | null;

  /** Lets go of what the driver holds open (S3's pooled connections); the local driver holds nothing. */
  close(): void;
}

export const OBJECT_STORAGE = Symbol('ObjectStorage');
