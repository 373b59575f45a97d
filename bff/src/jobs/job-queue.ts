import { PgBoss } from 'pg-boss';
import { type Logger } from 'pino';

/** Every queue the app uses. Each job is idempotent: running it twice does no harm. */
export const QUEUES = {
  sendMail: 'mail.send',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Background jobs on pg-boss, in the same PostgreSQL (schema `pgboss`), so replicas need nothing else. */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly created = new Set<string>();

  constructor(
    connectionString: string,
    private readonly logger: Logger,
  ) {
    this.boss = new PgBoss({ connectionString, schema: 'pgboss', application_name: 'kanat360-jobs' });
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'job queue error'));
  }

  async start(): Promise<void> {
    await this.boss.start();
  }

  async stop(): Promise<void> {
    // Lets running jobs finish (up to 10 s), then closes the pool.
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }

  private async ensureQueue(name: QueueName): Promise<void> {
    if (this.created.has(name)) return;
    await this.boss.createQueue(name);
    this.created.add(name);
  }

  async send(name: QueueName, data: object): Promise<void> {
    await this.ensureQueue(name);
    await this.boss.send(name, data, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
  }

  async work<T>(name: QueueName, handler: (data: T) => Promise<void>): Promise<void> {
    await this.ensureQueue(name);
    await this.boss.work<T>(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) await handler(job.data);
    });
  }
}
