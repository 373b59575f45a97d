import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { MailService } from '@/mail/mail.service.js';
import { reportKey } from '@/media/media-keys.js';
import { ReportsRepository } from '@/reports/reports.repository.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { TurbineListQuery } from '@/turbines/turbine-list.query.js';
import { UsersRepository } from '@/users/users.repository.js';
import { turbineAddress } from './finding-address.js';
import { InspectionReportBuilder } from './inspection-report.builder.js';
import { inspectionReportReadyMail } from './inspection-report-mail.js';
import { InspectionReportsRepository } from './inspection-reports.repository.js';

/**
 * Makes an inspection report too big for a request and stores it as a report of its year (the reports panel lists
 * it), then marks its request ready and mails whoever asked. Idempotent: the blob's key is the request's, so a second run writes the same
 * object again, and only the run that finds the request still pending adds the report row.
 */
@Injectable()
export class InspectionReportWorker implements OnModuleInit {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly dataSource: DataSource,
    private readonly builder: InspectionReportBuilder,
    private readonly requests: InspectionReportsRepository,
    private readonly reports: ReportsRepository,
    private readonly turbines: TurbineListQuery,
    private readonly users: UsersRepository,
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    private readonly logger: PinoLogger,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.worker === 'off') return;
    await this.jobs.work(QUEUES.inspectionReport, ({ requestId }) => this.make(requestId));
  }

  async make(requestId: string): Promise<void> {
    const request = await this.requests.findById(requestId);
    if (!request || request.status !== 'pending') return;
    let built;
    try {
      built = await this.builder.build(request.turbineId, request.year, request.language);
    } catch (error) {
      // A turbine deleted meanwhile (or data the report cannot be made of) will not get better on a retry.
      this.logger.warn({ requestId, err: error }, 'inspection report failed');
      await this.dataSource.transaction((manager) => this.requests.finish(manager, requestId, { status: 'failed' }));
      return;
    }
    const key = reportKey(request.turbineId, request.year, requestId);
    const { size } = await this.storage.put(key, built.pdf, 'application/pdf');
    await this.dataSource.transaction(async (manager) => {
      const reportId = await this.reports.insert(manager, {
        turbineId: request.turbineId,
        year: request.year,
        originalFilename: built.fileName,
        storageKey: key,
        fileSizeBytes: size,
        uploadedBy: request.requestedBy,
      });
      // Another run finished it first: this one's row goes with the rollback (the blob is the same object).
      if (!(await this.requests.finish(manager, requestId, { status: 'ready', reportId }))) {
        throw new Error('inspection report request already finished');
      }
    });
    this.logger.info({ requestId, turbineId: request.turbineId, year: request.year }, 'inspection report ready');
    await this.tellRequester(request.requestedBy, request.turbineId, request.year, request.language);
  }

  /** Besides the status address, a mail tells whoever asked (a rerun of this job finds the request done: one mail). */
  private async tellRequester(userId: number | null, turbineId: number, year: number, language: 'tr' | 'en') {
    const user = userId === null ? null : await this.users.findById(userId);
    const turbine = await this.turbines.findLive(turbineId);
    if (!user || !turbine) return;
    await this.mail.send(
      inspectionReportReadyMail({
        to: user.email,
        name: `${user.firstName} ${user.lastName}`.trim(),
        turbine: turbine.name,
        year,
        link: turbineAddress(this.config.publicUrl, turbineId),
        language,
      }),
    );
  }
}
