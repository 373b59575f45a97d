import { randomUUID } from 'node:crypto';
import {
  type ApiPage,
  type Finding,
  type FindingDetail,
  FINDING_FIELDS,
  type InspectionReportRequest,
  type MediaItem,
  type Role,
} from '@kanat360/contracts';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '@kanat360/i18n';
import { poolUsage, runAsJob } from '@/database/app-data-source.js';
import { countOf, eventually } from './eventually.js';
import { outbox, waitForMails } from './mail-reader.js';
import {
  findingBody,
  makeCompany,
  makeMedia as makeMediaOf,
  makeTurbine,
  makeUser,
  type MadeCompany,
  type MediaOptions,
  type NewFinding,
  PASSWORD,
} from './factories.js';
import { api, call, type Credentials, malformed, type RequestBody, signIn, unchecked } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

const inTurkish = translator('tr');

type One = { success: true; data: FindingDetail; message?: string };
type Failure = { success: false; code: string; field?: string };

const ROLES = ['superadmin', 'admin', 'company_manager', 'operator', 'customer'] as const;
/** Inspection reports above this many released findings are made by the job (lowered for the test). */
const SYNC_MAX = 3;
/** A region inside the stored test photos (400 × 300). */
const SMALL: NewFinding['target'] = { selector: { type: 'FragmentSelector', value: 'xywh=pixel:150,100,80,40' } };

let app: TestApp;
let home: MadeCompany;
let other: MadeCompany;
const as: Partial<Record<Role, Credentials>> = {};
const userIds: Partial<Record<Role, number>> = {};
let stranger: Credentials;
let operatorEmail: string;

/** A media row of a turbine of the test app (see factories' makeMedia). */
function makeMedia(turbineId: number, options: MediaOptions = {}): Promise<number> {
  return makeMediaOf(app, turbineId, options);
}

function body(mediaId: number, overrides: Partial<NewFinding> = {}): NewFinding {
  return findingBody(mediaId, {
    type: 'erosion',
    severity: 3,
    width_mm: 40,
    description: 'Hücum kenarında aşınma — ğüşiöç İ',
    ...overrides,
  });
}

async function create(turbineId: number, caller: Credentials, payload: NewFinding): Promise<FindingDetail> {
  const reply = await api(app, 'post', '/turbines/{id}/findings', {
    path: { id: turbineId },
    as: caller,
    body: payload,
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.data;
}

async function release(turbineId: number, finding: FindingDetail): Promise<FindingDetail> {
  const reply = await api(app, 'put', '/turbines/{id}/findings/{findingId}', {
    path: { id: turbineId, findingId: finding.id },
    as: as.company_manager!,
    body: { ...writable(finding), stage: 'released' },
  });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data;
}

/** The writable fields of a finding, as PUT takes them. */
function writable({
  id,
  turbine_id,
  media_id,
  media_version,
  year,
  track_id,
  created_by,
  created_at,
  updated_at,
  history,
  growth,
  repair,
  repairs,
  ...fields
}: FindingDetail): RequestBody<'put', '/turbines/{id}/findings/{findingId}'> {
  return fields;
}

async function pdfOf(bytes: ArrayBuffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { pages: totalPages, text };
}

async function download(
  path: string,
  caller: Credentials,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  const auth: Record<string, string> = 'token' in caller ? { Authorization: `Bearer ${caller.token}` } : {};
  return fetch(app.baseUrl + path, { headers: { ...auth, ...headers }, signal });
}

beforeAll(async () => {
  app = await startTestApp({ INSPECTION_REPORT_SYNC_MAX_FINDINGS: String(SYNC_MAX) });
  home = await makeCompany(app.dataSource);
  other = await makeCompany(app.dataSource);
  for (const role of ROLES) {
    const user = await makeUser(app.dataSource, { role, companyId: home.id });
    userIds[role] = user.id;
    if (role === 'operator') operatorEmail = user.email;
    as[role] = (await signIn(app, user.email, PASSWORD)).bearer;
  }
  const outsider = await makeUser(app.dataSource, { role: 'operator', companyId: other.id });
  stranger = (await signIn(app, outsider.email, PASSWORD)).bearer;
});
afterAll(async () => {
  await app.close();
});

describe('creating a finding', () => {
  it('answers the finding with the fixed fields, the severity’s action and the media’s year and version', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const mediaId = await makeMedia(turbineId, { year: 2025 });
    const reply = await api(app, 'post', '/turbines/{id}/findings', {
      path: { id: turbineId },
      as: as.operator!,
      body: body(mediaId, { severity: 4 }),
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.message).toBe('Bulgu eklendi');
    const finding = reply.body.data;
    expect(Object.keys(finding).sort()).toEqual([...FINDING_FIELDS, 'history', 'growth', 'repair', 'repairs'].sort());
    expect(finding).toMatchObject({ repair: null, repairs: [] });
    expect(finding).toMatchObject({
      turbine_id: turbineId,
      media_id: mediaId,
      media_version: 1,
      year: 2025,
      blade: 'A',
      surface: 'leading_edge',
      zone: 3,
      internal: false,
      distance_from_root_m: 12.5,
      extent_m: null,
      distance_from_le_m: null,
      target: {
        selector: {
          type: 'FragmentSelector',
          conformsTo: 'http://www.w3.org/TR/media-frags/',
          value: 'xywh=pixel:100,200,300,150',
        },
      },
      type: 'erosion',
      severity: 4,
      action: 'repair_soon',
      length_mm: 120,
      width_mm: 40,
      description: 'Hücum kenarında aşınma — ğüşiöç İ',
      status: 'new',
      stage: 'draft',
      track_id: finding.id,
      created_by: userIds.operator,
      history: [
        { id: finding.id, year: 2025, severity: 4, length_mm: 120, width_mm: 40, status: 'new', stage: 'draft' },
      ],
      growth: { since_previous: null, since_first: null },
    });
    const rows: { severity: number; created_by: number }[] = await app.dataSource.query(
      `SELECT severity, created_by FROM findings WHERE id = $1`,
      [finding.id],
    );
    expect(rows).toEqual([{ severity: 4, created_by: userIds.operator }]);
  });

  it('takes a polygon on a photo, a direction on a panorama and a point on a point cloud', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const photo = await makeMedia(turbineId);
    const panorama = await makeMedia(turbineId, { panorama: true, width: 8000, height: 4000 });
    const cloud = await makeMedia(turbineId, { kind: 'pointcloud' });
    const polygon = '<svg xmlns="http://www.w3.org/2000/svg"><polygon points="10,10 200,15 120,240"/></svg>';
    const made = [
      await create(
        turbineId,
        as.admin!,
        body(photo, { target: { selector: { type: 'SvgSelector', value: polygon } } }),
      ),
      await create(
        turbineId,
        as.admin!,
        body(panorama, { target: { selector: { type: 'PanoramaSelector', value: 'yaw=-35.5,pitch=12' } } }),
      ),
      await create(
        turbineId,
        as.admin!,
        body(cloud, { target: { selector: { type: 'PointSelector', value: 'xyz=1.5,-2,30.25' } } }),
      ),
    ];
    expect(made.map((finding) => finding.target.selector.type)).toEqual([
      'SvgSelector',
      'PanoramaSelector',
      'PointSelector',
    ]);
  });

  it.each([
    ['no distance from the root', { distance_from_root_m: undefined }, 400, 'DISTANCE_REQUIRED'],
    ['a negative distance', { distance_from_root_m: -1 }, 400, 'DISTANCE_INVALID'],
    ['zone 26', { zone: 26 }, 400, 'ZONE_INVALID'],
    ['zone 0', { zone: 0 }, 400, 'ZONE_INVALID'],
    ['severity 6', { severity: 6 }, 400, 'SEVERITY_INVALID'],
    ['severity 2.5', { severity: 2.5 }, 400, 'SEVERITY_INVALID'],
    ['an unknown type', { type: 'rust' }, 400, 'FINDING_TYPE_INVALID'],
    ['an unknown surface', { surface: 'hub' }, 400, 'SURFACE_INVALID'],
    ['blade D', { blade: 'D' }, 400, 'BLADE_INVALID'],
    ['an unknown action', { action: 'ignore' }, 400, 'ACTION_INVALID'],
    ['an unknown status', { status: 'open' }, 400, 'FINDING_STATUS_INVALID'],
    ['an unknown stage', { stage: 'final' }, 400, 'STAGE_INVALID'],
    ['a negative length', { length_mm: -3 }, 400, 'FINDING_SIZE_INVALID'],
    [
      'a malformed rectangle',
      { target: { selector: { type: 'FragmentSelector', value: 'xywh=1,2,3' } } },
      400,
      'FINDING_TARGET_INVALID',
    ],
    [
      'an empty rectangle',
      { target: { selector: { type: 'FragmentSelector', value: 'xywh=pixel:1,2,0,5' } } },
      400,
      'FINDING_TARGET_INVALID',
    ],
    [
      'a polygon of two points',
      { target: { selector: { type: 'SvgSelector', value: '<svg><polygon points="1,1 2,2"/></svg>' } } },
      400,
      'FINDING_TARGET_INVALID',
    ],
    [
      'an unknown selector',
      { target: { selector: { type: 'TextQuoteSelector', value: 'x' } } },
      400,
      'FINDING_TARGET_INVALID',
    ],
    ['no target', { target: undefined }, 400, 'FINDING_TARGET_INVALID'],
    [
      'a pitch past the pole',
      { target: { selector: { type: 'PanoramaSelector', value: 'yaw=0,pitch=95' } } },
      400,
      'FINDING_TARGET_INVALID',
    ],
    ['an unknown field', { colour: 'red' }, 400, 'UNKNOWN_FIELD'],
    ['a too long description', { description: 'x'.repeat(2001) }, 400, 'VALUE_TOO_LONG'],
    [
      'a rectangle outside the photo',
      { target: { selector: { type: 'FragmentSelector', value: 'xywh=pixel:3900,100,300,50' } } },
      422,
      'FINDING_TARGET_MISMATCH',
    ],
    [
      'a direction on a flat photo',
      { target: { selector: { type: 'PanoramaSelector', value: 'yaw=10,pitch=0' } } },
      422,
      'FINDING_TARGET_MISMATCH',
    ],
    ['another version than the photo’s', { media_version: 2 }, 422, 'FINDING_MEDIA_INVALID'],
  ])('refuses %s (%i %s)', async (_name, overrides, status, code) => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const mediaId = await makeMedia(turbineId);
    const reply = await call(app, 'POST', `/api/turbines/${turbineId}/findings`, {
      as: as.operator!,
      body: malformed({ ...body(mediaId), ...overrides }),
    });
    expect(reply.status, reply.text).toBe(status);
    expect(reply.body).toMatchObject({ success: false, code });
    const count: { n: number }[] = await app.dataSource.query(
      `SELECT count(*)::int AS n FROM findings WHERE turbine_id = $1`,
      [turbineId],
    );
    expect(count[0]!.n).toBe(0);
  });

  it('refuses media of another turbine, a video, and a rectangle on a panorama or point cloud', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const elsewhere = await makeMedia(await makeTurbine(app.dataSource, home.id));
    const video = await makeMedia(turbineId, { kind: 'video' });
    const panorama = await makeMedia(turbineId, { panorama: true });
    const cloud = await makeMedia(turbineId, { kind: 'pointcloud' });
    for (const [mediaId, code] of [
      [elsewhere, 'FINDING_MEDIA_INVALID'],
      [video, 'FINDING_MEDIA_INVALID'],
      [999_999_999, 'FINDING_MEDIA_INVALID'],
      [panorama, 'FINDING_TARGET_MISMATCH'],
      [cloud, 'FINDING_TARGET_MISMATCH'],
    ] as const) {
      const reply = await call(app, 'POST', `/api/turbines/${turbineId}/findings`, {
        as: as.operator!,
        body: body(mediaId),
      });
      expect(reply.status, `${mediaId}: ${reply.text}`).toBe(422);
      expect(reply.body.code).toBe(code);
    }
  });

  it('answers a turbine of another company like a missing one, and refuses customers', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const mediaId = await makeMedia(turbineId);
    const foreign = await call(app, 'POST', `/api/turbines/${turbineId}/findings`, {
      as: stranger,
      body: body(mediaId),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('TURBINE_NOT_FOUND');
    const customer = await call(app, 'POST', `/api/turbines/${turbineId}/findings`, {
      as: as.customer!,
      body: body(mediaId),
    });
    expect(customer.status).toBe(403);
    expect(customer.body.code).toBe('FORBIDDEN');
  });
});

describe('review stage', () => {
  it('lets only reviewers release; an operator cannot change or delete a released finding', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const mediaId = await makeMedia(turbineId);
    const released = await call(app, 'POST', `/api/turbines/${turbineId}/findings`, {
      as: as.operator!,
      body: body(mediaId, { stage: 'released' }),
    });
    expect(released.status).toBe(403);
    expect(released.body).toMatchObject({ code: 'FORBIDDEN', field: 'stage' });

    const draft = await create(turbineId, as.operator!, body(mediaId));
    const operatorRelease = await call(app, 'PUT', `/api/turbines/${turbineId}/findings/${draft.id}`, {
      as: as.operator!,
      body: { ...writable(draft), stage: 'released' },
    });
    expect(operatorRelease.status).toBe(403);

    const edited = await api(app, 'put', '/turbines/{id}/findings/{findingId}', {
      path: { id: turbineId, findingId: draft.id },
      as: as.operator!,
      body: { ...writable(draft), severity: 5, action: undefined, status: 'monitoring' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({ severity: 5, action: 'stop', status: 'monitoring', stage: 'draft' });

    const done = await release(turbineId, edited.body.data);
    expect(done.stage).toBe('released');

    const change = await call(app, 'PUT', `/api/turbines/${turbineId}/findings/${draft.id}`, {
      as: as.operator!,
      body: { ...writable(done), severity: 1 },
    });
    expect(change.status).toBe(403);
    expect(change.body.code).toBe('FINDING_RELEASED');
    const remove = await call<Failure>(app, 'DELETE', `/api/turbines/${turbineId}/findings/${draft.id}`, {
      as: as.operator!,
    });
    expect(remove.status).toBe(403);
    expect(remove.body.code).toBe('FINDING_RELEASED');

    const byAdmin = await call(app, 'DELETE', `/api/turbines/${turbineId}/findings/${draft.id}`, { as: as.admin! });
    expect(byAdmin.status).toBe(200);
    const rows: unknown[] = await app.dataSource.query(`SELECT 1 FROM findings WHERE id = $1`, [draft.id]);
    expect(rows).toEqual([]);
  });

  it('shows customers released findings only: a draft answers like a missing finding', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const mediaId = await makeMedia(turbineId);
    const draft = await create(turbineId, as.operator!, body(mediaId));
    const shown = await release(turbineId, await create(turbineId, as.operator!, body(mediaId, { severity: 2 })));

    const list = await call<ApiPage<Finding>>(app, 'GET', `/api/turbines/${turbineId}/findings`, { as: as.customer! });
    expect(list.status).toBe(200);
    expect(list.body.data.map((finding) => finding.id)).toEqual([shown.id]);
    expect(list.body.total).toBe(1);
    const hidden = await call<Failure>(app, 'GET', `/api/turbines/${turbineId}/findings/${draft.id}`, {
      as: as.customer!,
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('FINDING_NOT_FOUND');
    const staff = await call<ApiPage<Finding>>(app, 'GET', `/api/turbines/${turbineId}/findings`, { as: as.operator! });
    expect(staff.body.data.map((finding) => finding.id)).toEqual([shown.id, draft.id]);
    const drafts = await call<ApiPage<Finding>>(app, 'GET', `/api/findings?turbine_id=${turbineId}&stage=draft`, {
      as: as.customer!,
    });
    expect(drafts.body.data).toEqual([]);
  });

  it('answers a finding of another turbine, or a missing one, with FINDING_NOT_FOUND', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const otherTurbine = await makeTurbine(app.dataSource, home.id);
    const finding = await create(turbineId, as.operator!, body(await makeMedia(turbineId)));
    for (const path of [
      `/api/turbines/${otherTurbine}/findings/${finding.id}`,
      `/api/turbines/${turbineId}/findings/999999999`,
      unchecked(`/api/turbines/${turbineId}/findings/abc`),
    ] as const) {
      const reply = await call<Failure>(app, 'GET', path, { as: as.superadmin! });
      expect(reply.status, path).toBe(404);
      expect(reply.body.code).toBe('FINDING_NOT_FOUND');
    }
    const foreign = await call<Failure>(app, 'GET', `/api/turbines/${turbineId}/findings/${finding.id}`, {
      as: stranger,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('TURBINE_NOT_FOUND');
  });
});

describe('tracking across years', () => {
  it('links a finding to the same damage a year before and shows the growth', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const first = await create(
      turbineId,
      as.operator!,
      body(await makeMedia(turbineId, { year: 2023 }), { length_mm: 100, width_mm: 20, severity: 2 }),
    );
    const second = await create(
      turbineId,
      as.operator!,
      body(await makeMedia(turbineId, { year: 2024 }), { length_mm: 130.5, width_mm: 25, severity: 3 }),
    );
    const third = await create(
      turbineId,
      as.operator!,
      body(await makeMedia(turbineId, { year: 2025 }), { length_mm: 180, width_mm: 31, severity: 4 }),
    );
    const link = (later: number, earlier: number) =>
      api(app, 'post', '/turbines/{id}/findings/{findingId}/link', {
        path: { id: turbineId, findingId: later },
        as: as.operator!,
        body: { earlier_id: earlier },
      });
    expect((await link(second.id, first.id)).status).toBe(200);
    const linked = await link(third.id, second.id);
    expect(linked.status, linked.text).toBe(200);
    const detail = linked.body.data;
    expect(detail.track_id).toBe(first.id);
    expect(detail.history.map((entry) => [entry.year, entry.length_mm, entry.severity])).toEqual([
      [2023, 100, 2],
      [2024, 130.5, 3],
      [2025, 180, 4],
    ]);
    expect(detail.growth).toEqual({
      since_previous: { from_year: 2024, length_mm: 49.5, width_mm: 6, severity: 1 },
      since_first: { from_year: 2023, length_mm: 80, width_mm: 11, severity: 2 },
    });
    const middle = await call<One>(app, 'GET', `/api/turbines/${turbineId}/findings/${second.id}`, {
      as: as.operator!,
    });
    expect(middle.body.data.growth.since_previous).toEqual({
      from_year: 2023,
      length_mm: 30.5,
      width_mm: 5,
      severity: 1,
    });
  });

  it.each([
    ['itself', 'self'],
    ['a later year', 'later'],
    ['another blade', 'blade'],
    ['a year the track already has', 'same-year'],
    ['a finding of another turbine', 'elsewhere'],
    ['a missing finding', 'missing'],
  ])('refuses a link to %s', async (_name, kind) => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const media2024 = await makeMedia(turbineId, { year: 2024 });
    const finding = await create(turbineId, as.operator!, body(media2024));
    let earlier: number;
    if (kind === 'self') earlier = finding.id;
    else if (kind === 'later')
      earlier = (await create(turbineId, as.operator!, body(await makeMedia(turbineId, { year: 2025 })))).id;
    else if (kind === 'blade')
      earlier = (
        await create(turbineId, as.operator!, body(await makeMedia(turbineId, { year: 2023 }), { blade: 'B' }))
      ).id;
    else if (kind === 'same-year') {
      const old = await create(turbineId, as.operator!, body(await makeMedia(turbineId, { year: 2023 })));
      const twin = await create(turbineId, as.operator!, body(media2024));
      const first = await call(app, 'POST', `/api/turbines/${turbineId}/findings/${twin.id}/link`, {
        as: as.operator!,
        body: { earlier_id: old.id },
      });
      expect(first.status).toBe(200);
      earlier = old.id;
    } else if (kind === 'elsewhere') {
      const otherTurbine = await makeTurbine(app.dataSource, home.id);
      earlier = (await create(otherTurbine, as.operator!, body(await makeMedia(otherTurbine, { year: 2023 })))).id;
    } else earlier = 999_999_999;
    const reply = await call(app, 'POST', `/api/turbines/${turbineId}/findings/${finding.id}/link`, {
      as: as.operator!,
      body: { earlier_id: earlier },
    });
    expect(reply.status, reply.text).toBe(422);
    expect(reply.body).toMatchObject({ code: 'FINDING_LINK_INVALID', field: 'earlier_id' });
  });
});

describe('the fleet list and its exports', () => {
  let fleetCompany: MadeCompany;
  let manager: Credentials;
  let turbines: number[];
  let made: Finding[];

  beforeAll(async () => {
    fleetCompany = await makeCompany(app.dataSource);
    const user = await makeUser(app.dataSource, { role: 'company_manager', companyId: fleetCompany.id });
    manager = (await signIn(app, user.email, PASSWORD)).bearer;
    turbines = [await makeTurbine(app.dataSource, fleetCompany.id), await makeTurbine(app.dataSource, fleetCompany.id)];
    made = [];
    for (let i = 0; i < 7; i += 1) {
      const turbineId = turbines[i % 2]!;
      const finding = await create(
        turbineId,
        manager,
        body(await makeMedia(turbineId, { year: 2023 + (i % 3) }), {
          blade: (['A', 'B', 'C'] as const)[i % 3],
          severity: (i % 5) + 1,
          type: i % 2 === 0 ? 'crack' : 'erosion',
          stage: i < 5 ? 'released' : 'draft',
          description: `Bulgu ${i}: "tırnak", virgül; satır\nsonu — Şişli`,
        }),
      );
      made.push(finding);
    }
  });

  async function all(query: string, caller: Credentials = manager): Promise<Finding[]> {
    const seen: Finding[] = [];
    let cursor: string | null = null;
    do {
      const reply: Awaited<ReturnType<typeof call<ApiPage<Finding>>>> = await call<ApiPage<Finding>>(
        app,
        'GET',
        `/api/findings?limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}`,
        { as: caller },
      );
      expect(reply.status, reply.text).toBe(200);
      seen.push(...reply.body.data);
      cursor = reply.body.next_cursor;
    } while (cursor);
    return seen;
  }

  it('pages through the caller’s company, newest first, with the total', async () => {
    const first = await call<ApiPage<Finding>>(app, 'GET', '/api/findings?limit=3', { as: manager });
    expect(first.body.total).toBe(7);
    expect(first.body.data).toHaveLength(3);
    const every = await all('');
    expect(every.map((finding) => finding.id)).toEqual(made.map((finding) => finding.id).reverse());
    // Another company's caller sees none of them, even naming the turbine or the company.
    const foreign = await call<ApiPage<Finding>>(
      app,
      'GET',
      `/api/findings?turbine_id=${turbines[0]}&company_id=${fleetCompany.id}`,
      { as: stranger },
    );
    expect(foreign.body).toMatchObject({ data: [], total: 0, next_cursor: null });
  });

  it('filters by turbine, year, blade, type, severity, stage and (for a superadmin) company', async () => {
    const ids = (list: Finding[]) => list.map((finding) => finding.id).sort((a, b) => a - b);
    const pick = (test: (finding: Finding) => boolean) => ids(made.filter(test));
    expect(ids(await all(`turbine_id=${turbines[0]}`))).toEqual(pick((f) => f.turbine_id === turbines[0]));
    expect(ids(await all('year=2024'))).toEqual(pick((f) => f.year === 2024));
    expect(ids(await all('blade=B'))).toEqual(pick((f) => f.blade === 'B'));
    expect(ids(await all('type=crack&severity_min=3'))).toEqual(pick((f) => f.type === 'crack' && f.severity >= 3));
    expect(ids(await all('stage=draft'))).toEqual(pick((f) => f.stage === 'draft'));
    expect(ids(await all('surface=leading_edge&status=new'))).toEqual(ids(made));
    expect(ids(await all(`company_id=${fleetCompany.id}`, as.superadmin))).toEqual(ids(made));
  });

  it.each([
    ['limit=0', 'LIMIT_INVALID'],
    ['limit=1001', 'LIMIT_INVALID'],
    ['cursor=not-a-cursor', 'CURSOR_INVALID'],
    ['severity_min=6', 'SEVERITY_INVALID'],
    ['blade=X', 'BLADE_INVALID'],
    ['surface=hub', 'SURFACE_INVALID'],
    ['type=rust', 'FINDING_TYPE_INVALID'],
    ['status=open', 'FINDING_STATUS_INVALID'],
    ['stage=final', 'STAGE_INVALID'],
    ['year=1999', 'YEAR_INVALID'],
    ['lang=de', 'LANGUAGE_INVALID'],
  ])('refuses %s with 400 %s', async (query, code) => {
    // Paging is the list's alone, the file's language the exports'.
    const paths = [
      ...(query.startsWith('lang') ? [] : (['/api/findings'] as const)),
      ...(query.startsWith('limit') || query.startsWith('cursor')
        ? []
        : (['csv', 'xlsx', 'jsonld'] as const).map((format) => `/api/findings/export.${format}` as const)),
    ];
    for (const path of paths) {
      const reply = await call<Failure>(app, 'GET', `${path}?${query}`, { as: manager });
      expect(reply.status, path).toBe(400);
      expect(reply.body.code).toBe(code);
    }
  });

  // 20,000 rows inserted, then five 20 MB exports begun: a minute on a loaded 2-core machine, past the 30 s default.
  it('frees the connection and the turn of an export whose client leaves mid-download', async () => {
    const company = await makeCompany(app.dataSource);
    const user = await makeUser(app.dataSource, { role: 'company_manager', companyId: company.id });
    const caller = (await signIn(app, user.email, PASSWORD)).bearer;
    const turbineId = await makeTurbine(app.dataSource, company.id);
    const mediaId = await makeMedia(turbineId);
    // 20 MB of CSV: more than the sockets and streams between PostgreSQL and the client buffer. Inserted on the
    // jobs' pool: on a busy machine 20,000 rows may take longer than a request's query may.
    const rows = 20_000;
    await runAsJob(() =>
      app.dataSource.query(
        `INSERT INTO findings (turbine_id, media_id, media_version, year, blade, surface, zone, distance_from_root_m,
                             target, type, severity, action, description)
       SELECT $1, $2, 1, 2024, 'A', 'leading_edge', 3, n / 1000.0, $3::jsonb, 'erosion', 3, 'follow_up', $4
         FROM generate_series(1, $5::int) n`,
        [turbineId, mediaId, JSON.stringify(SMALL), 'ç'.repeat(500), rows],
      ),
    );
    const busy = () => poolUsage(app.dataSource).find((usage) => usage.pool === 'jobs')!;
    const copying = () =>
      countOf(
        app.dataSource,
        `SELECT count(*)::int AS count FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'COPY (%'`,
      );
    // More clients leaving than exports run at once: a turn not given back would hold the last one for ever.
    for (let i = 0; i < 4; i += 1) {
      const abort = new AbortController();
      const response = await download('/api/findings/export.csv', caller, {}, abort.signal);
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      await reader.read();
      expect(await copying()).toBe(1);
      abort.abort();
      await eventually(async () => (await copying()) === 0, 'PostgreSQL to stop the copy');
      await eventually(() => busy().total === busy().idle, 'the connection back (or closed)');
    }
    const response = await download('/api/findings/export.csv', caller);
    expect(response.status).toBe(200);
    const lines = Buffer.from(await response.arrayBuffer())
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '');
    expect(lines).toHaveLength(rows + 1);
    expect(busy().waiting).toBe(0);
  }, 120_000);
});

describe('the inspection report', () => {
  it('is a PDF in the caller’s language: cover, summary, one page per released finding, no draft', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const photo = await makeMedia(turbineId, { stored: true, width: 400, height: 300 });
    const released: Finding[] = [];
    for (let i = 0; i < SYNC_MAX; i += 1) {
      released.push(
        await release(
          turbineId,
          await create(
            turbineId,
            as.operator!,
            body(photo, {
              target: { selector: { type: 'FragmentSelector', value: `xywh=pixel:${20 + i * 50},40,60,30` } },
            }),
          ),
        ),
      );
    }
    const draft = await create(turbineId, as.operator!, body(photo, { target: SMALL }));
    const response = await download(`/api/turbines/${turbineId}/inspection-report?year=2024`, as.customer!, {
      'X-Lang': 'en',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const { pages, text } = await pdfOf(await response.arrayBuffer());
    expect(pages).toBe(2 + SYNC_MAX);
    expect(text).toContain('Blade inspection report');
    expect(text).toContain('Summary by blade and severity');
    for (const finding of released) expect(text).toContain(`Finding ${finding.id} `);
    expect(text).not.toContain(`Finding ${draft.id} `);

    const turkish = await download(`/api/turbines/${turbineId}/inspection-report?year=2024`, as.operator!);
    const tr = await pdfOf(await turkish.arrayBuffer());
    expect(tr.text).toContain('Kanat muayene raporu');
    expect(tr.text).toContain(inTurkish('findings.surface.leading_edge'));
    expect(tr.text).toContain('ğüşiöç İ');
  });

  it('of 200 findings is made in the background, stored as a report of the year, and the requester is told', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    // Eight photos at a preview's size, 25 released findings on each, spread over the blades and the photo.
    const photos: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      photos.push(await makeMedia(turbineId, { stored: true, width: 2048, height: 1536, year: 2025 }));
    }
    const inserted: { id: number }[] = await app.dataSource.query(
      `INSERT INTO findings (turbine_id, media_id, media_version, year, blade, surface, zone, internal,
                             distance_from_root_m, target, type, severity, action, status, stage, created_by)
       SELECT $1, ($2::int[])[1 + g % 8], 1, 2025, (ARRAY['A', 'B', 'C'])[1 + g % 3], 'leading_edge', 1 + g % 25,
              false, 1 + g * 0.25,
              jsonb_build_object('selector', jsonb_build_object('type', 'FragmentSelector',
                'value', 'xywh=pixel:' || (40 + (g * 37) % 1800) || ',' || (30 + (g * 53) % 1300) || ',120,80')),
              'crack', 1 + g % 5, (ARRAY['none', 'follow_up', 'repair_planned', 'repair_soon', 'stop'])[1 + g % 5],
              'new', 'released', $3
         FROM generate_series(0, 199) g
       RETURNING id`,
      [turbineId, photos, userIds.operator],
    );
    const released = inserted.map((row) => row.id);
    const drafts: Finding[] = [];
    for (let i = 0; i < 3; i += 1)
      drafts.push(await create(turbineId, as.operator!, body(photos[i]!, { target: SMALL })));

    const queued = await call<{ success: true; data: InspectionReportRequest }>(
      app,
      'GET',
      `/api/turbines/${turbineId}/inspection-report?year=2025`,
      { as: as.operator! },
    );
    expect(queued.status, queued.text).toBe(202);
    expect(queued.body.data).toMatchObject({ turbine_id: turbineId, year: 2025, report_id: null });
    const again = await call<{ data: InspectionReportRequest }>(
      app,
      'GET',
      `/api/turbines/${turbineId}/inspection-report?year=2025`,
      { as: as.operator! },
    );
    expect([202, 200]).toContain(again.status);
    const ready = await eventually(
      async () => {
        const status = await call<{ data: InspectionReportRequest }>(
          app,
          'GET',
          unchecked(queued.body.data.status_url),
          {
            as: as.operator!,
          },
        );
        expect(status.status).toBe(200);
        expect(status.body.data.status).not.toBe('failed');
        return status.body.data.status === 'ready' && status.body.data;
      },
      'the inspection report job',
      { timeoutMs: 120_000, intervalMs: 250 },
    );
    const reports = await call<{ data: { id: number; year: number }[] }>(
      app,
      'GET',
      `/api/turbines/${turbineId}/reports?year=2025`,
      { as: as.operator! },
    );
    expect(reports.body.data.map((report) => report.id)).toEqual([ready.report_id]);
    const file = await fetch(app.baseUrl + ready.report_url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const { pages, text } = await pdfOf(await file.arrayBuffer());
    // A cover, the summary with the blade map, then a page per released finding.
    expect(pages).toBe(2 + 200);
    for (const id of released) expect(text).toContain(`Bulgu ${id} `);
    for (const draft of drafts) expect(text).not.toContain(`Bulgu ${draft.id} `);

    const [mail] = await waitForMails(() => outbox(app), operatorEmail);
    expect(mail!.subject).toContain('Muayene raporu hazır');
    expect(mail!.text).toContain(`/dashboard/turbine/${turbineId}`);

    const foreign = await call<Failure>(app, 'GET', unchecked(queued.body.data.status_url), { as: stranger });
    expect(foreign.status).toBe(404);
    const unknown = await call<Failure>(app, 'GET', `/api/turbines/${turbineId}/inspection-report/${randomUUID()}`, {
      as: as.operator!,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('REPORT_NOT_FOUND');
  });

  it('needs a campaign year', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    for (const query of ['', '?year=', '?year=abc', '?year=1990'] as const) {
      const reply = await call<Failure>(app, 'GET', `/api/turbines/${turbineId}/inspection-report${query}`, {
        as: as.operator!,
      });
      expect(reply.status, query).toBe(400);
      expect(reply.body.code).toBe('YEAR_INVALID');
    }
  });
});

describe('a finding and its photo', () => {
  /** Saves a drawn-on copy of the photo as its new current version (what the viewer's drawing mode does). */
  async function saveEdited(turbineId: number, photoId: number): Promise<MediaItem> {
    const form = new FormData();
    form.append('photoId', String(photoId));
    const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a97' } })
      .jpeg()
      .toBuffer();
    form.append('photo', new Blob([new Uint8Array(bytes)]), 'edited.jpg');
    const reply = await call<{ data: MediaItem }>(app, 'POST', `/api/turbines/${turbineId}/save-edited-photo`, {
      as: as.operator!,
      form,
    });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data;
  }

  async function findingsOn(turbineId: number, mediaId: number): Promise<number[]> {
    const reply = await call<ApiPage<Finding>>(app, 'GET', `/api/turbines/${turbineId}/findings?media_id=${mediaId}`, {
      as: as.operator!,
    });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data.map((finding) => finding.id).sort((a, b) => a - b);
  }

  async function photosById(turbineId: number, ids: number[]): Promise<MediaItem[]> {
    const reply = await call<ApiPage<MediaItem>>(app, 'GET', `/api/turbines/${turbineId}/photos?ids=${ids.join(',')}`, {
      as: as.customer!,
    });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data;
  }

  it('shows the findings of every version of the photo, and opens the photo as it is now from any version', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const photo = await makeMedia(turbineId, { stored: true, width: 400, height: 300 });
    const elsewhere = await makeMedia(turbineId, { stored: true, width: 400, height: 300 });
    const onOriginal = await create(turbineId, as.operator!, body(photo, { target: SMALL }));
    const onOther = await create(turbineId, as.operator!, body(elsewhere, { target: SMALL }));

    const edited = await saveEdited(turbineId, photo);
    expect(edited).toMatchObject({ version: 2, is_edited: true });
    const onEdit = await create(turbineId, as.operator!, body(edited.id, { target: SMALL }));
    expect(onEdit).toMatchObject({ media_id: edited.id, media_version: 2 });

    // The id of either version finds the findings of both, and none of another photo.
    const both = [onOriginal.id, onEdit.id].sort((a, b) => a - b);
    expect(await findingsOn(turbineId, photo)).toEqual(both);
    expect(await findingsOn(turbineId, edited.id)).toEqual(both);
    expect(await findingsOn(turbineId, elsewhere)).toEqual([onOther.id]);
    expect(await findingsOn(turbineId, 2_000_000_000)).toEqual([]);

    // The version a finding was marked on, edited since, opens as the photo's current version.
    expect((await photosById(turbineId, [onOriginal.media_id])).map((item) => item.id)).toEqual([edited.id]);
    expect((await photosById(turbineId, [photo, edited.id, elsewhere])).map((item) => item.id).sort()).toEqual(
      [edited.id, elsewhere].sort(),
    );
    // Another turbine's photo is still not found through this one.
    const foreignTurbine = await makeTurbine(app.dataSource, home.id);
    expect(await photosById(foreignTurbine, [photo])).toEqual([]);
  });

  it('keeps a photo with findings: deleting it is refused, naming how many, until its findings are deleted', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const photo = await makeMedia(turbineId, { stored: true, width: 400, height: 300 });
    const onOriginal = await create(turbineId, as.operator!, body(photo, { target: SMALL }));
    const edited = await saveEdited(turbineId, photo);
    const onEdit = await release(turbineId, await create(turbineId, as.operator!, body(edited.id, { target: SMALL })));

    const remove = (headers: Record<string, string> = {}) =>
      call<Failure & { message: string }>(
        app,
        'DELETE',
        `/api/turbines/${turbineId}/photos?key=${encodeURIComponent(edited.key)}`,
        { as: as.company_manager!, headers },
      );
    const refused = await remove({ 'X-Lang': 'en' });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'PHOTO_HAS_FINDINGS' });
    expect(refused.body.message).toContain('2 findings are marked on this photo');
    expect((await remove()).body.message).toContain('Bu fotoğrafta 2 bulgu işaretli');
    // Nothing went: the photo's versions and both findings are all there.
    expect(await findingsOn(turbineId, photo)).toEqual([onOriginal.id, onEdit.id].sort((a, b) => a - b));
    expect(
      await countOf(app.dataSource, `SELECT count(*)::int AS count FROM media WHERE turbine_id = $1`, [turbineId]),
    ).toBe(2);

    for (const finding of [onOriginal, onEdit]) {
      const deleted = await call(app, 'DELETE', `/api/turbines/${turbineId}/findings/${finding.id}`, {
        as: as.company_manager!,
      });
      expect(deleted.status, deleted.text).toBe(200);
    }
    const removed = await remove();
    expect(removed.status, removed.text).toBe(200);
    expect(
      await countOf(app.dataSource, `SELECT count(*)::int AS count FROM media WHERE turbine_id = $1`, [turbineId]),
    ).toBe(0);
  });

  it('goes with its turbine: deleting the turbine removes its findings and photos together', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const photo = await makeMedia(turbineId, { stored: true, width: 400, height: 300 });
    await create(turbineId, as.operator!, body(photo, { target: SMALL }));
    const edited = await saveEdited(turbineId, photo);
    await create(turbineId, as.operator!, body(edited.id, { target: SMALL }));
    const deleted = await call(app, 'DELETE', `/api/turbines/${turbineId}`, { as: as.superadmin! });
    expect(deleted.status, deleted.text).toBe(200);
    await eventually(
      async () =>
        (await countOf(app.dataSource, `SELECT count(*)::int AS count FROM turbines WHERE id = $1`, [turbineId])) === 0,
      'the turbine to be purged',
    );
    for (const table of ['findings', 'media']) {
      expect(
        await countOf(app.dataSource, `SELECT count(*)::int AS count FROM ${table} WHERE turbine_id = $1`, [turbineId]),
        table,
      ).toBe(0);
    }
  });
});
