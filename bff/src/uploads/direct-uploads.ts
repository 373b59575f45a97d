import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  can,
  DIRECT_UPLOAD,
  type PresignedUpload,
  type UploadPartAddress,
  type UploadParts,
  type UploadTarget,
} from '@kanat360/contracts';
import { AccessService } from '@/access/access.service.js';
import { type Principal } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { MAX_PART_NUMBER, MAX_PUT_BYTES, MIN_PART_BYTES } from '@/storage/object-keys.js';
import { MetricsService } from '@/metrics/metrics.service.js';
import { OBJECT_STORAGE, type ObjectStorage, type UploadedPart } from '@/storage/object-storage.js';
import { isStorageError } from '@/storage/storage-errors.js';
import { SkipFile } from './skipped-files.js';
import { UploadLedger } from './upload-ledger.js';
import { type NewUploadIntent, type UploadIntent, UploadLedgerRepository } from './upload-ledger.repository.js';

/** A file a client will PUT straight to the store, checked and placed by the caller (its key made by the server). */
export interface DirectFile {
  key: string;
  originalName: string;
  size: number;
  contentType: string;
  target: UploadTarget;
}

/** The body of a PUT to one of the store's own upload addresses, as the edge hands it over. */
export interface ReceivedBody {
  /** Content-Length, when the client sent one. */
  declaredBytes: number | null;
  /** The bytes; null when the API's JSON parser took them already (a body sent as application/json). */
  bytes: AsyncIterable<Buffer> | null;
  /**
   * Gives up on the rest of a refused body: it is read away for a moment, so the client is still reading when the
   * answer comes, then the connection is closed rather than read to its end.
   */
  refuseRest(): void;
}

/** An address lives an hour, plus the time its bytes need at a slow 512 KB/s, up to S3's 7 days. */
function presignSeconds(bytes: number): number {
  return Math.min(3600 + Math.ceil(bytes / (512 * 1024)), 7 * 24 * 3600);
}

/** Parts of at least 64 MiB, and no more than S3's 10,000 of them. */
function partSizeFor(size: number): number {
  const mib = 1024 * 1024;
  return Math.max(64 * mib, MIN_PART_BYTES, Math.ceil(size / MAX_PART_NUMBER / mib) * mib);
}

/** The bytes of part `partNumber` (1-based): every part is `partSize` but the last, which has the rest. */
function partBytes(intent: { size: number; partSize: number }, partNumber: number): number {
  return Math.min(intent.partSize, intent.size - (partNumber - 1) * intent.partSize);
}

type Multipart<T extends NewUploadIntent> = T & { multipartUploadId: string; partSize: number };

function isMultipart<T extends NewUploadIntent>(intent: T): intent is Multipart<T> {
  return intent.multipartUploadId !== null && intent.partSize !== null;
}

/**
 * Direct uploads (presign → PUT → confirm), the ledger side: addresses bound to what was declared, part addresses
 * in batches, cancelling, the checks before a confirm, and the store's own upload route. What the bytes become (a
 * media row) is the caller's business.
 */
@Injectable()
export class DirectUploads {
  constructor(
    private readonly access: AccessService,
    private readonly ledger: UploadLedger,
    private readonly intents: UploadLedgerRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Opens a direct upload per file: a ledger entry (within the company's quota; the others are skipped with
   * STORAGE_QUOTA_EXCEEDED) and its address, or above 5 GB a multipart upload with its first part addresses.
   */
  async open(
    actor: Principal,
    turbineId: number,
    files: DirectFile[],
  ): Promise<{ items: PresignedUpload[]; skipped: SkipFile[] }> {
    const intents: NewUploadIntent[] = [];
    for (const file of files) {
      const multipart = file.size > MAX_PUT_BYTES;
      intents.push({
        id: randomUUID(),
        turbineId,
        kind: 'direct',
        storageKey: file.key,
        originalName: file.originalName,
        size: file.size,
        target: file.target,
        multipartUploadId: multipart ? await this.storage.createMultipartUpload(file.key, file.contentType) : null,
        partSize: multipart ? partSizeFor(file.size) : null,
        userId: actor.userId,
        // The entry outlives its address by an hour, so a confirm that comes late still finds it.
        expiresAt: new Date(Date.now() + (presignSeconds(file.size) + 3600) * 1000),
      });
    }
    const { registered, refused } = await this.ledger.register(turbineId, intents);
    for (const intent of refused) {
      if (intent.multipartUploadId)
        await this.storage.abortMultipartUpload(intent.storageKey, intent.multipartUploadId);
    }
    const contentTypes = new Map(files.map((file) => [file.key, file.contentType]));
    const items: PresignedUpload[] = [];
    for (const intent of registered) {
      const expiresAt = new Date(Date.now() + presignSeconds(intent.size) * 1000).toISOString();
      const answer = { key: intent.storageKey, originalName: intent.originalName, size: intent.size };
      if (isMultipart(intent)) {
        const first = await this.partAddresses(intent, 1, DIRECT_UPLOAD.partBatch);
        items.push({
          ...answer,
          presignedUrl: null,
          headers: {},
          upload_id: intent.multipartUploadId,
          part_size: intent.partSize,
          part_count: first.part_count,
          parts: first.parts,
          expires_at: expiresAt,
        });
      } else {
        const put = await this.storage.presignPut(intent.storageKey, {
          contentType: contentTypes.get(intent.storageKey) ?? 'application/octet-stream',
          size: intent.size,
          expiresInSeconds: presignSeconds(intent.size),
        });
        items.push({ ...answer, presignedUrl: put.url, headers: put.headers, expires_at: expiresAt });
      }
    }
    return { items, skipped: refused.map((intent) => new SkipFile(intent.originalName, 'STORAGE_QUOTA_EXCEEDED')) };
  }

  /**
   * The caller's live direct uploads of the turbine among `keys`, by key. Another user's upload answers like a
   * missing one, unless the caller holds upload.manageAny. The caller has checked the turbine.
   */
  async findOwn(actor: Principal, turbineId: number, keys: readonly string[]): Promise<Map<string, UploadIntent>> {
    const found = await this.intents.findDirect(turbineId, keys);
    const mayManageAny = can(actor.role, 'upload.manageAny');
    return new Map(
      found
        .filter((intent) => mayManageAny || intent.userId === actor.userId)
        .map((intent) => [intent.storageKey, intent]),
    );
  }

  /** The next part addresses of a multipart upload: `count` parts from `from` (bounded by the upload's parts). */
  async nextParts(actor: Principal, turbineId: number, key: string, from: number, count: number): Promise<UploadParts> {
    await this.access.requireAccess(actor, 'media.upload', turbineId);
    const intent = (await this.findOwn(actor, turbineId, [key])).get(key);
    if (!intent) throw new AppError('UPLOAD_NOT_FOUND');
    if (!isMultipart(intent)) throw new AppError('VALIDATION_ERROR', { field: 'key' });
    if (from > Math.ceil(intent.size / intent.partSize)) throw new AppError('VALIDATION_ERROR', { field: 'from' });
    return this.partAddresses(intent, from, count);
  }

  /** Cancels the caller's direct uploads among `keys`: their addresses die, their bytes go. Answers the keys. */
  async cancel(actor: Principal, turbineId: number, keys: readonly string[]): Promise<string[]> {
    await this.access.requireAccess(actor, 'media.upload', turbineId);
    const cancelled: string[] = [];
    for (const intent of (await this.findOwn(actor, turbineId, keys)).values()) {
      if (await this.ledger.discard(intent)) cancelled.push(intent.storageKey);
    }
    return cancelled;
  }

  /**
   * Before a confirm: the object is in the store whole. A multipart upload is completed with the client's parts.
   * UPLOAD_INCOMPLETE keeps the upload (the client can send what is missing and confirm again); an object of
   * another size than declared is removed with its entry (UPLOAD_SIZE_MISMATCH).
   */
  async requireReceived(intent: UploadIntent, parts: UploadedPart[] | undefined): Promise<number> {
    if (isMultipart(intent)) await this.complete(intent, parts);
    const stored = await this.storage.head(intent.storageKey);
    if (!stored) throw new SkipFile(intent.originalName, 'UPLOAD_INCOMPLETE');
    if (stored.size !== intent.size) {
      await this.ledger.discard(intent);
      throw new SkipFile(intent.originalName, 'UPLOAD_SIZE_MISMATCH');
    }
    this.metrics.countUpload('direct', stored.size);
    return stored.size;
  }

  /**
   * A PUT to one of the store's own upload addresses (the local driver's): the address must be genuine and its
   * upload still open in the ledger; the body is exactly the declared size, refused while it streams when longer,
   * and a whole object is written once. Answers the ETag.
   */
  async receive(token: string, body: ReceivedBody): Promise<string> {
    try {
      return await this.write(token, body);
    } catch (error) {
      // Whatever the refusal, a body still arriving is not read to its end (it may be gigabytes).
      body.refuseRest();
      throw error;
    }
  }

  private async write(token: string, body: ReceivedBody): Promise<string> {
    const receiver = this.storage.receiver;
    if (!receiver) throw new AppError('NOT_FOUND');
    const grant = receiver.verify(token);
    if (!grant) throw new AppError('FORBIDDEN');
    if (!body.bytes) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    if (body.declaredBytes !== null && body.declaredBytes > grant.size) throw new AppError('PAYLOAD_TOO_LARGE');
    const intent = await this.intents.findDirectByKey(grant.key);
    if (!intent || (grant.uploadId ?? null) !== intent.multipartUploadId) throw new AppError('UPLOAD_ADDRESS_USED');
    try {
      return (await receiver.receive(grant, body.bytes)).etag;
    } catch (error) {
      if (isStorageError(error, 'EntityTooLarge')) throw new AppError('PAYLOAD_TOO_LARGE');
      if (isStorageError(error, 'IncompleteBody')) {
        throw new AppError('UPLOAD_INCOMPLETE', { params: { file: intent.originalName } });
      }
      if (isStorageError(error, 'PreconditionFailed') || isStorageError(error, 'NoSuchUpload')) {
        throw new AppError('UPLOAD_ADDRESS_USED');
      }
      throw error;
    }
  }

  private async complete(intent: Multipart<UploadIntent>, parts: UploadedPart[] | undefined): Promise<void> {
    if (!parts?.length) throw new SkipFile(intent.originalName, 'UPLOAD_INCOMPLETE');
    try {
      await this.storage.completeMultipartUpload(intent.storageKey, intent.multipartUploadId, parts);
    } catch (error) {
      // Completed by an earlier confirm that failed after it: the object is there.
      if (isStorageError(error, 'NoSuchUpload') && (await this.storage.head(intent.storageKey))) return;
      throw new SkipFile(intent.originalName, 'UPLOAD_INCOMPLETE');
    }
  }

  private async partAddresses(intent: Multipart<NewUploadIntent>, from: number, count: number): Promise<UploadParts> {
    const partCount = Math.ceil(intent.size / intent.partSize);
    const to = Math.min(partCount, from + count - 1);
    const seconds = presignSeconds((to - from + 1) * intent.partSize);
    const parts: UploadPartAddress[] = [];
    for (let partNumber = from; partNumber <= to; partNumber += 1) {
      const size = partBytes(intent, partNumber);
      parts.push({
        partNumber,
        size,
        presignedUrl: await this.storage.presignPart(intent.storageKey, intent.multipartUploadId, partNumber, {
          size,
          expiresInSeconds: seconds,
        }),
      });
    }
    return {
      key: intent.storageKey,
      upload_id: intent.multipartUploadId,
      part_size: intent.partSize,
      part_count: partCount,
      parts,
      expires_at: new Date(Date.now() + seconds * 1000).toISOString(),
    };
  }
}
