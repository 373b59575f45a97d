import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type ApiPage, type MediaItem, type MediaPlaceCount } from '@kanat360/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeTurbine, makeUser, type MadeCompany, PASSWORD } from './factories.js';
import { api, call, type Credentials, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let home: MadeCompany;
let operator: Credentials;
let foreignOperator: Credentials;

/**
 * Media rows straight into the table (the upload path has its own tests): `count` photos spread over years,
 * categories, blades and rooms, uploaded three to a minute so that equal upload times test the id tie-breaker.
 */
async function seedMedia(turbineId: number, count: number): Promise<void> {
  await app.dataSource.query(
    `INSERT INTO media (turbine_id, asset_id, storage_key, kind, category, blade, room, year, month, original_name,
                        size, mime, status, created_at)
     SELECT $1::int, gen_random_uuid(), 'turbines/' || $1::int || '/seed/' || g || '.jpg', 'photo',
            (ARRAY['blade', 'blade', 'drone', 'operator', 'robot'])[1 + g % 5],
            CASE WHEN g % 5 < 2 THEN (ARRAY['A', 'B', 'C'])[1 + g % 3] END,
            1 + g % 12, 2022 + g % 4, 1 + g % 12, 'IMG_' || lpad(g::text, 5, '0') || '.jpg', 4000000 + g, 'image/jpeg',
            'ready', timestamptz '2026-01-01' + (g / 3) * interval '1 minute'
       FROM generate_series(1, $2) g`,
    [turbineId, count],
  );
}

async function page(turbineId: number, query: string, who = operator) {
  return call<ApiPage<MediaItem>>(app, 'GET', `/api/turbines/${turbineId}/photos?${query}`, { as: who });
}

/** Follows next_cursor to the end; answers every item in the order the pages gave them, and each page's total. */
async function everyPage(turbineId: number, query: string): Promise<{ items: MediaItem[]; totals: number[] }> {
  const items: MediaItem[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const reply = await page(turbineId, cursor ? `${query}&cursor=${cursor}` : query);
    expect(reply.status, reply.text).toBe(200);
    items.push(...reply.body.data);
    totals.push(reply.body.total);
    cursor = reply.body.next_cursor;
  } while (cursor);
  return { items, totals };
}

beforeAll(async () => {
  app = await startTestApp();
  home = await makeCompany(app.dataSource);
  const foreign = await makeCompany(app.dataSource);
  operator = (
    await signIn(app, (await makeUser(app.dataSource, { role: 'operator', companyId: home.id })).email, PASSWORD)
  ).bearer;
  foreignOperator = (
    await signIn(app, (await makeUser(app.dataSource, { role: 'operator', companyId: foreign.id })).email, PASSWORD)
  ).bearer;
});
afterAll(async () => {
  await app.close();
});

describe('photo list paging', () => {
  it('returns every photo exactly once across pages, newest first with the id breaking ties', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    await seedMedia(turbine, 1050);

    const first = await page(turbine, 'view=all');
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ success: true, total: 1050 });
    expect(first.body.data).toHaveLength(200);
    expect(first.body.next_cursor).toEqual(expect.any(String));

    const { items, totals } = await everyPage(turbine, 'view=all&limit=97');
    expect(totals).toHaveLength(Math.ceil(1050 / 97));
    expect(new Set(totals)).toEqual(new Set([1050]));
    expect(items).toHaveLength(1050);
    expect(new Set(items.map((item) => item.id)).size).toBe(1050);
    const order = items.map((item) => [Date.parse(item.createdAt), item.id] as const);
    for (let i = 1; i < order.length; i += 1) {
      const [time, id] = order[i]!;
      const [previousTime, previousId] = order[i - 1]!;
      expect(time < previousTime || (time === previousTime && id < previousId)).toBe(true);
    }
    // The largest page: the whole list in two pages.
    const big = await page(turbine, 'view=all&limit=1000');
    expect(big.body.data).toHaveLength(1000);
    const rest = await page(turbine, `view=all&limit=1000&cursor=${big.body.next_cursor}`);
    expect(rest.body.data).toHaveLength(50);
    expect(rest.body.next_cursor).toBeNull();
    expect(rest.body.total).toBe(1050);
  });

  it('filters on the server by year, category, blade, room and text, with the total of the filtered list', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    await seedMedia(turbine, 300);
    const all = (await everyPage(turbine, 'view=all&limit=1000')).items;
    const expectMatch = async (query: string, keep: (item: MediaItem) => boolean) => {
      const wanted = all.filter(keep).map((item) => item.id);
      expect(wanted.length, query).toBeGreaterThan(0);
      const { items, totals } = await everyPage(turbine, `${query}&limit=40`);
      expect(
        items.map((item) => item.id),
        query,
      ).toEqual(wanted);
      expect(totals[0], query).toBe(wanted.length);
    };
    await expectMatch('view=all&year=2024', (item) => item.year === 2024);
    await expectMatch('view=all&category=drone', (item) => item.category === 'drone');
    await expectMatch('view=all&category=blade', (item) => item.category === '');
    await expectMatch('blade=B&year=2023', (item) => item.blade === 'B' && item.year === 2023);
    // Spec §9: blade A also holds photos with no blade.
    await expectMatch('blade=A', (item) => item.blade === 'A' || item.blade === null);
    await expectMatch('room=7', (item) => item.room === '7');
    await expectMatch('q=img_0012', (item) => item.originalName.toLowerCase().includes('img_0012'));
    // A room by number, by "oda n" or by its position label (room 1 is Root-WW).
    await expectMatch('q=oda%2011', (item) => item.room === '11');
    await expectMatch('q=root-ww', (item) => item.room === '1');
    await expectMatch(
      'view=all&year=2025&category=robot&q=IMG_00',
      (item) => item.year === 2025 && item.category === 'robot' && item.originalName.startsWith('IMG_00'),
    );
  });

  it('answers just the media asked for by id, which is how a client follows photos being processed', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    await seedMedia(turbine, 30);
    const other = await makeTurbine(app.dataSource, home.id);
    await seedMedia(other, 3);
    const ids = (await page(turbine, 'limit=5')).body.data.map((item) => item.id);
    const foreignId = (await page(other, 'limit=1')).body.data[0]!.id;
    const reply = await page(turbine, `ids=${[ids[1], ids[3], foreignId].join(',')}`);
    expect(reply.status, reply.text).toBe(200);
    // Another turbine's photo is not found through this one.
    expect(reply.body.data.map((item) => item.id)).toEqual([ids[1], ids[3]]);
    expect(reply.body.total).toBe(2);
    for (const bad of ['1,x', '-4', Array.from({ length: 201 }, (_, i) => i + 1).join(',')]) {
      expect((await page(turbine, `ids=${bad}`)).status, bad).toBe(400);
    }
  });

  it('takes LIKE wildcards in the text literally, and answers an empty page for no match', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    await seedMedia(turbine, 20);
    // As wildcards, each of these would match every name (IMG_00001.jpg …); taken literally, none does.
    for (const q of ['%', 'IMG__', 'IMG\\_']) {
      const reply = await page(turbine, `q=${encodeURIComponent(q)}`);
      expect(reply.status, q).toBe(200);
      expect(reply.body, q).toMatchObject({ data: [], next_cursor: null, total: 0 });
    }
    // The underscore every name has is found as itself.
    expect((await page(turbine, 'q=_')).body.total).toBe(20);
  });

  it('refuses a bad limit or cursor with a code, and keeps a foreign turbine unknown', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    await seedMedia(turbine, 5);
    for (const limit of ['0', '1001', 'abc', '2.5']) {
      const reply = await page(turbine, `limit=${limit}`);
      expect(reply.status, limit).toBe(400);
      expect(reply.body, limit).toMatchObject({ success: false, code: 'LIMIT_INVALID' });
    }
    const forged = Buffer.from(JSON.stringify(["2026-01-01'; DROP TABLE media; --", 1])).toString('base64url');
    for (const cursor of ['not*base64', 'bm90IGpzb24', forged, Buffer.from('[1,2,3]').toString('base64url')]) {
      const reply = await page(turbine, `cursor=${cursor}`);
      expect(reply.status, cursor).toBe(400);
      expect(reply.body, cursor).toMatchObject({ success: false, code: 'CURSOR_INVALID' });
    }
    const foreign = await page(turbine, 'view=all', foreignOperator);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'TURBINE_NOT_FOUND' });
  });

  it('reads a page of media in one SQL statement, however many photos the turbine has', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    await seedMedia(turbine, 600);
    const statements: string[] = [];
    const query = app.dataSource.query.bind(app.dataSource);
    app.dataSource.query = ((sql: string, ...rest: unknown[]) => {
      statements.push(sql);
      return query(sql, ...(rest as [unknown[]]));
    }) as typeof app.dataSource.query;
    try {
      const first = await page(turbine, 'view=all');
      expect(first.body.next_cursor).toEqual(expect.any(String));
      await page(turbine, `view=all&cursor=${first.body.next_cursor}`);
    } finally {
      app.dataSource.query = query;
    }
    expect(statements.filter((sql) => /\bFROM media\b/.test(sql))).toHaveLength(2);
  });
});

describe('compression', () => {
  /** A raw GET, so the test sees the bytes on the wire rather than what fetch decoded. */
  function rawGet(path: string, headers: Record<string, string>) {
    return new Promise<{ status: number; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      const token = (operator as { token: string }).token;
      const request = httpRequest(`${app.baseUrl}${path}`, {
        headers: { ...headers, Authorization: `Bearer ${token}` },
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: response.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on('error', reject);
      request.end();
    });
  }

  it('compresses JSON answers with brotli or gzip as the client accepts, and not at all when it does not', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    await seedMedia(turbine, 200);
    const path = `/api/turbines/${turbine}/photos?view=all`;
    const plain = await rawGet(path, {});
    expect(plain.status).toBe(200);
    expect(plain.encoding).toBeUndefined();
    const json = JSON.parse(plain.body.toString('utf8')) as ApiPage<MediaItem>;
    expect(json.data).toHaveLength(200);

    const br = await rawGet(path, { 'Accept-Encoding': 'br, gzip' });
    expect(br.encoding).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect((JSON.parse(brotliDecompressSync(br.body).toString('utf8')) as ApiPage<MediaItem>).total).toBe(200);

    const gzip = await rawGet(path, { 'Accept-Encoding': 'gzip' });
    expect(gzip.encoding).toBe('gzip');
    expect((JSON.parse(gunzipSync(gzip.body).toString('utf8')) as ApiPage<MediaItem>).data).toHaveLength(200);
  });
});

describe('checking names before an upload', () => {
  it('answers the names an upload would skip, with the spec reason, and nothing for good new names', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    await seedMedia(turbine, 3);
    const reply = await api(app, 'post', '/turbines/{id}/photos/check-names', {
      path: { id: turbine },
      as: operator,
      body: { names: ['new_1.jpg', 'img_00001.JPG', 'bad name.jpg', 'new_1.jpg', 'şekil.png'] },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data.skipped.map((skip) => [skip.name, skip.code])).toEqual([
      ['new_1.jpg', 'DUPLICATE_FILE_NAME'],
      ['img_00001.JPG', 'DUPLICATE_FILE_NAME'],
      ['bad name.jpg', 'FILE_NAME_INVALID'],
      ['şekil.png', 'FILE_NAME_INVALID'],
    ]);
    expect(reply.body.data.skipped[1]!.message).toContain('Aynı isimde fotoğraflar zaten mevcut');
    const empty = await call(app, 'POST', `/api/turbines/${turbine}/photos/check-names`, {
      as: operator,
      body: { names: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'NO_FILES' });
  });
});

describe('where the media are', () => {
  it('counts the current media of each year, category, blade and room: the same as the list holds', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    await seedMedia(turbine, 120);
    // An edited photo is one photo: only its current version counts.
    await app.dataSource.query(
      `UPDATE media SET is_current = false WHERE turbine_id = $1 AND original_name = 'IMG_00001.jpg'`,
      [turbine],
    );
    const reply = await call<{ data: MediaPlaceCount[] }>(app, 'GET', `/api/turbines/${turbine}/photos/summary`, {
      as: operator,
    });
    expect(reply.status, reply.text).toBe(200);

    const { items } = await everyPage(turbine, 'view=all&limit=1000');
    expect(items).toHaveLength(119);
    const expected = new Map<string, number>();
    for (const item of items) {
      const place = `${item.year}/${item.category || 'blade'}/${item.blade}/${item.room}`;
      expected.set(place, (expected.get(place) ?? 0) + 1);
    }
    const answered = new Map(
      reply.body.data.map((place) => [`${place.year}/${place.category}/${place.blade}/${place.room}`, place.count]),
    );
    expect(answered).toEqual(expected);
    expect(reply.body.data.map((place) => place.year)).toEqual(
      [...reply.body.data.map((place) => place.year)].sort((a, b) => b - a),
    );

    const foreign = await call(app, 'GET', `/api/turbines/${turbine}/photos/summary`, { as: foreignOperator });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'TURBINE_NOT_FOUND' });
  });
});
