import { type FleetCoverage, type TurbineCoverage } from '@kanat360/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeMedia, makeTurbine, makeUser, type MadeCompany, PASSWORD } from './factories.js';
import { call, type Credentials, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

// Campaign coverage (issue #25) against a fixture counted by hand.

let app: TestApp;
let home: MadeCompany;
let other: MadeCompany;
let superadmin: Credentials;
let manager: Credentials;
let operator: Credentials;
let customer: Credentials;
let otherOperator: Credentials;
/** The fixture's turbine: 2 rooms. */
let turbineId: number;

interface Photo {
  category: 'blade' | 'drone' | 'operator' | 'robot';
  blade: 'A' | 'B' | 'C' | null;
  room: number;
  year?: number;
  kind?: 'photo' | 'video';
  status?: 'ready' | 'pending' | 'failed';
  current?: boolean;
}

function insertMedia(turbine: number, photo: Photo): Promise<number> {
  return makeMedia(app, turbine, { ...photo, year: photo.year ?? 2025 });
}

async function insertFinding(turbine: number, mediaId: number, blade: string, stage = 'draft', year = 2025) {
  await app.dataSource.query(
    `INSERT INTO findings (turbine_id, media_id, media_version, year, blade, surface, zone, distance_from_root_m,
                           target, type, severity, action, stage)
     VALUES ($1, $2, 1, $3, $4, 'leading_edge', 2, 10, $5, 'erosion', 2, 'follow_up', $6)`,
    [turbine, mediaId, year, blade, { selector: { type: 'FragmentSelector', value: 'xywh=pixel:1,1,4,4' } }, stage],
  );
}

const bearer = async (role: 'superadmin' | 'company_manager' | 'operator' | 'customer', companyId: number) =>
  (await signIn(app, (await makeUser(app.dataSource, { role, companyId })).email, PASSWORD)).bearer;

beforeAll(async () => {
  app = await startTestApp({ WORKER: 'off' });
  home = await makeCompany(app.dataSource);
  other = await makeCompany(app.dataSource);
  superadmin = await bearer('superadmin', home.id);
  manager = await bearer('company_manager', home.id);
  operator = await bearer('operator', home.id);
  customer = await bearer('customer', home.id);
  otherOperator = await bearer('operator', other.id);

  turbineId = await makeTurbine(app.dataSource, home.id);
  await app.dataSource.query(`UPDATE turbines SET rooms = 2 WHERE id = $1`, [turbineId]);
  // The fixture, 2025 unless said otherwise:
  const a1 = await insertMedia(turbineId, { category: 'blade', blade: 'A', room: 1 });
  await insertMedia(turbineId, { category: 'blade', blade: 'A', room: 1, status: 'pending' }); // A1: 2 blade photos
  await insertMedia(turbineId, { category: 'blade', blade: 'A', room: 2 }); // A2: 1
  await insertMedia(turbineId, { category: 'blade', blade: 'A', room: 3 }); // A3: beyond the rooms, shown, not expected
  await insertMedia(turbineId, { category: 'blade', blade: 'B', room: 1 }); // B1: 1
  // B2: only drone photos (they cover B's drone slot, not the room), an edited-away original and last year's photo.
  await insertMedia(turbineId, { category: 'drone', blade: 'B', room: 2 });
  await insertMedia(turbineId, { category: 'drone', blade: 'B', room: 2 });
  await insertMedia(turbineId, { category: 'blade', blade: 'B', room: 2, current: false });
  await insertMedia(turbineId, { category: 'blade', blade: 'B', room: 2, year: 2024 });
  // C1: an operator's photo and a video; C2: a photo that failed processing. No C photo covers anything.
  await insertMedia(turbineId, { category: 'operator', blade: 'C', room: 1 });
  await insertMedia(turbineId, { category: 'blade', blade: 'C', room: 1, kind: 'video' });
  await insertMedia(turbineId, { category: 'blade', blade: 'C', room: 2, status: 'failed' });
  // Drone: one of blade A in room 1, one naming no blade.
  const droneA = await insertMedia(turbineId, { category: 'drone', blade: 'A', room: 1 });
  await insertMedia(turbineId, { category: 'drone', blade: null, room: 1 });
  // Findings: two on A1's blade photo (a draft and a released one), one on the drone photo of A, one of 2024.
  await insertFinding(turbineId, a1, 'A', 'draft');
  await insertFinding(turbineId, a1, 'A', 'released');
  await insertFinding(turbineId, droneA, 'A', 'released');
  await insertFinding(turbineId, a1, 'A', 'released', 2024);
});
afterAll(async () => {
  await app.close();
});

const counts = (values: Partial<Record<'blade' | 'drone' | 'operator' | 'robot', number>> = {}) => ({
  blade: 0,
  drone: 0,
  operator: 0,
  robot: 0,
  ...values,
});

describe('GET /api/turbines/{id}/coverage', () => {
  it('counts photos and findings per blade, room and category as counted by hand', async () => {
    const reply = await call<{ data: TurbineCoverage }>(app, 'GET', `/api/turbines/${turbineId}/coverage?year=2025`, {
      as: operator,
    });
    expect(reply.status, reply.text).toBe(200);
    const cell = (blade: string, room: number) => ({ blade, room });
    expect(reply.body.data).toEqual({
      turbine_id: turbineId,
      year: 2025,
      rooms: 2,
      cells: [
        {
          ...cell('A', 1),
          expected: true,
          covered: true,
          photos: counts({ blade: 2, drone: 1 }),
          findings: counts({ blade: 2, drone: 1 }),
        },
        { ...cell('A', 2), expected: true, covered: true, photos: counts({ blade: 1 }), findings: counts() },
        { ...cell('A', 3), expected: false, covered: false, photos: counts({ blade: 1 }), findings: counts() },
        { ...cell('B', 1), expected: true, covered: true, photos: counts({ blade: 1 }), findings: counts() },
        { ...cell('B', 2), expected: true, covered: false, photos: counts({ drone: 2 }), findings: counts() },
        { ...cell('C', 1), expected: true, covered: false, photos: counts({ operator: 1 }), findings: counts() },
        { ...cell('C', 2), expected: true, covered: false, photos: counts(), findings: counts() },
      ],
      drone: [
        { blade: 'A', photos: 1, covered: true },
        { blade: 'B', photos: 2, covered: true },
        { blade: 'C', photos: 0, covered: false },
      ],
      unplaced: { photos: counts({ drone: 1 }), findings: counts() },
      // 3 blades × 2 rooms + 3 drone slots; covered: A1, A2, B1 and the drone slots of A and B.
      expected_slots: 9,
      covered_slots: 5,
      share: 5 / 9,
      covered: false,
    });
  });

  it('answers another year on its own, and this year by default', async () => {
    const last = await call<{ data: TurbineCoverage }>(app, 'GET', `/api/turbines/${turbineId}/coverage?year=2024`, {
      as: manager,
    });
    expect(last.body.data.covered_slots).toBe(1);
    expect(last.body.data.cells.find((c) => c.blade === 'B' && c.room === 2)).toMatchObject({
      covered: true,
      findings: counts(),
    });
    expect(last.body.data.cells.find((c) => c.blade === 'A' && c.room === 1)?.findings).toEqual(counts({ blade: 1 }));
    const now = await call<{ data: TurbineCoverage }>(app, 'GET', `/api/turbines/${turbineId}/coverage`, {
      as: manager,
    });
    expect(now.body.data).toMatchObject({ year: new Date().getFullYear(), covered_slots: 0, share: 0 });
  });

  it('is a full slot set once every blade has each room and a drone photo', async () => {
    const full = await makeTurbine(app.dataSource, home.id);
    await app.dataSource.query(`UPDATE turbines SET rooms = 1 WHERE id = $1`, [full]);
    for (const blade of ['A', 'B', 'C'] as const) {
      await insertMedia(full, { category: 'blade', blade, room: 1 });
      await insertMedia(full, { category: 'drone', blade, room: 1 });
    }
    const reply = await call<{ data: TurbineCoverage }>(app, 'GET', `/api/turbines/${full}/coverage?year=2025`, {
      as: operator,
    });
    expect(reply.body.data).toMatchObject({ expected_slots: 6, covered_slots: 6, share: 1, covered: true });
  });

  it('is refused to customers, hidden from other companies, and checks the year', async () => {
    const path = `/api/turbines/${turbineId}/coverage?year=2025` as const;
    expect((await call(app, 'GET', path, { as: customer })).status).toBe(403);
    const foreign = await call(app, 'GET', path, { as: otherOperator });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'TURBINE_NOT_FOUND' });
    for (const year of ['1999', 'soon', '2025.5']) {
      const bad = await call(app, 'GET', `/api/turbines/${turbineId}/coverage?year=${year}`, { as: operator });
      expect(bad.status, year).toBe(400);
      expect(bad.body).toMatchObject({ code: 'YEAR_INVALID', field: 'year' });
    }
  });
});

describe('GET /api/coverage', () => {
  it("lists the caller's turbines with their share and what is missing", async () => {
    const theirs = await makeTurbine(app.dataSource, other.id);
    const reply = await call<{ data: FleetCoverage }>(app, 'GET', '/api/coverage?year=2025', { as: manager });
    expect(reply.status, reply.text).toBe(200);
    const ids = reply.body.data.turbines.map((t) => t.turbine_id);
    expect(ids).toContain(turbineId);
    expect(ids).not.toContain(theirs);
    expect(reply.body.data.turbines.every((t) => t.company_id === home.id)).toBe(true);
    expect(reply.body.data.turbines.find((t) => t.turbine_id === turbineId)).toMatchObject({
      rooms: 2,
      company_name: home.name,
      expected_slots: 9,
      covered_slots: 5,
      share: 5 / 9,
      covered: false,
      missing_rooms: [
        { blade: 'B', room: 2 },
        { blade: 'C', room: 1 },
        { blade: 'C', room: 2 },
      ],
      missing_drone: ['C'],
    });
  });

  it("shows a superadmin every company's turbines, filter_company_id one of them", async () => {
    const theirs = await makeTurbine(app.dataSource, other.id);
    const all = await call<{ data: FleetCoverage }>(app, 'GET', '/api/coverage?year=2025', { as: superadmin });
    expect(all.body.data.turbines.map((t) => t.turbine_id)).toEqual(expect.arrayContaining([turbineId, theirs]));
    const one = await call<{ data: FleetCoverage }>(
      app,
      'GET',
      `/api/coverage?year=2025&filter_company_id=${other.id}`,
      {
        as: superadmin,
      },
    );
    expect(one.body.data.turbines.map((t) => t.turbine_id)).toContain(theirs);
    expect(one.body.data.turbines.every((t) => t.company_id === other.id)).toBe(true);
    expect(one.body.data.turbines.find((t) => t.turbine_id === theirs)).toMatchObject({
      expected_slots: 12,
      covered_slots: 0,
      missing_drone: ['A', 'B', 'C'],
    });
  });

  it('is refused to customers', async () => {
    const reply = await call(app, 'GET', '/api/coverage', { as: customer });
    expect(reply.status).toBe(403);
  });
});
