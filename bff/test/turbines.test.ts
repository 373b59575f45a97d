import { type Role, type Turbine, type TurbineDetail } from '@kanat360/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { translator } from '@kanat360/i18n';
import { makeCompany, makeMedia, makeTurbine, makeUser, type MadeCompany, PASSWORD, unique } from './factories.js';
import { countOf } from './eventually.js';
import { api, call, type Credentials, malformed, type RequestBody, signIn, unchecked } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { TurbinePurgeWorker } from '@/turbines/turbine-purge.worker.js';

const inTurkish = translator('tr');

interface TurbineRow {
  id: number;
  turbine_name: string | null;
  code: string;
  city: string;
  location: string;
  site_name: string | null;
  coordinates: string | null;
  rooms: number;
  status: string;
  company_id: number;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

interface ErrorReply {
  success: false;
  code: string;
  message: string;
  field?: string;
}

type ListReply = { success: true; data: Turbine[] };
type NewTurbine = RequestBody<'post', '/turbines'>;

const TURBINE_KEYS = [
  'blade_length_m',
  'city',
  'commissioned_year',
  'code',
  'company_id',
  'company_name',
  'coordinates',
  'created_at',
  'hub_height_m',
  'id',
  'latitude',
  'location',
  'longitude',
  'manufacturer',
  'media_count',
  'model',
  'name',
  'open_repairs',
  'overdue_repairs',
  'photo_count',
  'rated_power_kw',
  'rooms',
  'rotor_diameter_m',
  'site_name',
  'status',
  'turbine_name',
  'updated_at',
  'worst_open_severity',
].sort();

const NOT_FOUND = { success: false, code: 'TURBINE_NOT_FOUND', message: inTurkish('errors.TURBINE_NOT_FOUND') };

let app: TestApp;
/** The callers' company. */
let home: MadeCompany;
/** Another partner company. */
let other: MadeCompany;
let superadmin: Credentials;
/** Every role of the home company, the superadmin included. */
const as: Partial<Record<Role, Credentials>> = {};
/** An admin of the other company. */
let otherAdmin: Credentials;

async function turbineRow(id: number): Promise<TurbineRow | undefined> {
  const rows: TurbineRow[] = await app.dataSource.query(
    `SELECT id, turbine_name, code, city, location, site_name, coordinates, rooms, status, company_id, created_at,
            updated_at, deleted_at
       FROM turbines WHERE id = $1`,
    [id],
  );
  return rows[0];
}

const turbineCount = () => countOf(app.dataSource, `SELECT count(*)::int AS count FROM turbines`);

/** The purge jobs queued for a turbine. */
const purgeJobs = (turbineId: number) =>
  countOf(
    app.dataSource,
    `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'turbine.purge' AND (data->>'turbineId')::int = $1`,
    [turbineId],
  );

/** A media row written straight to the table, as an upload would leave it. Answers its id. */
function insertMedia(
  turbineId: number,
  input: { kind?: 'photo' | 'video' | 'pointcloud'; isCurrent?: boolean; originalId?: number; year?: number } = {},
): Promise<number> {
  const { isCurrent: current, ...rest } = input;
  return makeMedia(app, turbineId, { ...rest, current, year: input.year ?? 2025 });
}

async function insertPhotos(turbineId: number, count: number): Promise<void> {
  await app.dataSource.query(
    `INSERT INTO media (turbine_id, asset_id, storage_key, kind, category, blade, room, year, month, original_name,
                        size, mime, status, is_current)
     SELECT $1::int, gen_random_uuid(), 'turbines/' || $1::text || '/bulk/' || gen_random_uuid() || '.jpg', 'photo',
            'blade', 'B', 2, 2024, 7, 'bulk-' || $2::text || '-' || n || '.jpg', 2000, 'image/jpeg', 'ready', true
       FROM generate_series(1, $3::int) AS n`,
    [turbineId, unique(), count],
  );
}

/** A valid create body for an admin or superadmin of `company`. */
function newTurbine(company: { id: number }, overrides: Partial<NewTurbine> = {}): NewTurbine {
  return {
    turbine_name: 'Aliağa T1',
    city: 'izmir',
    code: `T-${unique()}`,
    rooms: 3,
    location: 'Aliağa RES',
    site_name: 'Aliağa',
    coordinates: '38.8,26.97',
    company_id: company.id,
    ...overrides,
  };
}

async function create(body: NewTurbine, caller: Credentials = superadmin): Promise<Turbine> {
  const reply = await api(app, 'post', '/turbines', { as: caller, body });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.data;
}

async function list(caller: Credentials, query: '' | `?${string}` = ''): Promise<Turbine[]> {
  const reply = await call<ListReply>(app, 'GET', `/api/turbines${query}`, { as: caller });
  expect(reply.status, reply.text).toBe(200);
  expect(reply.body.success).toBe(true);
  return reply.body.data;
}

beforeAll(async () => {
  // No job workers: a deleted turbine stays marked until the test runs its purge itself.
  app = await startTestApp({ WORKER: 'off' });
  home = await makeCompany(app.dataSource);
  other = await makeCompany(app.dataSource);
  for (const role of ['superadmin', 'admin', 'company_manager', 'operator', 'customer'] as const) {
    const user = await makeUser(app.dataSource, { role, companyId: home.id });
    as[role] = (await signIn(app, user.email, PASSWORD)).bearer;
  }
  superadmin = as.superadmin!;
  const admin = await makeUser(app.dataSource, { role: 'admin', companyId: other.id });
  otherAdmin = (await signIn(app, admin.email, PASSWORD)).bearer;
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const TENANT_ROLES = ['admin', 'company_manager', 'operator', 'customer'] as const;

describe('GET /api/turbines', () => {
  it.each(TENANT_ROLES)("shows %s only its own company's turbines", async (role) => {
    const mine = await makeTurbine(app.dataSource, home.id);
    const theirs = await makeTurbine(app.dataSource, other.id);
    const data = await list(as[role]!);
    const ids = new Set(data.map((turbine) => turbine.id));
    expect(ids.has(mine)).toBe(true);
    expect(ids.has(theirs)).toBe(false);
    expect(data.every((turbine) => turbine.company_id === home.id && turbine.company_name === home.name)).toBe(true);
    const rows: { id: number }[] = await app.dataSource.query(
      `SELECT id FROM turbines WHERE company_id = $1 AND deleted_at IS NULL`,
      [home.id],
    );
    expect(ids).toEqual(new Set(rows.map((row) => row.id)));
  });

  it('shows a superadmin every company, and filter_company_id narrows it to one', async () => {
    const mine = await makeTurbine(app.dataSource, home.id);
    const theirs = await makeTurbine(app.dataSource, other.id);
    const all = await list(superadmin);
    const rows: { id: number }[] = await app.dataSource.query(`SELECT id FROM turbines WHERE deleted_at IS NULL`);
    expect(new Set(all.map((turbine) => turbine.id))).toEqual(new Set(rows.map((row) => row.id)));
    expect(all.find((turbine) => turbine.id === theirs)).toMatchObject({
      company_id: other.id,
      company_name: other.name,
    });

    const filtered = await list(superadmin, `?filter_company_id=${other.id}`);
    expect(filtered.some((turbine) => turbine.id === theirs)).toBe(true);
    expect(filtered.some((turbine) => turbine.id === mine)).toBe(false);
    expect(filtered.every((turbine) => turbine.company_id === other.id)).toBe(true);

    // A company with no turbines filters to nothing.
    const empty = await makeCompany(app.dataSource);
    expect(await list(superadmin, `?filter_company_id=${empty.id}`)).toEqual([]);
  });

  it('ignores filter_company_id and the forged identity parameters for anyone but a superadmin', async () => {
    const theirs = await makeTurbine(app.dataSource, other.id);
    const forged = `?user_id=1&role=superadmin&company_id=${other.id}&filter_company_id=${other.id}` as const;
    for (const role of TENANT_ROLES) {
      const data = await list(as[role]!, forged);
      expect(data.length, role).toBeGreaterThan(0);
      expect(data.some((turbine) => turbine.id === theirs)).toBe(false);
      expect(data.every((turbine) => turbine.company_id === home.id)).toBe(true);
    }
    // The forged parameters change nothing for a superadmin either: only filter_company_id filters.
    const all = await list(superadmin, `?company_id=${other.id}&role=customer`);
    expect(all.some((turbine) => turbine.company_id === home.id)).toBe(true);
  });

  it('refuses a filter_company_id that is not an id with 422 COMPANY_INVALID', async () => {
    for (const value of ['abc', '-1', '0', '1.5', '99999999999']) {
      const reply = await call(app, 'GET', `/api/turbines?filter_company_id=${value}`, { as: superadmin });
      expect(reply.status, value).toBe(422);
      expect(reply.body).toMatchObject({ success: false, code: 'COMPANY_INVALID', field: 'filter_company_id' });
    }
  });

  it('carries every field of spec §3 with company_name, photo_count and rooms', async () => {
    const created = await create(newTurbine(home, { rooms: 7, status: 'maintenance' }));
    await insertPhotos(created.id, 4);
    const item = (await list(superadmin)).find((turbine) => turbine.id === created.id);
    expect(item).toEqual({
      id: created.id,
      turbine_name: 'Aliağa T1',
      name: 'Aliağa T1',
      code: created.code,
      city: 'izmir',
      location: 'Aliağa RES',
      site_name: 'Aliağa',
      coordinates: '38.8,26.97',
      latitude: 38.8,
      longitude: 26.97,
      manufacturer: null,
      model: null,
      rated_power_kw: null,
      hub_height_m: null,
      rotor_diameter_m: null,
      blade_length_m: null,
      commissioned_year: null,
      rooms: 7,
      status: 'maintenance',
      company_id: home.id,
      company_name: home.name,
      photo_count: 4,
      media_count: 4,
      worst_open_severity: null,
      open_repairs: 0,
      overdue_repairs: 0,
      created_at: expect.any(String) as string,
      updated_at: expect.any(String) as string,
    });
    expect(Object.keys(item!).sort()).toEqual(TURBINE_KEYS);
    expect(Number.isNaN(Date.parse(item!.created_at))).toBe(false);
  });

  it('counts the current photos in photo_count and every current medium (videos, point clouds too) in media_count', async () => {
    const id = await makeTurbine(app.dataSource, home.id);
    const first = await insertMedia(id);
    await insertMedia(id);
    await insertMedia(id, { kind: 'video' });
    await insertMedia(id, { kind: 'pointcloud' });
    // An edited photo: the original stops being current and the new version is; still one photo.
    await app.dataSource.query(`UPDATE media SET is_current = false WHERE id = $1`, [first]);
    await insertMedia(id, { originalId: first });
    // Another turbine's photos are not counted here.
    await insertPhotos(await makeTurbine(app.dataSource, home.id), 3);

    const item = (await list(as.operator!)).find((turbine) => turbine.id === id);
    expect(item?.photo_count).toBe(2);
    // What the photo list shows: the two photos, the video and the point cloud.
    expect(item?.media_count).toBe(4);
    const empty = await makeTurbine(app.dataSource, home.id);
    expect((await list(as.operator!)).find((turbine) => turbine.id === empty)).toMatchObject({
      photo_count: 0,
      media_count: 0,
    });
  });

  it('shows the newest turbine first', async () => {
    const company = await makeCompany(app.dataSource);
    const older = await create(newTurbine(company));
    const newer = await create(newTurbine(company));
    const data = await list(superadmin, `?filter_company_id=${company.id}`);
    expect(data.map((turbine) => turbine.id)).toEqual([newer.id, older.id]);
  });

  it('answers 50 turbines with their photo counts in one query of the turbine tables', async () => {
    const company = await makeCompany(app.dataSource);
    const expected = new Map<number, number>();
    for (let index = 0; index < 50; index += 1) {
      const id = await makeTurbine(app.dataSource, company.id);
      const photos = (index % 7) + 1;
      await insertPhotos(id, photos);
      expected.set(id, photos);
    }
    const user = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
    const operator = (await signIn(app, user.email, PASSWORD)).bearer;

    // Every SQL statement TypeORM sends goes through its query runner: count those that read turbines or media.
    const runner = app.dataSource.createQueryRunner();
    const prototype = Object.getPrototypeOf(runner) as { query: (sql: string, ...rest: unknown[]) => unknown };
    await runner.release();
    const spy = vi.spyOn(prototype, 'query');
    const data = await list(operator);
    const touching = spy.mock.calls.map(([sql]) => sql).filter((sql) => /\b(turbines|media)\b/.test(sql));
    spy.mockRestore();

    expect(touching).toHaveLength(1);
    expect(data).toHaveLength(50);
    expect(new Map(data.map((turbine) => [turbine.id, turbine.photo_count]))).toEqual(expected);
    expect(data.every((turbine) => turbine.company_name === company.name && turbine.rooms === 3)).toBe(true);
  });

  it('refuses an anonymous caller with 401', async () => {
    const reply = await call(app, 'GET', '/api/turbines');
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });
});

describe('GET /api/turbines/:id', () => {
  it('lists the campaign years that have media, newest first, with no year twice', async () => {
    const id = await makeTurbine(app.dataSource, home.id);
    const empty = await call<{ data: TurbineDetail }>(app, 'GET', `/api/turbines/${id}`, { as: superadmin });
    expect(empty.body.data.media_years).toEqual([]);
    await insertMedia(id, { year: 2022 });
    await insertMedia(id, { year: 2025 });
    await insertMedia(id, { year: 2022 });
    const reply = await call<{ data: TurbineDetail }>(app, 'GET', `/api/turbines/${id}`, { as: superadmin });
    expect(reply.body.data.media_years).toEqual([2025, 2022]);
  });

  it('answers the turbine as `turbine` and as `data`', async () => {
    const created = await create(newTurbine(home, { turbine_name: null, city: 'İZMİR' }));
    await insertPhotos(created.id, 2);
    for (const role of ['superadmin', ...TENANT_ROLES] as const) {
      const reply = await call<{ success: true; data: TurbineDetail; turbine: TurbineDetail }>(
        app,
        'GET',
        `/api/turbines/${created.id}`,
        { as: as[role]! },
      );
      expect(reply.status, role).toBe(200);
      expect(reply.body.success).toBe(true);
      expect(reply.body.turbine).toEqual(reply.body.data);
      expect(reply.body.data).toMatchObject({
        id: created.id,
        turbine_name: null,
        city: 'izmir',
        company_id: home.id,
        company_name: home.name,
        photo_count: 2,
        rooms: 3,
        status: 'active',
        media_years: [2024],
      });
      expect(Object.keys(reply.body.data).sort()).toEqual([...TURBINE_KEYS, 'media_years'].sort());
    }
  });

  it('names a turbine without turbine_name after its city with the suffix "Türbini"', async () => {
    const plain = await create(newTurbine(home, { turbine_name: '', city: 'Bandırma' }));
    expect(plain).toMatchObject({ turbine_name: null, name: 'Bandırma Türbini', city: 'bandırma' });
    // Capitalised with Turkish rules: i → İ and ı → I.
    const dotted = await create(newTurbine(home, { turbine_name: undefined, city: 'izmir' }));
    expect(dotted.name).toBe('İzmir Türbini');
    const dotless = await create(newTurbine(home, { turbine_name: undefined, city: 'IĞDIR' }));
    expect(dotless).toMatchObject({ city: 'ığdır', name: 'Iğdır Türbini' });
    const words = await create(newTurbine(home, { turbine_name: undefined, city: 'ÇANAKKALE merkez' }));
    expect(words.name).toBe('Çanakkale Merkez Türbini');
    const fetched = await call<{ turbine: Turbine }>(app, 'GET', `/api/turbines/${dotted.id}`, { as: superadmin });
    expect(fetched.body.turbine.name).toBe('İzmir Türbini');
    expect((await list(superadmin)).find((turbine) => turbine.id === dotted.id)?.name).toBe('İzmir Türbini');
    const named = await create(newTurbine(home, { turbine_name: undefined, name: 'Soma 4' }));
    expect(named).toMatchObject({ turbine_name: 'Soma 4', name: 'Soma 4' });
  });

  it.each(TENANT_ROLES)(
    "answers %s 404 TURBINE_NOT_FOUND for another company's turbine, exactly like a missing one",
    async (role) => {
      const theirs = await makeTurbine(app.dataSource, other.id);
      const foreign = await call(app, 'GET', `/api/turbines/${theirs}`, { as: as[role]! });
      const missing = await call(app, 'GET', '/api/turbines/2147480000', { as: as[role]! });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(NOT_FOUND);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(foreign.body);
      // The superadmin reaches it.
      expect((await call(app, 'GET', `/api/turbines/${theirs}`, { as: superadmin })).status).toBe(200);
    },
  );

  it.each([
    ['a missing id', '2147480000'],
    ['a non-numeric id', 'abc'],
    ['a negative id', '-5'],
    ['a zero id', '0'],
    ['a decimal id', '1.5'],
    ['an out-of-range id', '99999999999'],
  ])('answers 404 TURBINE_NOT_FOUND for %s', async (_label, id) => {
    const reply = await call(app, 'GET', unchecked(`/api/turbines/${id}`), { as: superadmin });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(NOT_FOUND);
  });

  it('answers in English when asked to', async () => {
    const reply = await call(app, 'GET', '/api/turbines/2147480000', {
      as: superadmin,
      headers: { 'Accept-Language': 'en' },
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ code: 'TURBINE_NOT_FOUND' });
    expect((reply.body as unknown as ErrorReply).message).not.toBe(NOT_FOUND.message);
  });
});

describe('POST /api/turbines', () => {
  it('creates a turbine for a superadmin in any company and answers it', async () => {
    const before = await turbineCount();
    const body = newTurbine(other, { turbine_name: '  Soma T4 ', code: ' SOMA-4 ', location: ' Soma ' });
    const reply = await api(app, 'post', '/turbines', { as: superadmin, body });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      success: true,
      message: inTurkish('api.turbineCreated'),
      data: {
        turbine_name: 'Soma T4',
        name: 'Soma T4',
        code: 'SOMA-4',
        city: 'izmir',
        location: 'Soma',
        site_name: 'Aliağa',
        coordinates: '38.8,26.97',
        rooms: 3,
        status: 'active',
        company_id: other.id,
        company_name: other.name,
        photo_count: 0,
      },
    });
    expect(await turbineCount()).toBe(before + 1);
    expect(await turbineRow(reply.body.data.id)).toMatchObject({
      turbine_name: 'Soma T4',
      code: 'SOMA-4',
      city: 'izmir',
      location: 'Soma',
      rooms: 3,
      status: 'active',
      company_id: other.id,
      deleted_at: null,
    });
  });

  it('creates a turbine for an admin in its own company; it is listed first', async () => {
    const created = await create(newTurbine(home, { company_id: String(home.id) }), as.admin);
    expect(created).toMatchObject({ company_id: home.id, company_name: home.name });
    expect((await list(as.admin!))[0]?.id).toBe(created.id);
  });

  it.each([
    ['missing', {}],
    ['null', { company_id: null }],
    ['empty', { company_id: '' }],
  ])('refuses an admin or superadmin with a %s company with 400 COMPANY_REQUIRED', async (_label, company) => {
    const before = await turbineCount();
    for (const caller of [as.admin!, superadmin]) {
      const body = { ...newTurbine(home), company_id: undefined, ...company };
      const reply = await call(app, 'POST', '/api/turbines', { as: caller, body: malformed(body) });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        success: false,
        code: 'COMPANY_REQUIRED',
        message: inTurkish('errors.COMPANY_REQUIRED'),
        field: 'company_id',
      });
    }
    expect(await turbineCount()).toBe(before);
  });

  it('refuses an admin picking another company with 422 COMPANY_INVALID, forged role or not', async () => {
    const before = await turbineCount();
    for (const body of [newTurbine(other), newTurbine(other, { role: 'superadmin', user_id: 1 })]) {
      const reply = await call(app, 'POST', '/api/turbines', { as: as.admin!, body });
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({
        success: false,
        code: 'COMPANY_INVALID',
        message: inTurkish('errors.COMPANY_INVALID'),
        field: 'company_id',
      });
    }
    // The other company's admin is refused the home company the same way.
    expect((await call(app, 'POST', '/api/turbines', { as: otherAdmin, body: newTurbine(home) })).status).toBe(422);
    expect(await turbineCount()).toBe(before);
  });

  it('refuses a company that does not exist or is not an id with 422 COMPANY_INVALID', async () => {
    const before = await turbineCount();
    for (const company of [2147480000, -1, 0, 1.5, 'abc', true]) {
      const reply = await call(app, 'POST', '/api/turbines', {
        as: superadmin,
        body: malformed({ ...newTurbine(home), company_id: company }),
      });
      expect(reply.status, String(company)).toBe(422);
      expect(reply.body).toMatchObject({ success: false, code: 'COMPANY_INVALID', field: 'company_id' });
    }
    expect(await turbineCount()).toBe(before);
  });

  it.each(['company_manager', 'operator', 'customer'] as const)('refuses %s with 403', async (role) => {
    const before = await turbineCount();
    const reply = await call(app, 'POST', '/api/turbines', { as: as[role]!, body: newTurbine(home) });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ success: false, code: 'FORBIDDEN', message: inTurkish('errors.FORBIDDEN') });
    expect(await turbineCount()).toBe(before);
  });

  it('refuses an anonymous caller with 401', async () => {
    const before = await turbineCount();
    const reply = await call(app, 'POST', '/api/turbines', { body: newTurbine(home) });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect(await turbineCount()).toBe(before);
  });

  it.each([
    ['İZMİR', 'izmir'],
    ['  Çanakkale ', 'çanakkale'],
    ['ISPARTA', 'ısparta'],
    ['BALIKESİR', 'balıkesir'],
    ['Muğla', 'muğla'],
  ])('lowercases the city %j as Turkish does: %j', async (city, stored) => {
    const created = await create(newTurbine(home, { city }));
    expect(created.city).toBe(stored);
    expect((await turbineRow(created.id))?.city).toBe(stored);
  });

  it.each([
    ['missing', undefined, 3],
    ['empty', '', 3],
    ['a number', 7, 7],
    ['a numeric string', '4', 4],
    ['a padded numeric string', ' 12 ', 12],
    ['one', 1, 1],
  ])('takes rooms %s (%j) as %d', async (_label, rooms, stored) => {
    const created = await create(newTurbine(home, { rooms }));
    expect(created.rooms).toBe(stored);
    expect((await turbineRow(created.id))?.rooms).toBe(stored);
  });

  it.each([0, -1, 2.5, '2.5', 'abc', '1e2x', null, true, [3], { n: 3 }, 1_000_000, Number.MAX_SAFE_INTEGER + 2])(
    'refuses rooms %j with 400 ROOMS_INVALID',
    async (rooms) => {
      const before = await turbineCount();
      const reply = await call(app, 'POST', '/api/turbines', {
        as: superadmin,
        body: malformed({ ...newTurbine(home), rooms }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        success: false,
        code: 'ROOMS_INVALID',
        message: inTurkish('errors.ROOMS_INVALID'),
        field: 'rooms',
      });
      expect(await turbineCount()).toBe(before);
    },
  );

  it.each([
    ['city', 'CITY_REQUIRED', 'Şehir gereklidir'],
    ['code', 'CODE_REQUIRED', 'Türbin kodu gereklidir'],
    ['location', 'LOCATION_REQUIRED', 'Konum gereklidir'],
  ])('refuses a missing, null or blank %s with 400 %s', async (field, code, message) => {
    const before = await turbineCount();
    for (const value of [undefined, null, '', '   ']) {
      const reply = await call(app, 'POST', '/api/turbines', {
        as: superadmin,
        body: malformed({ ...newTurbine(home), [field]: value }),
      });
      expect(reply.status, String(value)).toBe(400);
      expect(reply.body).toEqual({ success: false, code, message, field });
    }
    expect(await turbineCount()).toBe(before);
  });

  it('defaults the status to active and accepts every status of the set', async () => {
    expect((await create(newTurbine(home))).status).toBe('active');
    for (const status of ['active', 'maintenance', 'faulty', 'offline', 'inactive'] as const) {
      const created = await create(newTurbine(home, { status }));
      expect(created.status).toBe(status);
      expect((await turbineRow(created.id))?.status).toBe(status);
    }
  });

  it.each(['unknown', 'broken', 'ACTIVE', '', null, 3])('refuses status %j with 400 STATUS_INVALID', async (status) => {
    const before = await turbineCount();
    const reply = await call(app, 'POST', '/api/turbines', {
      as: superadmin,
      body: malformed({ ...newTurbine(home), status }),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      success: false,
      code: 'STATUS_INVALID',
      message: inTurkish('errors.STATUS_INVALID'),
      field: 'status',
    });
    expect(await turbineCount()).toBe(before);
  });

  it('refuses an unknown field with 400 UNKNOWN_FIELD', async () => {
    const before = await turbineCount();
    for (const field of ['id', 'photo_count', 'deleted_at', 'company_name']) {
      const reply = await call(app, 'POST', '/api/turbines', {
        as: superadmin,
        body: malformed({ ...newTurbine(home), [field]: 5 }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        success: false,
        code: 'UNKNOWN_FIELD',
        message: `Bilinmeyen alan: ${field}`,
        field,
      });
    }
    expect(await turbineCount()).toBe(before);
  });

  it("accepts the seed client's user_id and role and ignores them", async () => {
    const created = await create(newTurbine(home, { user_id: 12345, role: 'customer' }), as.admin);
    expect(created.company_id).toBe(home.id);
    const forged = await create(newTurbine(other, { user_id: 'x', role: { any: 'thing' } }));
    expect(forged.company_id).toBe(other.id);
  });

  it.each([
    ['turbine_name', '121 characters', 'n'.repeat(121), 'VALUE_TOO_LONG'],
    ['code', '65 characters', 'c'.repeat(65), 'VALUE_TOO_LONG'],
    ['city', '81 characters', 'c'.repeat(81), 'VALUE_TOO_LONG'],
    ['location', '201 characters', 'l'.repeat(201), 'VALUE_TOO_LONG'],
    ['site_name', '121 characters', 's'.repeat(121), 'VALUE_TOO_LONG'],
    ['coordinates', '65 characters', '1'.repeat(65), 'VALUE_TOO_LONG'],
    ['code', 'a number', 42, 'VALIDATION_ERROR'],
    ['city', 'an array', ['izmir'], 'VALIDATION_ERROR'],
    ['location', 'an object', { at: 'x' }, 'VALIDATION_ERROR'],
    ['turbine_name', 'a number', 5, 'VALIDATION_ERROR'],
    ['coordinates', 'an array', [38, 27], 'VALIDATION_ERROR'],
    ['code', 'a NUL character', 'T-\u0000-1', 'VALIDATION_ERROR'],
  ])('refuses %s of %s with 400 %s', async (field, _label, value, code) => {
    const before = await turbineCount();
    const reply = await call(app, 'POST', '/api/turbines', {
      as: superadmin,
      body: malformed({ ...newTurbine(home), [field]: value }),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, code, field });
    expect(await turbineCount()).toBe(before);
  });

  it('refuses a body that is not a JSON object with 400', async () => {
    const before = await turbineCount();
    for (const body of [[newTurbine(home)], 'turbine', 42, null, true]) {
      const reply = await call(app, 'POST', '/api/turbines', { as: superadmin, body: malformed(body) });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body).toMatchObject({ success: false });
    }
    const invalidJson = await call(app, 'POST', '/api/turbines', { as: superadmin, raw: '{"city": "izmir",' });
    expect(invalidJson.status).toBe(400);
    expect(invalidJson.body).toMatchObject({ success: false, code: 'INVALID_JSON' });
    expect(await turbineCount()).toBe(before);
  });

  it('answers in English when asked to', async () => {
    const reply = await call(app, 'POST', '/api/turbines', {
      as: superadmin,
      body: newTurbine(home, { rooms: 0 }),
      headers: { 'Accept-Language': 'en' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'ROOMS_INVALID' });
    expect((reply.body as unknown as ErrorReply).message).not.toBe(inTurkish('errors.ROOMS_INVALID'));
  });
});

describe('PUT /api/turbines/:id', () => {
  it('updates every field for a superadmin and answers the stored turbine', async () => {
    const turbine = await create(newTurbine(home));
    const before = await turbineRow(turbine.id);
    const reply = await api(app, 'put', '/turbines/{id}', {
      path: { id: turbine.id },
      as: superadmin,
      body: {
        turbine_name: 'Renamed',
        city: 'MUĞLA',
        code: 'NEW-1',
        rooms: '5',
        location: 'Milas',
        site_name: '',
        coordinates: null,
        status: 'faulty',
        company_id: home.id,
        user_id: 1,
        role: 'superadmin',
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      message: inTurkish('api.turbineUpdated'),
      data: {
        id: turbine.id,
        turbine_name: 'Renamed',
        name: 'Renamed',
        city: 'muğla',
        code: 'NEW-1',
        rooms: 5,
        location: 'Milas',
        site_name: null,
        coordinates: null,
        status: 'faulty',
        company_id: home.id,
      },
    });
    const after = await turbineRow(turbine.id);
    expect(after).toMatchObject({ city: 'muğla', code: 'NEW-1', rooms: 5, status: 'faulty', site_name: null });
    expect(after!.updated_at.getTime()).toBeGreaterThan(before!.updated_at.getTime());
    expect(after!.created_at).toEqual(before!.created_at);
  });

  it('keeps rooms, status and company when the body leaves them out', async () => {
    const turbine = await create(newTurbine(other, { rooms: 9, status: 'offline' }));
    const reply = await api(app, 'put', '/turbines/{id}', {
      path: { id: turbine.id },
      as: superadmin,
      body: { city: 'izmir', code: turbine.code, location: 'Elsewhere' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ rooms: 9, status: 'offline', company_id: other.id, location: 'Elsewhere' });
    expect(await turbineRow(turbine.id)).toMatchObject({ rooms: 9, status: 'offline', company_id: other.id });
  });

  it('moves a turbine to another company for a superadmin', async () => {
    const turbine = await create(newTurbine(home));
    const reply = await api(app, 'put', '/turbines/{id}', {
      path: { id: turbine.id },
      as: superadmin,
      body: newTurbine(other, { code: turbine.code }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ company_id: other.id, company_name: other.name });
    expect((await turbineRow(turbine.id))?.company_id).toBe(other.id);
    // It has left the home company's list.
    expect((await list(as.operator!)).some((item) => item.id === turbine.id)).toBe(false);
  });

  it.each(['admin', 'company_manager', 'operator', 'customer'] as const)(
    'refuses %s with 403 and changes nothing',
    async (role) => {
      const turbine = await create(newTurbine(home));
      const before = await turbineRow(turbine.id);
      const reply = await call(app, 'PUT', `/api/turbines/${turbine.id}`, {
        as: as[role]!,
        body: newTurbine(home, { code: 'HACKED' }),
      });
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(await turbineRow(turbine.id)).toEqual(before);
    },
  );

  it('validates the body as POST does and changes nothing', async () => {
    const turbine = await create(newTurbine(home, { rooms: 4, status: 'maintenance' }));
    const before = await turbineRow(turbine.id);
    const cases: [Record<string, unknown>, string, number][] = [
      [{ city: ' ' }, 'CITY_REQUIRED', 400],
      [{ code: undefined }, 'CODE_REQUIRED', 400],
      [{ location: '' }, 'LOCATION_REQUIRED', 400],
      [{ rooms: 0 }, 'ROOMS_INVALID', 400],
      [{ rooms: 'abc' }, 'ROOMS_INVALID', 400],
      [{ rooms: 1.5 }, 'ROOMS_INVALID', 400],
      [{ status: 'unknown' }, 'STATUS_INVALID', 400],
      [{ photo_count: 9 }, 'UNKNOWN_FIELD', 400],
      [{ code: 7 }, 'VALIDATION_ERROR', 400],
      [{ company_id: 2147480000 }, 'COMPANY_INVALID', 422],
      [{ company_id: 'abc' }, 'COMPANY_INVALID', 422],
    ];
    for (const [overrides, code, status] of cases) {
      const reply = await call(app, 'PUT', `/api/turbines/${turbine.id}`, {
        as: superadmin,
        body: malformed({ ...newTurbine(home), ...overrides }),
      });
      expect(reply.status, JSON.stringify(overrides)).toBe(status);
      expect(reply.body).toMatchObject({ success: false, code });
    }
    const invalidJson = await call(app, 'PUT', `/api/turbines/${turbine.id}`, { as: superadmin, raw: '{city:' });
    expect(invalidJson.status).toBe(400);
    expect(invalidJson.body).toMatchObject({ success: false, code: 'INVALID_JSON' });
    expect(await turbineRow(turbine.id)).toEqual(before);
  });

  it.each([
    ['a missing id', '2147480000'],
    ['a non-numeric id', 'abc'],
    ['a zero id', '0'],
    ['an out-of-range id', '99999999999'],
  ])('answers 404 TURBINE_NOT_FOUND for %s', async (_label, id) => {
    const reply = await call(app, 'PUT', unchecked(`/api/turbines/${id}`), { as: superadmin, body: newTurbine(home) });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(NOT_FOUND);
  });
});

describe('DELETE /api/turbines/:id', () => {
  it('hides the turbine from list and get at once and queues its purge; the row waits for the job', async () => {
    const turbine = await create(newTurbine(other));
    await insertPhotos(turbine.id, 2);
    const reply = await call(app, 'DELETE', `/api/turbines/${turbine.id}`, {
      as: superadmin,
      // The seed client's body: accepted and ignored.
      body: malformed({ user_id: 1, role: 'superadmin', company_id: other.id }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, data: null, message: inTurkish('api.turbineDeleted') });

    expect((await list(superadmin)).some((item) => item.id === turbine.id)).toBe(false);
    expect((await list(otherAdmin)).some((item) => item.id === turbine.id)).toBe(false);
    for (const caller of [superadmin, otherAdmin]) {
      const get = await call(app, 'GET', `/api/turbines/${turbine.id}`, { as: caller });
      expect(get.status).toBe(404);
      expect(get.body).toEqual(NOT_FOUND);
    }
    const update = await call(app, 'PUT', `/api/turbines/${turbine.id}`, { as: superadmin, body: newTurbine(other) });
    expect(update.status).toBe(404);

    // The row (and its photos) stay, marked, until the purge job removes them.
    const row = await turbineRow(turbine.id);
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(
      await countOf(app.dataSource, `SELECT count(*)::int AS count FROM media WHERE turbine_id = $1`, [turbine.id]),
    ).toBe(2);
    expect(await purgeJobs(turbine.id)).toBe(1);

    // A second delete finds nothing, and queues nothing more.
    const again = await call(app, 'DELETE', `/api/turbines/${turbine.id}`, { as: superadmin });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(NOT_FOUND);
    expect(await purgeJobs(turbine.id)).toBe(1);
    expect((await turbineRow(turbine.id))?.deleted_at).toEqual(row?.deleted_at);
  });

  it('is finished by the purge job: blobs, row and photos go; running it twice does no harm', async () => {
    const turbine = await create(newTurbine(home));
    const keep = await create(newTurbine(home));
    await insertPhotos(turbine.id, 3);
    const storage = app.app.get<ObjectStorage>(OBJECT_STORAGE, { strict: false });
    await storage.put(`turbines/${turbine.id}/photos/a.jpg`, Buffer.from('jpeg'), 'image/jpeg');
    await storage.put(`turbines/${keep.id}/photos/b.jpg`, Buffer.from('jpeg'), 'image/jpeg');
    const purger = app.app.get(TurbinePurgeWorker, { strict: false });

    // A turbine that was never deleted is left alone.
    await purger.purge(keep.id);
    expect(await turbineRow(keep.id)).toBeDefined();

    expect((await call(app, 'DELETE', `/api/turbines/${turbine.id}`, { as: superadmin })).status).toBe(200);
    await purger.purge(turbine.id);
    await purger.purge(turbine.id);
    expect(await turbineRow(turbine.id)).toBeUndefined();
    expect(
      await countOf(app.dataSource, `SELECT count(*)::int AS count FROM media WHERE turbine_id = $1`, [turbine.id]),
    ).toBe(0);
    expect(await storage.head(`turbines/${turbine.id}/photos/a.jpg`)).toBeNull();
    expect(await storage.head(`turbines/${keep.id}/photos/b.jpg`)).not.toBeNull();
    expect(await turbineRow(keep.id)).toBeDefined();
  });

  it.each(['admin', 'company_manager', 'operator', 'customer'] as const)(
    'refuses %s with 403 and changes nothing',
    async (role) => {
      const turbine = await makeTurbine(app.dataSource, home.id);
      const reply = await call(app, 'DELETE', `/api/turbines/${turbine}`, { as: as[role]! });
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect((await turbineRow(turbine))?.deleted_at).toBeNull();
      expect(await purgeJobs(turbine)).toBe(0);
    },
  );

  it('refuses an anonymous caller with 401', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const reply = await call(app, 'DELETE', `/api/turbines/${turbine}`);
    expect(reply.status).toBe(401);
    expect((await turbineRow(turbine))?.deleted_at).toBeNull();
  });

  it.each([
    ['a missing id', '2147480000'],
    ['a non-numeric id', 'abc'],
    ['a negative id', '-1'],
    ['an out-of-range id', '99999999999'],
  ])('answers 404 TURBINE_NOT_FOUND for %s', async (_label, id) => {
    const reply = await call(app, 'DELETE', unchecked(`/api/turbines/${id}`), { as: superadmin });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(NOT_FOUND);
  });
});

describe('companies and their turbines', () => {
  it('refuses to delete a company while it has turbines, and counts them', async () => {
    const company = await makeCompany(app.dataSource);
    const first = await create(newTurbine(company));
    await create(newTurbine(company));
    const companies = await call<{ data: { id: number; turbine_count: number }[] }>(app, 'GET', '/api/companies', {
      as: superadmin,
    });
    expect(companies.body.data.find((item) => item.id === company.id)?.turbine_count).toBe(2);

    const reply = await call(app, 'DELETE', `/api/companies/${company.id}`, { as: superadmin });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      success: false,
      code: 'COMPANY_HAS_DEPENDENTS',
      message: 'Bu şirkete bağlı 0 kullanıcı ve 2 türbin var. Şirketi silmeden önce bunları silin.',
    });
    const rows: unknown[] = await app.dataSource.query(`SELECT 1 FROM companies WHERE id = $1`, [company.id]);
    expect(rows).toHaveLength(1);
    expect((await turbineRow(first.id))?.deleted_at).toBeNull();
  });
});
