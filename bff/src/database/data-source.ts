import { DataSource } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * How long a request may wait on PostgreSQL. Both bound what a stalled database can do to a request: waiting for a
 * pooled connection (acquire), and waiting for a query's answer on one (the client gives up; the server's own
 * statement_timeout stops the query there when it is alive). Null: no bound (migrations, the CLI).
 */
export interface DatabaseTimeouts {
  acquireMs: number;
  queryMs: number;
}

/** The one way to reach PostgreSQL. The schema changes only through migrations: `synchronize` is never on. */
export function createDataSource(url: string, timeouts: DatabaseTimeouts | null = null): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    applicationName: 'kanat360-bff',
    extra: {
      max: 10,
      ...(timeouts && {
        connectionTimeoutMillis: timeouts.acquireMs,
        query_timeout: timeouts.queryMs,
        statement_timeout: timeouts.queryMs,
      }),
    },
  });
}
