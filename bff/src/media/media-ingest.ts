import { randomUUID } from 'node:crypto';
import { type Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { type ErrorCode, isValidFileName, type MediaKind, type UploadTarget } from '@kanat360/contracts';
import { type EntityManager } from 'typeorm';
import { isUniqueViolation } from '@/common/database-errors.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { peek } from '@/uploads/peek.js';
import { SkipFile } from '@/uploads/skipped-files.js';
import { UploadLedger } from '@/uploads/upload-ledger.js';
import { mediaKey } from './media-keys.js';
import { MediaRepository, type MediaInsert } from './media.repository.js';
import { exceedsPixelLimit, imageDimensions, sniffMedia } from './sniff.js';
import { exceedsTileBudget } from './tile-budget.js';

/** How much of a file is read to decide what it is: enough for a photo's header behind a large EXIF block. */
export const HEAD_BYTES = 1024 * 1024;

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
 * turns the blob (held by its upload ledger entry) into a pending media row and queues its derivatives.
 */
@Injectable()
export class MediaIngest {
  constructor(
    private readonly media: MediaRepository,
    private readonly ledger: UploadLedger,
    private readonly jobs: JobQueue,
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
      if (size && exceedsTileBudget(size)) throw new SkipFile(fileName, 'IMAGE_TOO_MANY_TILES');
    }
    return { ...sniffed, width: size?.width ?? null, height: size?.height ?? null };
  }

  /**
   * The head of a streaming file, inspected; the stream goes on with the head put back. The head is not kept
   * past this call, so its megabyte is free as soon as it has been written.
   */
  private async inspectStream(stream: Readable, fileName: string): Promise<{ inspected: Inspected; body: Readable }> {
    const { head, body } = await peek(stream, HEAD_BYTES);
    return { inspected: await this.inspect(head, fileName), body };
  }

  /**
   * Streams one file of a multipart upload into the store under an upload ledger entry (`reserveBytes` of the
   * company's quota held while it flows), then makes its row. A failure removes the blob at once; a crash leaves
   * the entry, and the sweep removes the rest.
   */
  async ingestStream(
    turbineId: number,
    target: UploadTarget,
    file: { fileName: string; stream: Readable },
    uploaderId: number,
    reserveBytes: number,
  ): Promise<number> {
    const { fileName } = file;
    const arrivedAt = performance.now();
    // The head arrives while the names are checked (a query); a name problem is still the reason given first.
    const inspecting = this.inspectStream(file.stream, fileName);
    void inspecting.catch(() => undefined);
    const problem = (await this.checkNames(turbineId, [fileName])).get(fileName);
    if (problem) {
      // The head is read (or the file ended) before the file is given up, so the rest can be drained.
      await inspecting.catch(() => undefined);
      throw new SkipFile(fileName, problem);
    }
    const { inspected, body } = await inspecting;
    assertCategoryTakes(target, inspected, fileName);
    const key = mediaKey(turbineId, target, randomUUID(), inspected.ext);
    const entry = { turbineId, key, originalName: fileName, userId: uploaderId, reserveBytes, arrivedAt };
    return uniqueName(fileName, () =>
      this.ledger.streamOwned(entry, body, inspected.mime, (manager, blob) =>
        this.insertPending(
          manager,
          newMediaRow({ turbineId, key, target, inspected, originalName: fileName, size: blob.size, uploaderId }),
        ),
      ),
    );
  }

  /**
   * Replaces a direct upload's ledger entry by its media row and queues the derivatives, in one transaction: the
   * row becomes visible exactly when its blob is complete and owned.
   */
  async commit(intentId: string, row: MediaInsert): Promise<number> {
    return uniqueName(row.originalName, () =>
      this.ledger.own([{ intentId, originalName: row.originalName }], (manager) => this.insertPending(manager, row)),
    );
  }

  /** A new pending media row and its derivatives job, in the caller's transaction. */
  async insertPending(manager: EntityManager, row: MediaInsert): Promise<number> {
    const id = await this.media.insert(manager, row);
    await this.jobs.send(QUEUES.mediaDerivatives, { mediaId: id }, manager);
    return id;
  }
}

/** After-repair photos are photos: a video or a point cloud cannot show a repair beside its finding's photo. */
export function assertCategoryTakes(target: UploadTarget, inspected: Inspected, fileName: string): void {
  if (target.category === 'repair' && inspected.kind !== 'photo') throw new SkipFile(fileName, 'NOT_A_PHOTO');
}

/** The row of a new original: where it goes, what its bytes are, who sent it. Its asset id ends its key. */
export function newMediaRow(file: {
  turbineId: number;
  key: string;
  target: UploadTarget;
  inspected: Inspected;
  originalName: string;
  size: number;
  uploaderId: number;
}): MediaInsert {
  const { target, inspected } = file;
  return {
    turbineId: file.turbineId,
    assetId: file.key.slice(file.key.lastIndexOf('/') + 1, file.key.lastIndexOf('.')),
    storageKey: file.key,
    kind: inspected.kind,
    category: target.category,
    blade: target.blade,
    room: target.room,
    year: target.year,
    month: new Date().getMonth() + 1,
    originalName: file.originalName,
    size: file.size,
    mime: inspected.mime,
    uploadedBy: file.uploaderId,
    width: inspected.width,
    height: inspected.height,
  };
}

/** Another upload of the same name may win the race between the check and the row: then this file is skipped. */
async function uniqueName<T>(fileName: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'UQ_media_turbine_name')) throw new SkipFile(fileName, 'DUPLICATE_FILE_NAME');
    throw error;
  }
}
