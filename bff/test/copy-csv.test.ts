import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { crlfLineEnds, csvNumber, csvText, sqlLiteral } from '@/database/copy-csv.js';

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

describe('CSV values that PostgreSQL prints', () => {
  it('print numbers as String(number) does', async () => {
    const numbers = [0, 1, -1, 0.1, 0.3, 0.1 + 0.2, 12.5, 199.999, 1e-4, 5e-5, 1.5e-6, 1e-7, 1.5e-7, 123456789.123];
    numbers.push(1e15, 1.2345678901234567e20, 1e21, 1.5e22, Number.MAX_VALUE, Number.MIN_VALUE);
    expect(await printed(csvNumber('v.x'), numbers, 'float8')).toEqual(numbers.map(String));
    // As text: pg would send the number -0 as 0.
    expect(await printed(csvNumber('v.x'), ['-0', null], 'float8')).toEqual(['0', null]);
  });

  // OWASP's CSV injection guidance: a cell beginning with any of these is a formula to Excel or LibreOffice.
  it.each([
    ['=', '=HYPERLINK("http://x.example","tıkla")'],
    ['+', "+1+cmd|' /C calc'!A0"],
    ['-', '-2+3'],
    ['@', '@SUM(1,2)'],
    ['a tab', '\t=1+1'],
    ['a carriage return', '\r=1+1'],
  ])('neutralise a text beginning with %s by a leading apostrophe', async (_name, text) => {
    expect(await printed(csvText('v.x'), [text], 'text')).toEqual([`'${text.replace(/\r/g, '\r\n')}`]);
  });

  it('leave other texts as they are, their line breaks CRLF, and an empty text empty', async () => {
    const texts = ['Hücum kenarı', ' =1', 'a=b', 'bir\niki\r\nüç\rdört', '', null];
    expect(await printed(csvText('v.x'), texts, 'text')).toEqual([
      'Hücum kenarı',
      ' =1',
      'a=b',
      'bir\r\niki\r\nüç\r\ndört',
      null,
      null,
    ]);
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

/** The text `chunks` become through crlfLineEnds. */
async function throughCrlf(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(crlfLineEnds())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString('utf8');
}

describe('RFC 4180 line ends', () => {
  it('end every row with CRLF and keep the CRLF breaks inside a text, however the bytes are cut', async () => {
    const bytes = Buffer.from('1,"bir\r\niki",x\n2,,"ç"\n3,"\r\n",y\n');
    for (const size of [1, 2, 3, 5, 8, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await throughCrlf(chunks), `chunks of ${size}`).toBe('1,"bir\r\niki",x\r\n2,,"ç"\r\n3,"\r\n",y\r\n');
    }
    expect(await throughCrlf([])).toBe('');
  });
});
