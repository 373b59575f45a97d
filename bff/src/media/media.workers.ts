import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { runAsJob } from '@/database/app-data-source.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { isStorageError } from '@/storage/storage-errors.js';
import { readPhotoCapture } from './capture-facts.js';
import { DerivativeError, makeDerivatives } from './derivatives.js';
import { HEAD_BYTES } from './media-ingest.js';
import { derivativeCost, MemoryBudget } from './memory-budget.js';
import { derivativesPrefix } from './media-keys.js';
import { MediaRepository } from './media.repository.js';

/**
 * Derivative jobs run two at a time per process at most (sharp uses every core anyway), and fewer when their photos
 * are big: each waits for room in the process's memory budget (DERIVATIVE_MEMORY_MB).
 */
const DERIVATIVE_CONCURRENCY = 2;
/** Photos whose capture facts one recapture job reads again; it sends itself again while more are left. */
const RECAPTURE_BATCH = 200;

/**
 * The media jobs. Each is idempotent: a second run of the same job finds the work done (or the row gone) and
 * does no harm.
 */
@Injectable()
export class MediaWorkers implements OnModuleInit {
  private readonly memory: MemoryBudget;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly media: MediaRepository,
    private readonly jobs: JobQueue,
    private readonly logger: PinoLogger,
  ) {
    this.memory = new MemoryBudget(config.derivativeMemoryBytes);
  }

  async onModuleInit(): Promise<void> {
    if (this.config.worker === 'off') return;
    await this.jobs.work(QUEUES.mediaDerivatives, ({ mediaId }) => this.derivatives(mediaId), {
      concurrency: DERIVATIVE_CONCURRENCY,
      batchSize: 2,
    });
    await this.jobs.work(QUEUES.deleteBlobs, (blobs) => this.deleteBlobs(blobs));
    await this.jobs.work(QUEUES.recaptureMedia, ({ afterId }) => this.recapture(afterId));
    // Photos processed by an older release read again, once; a start with none to read does one query. Sent as
    // background work (the jobs' pool), not as a request: a start on a busy machine may wait past a request's time.
    await runAsJob(() => this.jobs.send(QUEUES.recaptureMedia, { afterId: 0 }, undefined, { background: true }));
  }

  /**
   * Thumbnail, preview, deep-zoom tiles and EXIF of one media row; then `ready`, or `failed` with a code people are
   * told (a broken image is not retried: it will not get better).
   */
  async derivatives(mediaId: number): Promise<void> {
    const row = await this.media.findById(mediaId);
    if (!row) return;
    const prefix = derivativesPrefix(row.turbineId, row.assetId);
    let facts;
    try {
      facts = await makeDerivatives(
        this.storage,
        { sourceKey: row.storageKey, prefix, kind: row.kind },
        (width, height) => this.memory.reserve(derivativeCost(width, height)),
      );
    } catch (error) {
      // The store failing is no fault of the photo: pg-boss tries again later.
      if (isStorageError(error, 'Unavailable')) throw error;
      const code = error instanceof DerivativeError ? error.code : 'MEDIA_PROCESSING_FAILED';
      const detail = error instanceof Error ? error.message : String(error);
      this.logger.warn({ mediaId, code, detail }, 'derivatives failed');
      await this.media.markFailed(mediaId, code, detail);
      return;
    }
    // The row may have been deleted while the job ran: then what it made goes too.
    if (!(await this.media.markReady(mediaId, facts))) await this.storage.deletePrefix(prefix);
  }

  /**
   * Capture facts (local time and offset, camera, GPS) read again from the head of photos an older release
   * processed, which kept only an instant that may have been the camera's clock taken for UTC. EXIF sits in the
   * first 64 KB, so a 45 MP original is not downloaded for it. A batch at a time, in id order, each job sending the
   * next: a row that cannot be read is passed, not read again and again.
   */
  async recapture(afterId = 0): Promise<void> {
    const rows = await this.media.withoutLocalCaptureTime(afterId, RECAPTURE_BATCH);
    for (const row of rows) {
      const head = await this.storage.readStart(row.storageKey, HEAD_BYTES);
      // An original gone from the store has nothing to tell: its row keeps what it has.
      if (head) await this.media.updateCapture(row.id, await readPhotoCapture(head));
    }
    const last = rows.at(-1);
    if (rows.length === RECAPTURE_BATCH && last) {
      await this.jobs.send(QUEUES.recaptureMedia, { afterId: last.id }, undefined, { background: true });
    }
  }

  async deleteBlobs({ keys, prefixes }: { keys: string[]; prefixes: string[] }): Promise<void> {
    for (const key of keys) await this.storage.delete(key);
    for (const prefix of prefixes) await this.storage.deletePrefix(prefix);
  }
}
