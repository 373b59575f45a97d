import { PgBoss } from 'pg-boss';
import { type Logger } from 'pino';
import { type EntityManager } from 'typeorm';
import { runAsJob } from '@/database/app-data-source.js';
import { JOB_PAYLOADS, type JobPayload, type QueueName } from './job-payloads.js';

export { QUEUES, type QueueName } from './job-payloads.js';

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

  /**
   * Queues a job; `background` puts it behind every job a user is waiting for. Given a transaction, the job is written by it: it exists exactly when the rows that call for it
   * were committed (a deleted row never leaves its blobs without a job to remove them).
   */
  async send<Q extends QueueName>(
    name: Q,
    data: JobPayload<Q>,
    transaction?: EntityManager,
    { background = false }: { background?: boolean } = {},
  ): Promise<void> {
    await this.ensureQueue(name);
    const runner = transaction?.queryRunner;
    const db = runner
      ? {
          executeSql: async (text: string, values?: unknown[]) => ({
            rows: ((await runner.query(text, values, true)) as { records: unknown[] }).records,
          }),
        }
      : undefined;
    // Background work (a backfill such as the demo seed's) waits behind what a user is waiting for.
    const priority = background ? -1 : 0;
    await this.boss.send(name, data, { retryLimit: 5, retryDelay: 10, retryBackoff: true, priority, db });
  }

  /**
   * Runs `handler` for each job of the queue; `concurrency` workers in this process, each taking `batchSize` jobs
   * per fetch. A full batch makes pg-boss fetch again at once instead of waiting for the next poll (burst mode,
   * which pg-boss leaves off unless asked), so a queue of many short jobs drains as fast as they run; only queues
   * whose jobs may repeat harmlessly as a batch use it.
   */
  async work<Q extends QueueName>(
    name: Q,
    handler: (data: JobPayload<Q>) => Promise<void>,
    { concurrency = 1, batchSize = 1 }: { concurrency?: number; batchSize?: number } = {},
  ): Promise<void> {
    await this.ensureQueue(name);
    await this.boss.work<unknown>(
      name,
      { pollingIntervalSeconds: 1, localConcurrency: concurrency, batchSize, burstWhenBatchFull: batchSize > 1 },
      // On the jobs' pool: a job's queries may run for JOB_QUERY_TIMEOUT_MS, not the requests' DB_QUERY_TIMEOUT_MS.
      (jobs) =>
        runAsJob(async () => {
          for (const job of jobs) await handler(JOB_PAYLOADS[name].parse(job.data) as JobPayload<Q>);
        }),
    );
  }

  /** Sends a job on a cron schedule (one schedule per queue, shared by every replica). */
  async schedule(name: QueueName, cron: string): Promise<void> {
    await this.ensureQueue(name);
    await this.boss.schedule(name, cron);
  }
}
