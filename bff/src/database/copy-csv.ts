import { Transform, type Readable, type TransformCallback } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type DataSource } from 'typeorm';

/*
 * CSV that PostgreSQL writes (COPY … TO STDOUT), streamed to the caller as bytes: the other way to read a query's
 * answer besides a row mapper, for an export too big to become JavaScript rows (bench:findings: 50 exports of
 * 20,000 rows at once made 200+ MB of V8 garbage out of pg's row parsing). No row reaches JavaScript, so the
 * statement makes each cell's text itself, with the helpers below.
 */

/** A value put into a statement that cannot take bind parameters (COPY): an integer as it is, a string quoted. */
export function sqlLiteral(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new TypeError(`Only integers and strings are put into SQL as literals, not ${typeof value}`);
}

/**
 * A float as JavaScript's `String(number)` (what a CSV written from the API's JSON holds). PostgreSQL prints the
 * same shortest digits (extra_float_digits 1, its default), but in exponent form below 1e-4 and from 1e15 up, with
 * two exponent digits; JavaScript only below 1e-6 and from 1e21, with one. Read back as numeric, pg's text prints
 * its digits without an exponent. -0 is 0 to JavaScript.
 */
export function csvNumber(sql: string): string {
  return `CASE WHEN ${sql} = 0 THEN '0'
               WHEN abs(${sql}) >= 1e-6 AND abs(${sql}) < 1e21 THEN (${sql})::text::numeric::text
               ELSE regexp_replace((${sql})::text, 'e([+-])0', 'e\\1') END`;
}

/**
 * A text as a spreadsheet reads it safely (OWASP, CSV injection): one beginning with =, +, -, @, a tab or a carriage
 * return gets a leading apostrophe, so Excel and LibreOffice show it as text instead of running it as a formula
 * (quoting alone does not stop them: copyCsv also quotes every text column). Its line breaks become CRLF, the one
 * line end of an RFC 4180 file, so they can be told from the ends of rows (see crlfLineEnds). An empty text is
 * nothing, as null is.
 */
export function csvText(sql: string): string {
  return `NULLIF(regexp_replace(CASE WHEN (${sql}) ~ '^[=+@\\t\\r-]' THEN '''' || (${sql}) ELSE ${sql} END,
                               '\\r\\n|\\r|\\n', E'\\r\\n', 'g'), '')`;
}

const CR = 0x0d;
const LF = 0x0a;

/**
 * RFC 4180's line ends: PostgreSQL ends each row with a bare LF, which this makes CRLF. A text's own line breaks are
 * CRLF already (csvText), so a LF after a CR is left as it is, also when the CR ended the chunk before.
 */
export function crlfLineEnds(): Transform {
  let previous = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      let rowEnds = 0;
      for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, at + 1)) {
        if ((at === 0 ? previous : chunk[at - 1]) !== CR) rowEnds += 1;
      }
      const out = rowEnds === 0 ? chunk : Buffer.allocUnsafe(chunk.length + rowEnds);
      if (rowEnds > 0) {
        let written = 0;
        let from = 0;
        for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, at + 1)) {
          if ((at === 0 ? previous : chunk[at - 1]) === CR) continue;
          written += chunk.copy(out, written, from, at);
          out[written] = CR;
          written += 1;
          from = at;
        }
        chunk.copy(out, written, from);
      }
      if (chunk.length > 0) previous = chunk[chunk.length - 1]!;
      done(null, out);
    },
  });
}

/**
 * Streams `COPY (select) TO STDOUT (FORMAT csv)` with CRLF line ends, the columns named in `quoted` always in
 * quotes, on a connection of the pool the caller runs in (the jobs' pool inside runAsJob). The connection is held
 * until the copy is done, then goes back to the pool; when the stream stops before that (the client left
 * mid-download) it is closed instead: pg destroys the socket of a client ended mid-query, PostgreSQL stops writing
 * when the connection goes, and the pool opens a new one. Answers once the first bytes are there, so a failing
 * statement rejects instead of cutting a started download. The stream pauses PostgreSQL when its reader does.
 */
export async function copyCsv(
  dataSource: DataSource,
  select: string,
  { quoted }: { quoted: readonly string[] },
): Promise<Readable> {
  // The Postgres driver's pool of `pg` (typed `any` by TypeORM), as poolUsage reads it.
  const pool = (dataSource.driver as unknown as { master: pg.Pool }).master;
  const client = await pool.connect();
  const forceQuote = quoted.length > 0 ? `, FORCE_QUOTE (${quoted.map((name) => `"${name}"`).join(', ')})` : '';
  const copy = client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv${forceQuote})`));
  let released = false;
  const release = (broken?: Error) => {
    if (released) return;
    released = true;
    client.removeListener('error', release);
    client.release(broken);
  };
  client.on('error', release);
  // A failure may reach the stream after its reader has gone (pg's read time-out, after the end): never uncaught.
  copy.on('error', () => undefined);
  // After CopyDone pg reads the copy's end and ReadyForQuery itself; a query given the client meanwhile waits.
  copy.once('end', () => release());
  // A failed copy may have left the connection anywhere in it (pg's read time-out fails it mid-copy): closed.
  copy.once('error', (error) => release(error));
  copy.once('close', () => {
    if (!copy.readableEnded) release(new Error('The copy stopped before PostgreSQL finished it'));
  });
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
  const rows = crlfLineEnds();
  // Either side failing ends the other: the answer is cut, or the copy stops (and its connection is closed).
  copy.once('error', (error) => rows.destroy(error));
  rows.once('close', () => copy.destroy());
  return copy.pipe(rows);
}
