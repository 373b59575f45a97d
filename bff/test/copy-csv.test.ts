import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { csvJson, csvValue, sqlLiteral } from '@/database/copy-csv.js';
import { expr } from '@/database/row-mapper.js';

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: inject('databaseUrl') });
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
