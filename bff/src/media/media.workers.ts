import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { isStorageError } from '@/storage/storage-errors.js';
import { makeDerivatives } from './derivatives.js';
import { derivativeCost, MemoryBudget } from './memory-budget.js';
import { derivativesPrefix } from './media-keys.js';
import { MediaRepository } from './media.repository.js';

/**
 * Derivative jobs run two at a time per process at most (sharp uses every core anyway), and fewer when their photos
 * are big: each waits for room in the process's memory budget (DERIVATIVE_MEMORY_MB).
 */
const DERIVATIVE_CONCURRENCY = 2;

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
  }

  /**
   * Thumbnail, preview, deep-zoom tiles and EXIF of one media row; then `ready`, or `failed` with the reason
   * (a broken image is not retried: it will not get better).
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
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn({ mediaId, reason }, 'derivatives failed');
      await this.media.markFailed(mediaId, reason);
      return;
    }
    // The row may have been deleted while the job ran: then what it made goes too.
    if (!(await this.media.markReady(mediaId, facts))) await this.storage.deletePrefix(prefix);
  }

  async deleteBlobs({ keys, prefixes }: { keys: string[]; prefixes: string[] }): Promise<void> {
    for (const key of keys) await this.storage.delete(key);
    for (const prefix of prefixes) await this.storage.deletePrefix(prefix);
  }
}
