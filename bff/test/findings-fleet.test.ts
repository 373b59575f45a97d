import {
  type ApiPage,
  type ApiSuccess,
  type Finding,
  type FindingSeverity,
  type FindingStage,
  FINDING_STATUSES,
  type FindingStatus,
  type FindingSummary,
  OPEN_FINDING_STATUSES,
  type Role,
  type Turbine,
  type TurbineDetail,
} from '@kanat360/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeMedia, makeTurbine, makeUser, type MadeCompany, PASSWORD } from './factories.js';
import { call, type Credentials, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

// The fleet findings page's server side (issue 14 item 7): the counts by severity of GET /api/findings/summary, and
// each turbine's worst open severity in the turbine list.

type Failure = { success: false; code: string; field?: string };

let app: TestApp;
let home: MadeCompany;
let other: MadeCompany;
const as: Partial<Record<Role, Credentials>> = {};
let stranger: Credentials;

interface Planned {
  severity: FindingSeverity;
  stage: FindingStage;
  status?: FindingStatus;
  type?: 'erosion' | 'crack';
  year?: number;
  blade?: 'A' | 'B' | 'C';
  /** When it was marked (default: now). */
  createdAt?: string;
}

/** Findings on a fresh photo of the turbine, written as the seed would (the API's rules are findings.test.ts'). */
async function plant(turbineId: number, findings: Planned[]): Promise<void> {
  const mediaId = await makeMedia(app, turbineId);
  for (const finding of findings) {
    await app.dataSource.query(
      `INSERT INTO findings (turbine_id, media_id, media_version, year, blade, surface, zone, distance_from_root_m,
                             target, type, severity, action, status, stage, created_at)
       VALUES ($1, $2, 1, $3, $4, 'leading_edge', 2, 10, $5, $6, $7, 'follow_up', $8, $9, COALESCE($10, now()))`,
      [
        turbineId,
        mediaId,
        finding.year ?? 2024,
        finding.blade ?? 'A',
        { selector: { type: 'FragmentSelector', value: 'xywh=pixel:1,1,4,4' } },
        finding.type ?? 'erosion',
        finding.severity,
        finding.status ?? 'new',
        finding.stage,
        finding.createdAt ?? null,
      ],
    );
  }
}

async function summary(caller: Credentials, query = ''): Promise<FindingSummary> {
  const reply = await call<ApiSuccess<FindingSummary>>(app, 'GET', `/api/findings/summary?${query}`, { as: caller });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data;
}

/** Every finding GET /api/findings pages through with these filters, `limit` a page. */
async function listed(caller: Credentials, query = '', limit = 3): Promise<Finding[]> {
  const seen: Finding[] = [];
  let cursor: string | null = null;
  do {
    const reply: Awaited<ReturnType<typeof call<ApiPage<Finding>>>> = await call<ApiPage<Finding>>(
      app,
      'GET',
      `/api/findings?limit=${limit}&${query}${cursor ? `&cursor=${cursor}` : ''}`,
      { as: caller },
    );
    expect(reply.status, reply.text).toBe(200);
    seen.push(...reply.body.data);
    cursor = reply.body.next_cursor;
  } while (cursor);
  return seen;
}

/** The counts a list of findings makes, as the summary writes them. */
function countsOf(findings: readonly Pick<Finding, 'severity'>[]): FindingSummary {
  const by_severity = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const finding of findings) by_severity[finding.severity] += 1;
  return { total: findings.length, by_severity };
}

async function turbineOf(caller: Credentials, id: number): Promise<Turbine | undefined> {
  const reply = await call<ApiSuccess<Turbine[]>>(app, 'GET', '/api/turbines', { as: caller });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data.find((turbine) => turbine.id === id);
}

beforeAll(async () => {
  app = await startTestApp();
  home = await makeCompany(app.dataSource);
  other = await makeCompany(app.dataSource);
  for (const role of ['superadmin', 'company_manager', 'operator', 'customer'] as const) {
    const user = await makeUser(app.dataSource, { role, companyId: home.id });
    as[role] = (await signIn(app, user.email, PASSWORD)).bearer;
  }
  const outsider = await makeUser(app.dataSource, { role: 'company_manager', companyId: other.id });
  stranger = (await signIn(app, outsider.email, PASSWORD)).bearer;
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/findings/summary', () => {
  let turbines: number[];
  let foreignTurbine: number;

  beforeAll(async () => {
    turbines = [await makeTurbine(app.dataSource, home.id), await makeTurbine(app.dataSource, home.id)];
    await plant(turbines[0]!, [
      { severity: 1, stage: 'released' },
      { severity: 3, stage: 'released', type: 'crack' },
      { severity: 3, stage: 'released', year: 2025 },
      { severity: 5, stage: 'draft', type: 'crack' },
      { severity: 4, stage: 'released', status: 'repaired', blade: 'B' },
    ]);
    await plant(turbines[1]!, [
      { severity: 2, stage: 'released' },
      { severity: 4, stage: 'draft', year: 2025 },
      { severity: 5, stage: 'released', type: 'crack', blade: 'C' },
    ]);
    foreignTurbine = await makeTurbine(app.dataSource, other.id);
    await plant(foreignTurbine, [
      { severity: 5, stage: 'released' },
      { severity: 1, stage: 'released' },
    ]);
  });

  it('counts every finding of the caller’s company by severity, each severity listed, as the list pages them', async () => {
    const counts = await summary(as.company_manager!);
    expect(counts).toEqual({ total: 8, by_severity: { 1: 1, 2: 1, 3: 2, 4: 2, 5: 2 } });
    expect(counts).toEqual(countsOf(await listed(as.company_manager!)));
  });

  it.each([
    ['type=crack', { total: 3, by_severity: { 1: 0, 2: 0, 3: 1, 4: 0, 5: 2 } }],
    ['severity_min=4', { total: 4, by_severity: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 2 } }],
    ['year=2025', { total: 2, by_severity: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 0 } }],
    ['blade=B&status=repaired', { total: 1, by_severity: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 } }],
    ['stage=draft', { total: 2, by_severity: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } }],
    ['surface=tip', { total: 0, by_severity: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } }],
  ])('takes the list’s filters: %s', async (query, expected) => {
    expect(await summary(as.company_manager!, query)).toEqual(expected);
    expect(countsOf(await listed(as.company_manager!, query))).toEqual(expected);
  });

  it('takes the turbine filter, and answers the list’s counts for it', async () => {
    const query = `turbine_id=${turbines[1]}`;
    expect(await summary(as.operator!, query)).toEqual({ total: 3, by_severity: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 1 } });
    expect(await summary(as.operator!, query)).toEqual(countsOf(await listed(as.operator!, query)));
  });

  it('counts released findings only for a customer, even asked for drafts', async () => {
    expect(await summary(as.customer!)).toEqual({ total: 6, by_severity: { 1: 1, 2: 1, 3: 2, 4: 1, 5: 1 } });
    expect(await summary(as.customer!)).toEqual(countsOf(await listed(as.customer!)));
    expect(await summary(as.customer!, 'stage=draft')).toEqual({
      total: 0,
      by_severity: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });
  });

  it('never counts another company’s findings, even naming its turbine or the company', async () => {
    const none = { total: 0, by_severity: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };
    expect(await summary(stranger, `turbine_id=${turbines[0]}`)).toEqual(none);
    // company_id is a superadmin's filter: for anyone else the session's company decides.
    expect(await summary(stranger, `company_id=${home.id}`)).toEqual({
      total: 2,
      by_severity: { 1: 1, 2: 0, 3: 0, 4: 0, 5: 1 },
    });
    expect(await summary(as.company_manager!, `turbine_id=${foreignTurbine}`)).toEqual(none);
  });

  it('lets a superadmin count one company, or a turbine of any company', async () => {
    expect(await summary(as.superadmin!, `company_id=${other.id}`)).toEqual({
      total: 2,
      by_severity: { 1: 1, 2: 0, 3: 0, 4: 0, 5: 1 },
    });
    expect((await summary(as.superadmin!, `company_id=${home.id}`)).total).toBe(8);
    expect((await summary(as.superadmin!, `turbine_id=${foreignTurbine}`)).total).toBe(2);
  });

  it('does not count the findings of a turbine being deleted', async () => {
    const doomed = await makeTurbine(app.dataSource, other.id);
    await plant(doomed, [{ severity: 2, stage: 'released' }]);
    expect((await summary(stranger)).total).toBe(3);
    await app.dataSource.query(`UPDATE turbines SET deleted_at = now() WHERE id = $1`, [doomed]);
    expect((await summary(stranger)).total).toBe(2);
  });

  it.each([
    ['severity_min=6', 400, 'SEVERITY_INVALID'],
    ['severity_min=two', 400, 'SEVERITY_INVALID'],
    ['blade=X', 400, 'BLADE_INVALID'],
    ['surface=hub', 400, 'SURFACE_INVALID'],
    ['type=rust', 400, 'FINDING_TYPE_INVALID'],
    ['status=open', 400, 'FINDING_STATUS_INVALID'],
    ['stage=final', 400, 'STAGE_INVALID'],
    ['year=1999', 400, 'YEAR_INVALID'],
    ['company_id=abc', 422, 'COMPANY_INVALID'],
  ])('refuses %s with %i %s', async (query, status, code) => {
    const reply = await call<Failure>(app, 'GET', `/api/findings/summary?${query}`, { as: as.company_manager! });
    expect(reply.status, reply.text).toBe(status);
    expect(reply.body.code).toBe(code);
  });
});

describe('the turbine list’s worst open severity', () => {
  it('is the highest severity among open findings; repaired and closed ones do not count', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    await plant(turbineId, [
      { severity: 2, stage: 'released', status: 'new' },
      { severity: 3, stage: 'released', status: 'monitoring' },
      { severity: 4, stage: 'released', status: 'repair_planned' },
      { severity: 5, stage: 'released', status: 'repaired' },
      { severity: 5, stage: 'released', status: 'closed' },
    ]);
    expect((await turbineOf(as.company_manager!, turbineId))?.worst_open_severity).toBe(4);
    expect((await turbineOf(as.customer!, turbineId))?.worst_open_severity).toBe(4);
    const clean = await makeTurbine(app.dataSource, home.id);
    expect((await turbineOf(as.company_manager!, clean))?.worst_open_severity).toBeNull();
  });

  it.each(FINDING_STATUSES.map((status) => [status, OPEN_FINDING_STATUSES.some((open) => open === status)]))(
    'counts a finding with status %s: %s',
    async (status, open) => {
      const turbineId = await makeTurbine(app.dataSource, home.id);
      await plant(turbineId, [{ severity: 3, stage: 'released', status }]);
      expect((await turbineOf(as.customer!, turbineId))?.worst_open_severity).toBe(open ? 3 : null);
    },
  );

  it('counts a draft for who may read drafts, never for a customer', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    await plant(turbineId, [
      { severity: 5, stage: 'draft', status: 'new' },
      { severity: 2, stage: 'released', status: 'monitoring' },
    ]);
    for (const role of ['superadmin', 'company_manager', 'operator'] as const) {
      expect((await turbineOf(as[role]!, turbineId))?.worst_open_severity, role).toBe(5);
    }
    expect((await turbineOf(as.customer!, turbineId))?.worst_open_severity).toBe(2);

    const onlyDrafts = await makeTurbine(app.dataSource, home.id);
    await plant(onlyDrafts, [{ severity: 4, stage: 'draft', status: 'new' }]);
    expect((await turbineOf(as.customer!, onlyDrafts))?.worst_open_severity).toBeNull();
    expect((await turbineOf(as.operator!, onlyDrafts))?.worst_open_severity).toBe(4);
  });

  it('comes with the turbine itself, under the same rule', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    await plant(turbineId, [
      { severity: 5, stage: 'draft' },
      { severity: 3, stage: 'released', status: 'repair_planned' },
    ]);
    const one = async (caller: Credentials) => {
      const reply = await call<ApiSuccess<TurbineDetail>>(app, 'GET', `/api/turbines/${turbineId}`, { as: caller });
      expect(reply.status, reply.text).toBe(200);
      return reply.body.data.worst_open_severity;
    };
    expect(await one(as.company_manager!)).toBe(5);
    expect(await one(as.customer!)).toBe(3);
  });

  it('is each turbine’s own in a longer list', async () => {
    const turbineIds = await Promise.all(Array.from({ length: 12 }, () => makeTurbine(app.dataSource, other.id)));
    for (const [index, turbineId] of turbineIds.entries()) {
      await plant(turbineId, [{ severity: ((index % 5) + 1) as FindingSeverity, stage: 'released' }]);
    }
    const reply = await call<ApiSuccess<Turbine[]>>(app, 'GET', '/api/turbines', { as: stranger });
    const worst = new Map(reply.body.data.map((turbine) => [turbine.id, turbine.worst_open_severity]));
    expect(turbineIds.map((id) => worst.get(id))).toEqual(turbineIds.map((_id, index) => (index % 5) + 1));
  });
});

describe('GET /api/findings?sort=', () => {
  let company: MadeCompany;
  let reader: Credentials;
  /** The turbines by the name the list shows, named so that Turkish letters decide their order. */
  const names = new Map<number, string>();

  beforeAll(async () => {
    company = await makeCompany(app.dataSource);
    reader = (
      await signIn(app, (await makeUser(app.dataSource, { role: 'operator', companyId: company.id })).email, PASSWORD)
    ).bearer;
    const turbines: [name: string | null, city: string][] = [
      ['Zile T01', 'tokat'],
      ['Çeşme T01', 'izmir'],
      ['Cide T01', 'kastamonu'],
      ['Ilgaz T01', 'çankırı'],
      [null, 'ordu'],
    ];
    for (const [index, [name, city]] of turbines.entries()) {
      const id = await makeTurbine(app.dataSource, company.id);
      await app.dataSource.query(`UPDATE turbines SET turbine_name = $1, city = $2 WHERE id = $3`, [name, city, id]);
      names.set(id, name ?? 'Ordu Türbini');
      // Severities and times spread over the turbines, with ties of each: equal severities, equal times.
      await plant(id, [
        {
          severity: ((index % 5) + 1) as FindingSeverity,
          stage: 'released',
          createdAt: `2024-0${index + 1}-10T08:00:00Z`,
        },
        { severity: 3, stage: 'released', createdAt: '2024-06-01T12:00:00.123456Z' },
        { severity: 3, stage: 'draft', createdAt: '2024-06-01T12:00:00.123456Z' },
        { severity: (((index + 2) % 5) + 1) as FindingSeverity, stage: 'released' },
      ]);
    }
  });

  const newestFirst = (a: Finding, b: Finding) => b.created_at.localeCompare(a.created_at) || b.id - a.id;
  const orders: [sort: string, compare: (a: Finding, b: Finding) => number][] = [
    ['date_desc', newestFirst],
    ['date_asc', (a, b) => -newestFirst(a, b)],
    ['severity_desc', (a, b) => b.severity - a.severity || newestFirst(a, b)],
    ['severity_asc', (a, b) => a.severity - b.severity || newestFirst(a, b)],
  ];

  it.each(orders)('%s: pages two at a time through every finding exactly once, in its order', async (sort, compare) => {
    const all = await listed(reader, `sort=${sort}`, 1000);
    expect(all).toHaveLength(20);
    expect(all.map((finding) => finding.id)).toEqual([...all].sort(compare).map((finding) => finding.id));
    const paged = await listed(reader, `sort=${sort}`, 2);
    expect(paged.map((finding) => finding.id)).toEqual(all.map((finding) => finding.id));
  });

  it.each([
    ['turbine_asc', ['Cide T01', 'Çeşme T01', 'Ilgaz T01', 'Ordu Türbini', 'Zile T01']],
    ['turbine_desc', ['Zile T01', 'Ordu Türbini', 'Ilgaz T01', 'Çeşme T01', 'Cide T01']],
  ])(
    '%s: by the turbine’s name in Turkish alphabetical order, newest first within one, paged exactly',
    async (sort, order) => {
      const paged = await listed(reader, `sort=${sort}`, 3);
      expect(paged).toHaveLength(20);
      const runs = paged.map((finding) => names.get(finding.turbine_id));
      expect([...new Set(runs)]).toEqual(order);
      // Each turbine's findings together, newest first.
      for (const name of order) {
        const own = paged.filter((finding) => names.get(finding.turbine_id) === name);
        expect(runs.lastIndexOf(name) - runs.indexOf(name)).toBe(own.length - 1);
        expect(own.map((finding) => finding.id)).toEqual([...own].sort(newestFirst).map((finding) => finding.id));
      }
    },
  );

  it('sorts a turbine’s own list too', async () => {
    const turbineId = [...names.keys()][0]!;
    const reply = await call<ApiPage<Finding>>(app, 'GET', `/api/turbines/${turbineId}/findings?sort=severity_asc`, {
      as: reader,
    });
    expect(reply.status, reply.text).toBe(200);
    const severities = reply.body.data.map((finding) => finding.severity);
    expect(severities).toEqual([...severities].sort((a, b) => a - b));
  });

  it('refuses an unknown order, and a cursor of another order, changing nothing', async () => {
    const unknown = await call<Failure>(app, 'GET', '/api/findings?sort=worst', { as: reader });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('SORT_INVALID');
    const first = await call<ApiPage<Finding>>(app, 'GET', '/api/findings?sort=severity_desc&limit=2', { as: reader });
    const cursor = first.body.next_cursor!;
    const other = await call<Failure>(app, 'GET', `/api/findings?sort=date_desc&limit=2&cursor=${cursor}`, {
      as: reader,
    });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('CURSOR_INVALID');
    const forged = Buffer.from(JSON.stringify(['severity_desc', 'x', '2024-01-01T00:00:00.000000Z', 1])).toString(
      'base64url',
    );
    const bad = await call<Failure>(app, 'GET', `/api/findings?sort=severity_desc&cursor=${forged}`, { as: reader });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('CURSOR_INVALID');
    // An empty sort is the default order.
    const blank = await call<ApiPage<Finding>>(app, 'GET', '/api/findings?sort=&limit=1000', { as: reader });
    expect(blank.body.data.map((finding) => finding.id)).toEqual(
      (await listed(reader, 'sort=date_desc', 1000)).map((finding) => finding.id),
    );
  });
});
