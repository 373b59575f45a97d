import pg from 'pg';

/** The run's PostgreSQL server (test/global-setup.ts): where files make their databases, and from what. */
export interface TestPostgres {
  /** A connection to the server, for CREATE and DROP DATABASE. */
  serverUrl: string;
  /** Every database of this run is named `${prefix}_…`. */
  prefix: string;
  /** The migrated database the files' databases are copied from. */
  template: string;
}

/** `serverUrl` with another database. */
export function databaseUrlOf(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `work` on a connection of its own to the server, closed after. */
export async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
