import { type Clock, PgBoss, type SendOptions } from 'pg-boss';
import { type Logger } from 'pino';
import { type DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import { runAsJob } from '@/database/app-data-source.js';
import { JOB_PAYLOADS, type JobPayload, QUEUES, type QueueName } from './job-payloads.js';

export { QUEUES, type QueueName } from './job-payloads.js';

/** pg-boss's way to run its SQL on a connection of ours (a transaction's, or the app's pool's). */
function through(runner: QueryRunner) {
  return {
    executeSql: async (text: string, values?: unknown[]) => ({
      rows: ((await runner.query(text, values, true)) as { records: unknown[] }).records,
    }),
  };
}

/**
 * A worker that stops without a word (`kill -9`, a lost machine) leaves its jobs active: pg-boss fails and retries a
 * job whose heartbeat is older than this (its minimum), checked as often. A job refreshes it every half of it.
 */
const HEARTBEAT_SECONDS = 10;

/** How every job is sent, by a request or by a schedule: a failure is retried 5 times, 10 s apart and growing. */
const SEND_OPTIONS = { retryLimit: 5, retryDelay: 10, retryBackoff: true } as const satisfies SendOptions;

/** How one job ended in this process, for the metrics. */
export interface JobSettled {
  queue: QueueName;
  outcome: 'completed' | 'failed';
  seconds: number;
}

/** Jobs of one queue waiting (ready now, or deferred: a retry's delay) and running, over every process. */
export interface QueueDepth {
  queue: QueueName;
  ready: number;
  deferred: number;
  active: number;
}

/** Background jobs on pg-boss, in the same PostgreSQL (schema `pgboss`), so replicas need nothing else. */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly settledListeners: ((settled: JobSettled) => void)[] = [];

  /**
   * `dataSource` is the app's: a job sent outside a transaction is written through it, so a request that sends one
   * is bounded by the requests' time-outs (pg-boss's own pool, which fetches and completes jobs, has none).
   */
  constructor(
    connectionString: string,
    private readonly logger: Logger,
    private readonly dataSource: DataSource,
    /** pg-boss's clock: its polls, heartbeats and schedules; a test drives them with pg-boss's TestClock. */
    { clock }: { clock?: Clock } = {},
  ) {
    this.boss = new PgBoss({
      connectionString,
      clock,
      schema: 'pgboss',
      application_name: 'kanat360-jobs',
      // The pass that fails jobs whose worker died (heartbeat) runs this often; pg-boss's default is a minute.
      monitorIntervalSeconds: HEARTBEAT_SECONDS,
      superviseIntervalSeconds: HEARTBEAT_SECONDS,
    });
    // pg's errors carry their connection (its whole state, kilobytes a line): logged without it, as the error it is.
    this.boss.on('error', (error) =>
      this.logger.error(
        { err: Object.assign(Object.create(error) as Error, { client: undefined }) },
        'job queue error',
      ),
    );
  }

  /** Starts pg-boss and makes every queue (once, at start: a request never waits on pg-boss's own pool). */
  async start(): Promise<void> {
    await this.boss.start();
    for (const name of Object.values(QUEUES)) {
      await this.boss.createQueue(name, { heartbeatSeconds: HEARTBEAT_SECONDS });
      // A queue made by an older release has no heartbeat yet (createQueue leaves an existing queue as it is).
      await this.boss.updateQueue(name, { heartbeatSeconds: HEARTBEAT_SECONDS });
    }
  }

  /** Calls `listener` after each job this process ran, with how it ended and how long it took. */
  onJobSettled(listener: (settled: JobSettled) => void): void {
    this.settledListeners.push(listener);
  }

  /** Every queue's depth, as pg-boss counted it on its last monitor pass (every HEARTBEAT_SECONDS). */
  async depths(): Promise<QueueDepth[]> {
    const queues = await this.boss.getQueues(Object.values(QUEUES));
    return queues.map((queue) => ({
      queue: queue.name as QueueName,
      ready: queue.readyCount,
      deferred: queue.deferredCount,
      active: queue.activeCount,
    }));
  }

  async stop(): Promise<void> {
    // Lets running jobs finish (up to 10 s), then closes the pool.
    await this.boss.stop({ graceful: true, timeout: 10_000 });
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
    // Background work (a backfill such as the demo seed's) waits behind what a user is waiting for.
    const priority = background ? -1 : 0;
    const send = (runner: QueryRunner) =>
      this.boss.send(name, data, { ...SEND_OPTIONS, priority, db: through(runner) });
    const runner = transaction?.queryRunner;
    if (runner) {
      await send(runner);
      return;
    }
    const own = this.dataSource.createQueryRunner();
    try {
      await send(own);
    } finally {
      await own.release();
    }
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
    await this.boss.work<unknown>(
      name,
      { pollingIntervalSeconds: 1, localConcurrency: concurrency, batchSize, burstWhenBatchFull: batchSize > 1 },
      // On the jobs' pool: a job's queries may run for JOB_QUERY_TIMEOUT_MS, not the requests' DB_QUERY_TIMEOUT_MS.
      (jobs) =>
        runAsJob(async () => {
          for (const job of jobs)
            await this.timed(name, () => handler(JOB_PAYLOADS[name].parse(job.data) as JobPayload<Q>));
        }),
    );
  }

  private async timed(queue: QueueName, run: () => Promise<void>): Promise<void> {
    const started = performance.now();
    const settle = (outcome: JobSettled['outcome']) => {
      const settled = { queue, outcome, seconds: (performance.now() - started) / 1000 };
      for (const listener of this.settledListeners) listener(settled);
    };
    try {
      await run();
    } catch (error) {
      settle('failed');
      throw error;
    }
    settle('completed');
  }

  /**
   * Sends a job with `data` on a cron schedule (one schedule per queue, shared by every replica), as `send` would:
   * pg-boss's cron pass sends what is stored here, so the data must be what the queue's payload schema takes. `tz` is
   * the time zone the cron reads in (UTC unless given).
   */
  async schedule<Q extends QueueName>(
    name: Q,
    cron: string,
    data: JobPayload<Q>,
    { tz }: { tz?: string } = {},
  ): Promise<void> {
    await this.boss.schedule(name, cron, data, { ...SEND_OPTIONS, ...(tz ? { tz } : {}) });
  }
}
