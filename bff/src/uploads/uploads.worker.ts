import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { UploadLedger } from './upload-ledger.js';

/** Sweeps the upload ledger every 5 minutes (one schedule shared by every replica; the job is idempotent). */
@Injectable()
export class UploadsWorker implements OnModuleInit {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly ledger: UploadLedger,
    private readonly jobs: JobQueue,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.worker === 'off') return;
    await this.jobs.work(QUEUES.sweepUploads, async () => {
      await this.ledger.sweep();
    });
    await this.jobs.schedule(QUEUES.sweepUploads, '*/5 * * * *', {});
  }
}
