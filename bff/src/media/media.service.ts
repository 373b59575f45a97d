import { randomUUID } from 'node:crypto';
import { type Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import {
  type ApiPage,
  type ConfirmUploadBody,
  LIMITS,
  type MediaItem,
  type PhotoListQuery,
  type PresignedUpload,
  type PresignedUploadBody,
  type UploadTarget,
  uploadTargetFields,
} from '@kanat360/contracts';
import { type Language } from '@kanat360/i18n';
import { type Request } from 'express';
import { DataSource } from 'typeorm';
import { type Principal } from '../auth/principal.js';
import { AppError } from '../common/app-error.js';
import { decodeCursor, encodeCursor } from '../common/page-cursor.js';
import { validationError } from '../common/zod-validation.js';
import { FileUrls } from '../files/file-urls.js';
import { JobQueue, QUEUES } from '../jobs/job-queue.js';
import { MAX_PUT_BYTES, MIN_PART_BYTES, MAX_PART_NUMBER } from '../storage/object-keys.js';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.js';
import { readMultipart } from '../uploads/multipart.js';
import { peek } from '../uploads/peek.js';
import { allSkippedError, SkipFile, type UploadOutcome } from '../uploads/skipped-files.js';
import { TurbinesService } from '../turbines/turbines.service.js';
import { derivativesPrefix, mediaKey } from './media-keys.js';
import { HEAD_BYTES, MediaIngest } from './media-ingest.js';
import { toMediaItem } from './media.mapper.js';
import { MediaRepository, type MediaRow } from './media.repository.js';
import { expectedKindOfName } from './sniff.js';

const IMAGE_MAX_BYTES = 1024 ** 3;
/** A direct upload's address lives an hour, plus the time the file needs at a slow 512 KB/s, up to S3's 7 days. */
function presignSeconds(size: number): number {
  return Math.min(3600 + Math.ceil(size / (512 * 1024)), 7 * 24 * 3600);
}

/** Parts of at least 64 MiB, and no more than S3's 10,000 of them. */
function partSizeFor(size: number): number {
  const mib = 1024 * 1024;
  return Math.max(64 * mib, MIN_PART_BYTES, Math.ceil(size / MAX_PART_NUMBER / mib) * mib);
}

@Injectable()
export class MediaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly media: MediaRepository,
    private readonly ingest: MediaIngest,
    private readonly turbines: TurbinesService,
    private readonly urls: FileUrls,
    private readonly jobs: JobQueue,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** One page of the list (DESIGN: cursor paging, one SQL query a page). */
  async list(actor: Principal, turbineId: number, query: PhotoListQuery): Promise<ApiPage<MediaItem>> {
    await this.turbines.assertVisible(actor, turbineId);
    const { cursor, ...filters } = query;
    const page = await this.media.listPage(turbineId, filters, cursor ? decodeCursor(cursor) : null);
    const prefix = this.urls.prefix(turbineId);
    return {
      success: true,
      data: page.rows.map((row) => toMediaItem(row, prefix)),
      next_cursor: page.more && page.last ? encodeCursor(page.last) : null,
      total: page.total,
    };
  }

  /** The names an upload would skip, and why (the same rules the upload applies), before any byte is sent. */
  async checkNames(actor: Principal, turbineId: number, names: string[]): Promise<SkipFile[]> {
    await this.turbines.assertVisible(actor, turbineId);
    const problems = await this.ingest.checkNames(turbineId, names);
    return [...new Set(names)].flatMap((name) => {
      const code = problems.get(name);
      return code ? [new SkipFile(name, code)] : [];
    });
  }

  /** Every version of a photo, oldest first (the original is version 1). */
  async versions(actor: Principal, turbineId: number, key: string): Promise<MediaItem[]> {
    const current = await this.currentByKey(actor, turbineId, key);
    const prefix = this.urls.prefix(turbineId);
    return (await this.media.versions(current.originalId ?? current.id)).map((row) => toMediaItem(row, prefix));
  }

  /** Multipart upload (spec §7): files stream to the store one after another; skipped files are reported. */
  async upload(
    actor: Principal,
    turbineId: number,
    request: Request,
    language: Language,
  ): Promise<UploadOutcome<MediaItem>> {
    await this.turbines.assertVisible(actor, turbineId);
    const ids: number[] = [];
    const skipped: SkipFile[] = [];
    let files = 0;
    await readMultipart(request, { maxBytes: LIMITS.multipartMaxBytes, maxFiles: 200 }, async (file) => {
      files += 1;
      const target = parseTarget(file.fields);
      try {
        ids.push(await this.ingest.ingestStream(turbineId, target, file.fileName, file.stream, actor.userId));
      } catch (error) {
        if (!(error instanceof SkipFile)) throw error;
        skipped.push(error);
      }
    });
    if (files === 0) throw new AppError('NO_FILES');
    if (ids.length === 0) throw allSkippedError(language, skipped);
    return { items: await this.items(turbineId, ids), skipped };
  }

  /**
   * Direct upload, step 1: an address per accepted file (a presigned PUT, or above 5 GB a multipart upload with an
   * address per part), and an intent recording what may arrive there.
   */
  async presign(
    actor: Principal,
    turbineId: number,
    body: PresignedUploadBody,
  ): Promise<UploadOutcome<PresignedUpload>> {
    await this.turbines.assertVisible(actor, turbineId);
    const target: UploadTarget = { room: body.room, year: body.year, blade: body.blade, category: body.category };
    const names = await this.ingest.checkNames(
      turbineId,
      body.files.map((file) => file.name),
    );
    const items: PresignedUpload[] = [];
    const skipped: SkipFile[] = [];
    for (const file of body.files) {
      const problem = names.get(file.name) ?? sizeProblem(file.name, file.size);
      if (problem) {
        skipped.push(new SkipFile(file.name, problem));
        continue;
      }
      items.push(await this.presignOne(actor, turbineId, target, file));
    }
    return { items, skipped };
  }

  private async presignOne(
    actor: Principal,
    turbineId: number,
    target: UploadTarget,
    file: { name: string; size: number; type?: string },
  ): Promise<PresignedUpload> {
    const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
    const key = mediaKey(turbineId, target, randomUUID(), ext);
    const contentType = file.type || 'application/octet-stream';
    const seconds = presignSeconds(file.size);
    const expiresAt = new Date(Date.now() + seconds * 1000);
    let multipartUploadId: string | null = null;
    let answer: PresignedUpload;
    if (file.size > MAX_PUT_BYTES) {
      multipartUploadId = await this.storage.createMultipartUpload(key, contentType);
      const partSize = partSizeFor(file.size);
      const count = Math.ceil(file.size / partSize);
      const parts: { partNumber: number; presignedUrl: string }[] = [];
      for (let partNumber = 1; partNumber <= count; partNumber += 1) {
        parts.push({
          partNumber,
          presignedUrl: await this.storage.presignPart(key, multipartUploadId, partNumber, seconds),
        });
      }
      answer = {
        key,
        originalName: file.name,
        presignedUrl: null,
        upload_id: multipartUploadId,
        part_size: partSize,
        parts,
        expires_at: expiresAt.toISOString(),
      };
    } else {
      answer = {
        key,
        originalName: file.name,
        presignedUrl: await this.storage.presignPut(key, contentType, seconds),
        expires_at: expiresAt.toISOString(),
      };
    }
    // The intent outlives its address by an hour, so a confirm that comes late still finds it.
    await this.media.insertIntent({
      id: randomUUID(),
      turbineId,
      storageKey: key,
      originalName: file.name,
      size: file.size,
      category: target.category,
      blade: target.blade,
      room: target.room,
      year: target.year,
      multipartUploadId,
      userId: actor.userId,
      expiresAt: new Date(expiresAt.getTime() + 3600_000),
    });
    return answer;
  }

  /**
   * Direct upload, step 3: each object must exist with the announced size and be what its name says (sniffed from
   * its first bytes) before its row becomes visible. An upload that is merely incomplete keeps its intent, so the
   * client can PUT again and confirm again; one with bad content is removed.
   */
  async confirm(
    actor: Principal,
    turbineId: number,
    body: ConfirmUploadBody,
    language: Language,
  ): Promise<UploadOutcome<MediaItem>> {
    await this.turbines.assertVisible(actor, turbineId);
    const ids: number[] = [];
    const skipped: SkipFile[] = [];
    for (const upload of body.uploads) {
      try {
        ids.push(await this.confirmOne(actor, turbineId, upload));
      } catch (error) {
        if (!(error instanceof SkipFile)) throw error;
        skipped.push(error);
      }
    }
    if (ids.length === 0) throw allSkippedError(language, skipped);
    return { items: await this.items(turbineId, ids), skipped };
  }

  private async confirmOne(
    actor: Principal,
    turbineId: number,
    upload: ConfirmUploadBody['uploads'][number],
  ): Promise<number> {
    const intent = await this.media.findIntent(turbineId, upload.key);
    const name = upload.originalName ?? upload.key;
    if (!intent || (intent.userId !== actor.userId && actor.role !== 'superadmin')) {
      throw new SkipFile(name, 'UPLOAD_NOT_FOUND');
    }
    if (intent.multipartUploadId) {
      if (!upload.parts?.length) throw new SkipFile(intent.originalName, 'UPLOAD_INCOMPLETE');
      try {
        await this.storage.completeMultipartUpload(intent.storageKey, intent.multipartUploadId, upload.parts);
      } catch {
        throw new SkipFile(intent.originalName, 'UPLOAD_INCOMPLETE');
      }
    }
    const stored = await this.storage.head(intent.storageKey);
    if (!stored || stored.size !== intent.size) throw new SkipFile(intent.originalName, 'UPLOAD_INCOMPLETE');
    const head = (await this.storage.readStart(intent.storageKey, HEAD_BYTES)) ?? Buffer.alloc(0);
    let inspected;
    try {
      inspected = await this.ingest.inspect(head, intent.originalName);
    } catch (error) {
      await this.ingest.discard(intent.id, intent.storageKey);
      throw error;
    }
    try {
      return await this.ingest.commit(intent.id, {
        turbineId,
        assetId: assetOf(intent.storageKey),
        storageKey: intent.storageKey,
        kind: inspected.kind,
        category: intent.category,
        blade: intent.blade,
        room: intent.room,
        year: intent.year,
        month: new Date().getMonth() + 1,
        originalName: intent.originalName,
        size: stored.size,
        mime: inspected.mime,
        uploadedBy: actor.userId,
        width: inspected.width,
        height: inspected.height,
      });
    } catch (error) {
      if (error instanceof SkipFile) await this.ingest.discard(intent.id, intent.storageKey);
      throw error;
    }
  }

  /** Deletes a photo with all its versions; the blobs go through a job queued in the same transaction. */
  async delete(actor: Principal, turbineId: number, key: string): Promise<void> {
    const current = await this.currentByKey(actor, turbineId, key);
    await this.dataSource.transaction(async (manager) => {
      const gone = await this.media.deleteLineage(manager, current.originalId ?? current.id);
      if (gone.length === 0) return;
      await this.jobs.send(
        QUEUES.deleteBlobs,
        {
          keys: gone.map((row) => row.storageKey),
          prefixes: gone.map((row) => derivativesPrefix(turbineId, row.assetId)),
        },
        manager,
      );
    });
  }

  /**
   * Saves a drawn-on photo as a new version that becomes current (spec §7 save-edited-photo). The original stays
   * and can be restored: inspection evidence is never destroyed by an edit.
   */
  async saveEdited(actor: Principal, turbineId: number, request: Request): Promise<MediaItem> {
    await this.turbines.assertVisible(actor, turbineId);
    let savedId: number | undefined;
    let photoSeen = false;
    await readMultipart(request, { maxBytes: LIMITS.multipartMaxBytes, maxFiles: 1 }, async (file) => {
      if (file.fieldName !== 'photo') return;
      photoSeen = true;
      const current = await this.currentFor(actor, turbineId, file.fields);
      if (current.kind !== 'photo') throw new AppError('NOT_A_PHOTO');
      const { head, body } = await peek(file.stream, HEAD_BYTES);
      const inspected = await this.ingest.inspect(head, 'edited.jpg').catch(() => null);
      if (inspected?.mime !== 'image/jpeg') throw new AppError('EDITED_PHOTO_NOT_JPEG');
      savedId = await this.storeVersion(actor, current, body);
    });
    if (!photoSeen || savedId === undefined) throw new AppError('NO_FILES');
    const [item] = await this.items(turbineId, [savedId]);
    if (!item) throw new AppError('MEDIA_NOT_FOUND');
    return item;
  }

  private async storeVersion(actor: Principal, current: MediaRow, body: Readable): Promise<number> {
    const assetId = randomUUID();
    const folder = current.storageKey.slice(0, current.storageKey.lastIndexOf('/'));
    const key = `${folder}/${assetId}.jpg`;
    const rootId = current.originalId ?? current.id;
    const ledger = { ...current, key, userId: actor.userId };
    return this.ingest.streamOwned(ledger, body, 'image/jpeg', async (manager, size) => {
      const versions: { max: number }[] = await manager.query(
        `SELECT max(version)::int AS max FROM media WHERE COALESCE(original_id, id) = $1`,
        [rootId],
      );
      await this.media.retireCurrent(manager, rootId);
      return this.ingest.insertPending(manager, {
        turbineId: current.turbineId,
        assetId,
        storageKey: key,
        kind: 'photo',
        category: current.category,
        blade: current.blade,
        room: current.room,
        year: current.year,
        month: current.month,
        originalName: current.originalName,
        size,
        mime: 'image/jpeg',
        uploadedBy: actor.userId,
        originalId: rootId,
        version: (versions[0]?.max ?? 1) + 1,
      });
    });
  }

  /** Makes the original current again; the edited versions stay in the history. */
  async restoreOriginal(actor: Principal, turbineId: number, key: string): Promise<MediaItem> {
    const current = await this.currentByKey(actor, turbineId, key);
    if (current.originalId === null) throw new AppError('NOTHING_TO_RESTORE');
    const rootId = current.originalId;
    await this.dataSource.transaction((manager) => this.media.makeCurrent(manager, rootId, rootId));
    const [item] = await this.items(turbineId, [rootId]);
    if (!item) throw new AppError('MEDIA_NOT_FOUND');
    return item;
  }

  private async currentByKey(actor: Principal, turbineId: number, key: string): Promise<MediaRow> {
    await this.turbines.assertVisible(actor, turbineId);
    const current = await this.media.findCurrentByKey(turbineId, key);
    if (!current) throw new AppError('MEDIA_NOT_FOUND');
    return current;
  }

  /** The photo a save-edited form names: by `photoId`, else by `photoKey`. */
  private async currentFor(actor: Principal, turbineId: number, fields: Record<string, string>): Promise<MediaRow> {
    const id = Number(fields.photoId);
    const current =
      Number.isSafeInteger(id) && id > 0
        ? await this.media.findCurrentById(turbineId, id)
        : fields.photoKey
          ? await this.media.findCurrentByKey(turbineId, fields.photoKey)
          : null;
    if (!current) throw new AppError('MEDIA_NOT_FOUND');
    return current;
  }

  private async items(turbineId: number, ids: number[]): Promise<MediaItem[]> {
    const prefix = this.urls.prefix(turbineId);
    const rows = await Promise.all(ids.map((id) => this.media.findById(id)));
    return rows.filter((row): row is MediaRow => row !== null).map((row) => toMediaItem(row, prefix));
  }
}

/** The text fields of a multipart upload, read the way spec §3 says (room 1 when missing or invalid). */
function parseTarget(fields: Record<string, string>): UploadTarget {
  const parsed = uploadTargetFields.safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Limits known from the announced size, before any byte is sent. */
function sizeProblem(
  name: string,
  size: number,
): 'VIDEO_TOO_LARGE' | 'FILE_TOO_LARGE' | 'FILE_TYPE_UNKNOWN' | 'FILE_TYPE_FORBIDDEN' | undefined {
  const kind = expectedKindOfName(name);
  if (kind === 'forbidden') return 'FILE_TYPE_FORBIDDEN';
  if (kind === null) return 'FILE_TYPE_UNKNOWN';
  if (kind === 'video') return size > LIMITS.videoMaxBytes ? 'VIDEO_TOO_LARGE' : undefined;
  if (kind === 'photo') return size > IMAGE_MAX_BYTES ? 'FILE_TOO_LARGE' : undefined;
  return size > LIMITS.videoMaxBytes ? 'FILE_TOO_LARGE' : undefined;
}

/** The asset id a server-made key ends with. */
function assetOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('.'));
}
