import pg from 'pg';
import { DataSource } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * How long a caller may wait on PostgreSQL. Both bound what a stalled database can do to a caller: waiting for a
 * pooled connection (acquire, a new connection's TCP connect and start-up included), and waiting for a query's
 * answer on one (the client gives up; the server's own statement_timeout stops the query there when it is alive).
 * Null: no bound (migrations, the CLI).
 */
export interface DatabaseTimeouts {
  acquireMs: number;
  queryMs: number;
}

const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * A pg client that closes its connection when a query outlives the client-side time-out. pg answers the caller but
 * keeps the connection, the query still pending on it: the next query on it waits behind that one (a transaction's
 * ROLLBACK after a failed BEGIN waited a second time-out: 3 s during a stall), and what the query began runs whenever
 * the server wakes up. Closing it fails what was queued behind it at once, makes PostgreSQL roll back whatever the
 * connection had open, and the pool makes a new one.
 */
class ClosingOnTimeoutClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    const closeOnTimeout = (error: unknown) => {
      if ((error as Error | undefined)?.message === QUERY_READ_TIMEOUT) this.connection.stream.destroy();
    };
    this.query = ((...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
          closeOnTimeout(error);
          return (callback as (...values: unknown[]) => unknown)(error, ...rest);
        };
        return query(...args);
      }
      const result = query(...args);
      // The caller gets the failure from `result`; this only watches it.
      if (result instanceof Promise) result.catch(closeOnTimeout);
      return result;
    }) as pg.Client['query'];
  }
}

/**
 * One pool to PostgreSQL. The schema changes only through migrations: `synchronize` is never on. `name` shows in
 * pg_stat_activity (application_name), so a request's connection can be told from a job's.
 */
export function createDataSource(
  url: string,
  timeouts: DatabaseTimeouts | null = null,
  { name = 'kanat360-bff' }: { name?: string } = {},
): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    applicationName: name,
    extra: {
      max: 10,
      ...(timeouts && {
        Client: ClosingOnTimeoutClient,
        connectionTimeoutMillis: timeouts.acquireMs,
        query_timeout: timeouts.queryMs,
        statement_timeout: timeouts.queryMs,
      }),
    },
  });
}
