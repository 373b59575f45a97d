import { type Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';
import { type DataSource } from 'typeorm';
import { isoTime, type RowColumn } from './row-mapper.js';

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
      return isoTime(sql);
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
 * A float as JavaScript's `String(number)`. PostgreSQL prints the same shortest digits (extra_float_digits 1, its
 * default), but in exponent form below 1e-4 and from 1e15 up, with two exponent digits; JavaScript only below 1e-6
 * and from 1e21, with one. Read back as numeric, pg's text prints its digits without an exponent. -0 is 0 to
 * JavaScript.
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

/** The parts of pg-copy-streams' COPY TO stream (of the pinned 7.0.0) that CsvCopy builds on: not its public API. */
interface CopyToInternals {
  /** Bytes of the connection that are pg's again once the copy is over; `_detach` hands them back to pg. */
  _buffer: { push(bytes: Buffer): void };
  _detach(): void;
  _cleanup(): void;
}
const CopyToStream = (Object.getPrototypeOf(copyTo('')) as { constructor: unknown }).constructor as new (
  text: string,
) => CopyToStreamQuery & CopyToInternals;

const ERROR_RESPONSE = 0x45;
const COPY_DATA = 0x64;
/** The messages PostgreSQL may send within a copy-out (any other ends it): CopyOutResponse, CopyData, notices. */
const WITHIN_COPY = new Set([0x48, COPY_DATA, 0x53, 0x4e, 0x41]);

/**
 * pg-copy-streams' COPY TO, reading the connection's bytes without a JavaScript object per row: PostgreSQL sends
 * each row as a message of its own, which pg-copy-streams slices into a Buffer each (50 exports of 20,000 rows at
 * once grew V8's young generation by some 30 MB: bench:findings). Here the rows of each chunk read from the socket
 * are moved together within that chunk, over their 5-byte message headers, and passed on as one Buffer (no copy of
 * the bytes either: the chunk's memory is garbage enough).
 */
export class CsvCopy extends CopyToStream {
  /** A message header cut by the end of the previous chunk. */
  private head: Buffer | null = null;
  private code = 0;
  /** Bytes of the current message not read yet; null between messages. */
  private remaining: number | null = null;

  /** Reads one chunk of the connection; answers whether the reader wants more (pg-copy-streams' contract). */
  _parse(chunk: Buffer): boolean | undefined {
    const bytes = this.head ? Buffer.concat([this.head, chunk]) : chunk;
    this.head = null;
    let written = 0;
    let at = 0;
    let done = false;
    while (at < bytes.length && !done) {
      if (this.remaining === null) {
        if (bytes[at] === ERROR_RESPONSE) break;
        if (bytes.length - at < 5) {
          this.head = Buffer.from(bytes.subarray(at));
          at = bytes.length;
          break;
        }
        this.code = bytes[at]!;
        this.remaining = bytes.readUInt32BE(at + 1) - 4;
        at += 5;
      }
      const end = Math.min(bytes.length, at + this.remaining);
      // Moved to the front of the chunk, over the headers read: the chunk is this stream's alone.
      if (this.code === COPY_DATA) written += bytes.copy(bytes, written, at, end);
      this.remaining -= end - at;
      at = end;
      if (this.remaining === 0) {
        this.remaining = null;
        done = !WITHIN_COPY.has(this.code);
      }
    }
    const drained = written === 0 || this.push(bytes.subarray(0, written));
    if (!done && at === bytes.length) return drained;
    // The copy is over (or failed): what follows is pg's, CommandComplete and ReadyForQuery (or the error).
    this._buffer.push(bytes.subarray(at));
    this._detach();
    if (!done) return undefined;
    this.push(null);
    this._cleanup();
    return drained;
  }
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
  const copy = new CsvCopy(`COPY (${select}) TO STDOUT WITH (FORMAT csv)`);
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
