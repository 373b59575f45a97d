import { randomUUID } from 'node:crypto';
import { type Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { type ErrorCode, isValidFileName, type MediaKind, type UploadTarget } from '@kanat360/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { isUniqueViolation } from '../common/database-errors.js';
import { JobQueue, QUEUES } from '../jobs/job-queue.js';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.js';
import { peek } from '../uploads/peek.js';
import { SkipFile } from '../uploads/skipped-files.js';
import { mediaKey } from './media-keys.js';
import { MediaRepository, type MediaInsert } from './media.repository.js';
import { exceedsPixelLimit, imageDimensions, sniffMedia } from './sniff.js';

/** How much of a file is read to decide what it is: enough for a photo's header behind a large EXIF block. */
export const HEAD_BYTES = 1024 * 1024;
/** How long a streamed upload's ledger entry outlives a crash before the sweep removes its blob. */
const STREAM_LEDGER_MS = 60 * 60 * 1000;

/** Where a blob being streamed in belongs, as its ledger entry records it. */
export type LedgerEntry = Pick<UploadTarget, 'category' | 'blade' | 'room' | 'year'> & {
  turbineId: number;
  key: string;
  originalName: string;
  userId: number;
};

/** What the bytes turned out to be, decided from the head. */
export interface Inspected {
  kind: MediaKind;
  mime: string;
  ext: string;
  width: number | null;
  height: number | null;
}

const SNIFF_FAILURES: Record<'UNKNOWN_TYPE' | 'TYPE_MISMATCH' | 'FORBIDDEN_TYPE', ErrorCode> = {
  UNKNOWN_TYPE: 'FILE_TYPE_UNKNOWN',
  TYPE_MISMATCH: 'FILE_TYPE_MISMATCH',
  FORBIDDEN_TYPE: 'FILE_TYPE_FORBIDDEN',
};

/**
 * The steps every new media file goes through, whether it streams in through the BFF or was PUT straight to the
 * store: the name rule, duplicates, the type sniffed from the bytes, the pixel limit, then one transaction that
 * turns the blob into a pending media row and queues its derivatives.
 */
@Injectable()
export class MediaIngest {
  constructor(
    private readonly dataSource: DataSource,
    private readonly media: MediaRepository,
    private readonly jobs: JobQueue,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** Spec §5: the name rule, then names already present for the turbine (or earlier in the same upload). */
  async checkNames(turbineId: number, names: string[]): Promise<Map<string, ErrorCode>> {
    const problems = new Map<string, ErrorCode>();
    const seen = new Set<string>();
    for (const name of names) {
      if (!isValidFileName(name)) problems.set(name, 'FILE_NAME_INVALID');
      else if (seen.has(name.toLowerCase())) problems.set(name, 'DUPLICATE_FILE_NAME');
      seen.add(name.toLowerCase());
    }
    const taken = await this.media.takenNames(
      turbineId,
      names.filter((name) => !problems.has(name)),
    );
    for (const name of names) if (taken.has(name.toLowerCase())) problems.set(name, 'DUPLICATE_FILE_NAME');
    return problems;
  }

  /** The sniffed type and, for images, the declared size checked against the pixel limit. */
  async inspect(head: Buffer, fileName: string): Promise<Inspected> {
    const sniffed = await sniffMedia(head, fileName);
    if (!sniffed.ok) throw new SkipFile(fileName, SNIFF_FAILURES[sniffed.reason]);
    let size: { width: number; height: number } | null = null;
    if (sniffed.kind === 'photo') {
      size = await imageDimensions(head);
      if (size && exceedsPixelLimit(size)) throw new SkipFile(fileName, 'IMAGE_TOO_LARGE');
    }
    return { ...sniffed, width: size?.width ?? null, height: size?.height ?? null };
  }

  /**
   * Streams one file of a multipart upload into the store. A ledger entry (an upload intent) exists while the
   * bytes flow, so a crash leaves nothing the sweep will not remove; a failure removes the blob at once.
   */
  async ingestStream(
    turbineId: number,
    target: UploadTarget,
    fileName: string,
    stream: Readable,
    uploaderId: number,
  ): Promise<number> {
    const problem = (await this.checkNames(turbineId, [fileName])).get(fileName);
    if (problem) throw new SkipFile(fileName, problem);
    const { head, body } = await peek(stream, HEAD_BYTES);
    const inspected = await this.inspect(head, fileName);
    const assetId = randomUUID();
    const key = mediaKey(turbineId, target, assetId, inspected.ext);
    const ledger = { turbineId, key, originalName: fileName, userId: uploaderId, ...target };
    return this.streamOwned(ledger, body, inspected.mime, (manager, size) =>
      this.insertPending(manager, {
        turbineId,
        assetId,
        storageKey: key,
        kind: inspected.kind,
        category: target.category,
        blade: target.blade,
        room: target.room,
        year: target.year,
        month: new Date().getMonth() + 1,
        originalName: fileName,
        size,
        mime: inspected.mime,
        uploadedBy: uploaderId,
        width: inspected.width,
        height: inspected.height,
      }),
    );
  }

  /**
   * Streams a blob into the store under a ledger entry, then lets `own` write the rows that own it, in one
   * transaction with the entry's removal. Any failure removes the blob and the entry at once; a crash leaves the
   * entry, and the sweep removes both when it expires.
   */
  async streamOwned(
    ledger: LedgerEntry,
    body: Readable,
    mime: string,
    own: (manager: EntityManager, size: number) => Promise<number>,
  ): Promise<number> {
    const intentId = randomUUID();
    await this.media.insertIntent({
      id: intentId,
      turbineId: ledger.turbineId,
      storageKey: ledger.key,
      originalName: ledger.originalName,
      size: 0,
      category: ledger.category,
      blade: ledger.blade,
      room: ledger.room,
      year: ledger.year,
      multipartUploadId: null,
      userId: ledger.userId,
      expiresAt: new Date(Date.now() + STREAM_LEDGER_MS),
    });
    try {
      const { size } = await this.storage.put(ledger.key, body, mime);
      return await this.replaceLedger(intentId, ledger.originalName, (manager) => own(manager, size));
    } catch (error) {
      await this.discard(intentId, ledger.key);
      throw error;
    }
  }

  /**
   * Replaces a ledger entry by its media row and queues the derivatives, in one transaction: the row becomes
   * visible exactly when its blob is complete and owned.
   */
  async commit(intentId: string, row: MediaInsert): Promise<number> {
    return this.replaceLedger(intentId, row.originalName, (manager) => this.insertPending(manager, row));
  }

  /** A new pending media row and its derivatives job, in the caller's transaction. */
  async insertPending(manager: EntityManager, row: MediaInsert): Promise<number> {
    const id = await this.media.insert(manager, row);
    await this.jobs.send(QUEUES.mediaDerivatives, { mediaId: id }, manager);
    return id;
  }

  private async replaceLedger(
    intentId: string,
    fileName: string,
    write: (manager: EntityManager) => Promise<number>,
  ): Promise<number> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        await this.media.deleteIntent(manager, intentId);
        return write(manager);
      });
    } catch (error) {
      // Another upload of the same name won the race.
      if (isUniqueViolation(error, 'UQ_media_turbine_name')) throw new SkipFile(fileName, 'DUPLICATE_FILE_NAME');
      throw error;
    }
  }

  /** Removes a blob no row will own, and its ledger entry (best effort: the sweep retries what fails here). */
  async discard(intentId: string, key: string): Promise<void> {
    try {
      await this.storage.delete(key);
      await this.media.deleteIntentById(intentId);
    } catch {
      // The intent stays and expires; the sweep deletes the blob then.
    }
  }
}
