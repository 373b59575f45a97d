import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type NextFunction, type Request, type Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { AppError } from '@/common/app-error.js';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { poolUsage } from '@/database/app-data-source.js';
import { JobQueue } from '@/jobs/job-queue.js';

const PREFIX = 'kanat360_';

/** The token's digest: comparing digests of equal length in constant time says nothing about the token's length. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The process's metrics in Prometheus text format, behind METRICS_TOKEN. Each process keeps its own (a registry
 * per app, so tests may run several apps in one process); Prometheus scrapes every replica and worker and sums.
 */
@Injectable()
export class MetricsService implements OnModuleInit {
  private readonly registry = new Registry();
  private readonly token: Buffer | null;

  private readonly httpDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by method, route (its pattern) and status, with how long the answer took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  private readonly jobDuration = new Histogram({
    name: `${PREFIX}job_duration_seconds`,
    help: 'Background jobs run by this process, by queue and outcome, with how long each took',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
    registers: [this.registry],
  });

  private readonly uploadBytes = new Counter({
    name: `${PREFIX}upload_bytes_total`,
    help: 'Bytes of uploads that arrived whole in the store, by path (stream: through this process; direct: to the store)',
    labelNames: ['path'] as const,
    registers: [this.registry],
  });

  constructor(
    @Inject(CONFIG) config: Config,
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
  ) {
    this.token = config.metricsToken ? digest(config.metricsToken) : null;
    const { dataSource: pools } = this;
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: "PostgreSQL connections of this process's pools (requests, jobs) by state",
      labelNames: ['pool', 'state'] as const,
      registers: [this.registry],
      collect() {
        for (const usage of poolUsage(pools)) {
          this.set({ pool: usage.pool, state: 'busy' }, usage.total - usage.idle);
          this.set({ pool: usage.pool, state: 'idle' }, usage.idle);
        }
      },
    });
    new Gauge({
      name: `${PREFIX}db_pool_waiting`,
      help: 'Queries of this process waiting for a pooled PostgreSQL connection, by pool',
      labelNames: ['pool'] as const,
      registers: [this.registry],
      collect() {
        for (const usage of poolUsage(pools)) this.set({ pool: usage.pool }, usage.waiting);
      },
    });
    const queue = this.jobs;
    new Gauge({
      name: `${PREFIX}job_queue_depth`,
      help: "Jobs of every process by queue and state (ready, deferred: waiting for a retry's delay, active)",
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        // The database may be away: the other metrics still answer (this one is then missing).
        const depths = await queue.depths().catch(() => []);
        this.reset();
        for (const { queue, ready, deferred, active } of depths) {
          this.set({ queue, state: 'ready' }, ready);
          this.set({ queue, state: 'deferred' }, deferred);
          this.set({ queue, state: 'active' }, active);
        }
      },
    });
    if (this.token) collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
  }

  onModuleInit(): void {
    this.jobs.onJobSettled(({ queue, outcome, seconds }) => this.jobDuration.observe({ queue, outcome }, seconds));
  }

  /** Express middleware: times each request from its arrival to its answer, labelled with its route's pattern. */
  readonly track = (request: Request, response: Response, next: NextFunction): void => {
    const end = this.httpDuration.startTimer();
    response.once('finish', () => {
      end({ method: request.method, route: routeOf(request), status: String(response.statusCode) });
    });
    next();
  };

  /** Bytes that arrived whole in the store. */
  countUpload(path: 'stream' | 'direct', bytes: number): void {
    this.uploadBytes.inc({ path }, bytes);
  }

  /**
   * The metrics, for a caller presenting `Authorization: Bearer <METRICS_TOKEN>`. Unset: the route does not
   * exist (404). A missing or wrong token: 401, so an operator sees a misconfigured scraper for what it is.
   */
  async scrape(authorization: string | undefined): Promise<string> {
    if (!this.token) throw new AppError('NOT_FOUND');
    const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]?.trim();
    if (!presented || !timingSafeEqual(digest(presented), this.token)) {
      throw new AppError('UNAUTHENTICATED', { headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } });
    }
    return this.registry.metrics();
  }
}

/**
 * A route's pattern (`/api/turbines/:id/photos`), never the path itself: ids and file names would make a series
 * per photo. Requests no API route took are `static` (the site and panel files) or `unmatched`.
 */
function routeOf(request: Request): string {
  const pattern = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return pattern;
  return request.originalUrl.startsWith('/api/') ? 'unmatched' : 'static';
}
