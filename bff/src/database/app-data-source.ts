import { AsyncLocalStorage } from 'node:async_hooks';
import { type Pool } from 'pg';
import { type DataSource } from 'typeorm';
import { createDataSource } from './data-source.js';

/** What a request may wait on PostgreSQL, and how long a background job's query may run. */
export interface AppDatabaseTimeouts {
  acquireMs: number;
  queryMs: number;
  jobQueryMs: number;
}

/** The app's PostgreSQL: the one DataSource the app is given, and how to open and close what is behind it. */
export interface AppDataSource {
  dataSource: DataSource;
  initialize(): Promise<void>;
  destroy(): Promise<void>;
}

const jobScope = new AsyncLocalStorage<true>();

/**
 * Runs background work (a job, the demo seed) on the jobs' pool: every query made inside it through the app's
 * DataSource, by any repository, may run for JOB_QUERY_TIMEOUT_MS instead of the requests' DB_QUERY_TIMEOUT_MS.
 */
export function runAsJob<T>(work: () => Promise<T>): Promise<T> {
  return jobScope.run(true, work);
}

/**
 * Closes a DataSource, also one whose start failed part-way: its pool made and a connection checked out for the
 * first queries (TypeORM marks it initialized only after them), which `destroy()` would leave open.
 */
async function close(dataSource: DataSource): Promise<void> {
  if (dataSource.isInitialized) await dataSource.destroy();
  else if ((dataSource.driver as { master?: unknown }).master) await dataSource.driver.disconnect();
}

/**
 * Two pools behind one DataSource. Requests use a pool whose queries are cut after DB_QUERY_TIMEOUT_MS, so a stalled
 * database answers 503 at once; jobs (inside `runAsJob`) use a pool of their own whose queries may run for
 * JOB_QUERY_TIMEOUT_MS, since a turbine's cascade over 10,000 photos or a sweep may rightly take longer, and a job
 * holding a connection never takes one from the requests. Repositories are handed the one DataSource and need not
 * know which pool answers: each use of it picks the pool of the work it runs in.
 */
export function createAppDataSource(url: string, timeouts: AppDatabaseTimeouts): AppDataSource {
  const { acquireMs, queryMs, jobQueryMs } = timeouts;
  const requests = createDataSource(url, { acquireMs, queryMs });
  // A job waits for a connection as long as a job's query may be silent: the pool's connections may all be running
  // long, silent queries (the demo seed's bulk inserts on a loaded machine), and the job is no request to answer.
  const jobs = createDataSource(
    url,
    { acquireMs: Math.max(acquireMs, jobQueryMs), queryMs: jobQueryMs },
    { name: 'kanat360-bff-jobs' },
  );
  const dataSource = new Proxy(requests, {
    get(_requests, property) {
      const pool = jobScope.getStore() ? jobs : requests;
      const value: unknown = Reflect.get(pool, property, pool);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(pool) : value;
    },
  });
  return {
    dataSource,
    async initialize() {
      await requests.initialize();
      await jobs.initialize();
    },
    async destroy() {
      await close(requests);
      await close(jobs);
    },
  };
}

/** Connections of one pool: open (busy or idle), idle, and queries waiting for one. */
export interface PoolUsage {
  pool: 'requests' | 'jobs';
  total: number;
  idle: number;
  waiting: number;
}

/** How full the requests' and the jobs' pools behind the app's DataSource are (for the metrics). */
export function poolUsage(dataSource: DataSource): PoolUsage[] {
  const usage = (pool: PoolUsage['pool']): PoolUsage => {
    // The Postgres driver's pool of `pg` (typed `any` by TypeORM).
    const read = () => (dataSource.driver as unknown as { master?: Pool }).master;
    const master = pool === 'jobs' ? jobScope.run(true, read) : read();
    return { pool, total: master?.totalCount ?? 0, idle: master?.idleCount ?? 0, waiting: master?.waitingCount ?? 0 };
  };
  return [usage('requests'), usage('jobs')];
}
