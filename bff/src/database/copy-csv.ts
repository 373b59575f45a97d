import { type Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type DataSource } from 'typeorm';
import { type RowColumn } from './row-mapper.js';

/*
 * CSV that PostgreSQL writes (COPY … TO STDOUT), streamed to the caller as bytes: the other way to read a query's
 * answer besides a row mapper, for an export too big to become JavaScript rows (bench:findings: 50 exports of
 * 20,000 rows at once made 200+ MB of V8 garbage out of pg's row parsing). No row reaches JavaScript, so there is
 * nothing for a mapper to read; `csvValue` makes each column print as the mapper's value does in the API's JSON.
 */

/** A value put into a statement that cannot take bind parameters (COPY): an integer as it is, a string quoted. */
export function sqlLiteral(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new TypeError(`Only integers and strings are put into SQL as literals, not ${typeof value}`);
}

/**
 * A row column as CSV text, as JavaScript prints the value the row mapper makes of it (what the API's JSON and a
 * CSV written from it hold): a time as `Date#toISOString` (milliseconds, truncated like pg's parsing of the
 * microseconds), a boolean as true/false, a number as `String(number)`, a text as it is but an empty one as nothing
 * (COPY would quote it, a CSV writer does not). Null is nothing either way.
 */
export function csvValue(column: RowColumn): string {
  const { sql, type } = column;
  switch (type) {
    case 'timestamp with time zone':
      return `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'boolean':
      return `(${sql})::text`;
    case 'double precision':
      return jsNumber(sql);
    case 'integer':
    case 'bigint':
    case 'uuid':
      return sql;
    case 'text':
    case 'character varying':
    case 'character':
      return `NULLIF(${sql}, '')`;
  }
}

/**
 * A float as JavaScript's `String(number)`. PostgreSQL prints the same shortest digits, but in exponent form from
 * 1e-4 down and from 1e15 up, with two exponent digits; JavaScript only below 1e-6 and from 1e21, with one. Read
 * back as numeric, pg's text prints its digits without an exponent. -0 is 0 to JavaScript.
 */
function jsNumber(sql: string): string {
  return `CASE WHEN ${sql} = 0 THEN '0'
               WHEN abs(${sql}) >= 1e-6 AND abs(${sql}) < 1e21 THEN (${sql})::text::numeric::text
               ELSE regexp_replace((${sql})::text, 'e([+-])0', 'e\\1') END`;
}

/**
 * A jsonb as `JSON.stringify` of what JSON.parse makes of its text: jsonb prints `": "` and `", "` between its parts,
 * JSON.stringify no spaces. The pattern takes each string whole (escapes included), so only the separators outside
 * strings lose their space. Keys stay in jsonb's order, as JSON.parse keeps them (none is an array index, which
 * JavaScript would move to the front); numbers would print as numeric does, in the form JavaScript uses for the
 * ones written from JavaScript, without an exponent.
 */
export function csvJson(sql: string): string {
  return `regexp_replace((${sql})::text, '("(?:[^"\\\\]|\\\\.)*")|([,:]) ', '\\1\\2', 'g')`;
}

/** What pg's Client uses of the query it runs: pg-copy-streams leaves `callback` unset, which pg's time-out needs. */
interface CopyQuery {
  callback?: (error?: Error) => void;
  handleError(error: Error): void;
  handleReadyForQuery(): void;
}

/**
 * Streams `COPY (select) TO STDOUT (FORMAT csv)` on a connection of the pool the caller runs in (the jobs' pool
 * inside runAsJob), which it holds until the copy is done: back to the pool once PostgreSQL is ready for the next
 * query; closed when the stream stops before that (the client left mid-download: PostgreSQL stops writing when
 * the connection goes, and the pool opens a new one). Answers once the first bytes are there, so a failing
 * statement rejects instead of cutting a started download. The stream pauses PostgreSQL when its reader does.
 */
export async function copyCsv(dataSource: DataSource, select: string): Promise<Readable> {
  // The Postgres driver's pool of `pg` (typed `any` by TypeORM), as poolUsage reads it.
  const pool = (dataSource.driver as unknown as { master: pg.Pool }).master;
  const client = await pool.connect();
  const socket = (client as unknown as pg.Client).connection.stream;
  const copy = copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv)`);
  const query = copy as unknown as CopyQuery;
  let released = false;
  const release = (broken?: Error) => {
    if (released) return;
    released = true;
    client.removeListener('error', release);
    // pg times a query out through its callback, which only pg's own Query calls: ended here instead, so the timer
    // does not fail a finished copy later (pg-copy-streams issue #156).
    query.callback?.();
    if (broken) socket.destroy();
    client.release(broken);
  };
  // Given before the query, so pg wraps it with its time-out.
  query.callback = () => undefined;
  const handleError = query.handleError.bind(query);
  const handleReadyForQuery = query.handleReadyForQuery.bind(query);
  query.handleReadyForQuery = () => {
    handleReadyForQuery();
    release();
  };
  query.handleError = (error) => {
    handleError(error);
    // A failed statement leaves the connection ready (pg calls handleReadyForQuery next); a lost one does not.
    if (!socket.readable) release(error);
  };
  client.on('error', release);
  // A failure may reach the stream after its reader has gone: never an uncaught 'error'.
  copy.on('error', () => undefined);
  copy.once('close', () => {
    // Ended: PostgreSQL's ReadyForQuery is on its way. Stopped before: the connection is mid-copy, unusable.
    if (!copy.readableEnded) release(new Error('The copy stopped before PostgreSQL finished it'));
  });
  client.query(copy);
  try {
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => {
        copy.off('readable', ready);
        reject(error);
      };
      const ready = () => {
        copy.off('error', failed);
        resolve();
      };
      copy.once('readable', ready).once('error', failed);
    });
  } catch (error) {
    copy.destroy();
    throw error;
  }
  return copy;
}
