import { type Turbine } from '@kanat360/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser, type MadeCompany, PASSWORD, unique } from './factories.js';
import { countOf } from './eventually.js';
import { api, call, type Credentials, malformed, type RequestBody, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';
import { TurbineAssets1795800000000 } from '@/database/migrations/1795800000000-turbine-assets.js';

// The asset register (issue #25): model data and a position as numbers, `coordinates` kept in sync with them.

type OneReply = { success: true; data: Turbine };
type NewTurbine = RequestBody<'post', '/turbines'>;

let app: TestApp;
let home: MadeCompany;
let other: MadeCompany;
let superadmin: Credentials;
let admin: Credentials;
let manager: Credentials;
let otherAdmin: Credentials;

const MODEL = {
  manufacturer: 'Vestas',
  model: 'V112-3.45 MW',
  rated_power_kw: 3450,
  hub_height_m: 94,
  rotor_diameter_m: 112,
  blade_length_m: 54.65,
  commissioned_year: 2018,
};

function body(overrides: Partial<NewTurbine> = {}): NewTurbine {
  return { city: 'çanakkale', code: `A-${unique()}`, location: 'Bozcaada', company_id: home.id, ...overrides };
}

async function create(input: NewTurbine, caller = superadmin): Promise<Turbine> {
  const reply = await api(app, 'post', '/turbines', { as: caller, body: input });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.data;
}

async function stored(id: number): Promise<Record<string, unknown>> {
  const rows: Record<string, unknown>[] = await app.dataSource.query(
    `SELECT manufacturer, model, rated_power_kw, hub_height_m, rotor_diameter_m, blade_length_m, commissioned_year,
            latitude, longitude, coordinates FROM turbines WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

const turbineCount = () => countOf(app.dataSource, `SELECT count(*)::int AS count FROM turbines`);

beforeAll(async () => {
  app = await startTestApp({ WORKER: 'off' });
  home = await makeCompany(app.dataSource);
  other = await makeCompany(app.dataSource);
  const bearer = async (role: 'superadmin' | 'admin' | 'company_manager', companyId: number) =>
    (await signIn(app, (await makeUser(app.dataSource, { role, companyId })).email, PASSWORD)).bearer;
  superadmin = await bearer('superadmin', home.id);
  admin = await bearer('admin', home.id);
  manager = await bearer('company_manager', home.id);
  otherAdmin = await bearer('admin', other.id);
});
afterAll(async () => {
  await app.close();
});

describe('model data', () => {
  it('is stored as numbers and answered as given, text fields trimmed and numbers read from form text', async () => {
    const created = await create(
      body({ ...MODEL, manufacturer: '  Vestas ', blade_length_m: '54,65', hub_height_m: '94' }),
      admin,
    );
    expect(created).toMatchObject(MODEL);
    expect(await stored(created.id)).toMatchObject(MODEL);
    const read = await call<OneReply>(app, 'GET', `/api/turbines/${created.id}`, { as: manager });
    expect(read.body.data).toMatchObject(MODEL);
  });

  it.each([
    ['rated_power_kw', 0, 'RATED_POWER_INVALID'],
    ['rated_power_kw', 45_000, 'RATED_POWER_INVALID'],
    ['hub_height_m', 'high', 'HUB_HEIGHT_INVALID'],
    ['rotor_diameter_m', -112, 'ROTOR_DIAMETER_INVALID'],
    ['blade_length_m', 5465, 'BLADE_LENGTH_INVALID'],
    ['commissioned_year', 2018.5, 'COMMISSIONED_YEAR_INVALID'],
    ['commissioned_year', 1800, 'COMMISSIONED_YEAR_INVALID'],
    ['manufacturer', 'm'.repeat(81), 'VALUE_TOO_LONG'],
    ['latitude', 91, 'LATITUDE_INVALID'],
    ['longitude', '1e3', 'LONGITUDE_INVALID'],
  ])('refuses %s = %j with 400 %s and writes nothing', async (field, value, code) => {
    const before = await turbineCount();
    const reply = await call(app, 'POST', '/api/turbines', {
      as: superadmin,
      body: malformed({ ...body(), latitude: 39.8, longitude: 26.04, [field]: value }),
    });
    expect(reply.status, reply.text).toBe(400);
    expect(reply.body).toMatchObject({ success: false, code, field });
    expect(await turbineCount()).toBe(before);
  });

  it('refuses a blade longer than the rotor radius', async () => {
    const reply = await call(app, 'POST', '/api/turbines', {
      as: superadmin,
      body: body({ rotor_diameter_m: 90, blade_length_m: 46 }),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'BLADE_LONGER_THAN_ROTOR', field: 'blade_length_m' });
  });

  it('keeps what an update leaves out, and clears what it sends blank', async () => {
    const created = await create(body({ ...MODEL, latitude: 39.8226, longitude: 26.0411 }));
    // The seed client's edit knows none of the asset register: it changes none of it.
    const plain = { city: 'çanakkale', code: created.code, location: 'Bozcaada', rooms: 4 };
    const kept = await api(app, 'put', '/turbines/{id}', { path: { id: created.id }, as: superadmin, body: plain });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.data).toMatchObject({ ...MODEL, latitude: 39.8226, longitude: 26.0411, rooms: 4 });
    expect(kept.body.data.coordinates).toBe('39.8226,26.0411');

    const cleared = await api(app, 'put', '/turbines/{id}', {
      path: { id: created.id },
      as: superadmin,
      body: { ...plain, model: '', blade_length_m: null, latitude: null, longitude: null },
    });
    expect(cleared.body.data).toMatchObject({ manufacturer: 'Vestas', model: null, blade_length_m: null });
    expect(cleared.body.data).toMatchObject({ latitude: null, longitude: null, coordinates: null });
    expect(await stored(created.id)).toMatchObject({
      model: null,
      blade_length_m: null,
      latitude: null,
      coordinates: null,
    });
  });

  it('may be changed only by who may update a turbine, and only on turbines they reach', async () => {
    const created = await create(body(MODEL));
    const change = { city: 'çanakkale', code: created.code, location: 'Bozcaada', model: 'V117' };
    const refused = await call(app, 'PUT', `/api/turbines/${created.id}`, { as: admin, body: change });
    expect(refused.status).toBe(403);
    const foreign = await create(body({ ...MODEL, company_id: other.id }));
    const hidden = await call(app, 'GET', `/api/turbines/${foreign.id}`, { as: admin });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ code: 'TURBINE_NOT_FOUND' });
    // Another company's admin cannot put a turbine into this company; theirs stays out of this company's list.
    const intrusion = await call(app, 'POST', '/api/turbines', { as: otherAdmin, body: body(MODEL) });
    expect(intrusion.status).toBe(422);
    expect(intrusion.body).toMatchObject({ code: 'COMPANY_INVALID' });
    const theirs = await create(body({ ...MODEL, company_id: other.id }), otherAdmin);
    const list = await call<{ data: Turbine[] }>(app, 'GET', '/api/turbines', { as: manager });
    expect(list.body.data.some((turbine) => turbine.id === theirs.id || turbine.id === foreign.id)).toBe(false);
    expect(await stored(created.id)).toMatchObject({ model: MODEL.model });
  });
});

describe('position and coordinates', () => {
  it('reads "lat,lng" text into numbers, and numbers into "lat,lng" text', async () => {
    const fromText = await create(body({ coordinates: ' 39.8226 , 26.0411 ' }));
    expect(fromText).toMatchObject({ latitude: 39.8226, longitude: 26.0411, coordinates: '39.8226,26.0411' });
    const fromNumbers = await create(body({ latitude: '40.4563', longitude: 26.7208 }));
    expect(fromNumbers).toMatchObject({ latitude: 40.4563, longitude: 26.7208, coordinates: '40.4563,26.7208' });
    expect(await stored(fromNumbers.id)).toMatchObject({ coordinates: '40.4563,26.7208', latitude: 40.4563 });
    const spaced = await create(body({ coordinates: '-33.9 151.2' }));
    expect(spaced).toMatchObject({ latitude: -33.9, longitude: 151.2, coordinates: '-33.9,151.2' });
  });

  it('accepts both forms when they agree', async () => {
    const both = await create(body({ coordinates: '38.29210,26.3342', latitude: 38.2921, longitude: 26.3342 }));
    expect(both).toMatchObject({ latitude: 38.2921, longitude: 26.3342, coordinates: '38.2921,26.3342' });
  });

  it.each([
    [{ coordinates: 'Bozcaada feneri' }, 'COORDINATES_INVALID', 'coordinates'],
    [{ coordinates: '39°49′N 26°02′E' }, 'COORDINATES_INVALID', 'coordinates'],
    [{ coordinates: '95,26' }, 'COORDINATES_INVALID', 'coordinates'],
    [{ coordinates: '39.8,26.0', latitude: 39.8, longitude: 27 }, 'COORDINATES_MISMATCH', 'coordinates'],
    [{ latitude: 39.8 }, 'POSITION_INCOMPLETE', 'longitude'],
    [{ longitude: 26.04, latitude: null }, 'POSITION_INCOMPLETE', 'latitude'],
  ])('refuses %j with 400 %s', async (position, code, field) => {
    const before = await turbineCount();
    const reply = await call(app, 'POST', '/api/turbines', { as: superadmin, body: body(position) });
    expect(reply.status, reply.text).toBe(400);
    expect(reply.body).toMatchObject({ success: false, code, field });
    expect(await turbineCount()).toBe(before);
  });

  it('refuses a disagreeing update and leaves the stored position as it was', async () => {
    const created = await create(body({ latitude: 39.8226, longitude: 26.0411 }));
    const reply = await call(app, 'PUT', `/api/turbines/${created.id}`, {
      as: superadmin,
      body: { city: 'çanakkale', code: created.code, location: 'x', coordinates: '1,2', latitude: 3, longitude: 4 },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'COORDINATES_MISMATCH' });
    expect(await stored(created.id)).toMatchObject({
      latitude: 39.8226,
      longitude: 26.0411,
      coordinates: '39.8226,26.0411',
    });
  });
});

describe('the migration of free-text coordinates', () => {
  it('parses what names a position and leaves the rest as text', async () => {
    const company = await makeCompany(app.dataSource);
    const texts = [
      '38.8012,26.9724',
      ' 40.3187 ; 27.9265 ',
      '-12.5 130.25',
      '39°49′N 26°02′E',
      'near the lighthouse',
      '91,20',
    ];
    const ids: number[] = [];
    for (const text of texts) {
      const rows: { id: number }[] = await app.dataSource.query(
        `INSERT INTO turbines (code, city, location, company_id, coordinates) VALUES ($1, 'izmir', 'x', $2, $3) RETURNING id`,
        [`M-${unique()}`, company.id, text],
      );
      ids.push(rows[0]!.id);
    }
    // The migration's data step, run again over these rows as over a database of before it.
    const runner = app.dataSource.createQueryRunner();
    try {
      const migration = new TurbineAssets1795800000000();
      await runner.startTransaction();
      await migration.down(runner);
      await migration.up(runner);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    const after = await Promise.all(ids.map(stored));
    expect(after.map((row) => [row.latitude, row.longitude, row.coordinates])).toEqual([
      [38.8012, 26.9724, '38.8012,26.9724'],
      [40.3187, 27.9265, '40.3187,27.9265'],
      [-12.5, 130.25, '-12.5,130.25'],
      [null, null, '39°49′N 26°02′E'],
      [null, null, 'near the lighthouse'],
      [null, null, '91,20'],
    ]);
  });
});
