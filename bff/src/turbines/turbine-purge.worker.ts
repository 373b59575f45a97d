import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { UploadLedgerRepository } from '@/uploads/upload-ledger.repository.js';
import { TurbinesRepository } from './turbines.repository.js';

/**
 * Removes a deleted turbine for good: open multipart uploads, every blob under `turbines/{id}/` (originals,
 * versions, derivatives, reports), then the row, which takes its media, reports, comments and intents with it.
 * Blobs go first, so a failure half-way is retried with the row (and the job) still there. Idempotent.
 */
@Injectable()
export class TurbinePurgeWorker implements OnModuleInit {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly turbines: TurbinesRepository,
    private readonly uploads: UploadLedgerRepository,
    private readonly jobs: JobQueue,
    private readonly logger: PinoLogger,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.worker === 'off') return;
    await this.jobs.work(QUEUES.purgeTurbine, ({ turbineId }) => this.purge(turbineId));
  }

  async purge(turbineId: number): Promise<void> {
    // Only ever for a turbine marked deleted (or already gone): a stray or replayed job must not wipe live data.
    if (await this.turbines.isLive(turbineId)) {
      this.logger.warn({ turbineId }, 'turbine purge skipped: the turbine is not deleted');
      return;
    }
    for (const upload of await this.uploads.openMultipart(turbineId)) {
      await this.storage.abortMultipartUpload(upload.key, upload.uploadId);
    }
    await this.storage.deletePrefix(`turbines/${turbineId}/`);
    await this.turbines.deleteMarked(turbineId);
    this.logger.info({ turbineId }, 'turbine purged');
  }
}
