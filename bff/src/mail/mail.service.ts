import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { type EntityManager } from 'typeorm';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { createMailTransport, type MailMessage, type MailTransport } from './mail.transport.js';

/**
 * Mail goes through a job: the request that asks for it answers at once (and as fast whether or not a mail is
 * sent), and a failed delivery is retried.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly transport: MailTransport;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly jobs: JobQueue,
    private readonly logger: PinoLogger,
  ) {
    this.transport = createMailTransport(config);
  }

  async onModuleInit(): Promise<void> {
    if (this.config.worker === 'off') return;
    await this.jobs.work(QUEUES.sendMail, async (message) => {
      await this.transport.send(message);
      this.logger.info({ subject: message.subject }, 'mail sent');
    });
  }

  /** Queues the mail; given a transaction, it is queued exactly when the rows that call for it are committed. */
  async send(message: MailMessage, transaction?: EntityManager): Promise<void> {
    await this.jobs.send(QUEUES.sendMail, message, transaction);
  }
}
