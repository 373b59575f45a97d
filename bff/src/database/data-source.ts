import pg from 'pg';
import { DataSource } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { statementCompleted } from './table-writes.js';

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
// pg's and pg-pool's own words for the same time-outs (mapped to 503: common/database-errors.ts).
const ACQUIRE_TIMEOUT = 'timeout exceeded when trying to connect';
const CONNECT_TIMEOUT = 'timeout expired';

/**
 * Waits that end only when the database has gone silent: `onSilence` runs once nothing was heard for `ms` (by
 * `lastHeard`, a `performance.now()`), looked at again for as long as something was. The look waits for the event
 * loop's next poll, which reads whatever the sockets hold: a timer that fires late because this process was busy
 * (a burst of big lists to serialize) must not take answers waiting unread for the database's silence.
 */
function whenSilent(ms: number, lastHeard: () => number, onSilence: () => void): { stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout;
  const look = () => {
    if (stopped) return;
    const silentMs = performance.now() - lastHeard();
    if (silentMs >= ms) onSilence();
    else arm(ms - silentMs);
  };
  const arm = (delay: number) => {
    timer = setTimeout(() => setImmediate(look), delay);
  };
  arm(ms);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * A pool's connections and their waits, bounded by how long the database stays silent rather than by how long they
 * take. A stalled database answers nothing: a query sent to it, a new connection to it and a request waiting for a
 * connection all fail once it has said nothing for their time-out (503 at once). A database that keeps answering
 * carries a burst however long its queue, as a bare `pg` pool does: a request queued behind this process's own work
 * (a burst of big lists on a busy CPU), or a connection slow to start on a loaded server, waits its turn instead of
 * being refused. A slow query stays bounded by the server's own statement_timeout.
 */
function watchedConnections(timeouts: DatabaseTimeouts) {
  /** When the database last said anything to this pool: any message on any connection, a connection made. */
  let heardAt = performance.now();
  const heard = () => {
    heardAt = performance.now();
  };
  /** Gives up (`giveUp`) once the database has been silent for `ms` since `startedAt`. */
  const untilSilent = (ms: number, giveUp: () => void) => {
    const startedAt = performance.now();
    return whenSilent(ms, () => Math.max(startedAt, heardAt), giveUp);
  };

  /**
   * A pg client whose query (or start) fails, and whose connection closes, once the database is silent for the
   * time-out. Closing it (not just answering the caller, as pg's own query_timeout does) fails what was queued behind
   * the query at once, rather than a transaction's ROLLBACK after a failed BEGIN waiting a second time-out (3 s during
   * a stall); PostgreSQL rolls back whatever the connection had open, and the pool makes a new one.
   */
  class WatchedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // Every message from the server (each row of a long answer too) is a sign of life.
      this.connection.on('message', heard);
      const giveUp = (message: string) => () => this.connection.stream.destroy(new Error(message));

      const connect = this.connect.bind(this) as (callback: (error?: Error) => void) => void;
      this.connect = ((callback?: (error?: Error) => void) => {
        const watch = untilSilent(timeouts.acquireMs, giveUp(CONNECT_TIMEOUT));
        const connected = new Promise<void>((resolve, reject) =>
          connect((error) => {
            watch.stop();
            if (error) return reject(error);
            heard();
            resolve();
          }),
        );
        if (!callback) return connected;
        connected.then(() => callback(), callback);
      }) as pg.Client['connect'];

      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      this.query = ((...args: unknown[]) => {
        const watch = untilSilent(timeouts.queryMs, giveUp(QUERY_READ_TIMEOUT));
        const stop = () => watch.stop();
        const sql: unknown = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | null)?.text;
        // Before the caller hears of it: what it does next must find the write told (table-writes.ts).
        const completed = () => {
          if (typeof sql === 'string') statementCompleted(sql);
        };
        const callback = args.at(-1);
        if (typeof callback === 'function') {
          args[args.length - 1] = (...results: unknown[]) => {
            stop();
            if (!results[0]) completed();
            return (callback as (...values: unknown[]) => unknown)(...results);
          };
          return query(...args);
        }
        // A query object of its own (a COPY stream) ends through its `callback`, as pg's own time-out has it.
        const submitted = args[0] as { submit?: unknown; callback?: (...results: unknown[]) => unknown };
        if (typeof submitted.submit === 'function' && typeof submitted.callback === 'function') {
          const ended = submitted.callback;
          submitted.callback = (...results: unknown[]) => {
            stop();
            return ended.apply(submitted, results);
          };
          return query(...args);
        }
        const result = query(...args);
        if (result instanceof Promise) {
          result.then(() => {
            stop();
            completed();
          }, stop);
        }
        // Nothing tells when it ends: no time-out, as with pg's own.
        else stop();
        return result;
      }) as pg.Client['query'];
    }
  }

  /** pg-pool with no time-out of its own on a wait for a connection: a wait ends when the database goes silent. */
  class WatchedPool extends pg.Pool {
    override connect(): Promise<pg.PoolClient>;
    override connect(callback: PoolCallback): void;
    override connect(callback?: PoolCallback): Promise<pg.PoolClient> | void {
      let handOver: PoolCallback;
      const handed = new Promise<pg.PoolClient>((resolve, reject) => {
        handOver =
          callback ??
          ((error, client) => {
            if (client) resolve(client);
            else reject(error ?? new Error(ACQUIRE_TIMEOUT));
          });
      });
      let gaveUp = false;
      const watch = untilSilent(timeouts.acquireMs, () => {
        gaveUp = true;
        handOver(new Error(ACQUIRE_TIMEOUT), undefined, () => undefined);
      });
      super.connect((error, client, done) => {
        watch.stop();
        // Given up on already: the connection goes straight back to the pool.
        if (gaveUp) return client ? done() : undefined;
        handOver(error, client, done);
      });
      if (callback) return;
      return handed;
    }
  }

  return { Client: WatchedClient, Pool: WatchedPool };
}

type PoolCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * One pool to PostgreSQL. The schema changes only through migrations: `synchronize` is never on. `name` shows in
 * pg_stat_activity (application_name), so a request's connection can be told from a job's.
 */
export function createDataSource(
  url: string,
  timeouts: DatabaseTimeouts | null = null,
  { name = 'kanat360-bff' }: { name?: string } = {},
): DataSource {
  const watched = timeouts && watchedConnections(timeouts);
  return new DataSource({
    type: 'postgres',
    // pg, with the pool whose waits end when the database goes silent (TypeORM makes its pool from `driver.Pool`).
    ...(watched && { driver: Object.create(pg, { Pool: { value: watched.Pool } }) as typeof pg }),
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    applicationName: name,
    extra: {
      max: 10,
      ...(watched && { Client: watched.Client, statement_timeout: timeouts.queryMs }),
    },
  });
}
