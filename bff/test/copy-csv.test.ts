import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CsvCopy, csvJson, csvValue, sqlLiteral } from '@/database/copy-csv.js';
import { expr } from '@/database/row-mapper.js';
import { testDatabaseUrl } from './database.js';

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
});
afterAll(async () => {
  await client.end();
});

/** What PostgreSQL prints for `sql` over each of `values` (bound as $1), one text each. */
async function printed(sql: string, values: unknown[], type: string): Promise<(string | null)[]> {
  const { rows } = await client.query<{ value: string | null }>(
    `SELECT ${sql} AS value FROM unnest($1::${type}[]) WITH ORDINALITY AS v(x, i) ORDER BY i`,
    [values],
  );
  return rows.map((row) => row.value);
}

// A CSV export PostgreSQL writes must read as the one JavaScript wrote from the API's JSON.
describe('CSV values that PostgreSQL prints', () => {
  it('print numbers as String(number) does', async () => {
    const numbers = [0, 1, -1, 0.1, 0.3, 0.1 + 0.2, 12.5, 199.999, 1e-4, 5e-5, 1.5e-6, 1e-7, 1.5e-7, 123456789.123];
    numbers.push(1e15, 1.2345678901234567e20, 1e21, 1.5e22, Number.MAX_VALUE, Number.MIN_VALUE);
    const sql = csvValue(expr('v.x', 'double precision'));
    expect(await printed(sql, numbers, 'float8')).toEqual(numbers.map(String));
    // As text: pg would send the number -0 as 0.
    expect(await printed(sql, ['-0', null], 'float8')).toEqual(['0', null]);
  });

  it('print times as the Date pg makes of them prints with toISOString', async () => {
    const times = ['2025-06-01 10:00:00+00', '2025-06-01 10:00:00.129999+00', '1999-12-31 23:59:59.9995+03'];
    const dates = (await client.query<{ x: Date }>(`SELECT unnest($1::timestamptz[]) AS x`, [times])).rows;
    const sql = csvValue(expr('v.x', 'timestamp with time zone'));
    expect(await printed(sql, times, 'timestamptz')).toEqual(dates.map((row) => row.x.toISOString()));
  });

  it('print a jsonb as JSON.stringify of its parsed text, strings with separators and escapes included', async () => {
    const values = [
      { selector: { type: 'SvgSelector', value: '<svg a="1, 2: 3"><p d="\\"/></svg>' } },
      { a: [1, 2.5, true, null, { 'b c': 'd\n\t"é' }], 'e: f': ', ' },
    ];
    const { rows } = await client.query<{ text: string; value: string }>(
      `SELECT v.x::text AS text, ${csvJson('v.x')} AS value FROM unnest($1::jsonb[]) WITH ORDINALITY AS v(x, i)
        ORDER BY i`,
      [values.map((value) => JSON.stringify(value))],
    );
    expect(rows.map((row) => row.value)).toEqual(rows.map((row) => JSON.stringify(JSON.parse(row.text))));
  });

  it('print booleans as true/false, and an empty text as nothing', async () => {
    expect(await printed(csvValue(expr('v.x', 'boolean')), [true, false], 'boolean')).toEqual(['true', 'false']);
    expect(await printed(csvValue(expr('v.x', 'text')), ['', 'a'], 'text')).toEqual([null, 'a']);
  });

  it('put only integers and strings into SQL, strings quoted', async () => {
    const text = `O'Brien \\ "x"`;
    const { rows } = await client.query<{ value: string; n: number }>(
      `SELECT ${sqlLiteral(text)} AS value, ${sqlLiteral(42)} AS n`,
    );
    expect(rows[0]).toEqual({ value: text, n: 42 });
    expect(() => sqlLiteral(1.5)).toThrow(TypeError);
    expect(() => sqlLiteral(null)).toThrow(TypeError);
  });
});

/** A message of PostgreSQL's protocol: its code, its length, its body. */
function message(code: string, body: Buffer | string = ''): Buffer {
  const bytes = Buffer.from(body);
  const head = Buffer.alloc(5);
  head.write(code, 0, 'latin1');
  head.writeUInt32BE(bytes.length + 4, 1);
  return Buffer.concat([head, bytes]);
}

/**
 * Runs a CsvCopy over `bytes` arriving in chunks of `size`, on a stand-in for pg's connection: answers the rows the
 * copy passed on and the bytes that went back to pg.
 */
async function copied(bytes: Buffer, size: number, ends: boolean): Promise<{ rows: string; pg: Buffer }> {
  const stream = new PassThrough();
  const toPg: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => toPg.push(chunk));
  const copy = new CsvCopy('COPY (SELECT 1) TO STDOUT');
  copy.submit({ stream, query: () => undefined } as unknown as pg.Connection);
  const rows: Buffer[] = [];
  copy.on('data', (chunk: Buffer) => rows.push(chunk));
  const ended = new Promise((resolve) => copy.once('end', resolve));
  for (let at = 0; at < bytes.length; at += size) {
    // A copy of its own, as a socket's chunk is: CsvCopy moves the rows within it.
    stream.write(Buffer.from(bytes.subarray(at, at + size)));
    await nextTurn();
  }
  if (ends) await ended;
  await nextTurn();
  return { rows: Buffer.concat(rows).toString('utf8'), pg: Buffer.concat(toPg) };
}

describe('a CsvCopy', () => {
  const rows = ['1,"Şişli ""a"", b"\n', '2,,true\n', `3,${'x'.repeat(300)}\n`];
  const start = [message('H', Buffer.from([0, 0, 3, 0, 0, 0, 0, 0, 0])), message('d', rows[0])];
  const after = [message('C', 'COPY 3\0'), message('Z', 'I')];
  const copy = [...start, message('N', 'notice'), message('d', rows[1]), message('d', rows[2]), message('c')];

  it('passes on the rows alone and hands what follows the copy back to pg, however the bytes are cut', async () => {
    const bytes = Buffer.concat([...copy, ...after]);
    for (const size of [1, 2, 3, 4, 5, 6, 7, 11, 64, bytes.length]) {
      expect(await copied(bytes, size, true), `chunks of ${size}`).toEqual({
        rows: rows.join(''),
        pg: Buffer.concat(after),
      });
    }
  });

  it('hands an error and what follows it back to pg', async () => {
    const failure = [message('E', 'SERROR\0'), message('Z', 'I')];
    for (const size of [1, 5, 1000]) {
      const { rows: passed, pg: back } = await copied(Buffer.concat([...start, ...failure]), size, false);
      expect(passed, `chunks of ${size}`).toBe(rows[0]);
      expect(back).toEqual(Buffer.concat(failure));
    }
  });
});
