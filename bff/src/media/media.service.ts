import { randomUUID } from 'node:crypto';
import { type Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import {
  type ApiPage,
  cameraFilterValue,
  type ConfirmUploadBody,
  LIMITS,
  type MediaCameraCount,
  type MediaItem,
  type MediaPlaceCount,
  type PhotoListQuery,
  type PresignedUpload,
  type PresignedUploadBody,
  type UploadTarget,
  uploadTargetFields,
} from '@kanat360/contracts';
import { type Language } from '@kanat360/i18n';
import { DataSource } from 'typeorm';
import { AccessService } from '@/access/access.service.js';
import { type Principal } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { isForeignKeyViolation } from '@/common/database-errors.js';
import { decodeCursor, encodeCursor } from '@/common/page-cursor.js';
import { validationError } from '@/common/zod-validation.js';
import { FileUrls } from '@/files/file-urls.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { type DirectFile, DirectUploads } from '@/uploads/direct-uploads.js';
import { MAX_MULTIPART_FILES, type MultipartForm } from '@/uploads/multipart.js';
import { peek } from '@/uploads/peek.js';
import { allSkippedError, SkipFile, type UploadOutcome } from '@/uploads/skipped-files.js';
import { UploadLedger } from '@/uploads/upload-ledger.js';
import { type UploadIntent } from '@/uploads/upload-ledger.repository.js';
import { derivativesPrefix, mediaKey } from './media-keys.js';
import { assertCategoryTakes, HEAD_BYTES, MediaIngest, newMediaRow } from './media-ingest.js';
import { toMediaItem } from './media.mapper.js';
import { MediaRepository, type MediaRow } from './media.repository.js';
import { expectedKindOfName } from './sniff.js';

const IMAGE_MAX_BYTES = 1024 ** 3;

@Injectable()
export class MediaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: AccessService,
    private readonly media: MediaRepository,
    private readonly ingest: MediaIngest,
    private readonly ledger: UploadLedger,
    private readonly direct: DirectUploads,
    private readonly urls: FileUrls,
    private readonly jobs: JobQueue,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** One page of the list (DESIGN: cursor paging, one SQL query a page). */
  async list(actor: Principal, turbineId: number, query: PhotoListQuery): Promise<ApiPage<MediaItem>> {
    await this.access.requireAccess(actor, 'media.read', turbineId);
    const { cursor, ...filters } = query;
    const page = await this.media.listPage(turbineId, filters, cursor ? decodeCursor(cursor) : null);
    const files = this.urls.signer();
    return {
      success: true,
      data: page.rows.map((row) => toMediaItem(row, files)),
      next_cursor: page.more && page.last ? encodeCursor(page.last) : null,
      total: page.total,
    };
  }

  /** Where the turbine's media are: how many each year, category, blade and room holds. */
  async places(actor: Principal, turbineId: number): Promise<MediaPlaceCount[]> {
    await this.access.requireAccess(actor, 'media.read', turbineId);
    return this.media.places(turbineId);
  }

  /** The cameras that made the turbine's media, each with the photo list's `camera` filter value that finds them. */
  async cameras(actor: Principal, turbineId: number): Promise<MediaCameraCount[]> {
    await this.access.requireAccess(actor, 'media.read', turbineId);
    return (await this.media.cameras(turbineId)).map((camera) => ({ id: cameraFilterValue(camera), ...camera }));
  }

  /** The names an upload would skip, and why (the same rules the upload applies), before any byte is sent. */
  async checkNames(actor: Principal, turbineId: number, names: string[]): Promise<SkipFile[]> {
    await this.access.requireAccess(actor, 'media.upload', turbineId);
    const problems = await this.ingest.checkNames(turbineId, names);
    return [...new Set(names)].flatMap((name) => {
      const code = problems.get(name);
      return code ? [new SkipFile(name, code)] : [];
    });
  }

  /** Every version of a photo, oldest first (the original is version 1). */
  async versions(actor: Principal, turbineId: number, key: string): Promise<MediaItem[]> {
    const current = await this.currentByKey(actor, 'media.read', turbineId, key);
    const files = this.urls.signer();
    return (await this.media.versions(current.originalId ?? current.id)).map((row) => toMediaItem(row, files));
  }

  /** Multipart upload (spec §7): files stream to the store one after another; skipped files are reported. */
  async upload(
    actor: Principal,
    turbineId: number,
    form: MultipartForm,
    language: Language,
  ): Promise<UploadOutcome<MediaItem>> {
    await this.access.requireAccess(actor, 'media.upload', turbineId);
    const ids: number[] = [];
    const skipped: SkipFile[] = [];
    let files = 0;
    const limits = { maxBytes: LIMITS.multipartMaxBytes, maxFiles: MAX_MULTIPART_FILES };
    await form.read(limits, async (file) => {
      files += 1;
      const target = parseTarget(file.fields);
      try {
        ids.push(await this.ingest.ingestStream(turbineId, target, file, actor.userId, form.maxBytes));
      } catch (error) {
        if (!(error instanceof SkipFile)) throw error;
        skipped.push(error);
      }
    });
    if (files === 0) throw new AppError('NO_FILES');
    if (ids.length === 0) throw allSkippedError(language, skipped);
    return { items: await this.items(ids), skipped };
  }

  /**
   * Direct upload, step 1: the names and announced sizes are checked before any byte is sent, then each accepted
   * file gets its address (see DirectUploads.open), within the company's storage quota. When no file is
   * accepted the call fails, with every file's reason, as the other upload calls do.
   */
  async presign(
    actor: Principal,
    turbineId: number,
    body: PresignedUploadBody,
    language: Language,
  ): Promise<UploadOutcome<PresignedUpload>> {
    await this.access.requireAccess(actor, 'media.upload', turbineId);
    const target: UploadTarget = { room: body.room, year: body.year, blade: body.blade, category: body.category };
    const names = await this.ingest.checkNames(
      turbineId,
      body.files.map((file) => file.name),
    );
    const accepted: DirectFile[] = [];
    const skipped: SkipFile[] = [];
    for (const file of body.files) {
      const problem = names.get(file.name) ?? sizeProblem(file.name, file.size);
      if (problem) {
        skipped.push(new SkipFile(file.name, problem));
        continue;
      }
      const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
      accepted.push({
        key: mediaKey(turbineId, target, randomUUID(), ext),
        originalName: file.name,
        size: file.size,
        contentType: file.type || 'application/octet-stream',
        target,
      });
    }
    const opened = await this.direct.open(actor, turbineId, accepted);
    const all = [...skipped, ...opened.skipped];
    if (opened.items.length === 0) throw allSkippedError(language, all);
    return { items: opened.items, skipped: all };
  }

  /**
   * Direct upload, step 3: each object must be in the store whole, with the announced size, and be what its name
   * says (sniffed from its first bytes) before its row becomes visible. An upload that is merely incomplete keeps
   * its entry, so the client can send what is missing and confirm again; one with bad content is removed.
   */
  async confirm(
    actor: Principal,
    turbineId: number,
    body: ConfirmUploadBody,
    language: Language,
  ): Promise<UploadOutcome<MediaItem>> {
    await this.access.requireAccess(actor, 'media.upload', turbineId);
    const intents = await this.direct.findOwn(
      actor,
      turbineId,
      body.uploads.map((upload) => upload.key),
    );
    const ids: number[] = [];
    const skipped: SkipFile[] = [];
    for (const upload of body.uploads) {
      try {
        const intent = intents.get(upload.key);
        if (!intent?.target) throw new SkipFile(upload.originalName ?? upload.key, 'UPLOAD_NOT_FOUND');
        ids.push(await this.confirmOne(actor, turbineId, intent, intent.target, upload.parts));
      } catch (error) {
        if (!(error instanceof SkipFile)) throw error;
        skipped.push(error);
      }
    }
    if (ids.length === 0) throw allSkippedError(language, skipped);
    return { items: await this.items(ids), skipped };
  }

  private async confirmOne(
    actor: Principal,
    turbineId: number,
    intent: UploadIntent,
    target: UploadTarget,
    parts: ConfirmUploadBody['uploads'][number]['parts'],
  ): Promise<number> {
    const size = await this.direct.requireReceived(intent, parts);
    const head = (await this.storage.readStart(intent.storageKey, HEAD_BYTES)) ?? Buffer.alloc(0);
    try {
      const inspected = await this.ingest.inspect(head, intent.originalName);
      assertCategoryTakes(target, inspected, intent.originalName);
      return await this.ingest.commit(
        intent.id,
        newMediaRow({
          turbineId,
          key: intent.storageKey,
          target,
          inspected,
          originalName: intent.originalName,
          size,
          uploaderId: actor.userId,
        }),
      );
    } catch (error) {
      // Bytes that are not what the name says, or a name taken meanwhile: this upload cannot become a photo.
      if (error instanceof SkipFile && error.code !== 'UPLOAD_NOT_FOUND') await this.ledger.discard(intent);
      throw error;
    }
  }

  /**
   * Deletes a photo with all its versions; the blobs go through a job queued in the same transaction. A photo with
   * findings on any version is refused: a finding is an inspection record, and removing the photo would either
   * take it along unseen or leave it pointing at nothing. Its findings are deleted first, on purpose.
   */
  async delete(actor: Principal, turbineId: number, key: string): Promise<void> {
    const current = await this.currentByKey(actor, 'media.delete', turbineId, key);
    const rootId = current.originalId ?? current.id;
    const findings = () => this.media.findingsOnLineage(this.dataSource, rootId);
    const refusal = async (count: number) =>
      // An after-repair photo is the repair's evidence, as a finding is the inspection's.
      count === 0 && (await this.media.repairsOnLineage(this.dataSource, rootId)) > 0
        ? new AppError('PHOTO_IN_REPAIR')
        : new AppError('PHOTO_HAS_FINDINGS', { params: { count } });
    const count = await findings();
    if (count > 0 || (await this.media.repairsOnLineage(this.dataSource, rootId)) > 0) throw await refusal(count);
    try {
      await this.deleteLineage(turbineId, rootId);
    } catch (error) {
      // A finding was marked (or a repair completed) between the check and the delete: the foreign key keeps it.
      if (isForeignKeyViolation(error)) throw await refusal(await findings());
      throw error;
    }
  }

  private async deleteLineage(turbineId: number, rootId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const gone = await this.media.deleteLineage(manager, rootId);
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
  async saveEdited(actor: Principal, turbineId: number, form: MultipartForm): Promise<MediaItem> {
    await this.access.requireAccess(actor, 'media.edit', turbineId);
    let savedId: number | undefined;
    let photoSeen = false;
    await form.read({ maxBytes: LIMITS.multipartMaxBytes, maxFiles: 1 }, async (file) => {
      if (file.fieldName !== 'photo') return;
      photoSeen = true;
      const current = await this.currentFor(turbineId, file.fields);
      if (current.kind !== 'photo') throw new AppError('NOT_A_PHOTO');
      const { head, body } = await peek(file.stream, HEAD_BYTES);
      const inspected = await this.ingest.inspect(head, 'edited.jpg').catch(() => null);
      if (inspected?.mime !== 'image/jpeg') throw new AppError('EDITED_PHOTO_NOT_JPEG');
      savedId = await this.storeVersion(actor, current, body, form.maxBytes);
    });
    if (!photoSeen || savedId === undefined) throw new AppError('NO_FILES');
    const [item] = await this.items([savedId]);
    if (!item) throw new AppError('MEDIA_NOT_FOUND');
    return item;
  }

  private async storeVersion(
    actor: Principal,
    current: MediaRow,
    body: Readable,
    reserveBytes: number,
  ): Promise<number> {
    const assetId = randomUUID();
    const folder = current.storageKey.slice(0, current.storageKey.lastIndexOf('/'));
    const key = `${folder}/${assetId}.jpg`;
    const rootId = current.originalId ?? current.id;
    const entry = {
      turbineId: current.turbineId,
      key,
      originalName: current.originalName,
      userId: actor.userId,
      reserveBytes,
    };
    return this.ledger.streamOwned(entry, body, 'image/jpeg', async (manager, { size }) => {
      const latest = await this.media.latestVersion(manager, rootId);
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
        version: latest + 1,
      });
    });
  }

  /** Makes the original current again; the edited versions stay in the history. */
  async restoreOriginal(actor: Principal, turbineId: number, key: string): Promise<MediaItem> {
    const current = await this.currentByKey(actor, 'media.edit', turbineId, key);
    if (current.originalId === null) throw new AppError('NOTHING_TO_RESTORE');
    const rootId = current.originalId;
    await this.dataSource.transaction((manager) => this.media.makeCurrent(manager, rootId, rootId));
    const [item] = await this.items([rootId]);
    if (!item) throw new AppError('MEDIA_NOT_FOUND');
    return item;
  }

  private async currentByKey(
    actor: Principal,
    permission: 'media.read' | 'media.edit' | 'media.delete',
    turbineId: number,
    key: string,
  ): Promise<MediaRow> {
    await this.access.requireAccess(actor, permission, turbineId);
    const current = await this.media.findCurrentByKey(turbineId, key);
    if (!current) throw new AppError('MEDIA_NOT_FOUND');
    return current;
  }

  /** The photo a save-edited form names: by `photoId`, else by `photoKey`. */
  private async currentFor(turbineId: number, fields: Record<string, string>): Promise<MediaRow> {
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

  private async items(ids: number[]): Promise<MediaItem[]> {
    const files = this.urls.signer();
    const rows = await Promise.all(ids.map((id) => this.media.findById(id)));
    return rows.filter((row): row is MediaRow => row !== null).map((row) => toMediaItem(row, files));
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
