import { randomUUID } from 'node:crypto';
import {
  addDays,
  type ApiPage,
  type FindingDetail,
  type MediaItem,
  type Repair,
  repairDay,
  type RepairSummary,
  type Role,
  type Turbine,
} from '@kanat360/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '@kanat360/i18n';
import { countOf, eventually } from './eventually.js';
import {
  makeCompany,
  makeFinding as makeFindingThrough,
  makeMedia,
  makeTurbine,
  makeUser,
  type MadeCompany,
  type MadeUser,
  type NewFinding,
  PASSWORD,
} from './factories.js';
import { api, call, type Credentials, malformed, type Reply, type RequestBody, signIn } from './http.js';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.js';
import { startTestApp, type TestApp } from './test-app.js';

const inTurkish = translator('tr');

type Failure = { success: false; code: string; field?: string };
/** An answer that may be either (a step the test expects to be refused, or to go through). */
type Either = { success: boolean; data: Repair; message?: string; code?: string; field?: string };
/** What POST …/repairs takes. */
type NewRepair = RequestBody<'post', '/turbines/{id}/repairs'>;

const ROLES = ['superadmin', 'admin', 'company_manager', 'operator', 'customer'] as const;
const PUBLIC_URL = 'https://kanat360.example.com';

let app: TestApp;
let smtp: SmtpCapture;
let home: MadeCompany;
let other: MadeCompany;
const as: Partial<Record<Role, Credentials>> = {};
const users: Partial<Record<Role, MadeUser>> = {};
/** A second operator of the home company: an assignee who is not the caller. */
let crew: MadeUser;
let crewAs: Credentials;
let stranger: Credentials;
let strangerUser: MadeUser;

/** A photo row of a turbine (no blob: the metadata is what repairs read), of 2025 unless told. */
function mediaOf(
  turbineId: number,
  options: { category?: 'blade' | 'repair'; blade?: 'A' | 'B' | 'C'; year?: number } = {},
): Promise<number> {
  return makeMedia(app, turbineId, { year: 2025, ...options });
}

interface FindingSpec {
  blade?: 'A' | 'B' | 'C';
  severity?: number;
  type?: NewFinding['type'];
  status?: NewFinding['status'];
  stage?: 'draft' | 'released';
  zone?: number;
}

/**
 * A finding on a fresh photo of its blade, made through the API by a manager of the turbine's company (released,
 * `new`, unless told).
 */
async function makeFinding(turbineId: number, spec: FindingSpec = {}, manager = as.company_manager!): Promise<number> {
  const blade = spec.blade ?? 'A';
  const finding = await makeFindingThrough(app, manager, turbineId, {
    media_id: await mediaOf(turbineId, { blade }),
    blade,
    zone: spec.zone ?? 3,
    type: spec.type ?? 'erosion',
    severity: spec.severity ?? 3,
    status: spec.status ?? 'new',
    stage: spec.stage ?? 'released',
  });
  return finding.id;
}

async function findingStatus(id: number): Promise<string> {
  const rows: { status: string }[] = await app.dataSource.query(`SELECT status FROM findings WHERE id = $1`, [id]);
  return rows[0]!.status;
}

async function create(turbineId: number, body: NewRepair, caller = as.company_manager!): Promise<Repair> {
  const reply = await api(app, 'post', '/turbines/{id}/repairs', { path: { id: turbineId }, as: caller, body });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.data;
}

function put(
  repair: Pick<Repair, 'id' | 'turbine_id'>,
  body: RequestBody<'put', '/turbines/{id}/repairs/{repairId}'>,
  caller: Credentials,
): Promise<Reply<Either>> {
  return api(app, 'put', '/turbines/{id}/repairs/{repairId}', {
    path: { id: repair.turbine_id, repairId: repair.id },
    as: caller,
    body,
  });
}

function complete(
  repair: Pick<Repair, 'id' | 'turbine_id'>,
  caller: Credentials,
  body: RequestBody<'post', '/turbines/{id}/repairs/{repairId}/complete'>,
): Promise<Reply<Either>> {
  return api(app, 'post', '/turbines/{id}/repairs/{repairId}/complete', {
    path: { id: repair.turbine_id, repairId: repair.id },
    as: caller,
    body,
  });
}

function step(
  repair: Pick<Repair, 'id' | 'turbine_id'>,
  action: 'verify' | 'cancel',
  caller: Credentials,
): Promise<Reply<Either>> {
  return api(app, 'post', `/turbines/{id}/repairs/{repairId}/${action}`, {
    path: { id: repair.turbine_id, repairId: repair.id },
    as: caller,
    body: {},
  });
}

async function get(repair: Pick<Repair, 'id' | 'turbine_id'>, caller: Credentials = as.company_manager!) {
  return call<Either>(app, 'GET', `/api/turbines/${repair.turbine_id}/repairs/${repair.id}`, { as: caller });
}

const WINDOW = { window_start: '2026-05-04T08:00:00+03:00', window_end: '2026-05-04T17:00:00+03:00' };

/** An after-repair photo uploaded through the normal upload route (category `repair`, the blade given). */
async function uploadRepairPhoto(turbineId: number, blade: 'A' | 'B' | 'C', caller = crewAs): Promise<MediaItem> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7a9' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('category', 'repair');
  form.append('blade', blade);
  form.append('year', '2026');
  form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `onarim-${randomUUID()}.jpg`);
  const reply = await call<{ data: MediaItem[] }>(app, 'POST', `/api/turbines/${turbineId}/photos`, {
    as: caller,
    form,
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.data[0]!;
}

/** A repair taken to in progress, assigned to the crew operator, on findings of blade A. */
async function inProgress(turbineId: number, findingIds: number[]): Promise<Repair> {
  const repair = await create(turbineId, {
    finding_ids: findingIds,
    assignee_id: crew.id,
    status: 'scheduled',
    ...WINDOW,
  });
  const started = await put(repair, { status: 'in_progress' }, crewAs);
  expect(started.status, started.text).toBe(200);
  return started.body.data;
}

async function repairCount(turbineId: number): Promise<number> {
  return countOf(app.dataSource, `SELECT count(*)::int AS count FROM repair_work_orders WHERE turbine_id = $1`, [
    turbineId,
  ]);
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  home = await makeCompany(app.dataSource);
  other = await makeCompany(app.dataSource);
  for (const role of ROLES) {
    users[role] = await makeUser(app.dataSource, { role, companyId: home.id });
    as[role] = (await signIn(app, users[role].email, PASSWORD)).bearer;
  }
  crew = await makeUser(app.dataSource, { role: 'operator', companyId: home.id, language: 'en' });
  crewAs = (await signIn(app, crew.email, PASSWORD)).bearer;
  // Signing in keeps the language signed in with (Turkish here): the crew reads English mail.
  await app.dataSource.query(`UPDATE users SET language = 'en' WHERE id = $1`, [crew.id]);
  strangerUser = await makeUser(app.dataSource, { role: 'company_manager', companyId: other.id });
  stranger = (await signIn(app, strangerUser.email, PASSWORD)).bearer;
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('creating a repair', () => {
  it('answers the fixed fields, defaults from the worst finding, and puts its findings under repair', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const mild = await makeFinding(turbineId, { severity: 2, type: 'coating', status: 'monitoring' });
    const worst = await makeFinding(turbineId, { severity: 4, type: 'crack', blade: 'B', zone: 7 });
    const reply = await api(app, 'post', '/turbines/{id}/repairs', {
      path: { id: turbineId },
      as: as.operator!,
      body: { finding_ids: [mild, worst, mild] },
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.message).toBe(inTurkish('api.repairCreated'));
    const repair = reply.body.data;
    expect(repair).toMatchObject({
      turbine_id: turbineId,
      finding_ids: [mild, worst],
      title: 'Çatlak onarımı – B kanadı, bölge 7 ve 1 bulgu daha',
      method: 'laminate',
      priority: 4,
      status: 'planned',
      assignee_id: null,
      due_date: null,
      window_start: null,
      currency: 'TRY',
      after_media_ids: [],
      completed_at: null,
      created_by: users.operator!.id,
      overdue: false,
      costs_visible: true,
    });
    for (const field of [
      'id',
      'turbine_id',
      'finding_ids',
      'title',
      'method',
      'priority',
      'status',
      'assignee_id',
      'due_date',
      'window_start',
      'window_end',
      'estimated_cost',
      'actual_cost',
      'currency',
      'labour_hours',
      'note',
      'after_media_ids',
      'completed_at',
      'completed_by',
      'verified_at',
      'verified_by',
      'created_by',
      'created_at',
      'updated_at',
    ]) {
      expect(repair, field).toHaveProperty(field);
    }
    expect(repair.findings.map((finding) => [finding.id, finding.blade, finding.severity, finding.status])).toEqual([
      [mild, 'A', 2, 'repair_planned'],
      [worst, 'B', 4, 'repair_planned'],
    ]);
    expect(repair.findings[0]!.photo).toMatchObject({ blade: 'A', thumbnail_url: null });
    expect(repair.findings[0]!.photo!.url).toMatch(/^\/api\/files\/media\/\d+\//);
    // The operator who made it may edit and delete it; scheduling, assigning and costs are the managers'.
    expect(repair.allowed_actions).toEqual(['edit', 'delete']);
    const managerView = (await get(repair)).body.data;
    expect(managerView.allowed_actions).toEqual(['edit', 'schedule', 'assign', 'edit_costs', 'cancel', 'delete']);
    expect(await findingStatus(mild)).toBe('repair_planned');
    expect(await findingStatus(worst)).toBe('repair_planned');

    // The finding's list entry names its repair; its detail lists it in its history.
    const list = await call<ApiPage<FindingDetail>>(app, 'GET', `/api/turbines/${turbineId}/findings`, {
      as: as.operator!,
    });
    expect(list.body.data.find((finding) => finding.id === worst)!.repair).toEqual({
      id: repair.id,
      status: 'planned',
    });
    const detail = await call<{ data: FindingDetail }>(app, 'GET', `/api/turbines/${turbineId}/findings/${worst}`, {
      as: as.operator!,
    });
    expect(detail.body.data.repairs).toEqual([
      expect.objectContaining({ id: repair.id, status: 'planned', method: 'laminate', after_media_ids: [] }),
    ]);
  });

  it('lets a manager schedule, assign and cost it at once, and mails the assignee in their language', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const finding = await makeFinding(turbineId);
    const repair = await create(turbineId, {
      finding_ids: [finding],
      title: 'Hücum kenarı bandı',
      status: 'scheduled',
      assignee_id: crew.id,
      due_date: '2026-06-01',
      ...WINDOW,
      estimated_cost: 12500.5,
      currency: 'EUR',
    });
    expect(repair).toMatchObject({
      status: 'scheduled',
      assignee: { id: crew.id, name: 'Test operator' },
      due_date: '2026-06-01',
      window_start: '2026-05-04T05:00:00.000Z',
      window_end: '2026-05-04T14:00:00.000Z',
      estimated_cost: 12500.5,
      currency: 'EUR',
    });
    const mail = await eventually(
      () => smtp.to(crew.email).find((candidate) => candidate.subject.includes('Hücum kenarı bandı')),
      'the assignment mail',
    );
    expect(mail.subject).toBe(
      `Repair assigned to you: Hücum kenarı bandı (${repair.turbine.name} (${repair.turbine.code}))`,
    );
    expect(mail.text).toContain('Due date: 1 June 2026');
    expect(mail.text).toContain('Blade A, zone 3: Erosion, severity 3 – Serious');
    expect(mail.text).toContain(`${PUBLIC_URL}/dashboard/repairs/${repair.id}?turbine=${turbineId}`);
    expect(mail.html).toContain('Open the repair');
  });

  it('keeps a finding in one open repair: the second answers REPAIR_FINDING_TAKEN and writes nothing', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const shared = await makeFinding(turbineId, { status: 'monitoring' });
    const free = await makeFinding(turbineId);
    await create(turbineId, { finding_ids: [shared] });
    const reply = await call(app, 'POST', `/api/turbines/${turbineId}/repairs`, {
      as: as.operator!,
      body: { finding_ids: [free, shared] },
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ code: 'REPAIR_FINDING_TAKEN', field: 'finding_ids' });
    expect(await repairCount(turbineId)).toBe(1);
    expect(await findingStatus(free)).toBe('new');
  });

  it('takes a finding once when two repairs of it are made at the same moment', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const finding = await makeFinding(turbineId);
    const replies = await Promise.all(
      [as.operator!, as.company_manager!].map((caller) =>
        call(app, 'POST', `/api/turbines/${turbineId}/repairs`, {
          as: caller,
          body: { finding_ids: [finding] },
        }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(replies.find((reply) => reply.status === 409)!.body.code).toBe('REPAIR_FINDING_TAKEN');
    expect(await repairCount(turbineId)).toBe(1);
  });

  it('refuses bad input with its code and changes nothing', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const finding = await makeFinding(turbineId);
    const closed = await makeFinding(turbineId, { status: 'closed' });
    const elsewhere = await makeFinding(await makeTurbine(app.dataSource, home.id));
    const outsider = await makeUser(app.dataSource, { role: 'operator', companyId: other.id });
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{}, 400, 'REPAIR_FINDINGS_REQUIRED', 'finding_ids'],
      [{ finding_ids: [] }, 400, 'REPAIR_FINDINGS_REQUIRED', 'finding_ids'],
      [{ finding_ids: ['x'] }, 422, 'REPAIR_FINDINGS_INVALID'],
      [{ finding_ids: [elsewhere] }, 422, 'REPAIR_FINDINGS_INVALID', 'finding_ids'],
      [{ finding_ids: [closed] }, 422, 'REPAIR_FINDINGS_INVALID', 'finding_ids'],
      [{ finding_ids: [finding], priority: 7 }, 400, 'REPAIR_PRIORITY_INVALID', 'priority'],
      [{ finding_ids: [finding], method: 'glue' }, 400, 'REPAIR_METHOD_INVALID', 'method'],
      [{ finding_ids: [finding], title: '  ' }, 400, 'REPAIR_TITLE_REQUIRED', 'title'],
      [{ finding_ids: [finding], colour: 'red' }, 400, 'UNKNOWN_FIELD', 'colour'],
      [{ finding_ids: [finding], due_date: '2026-02-30' }, 400, 'REPAIR_DATE_INVALID', 'due_date'],
      [
        { finding_ids: [finding], window_start: WINDOW.window_end, window_end: WINDOW.window_start },
        400,
        'REPAIR_WINDOW_INVALID',
      ],
      [{ finding_ids: [finding], window_start: WINDOW.window_start }, 400, 'REPAIR_WINDOW_INVALID'],
      [
        { finding_ids: [finding], window_start: 'tomorrow', window_end: WINDOW.window_end },
        400,
        'REPAIR_WINDOW_INVALID',
      ],
      [{ finding_ids: [finding], estimated_cost: -1 }, 400, 'REPAIR_COST_INVALID', 'estimated_cost'],
      [{ finding_ids: [finding], estimated_cost: 1.005 }, 400, 'REPAIR_COST_INVALID', 'estimated_cost'],
      [{ finding_ids: [finding], currency: 'GBP' }, 400, 'REPAIR_CURRENCY_INVALID', 'currency'],
      [{ finding_ids: [finding], status: 'done' }, 400, 'REPAIR_STATUS_INVALID', 'status'],
      [{ finding_ids: [finding], status: 'scheduled' }, 422, 'REPAIR_SCHEDULE_REQUIRED', 'status'],
      [{ finding_ids: [finding], assignee_id: outsider.id }, 422, 'REPAIR_ASSIGNEE_INVALID', 'assignee_id'],
      [{ finding_ids: [finding], assignee_id: users.customer!.id }, 422, 'REPAIR_ASSIGNEE_INVALID', 'assignee_id'],
    ];
    for (const [body, status, code, field] of cases) {
      const reply = await call(app, 'POST', `/api/turbines/${turbineId}/repairs`, {
        as: as.company_manager!,
        body: malformed(body),
      });
      expect(reply.status, JSON.stringify(body)).toBe(status);
      expect(reply.body.code, JSON.stringify(body)).toBe(code);
      if (field) expect(reply.body.field, JSON.stringify(body)).toBe(field);
    }
    // What only managers may set, an operator may not (the same body from a manager would be fine).
    for (const [field, value] of [
      ['assignee_id', crew.id],
      ['due_date', '2026-06-01'],
      ['estimated_cost', 10],
      ['currency', 'USD'],
    ] as const) {
      const reply = await call(app, 'POST', `/api/turbines/${turbineId}/repairs`, {
        as: as.operator!,
        body: { finding_ids: [finding], [field]: value },
      });
      expect(reply.status, field).toBe(403);
      expect(reply.body).toMatchObject({ code: 'FORBIDDEN', field });
    }
    expect(await repairCount(turbineId)).toBe(0);
    expect(await findingStatus(finding)).toBe('new');
  });
});

describe('the status graph', () => {
  it('runs planned → scheduled → in progress → done → verified, the findings following', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const findings = [
      await makeFinding(turbineId, { status: 'monitoring' }),
      await makeFinding(turbineId, { blade: 'B' }),
    ];
    const repair = await create(turbineId, { finding_ids: findings });

    // Scheduling needs a window or a due date.
    const bare = await put(repair, { status: 'scheduled' }, as.company_manager!);
    expect(bare.status).toBe(422);
    expect(bare.body.code).toBe('REPAIR_SCHEDULE_REQUIRED');
    const scheduled = await put(repair, { status: 'scheduled', ...WINDOW, assignee_id: crew.id }, as.company_manager!);
    expect(scheduled.status, scheduled.text).toBe(200);
    expect(scheduled.body.data.status).toBe('scheduled');

    // Starting is the assignee's (or a manager's): another operator is told so.
    const stranger = await put(repair, { status: 'in_progress' }, as.operator!);
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('REPAIR_NOT_ASSIGNEE');
    const started = await put(repair, { status: 'in_progress' }, crewAs);
    expect(started.status, started.text).toBe(200);
    expect(started.body.data.allowed_actions).toEqual(['edit', 'complete']);

    const photo = await uploadRepairPhoto(turbineId, 'B');
    const done = await complete(repair, crewAs, {
      note: 'Laminat onarıldı, kaplama yenilendi.',
      after_media_ids: [photo.id],
      actual_cost: 8400,
      labour_hours: 6.5,
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.message).toBe(inTurkish('api.repairCompleted'));
    expect(done.body.data).toMatchObject({
      status: 'done',
      note: 'Laminat onarıldı, kaplama yenilendi.',
      actual_cost: 8400,
      labour_hours: 6.5,
      completed_by: crew.id,
      completed_by_user: { id: crew.id, name: 'Test operator' },
      after_media_ids: [photo.id],
    });
    expect(done.body.data.after_photos[0]).toMatchObject({ id: photo.id, blade: 'B', year: 2026 });
    expect(done.body.data.completed_at).not.toBeNull();
    for (const finding of findings) expect(await findingStatus(finding)).toBe('repaired');

    // Verifying is a manager's, from done only.
    expect((await step(repair, 'verify', crewAs)).status).toBe(403);
    const verified = await step(repair, 'verify', as.company_manager!);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.data).toMatchObject({ status: 'verified', verified_by: users.company_manager!.id });
    expect(verified.body.data.allowed_actions).toEqual([]);
    for (const finding of findings) expect(await findingStatus(finding)).toBe('closed');
    expect((await step(repair, 'verify', as.company_manager!)).body.code).toBe('REPAIR_STATUS_CONFLICT');

    // The finding's history shows the repair done, with its after photo; a verified finding starts no new repair.
    const detail = await call<{ data: FindingDetail }>(
      app,
      'GET',
      `/api/turbines/${turbineId}/findings/${findings[1]!}`,
      { as: as.operator! },
    );
    expect(detail.body.data.repair).toEqual({ id: repair.id, status: 'verified' });
    expect(detail.body.data.repairs).toEqual([
      expect.objectContaining({ id: repair.id, status: 'verified', after_media_ids: [photo.id] }),
    ]);
    const again = await call(app, 'POST', `/api/turbines/${turbineId}/repairs`, {
      as: as.operator!,
      body: { finding_ids: [findings[1]!] },
    });
    expect(again.body.code).toBe('REPAIR_FINDINGS_INVALID');
  });

  it('refuses steps the graph does not have, with REPAIR_STATUS_CONFLICT', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const repair = await create(turbineId, { finding_ids: [await makeFinding(turbineId)] });
    const photo = await mediaOf(turbineId, { category: 'repair' });
    expect((await step(repair, 'verify', as.company_manager!)).body.code).toBe('REPAIR_STATUS_CONFLICT');
    const early = await complete(repair, as.company_manager!, { note: 'x', after_media_ids: [photo] });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('REPAIR_STATUS_CONFLICT');
    for (const status of ['in_progress', 'done', 'verified', 'cancelled'] as const) {
      const reply = await put(repair, { status }, as.company_manager!);
      expect(reply.status, status).toBe(409);
      expect(reply.body).toMatchObject({ code: 'REPAIR_STATUS_CONFLICT', field: 'status' });
    }
    expect((await get(repair)).body.data.status).toBe('planned');
  });

  it('completes with a note and after-repair photos of the repair’s blades only', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const finding = await makeFinding(turbineId, { blade: 'A' });
    const repair = await inProgress(turbineId, [finding]);
    const rightPhoto = await mediaOf(turbineId, { category: 'repair', blade: 'A' });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ after_media_ids: [rightPhoto] }, 400, 'REPAIR_NOTE_REQUIRED'],
      [{ note: '  ', after_media_ids: [rightPhoto] }, 400, 'REPAIR_NOTE_REQUIRED'],
      [{ note: 'ok' }, 400, 'REPAIR_AFTER_PHOTOS_REQUIRED'],
      [{ note: 'ok', after_media_ids: [] }, 400, 'REPAIR_AFTER_PHOTOS_REQUIRED'],
      [{ note: 'ok', after_media_ids: [await mediaOf(turbineId, { category: 'blade' })] }, 422, 'REPAIR_MEDIA_INVALID'],
      [
        { note: 'ok', after_media_ids: [await mediaOf(turbineId, { category: 'repair', year: 2024 })] },
        422,
        'REPAIR_MEDIA_INVALID',
      ],
      [
        { note: 'ok', after_media_ids: [await mediaOf(turbineId, { category: 'repair', blade: 'C' })] },
        422,
        'REPAIR_MEDIA_INVALID',
      ],
      [
        {
          note: 'ok',
          after_media_ids: [await mediaOf(await makeTurbine(app.dataSource, home.id), { category: 'repair' })],
        },
        422,
        'REPAIR_MEDIA_INVALID',
      ],
      [{ note: 'ok', after_media_ids: [rightPhoto], actual_cost: 'a lot' }, 400, 'REPAIR_COST_INVALID'],
      [{ note: 'ok', after_media_ids: [rightPhoto], labour_hours: -2 }, 400, 'REPAIR_HOURS_INVALID'],
    ];
    for (const [body, status, code] of cases) {
      const reply = await call(app, 'POST', `/api/turbines/${repair.turbine_id}/repairs/${repair.id}/complete`, {
        as: crewAs,
        body: malformed(body),
      });
      expect(reply.status, JSON.stringify(body)).toBe(status);
      expect(reply.body.code, JSON.stringify(body)).toBe(code);
    }
    // Only the assignee, or a manager, completes.
    const notAssignee = await complete(repair, as.operator!, { note: 'ok', after_media_ids: [rightPhoto] });
    expect(notAssignee.status).toBe(403);
    expect(notAssignee.body.code).toBe('REPAIR_NOT_ASSIGNEE');
    expect((await get(repair)).body.data).toMatchObject({ status: 'in_progress', after_media_ids: [], note: null });
    expect(await findingStatus(finding)).toBe('repair_planned');
  });

  it('lets one of two completions at once win; the other is a conflict', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const repair = await inProgress(turbineId, [await makeFinding(turbineId)]);
    const photo = await mediaOf(turbineId, { category: 'repair', blade: 'A' });
    const replies = await Promise.all(
      [crewAs, as.company_manager!].map((caller) =>
        complete(repair, caller, { note: 'Bitti', after_media_ids: [photo] }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.status === 409)!.body.code).toBe('REPAIR_STATUS_CONFLICT');
    expect(
      await countOf(app.dataSource, `SELECT count(*)::int AS count FROM repair_media WHERE repair_id = $1`, [
        repair.id,
      ]),
    ).toBe(1);
  });

  it('gives each finding back the status it had when cancelled, and lets another repair take it', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const monitored = await makeFinding(turbineId, { status: 'monitoring' });
    const fresh = await makeFinding(turbineId, { status: 'new' });
    const repair = await inProgress(turbineId, [monitored, fresh]);
    expect((await step(repair, 'cancel', as.operator!)).status).toBe(403);
    const cancelled = await step(repair, 'cancel', as.company_manager!);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await findingStatus(monitored)).toBe('monitoring');
    expect(await findingStatus(fresh)).toBe('new');
    expect((await step(repair, 'cancel', as.company_manager!)).body.code).toBe('REPAIR_STATUS_CONFLICT');
    // Cancelled, it holds nothing: the finding goes into a new repair, and its history shows both.
    const next = await create(turbineId, { finding_ids: [monitored] });
    const detail = await call<{ data: FindingDetail }>(app, 'GET', `/api/turbines/${turbineId}/findings/${monitored}`, {
      as: as.operator!,
    });
    expect(detail.body.data.repair).toEqual({ id: next.id, status: 'planned' });
    expect(detail.body.data.repairs.map((entry) => [entry.id, entry.status])).toEqual([
      [repair.id, 'cancelled'],
      [next.id, 'planned'],
    ]);
  });

  it('reopens a done repair (the work is sent back): its findings are under repair again', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const finding = await makeFinding(turbineId);
    const repair = await inProgress(turbineId, [finding]);
    const photo = await mediaOf(turbineId, { category: 'repair', blade: 'A' });
    await complete(repair, crewAs, { note: 'Bitti', after_media_ids: [photo] });
    expect((await put(repair, { status: 'in_progress' }, crewAs)).status).toBe(403);
    const reopened = await put(repair, { status: 'in_progress' }, as.company_manager!);
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.body.data).toMatchObject({ status: 'in_progress', completed_at: null, completed_by: null });
    expect(await findingStatus(finding)).toBe('repair_planned');
  });

  it('changes in each status only what the rules let change, and by whom', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const first = await makeFinding(turbineId, { status: 'monitoring' });
    const second = await makeFinding(turbineId);
    const repair = await create(turbineId, { finding_ids: [first], assignee_id: crew.id });

    // An operator edits the texts and findings; the schedule, assignee and costs are the managers'.
    const edited = await put(repair, { title: 'Yeni başlık', priority: 5, finding_ids: [second] }, as.operator!);
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({ title: 'Yeni başlık', priority: 5, finding_ids: [second] });
    expect(await findingStatus(first)).toBe('monitoring');
    expect(await findingStatus(second)).toBe('repair_planned');
    for (const [field, value] of [
      ['due_date', '2026-07-01'],
      ['assignee_id', null],
      ['estimated_cost', 5],
    ] as const) {
      const reply = await put(repair, { [field]: value }, as.operator!);
      expect(reply.status, field).toBe(403);
      expect(reply.body).toMatchObject({ code: 'FORBIDDEN', field });
    }
    // A field sent as it is changes nothing, whoever sends it.
    expect((await put(repair, { assignee_id: crew.id, currency: 'TRY' }, as.operator!)).status).toBe(200);

    // Started, its findings are fixed; done, only the note, currency and actual figures.
    await put(repair, { status: 'scheduled', due_date: '2026-07-01' }, as.company_manager!);
    await put(repair, { status: 'in_progress' }, crewAs);
    const locked = await put(repair, { finding_ids: [first, second] }, as.company_manager!);
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({ code: 'REPAIR_FIELD_LOCKED', field: 'finding_ids' });
    await complete(repair, crewAs, {
      note: 'Bitti',
      after_media_ids: [await mediaOf(turbineId, { category: 'repair' })],
    });
    expect((await put(repair, { title: 'Sonradan' }, as.company_manager!)).body.code).toBe('REPAIR_FIELD_LOCKED');
    const corrected = await put(repair, { actual_cost: 990.9, note: 'Düzeltildi' }, as.company_manager!);
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.body.data).toMatchObject({ actual_cost: 990.9, note: 'Düzeltildi' });
    await step(repair, 'verify', as.company_manager!);
    expect((await put(repair, { note: 'x' }, as.company_manager!)).body.code).toBe('REPAIR_FIELD_LOCKED');

    // Bad values are refused before any rule, and change nothing.
    const bad = await put(repair, { window_start: 'tomorrow' }, as.company_manager!);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('REPAIR_WINDOW_INVALID');
    expect((await get(repair)).body.data).toMatchObject({ status: 'verified', note: 'Düzeltildi' });
  });

  it('deletes a planned repair for its author or a manager, giving the findings back', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const finding = await makeFinding(turbineId, { status: 'monitoring' });
    const mine = await create(turbineId, { finding_ids: [finding] }, as.operator);
    const notMine = await call<Failure>(app, 'DELETE', `/api/turbines/${turbineId}/repairs/${mine.id}`, { as: crewAs });
    expect(notMine.status).toBe(403);
    const deleted = await call(app, 'DELETE', `/api/turbines/${turbineId}/repairs/${mine.id}`, { as: as.operator! });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await findingStatus(finding)).toBe('monitoring');
    expect((await get(mine)).status).toBe(404);

    const scheduled = await create(turbineId, { finding_ids: [finding], due_date: '2026-09-09', status: 'scheduled' });
    const refused = await call<Failure>(app, 'DELETE', `/api/turbines/${turbineId}/repairs/${scheduled.id}`, {
      as: as.company_manager!,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('REPAIR_NOT_DELETABLE');
  });

  it('keeps a finding under repair as the repair says: no status change by hand, no delete', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const finding = await makeFinding(turbineId, { stage: 'draft' });
    await create(turbineId, { finding_ids: [finding] });
    const current = await call<{ data: FindingDetail }>(app, 'GET', `/api/turbines/${turbineId}/findings/${finding}`, {
      as: as.operator!,
    });
    const { blade, surface, zone, internal, distance_from_root_m, target, type, severity } = current.body.data;
    const body = { blade, surface, zone, internal, distance_from_root_m, target, type, severity };
    const byHand = await call(app, 'PUT', `/api/turbines/${turbineId}/findings/${finding}`, {
      as: as.operator!,
      body: { ...body, status: 'closed' },
    });
    expect(byHand.status).toBe(409);
    expect(byHand.body).toMatchObject({ code: 'FINDING_IN_REPAIR', field: 'status' });
    // Other changes are fine.
    const saved = await call(app, 'PUT', `/api/turbines/${turbineId}/findings/${finding}`, {
      as: as.operator!,
      body: { ...body, severity: 4, status: 'repair_planned' },
    });
    expect(saved.status, saved.text).toBe(200);
    const deleted = await call<Failure>(app, 'DELETE', `/api/turbines/${turbineId}/findings/${finding}`, {
      as: as.operator!,
    });
    expect(deleted.status).toBe(409);
    expect(deleted.body.code).toBe('FINDING_IN_REPAIR');
  });
});

describe('after-repair photos', () => {
  it('upload through the photo routes on a blade, stay out of the inspection lists, and stay while their repair does', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const inspection = await mediaOf(turbineId, { category: 'blade' });
    const photo = await uploadRepairPhoto(turbineId, 'A');
    expect(photo).toMatchObject({ category: 'repair', blade: 'A', year: 2026 });
    expect(photo.key).toMatch(new RegExp(`^turbines/${turbineId}/category-repair/2026/`));

    const noBlade = new FormData();
    noBlade.append('category', 'repair');
    noBlade.append('photos', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'x.jpg');
    const refused = await call<Failure>(app, 'POST', `/api/turbines/${turbineId}/photos`, {
      as: crewAs,
      form: noBlade,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'REPAIR_PHOTO_BLADE_REQUIRED', field: 'blade' });

    const list = (query: string) =>
      call<ApiPage<MediaItem>>(app, 'GET', `/api/turbines/${turbineId}/photos?view=all${query}`, { as: as.customer! });
    expect((await list('')).body.data.map((item) => item.id)).toEqual([inspection]);
    expect((await list('&category=repair')).body.data.map((item) => item.id)).toEqual([photo.id]);
    expect((await list(`&ids=${photo.id}`)).body.data.map((item) => item.id)).toEqual([photo.id]);
    const turbine = await call<{ data: Turbine }>(app, 'GET', `/api/turbines/${turbineId}`, { as: as.operator! });
    expect(turbine.body.data).toMatchObject({ photo_count: 1, media_count: 1 });

    // Findings are marked on inspection photos, never on a repair's record.
    const marked = await call(app, 'POST', `/api/turbines/${turbineId}/findings`, {
      as: crewAs,
      body: {
        media_id: photo.id,
        blade: 'A',
        surface: 'leading_edge',
        zone: 1,
        distance_from_root_m: 3,
        target: { selector: { type: 'FragmentSelector', value: 'xywh=pixel:1,1,4,4' } },
        type: 'erosion',
        severity: 2,
      },
    });
    expect(marked.status).toBe(422);
    expect(marked.body).toMatchObject({ code: 'FINDING_MEDIA_INVALID', field: 'media_id' });

    const repair = await inProgress(turbineId, [await makeFinding(turbineId)]);
    await complete(repair, crewAs, { note: 'Bitti', after_media_ids: [photo.id] });
    const deleted = await call<Failure>(
      app,
      'DELETE',
      `/api/turbines/${turbineId}/photos?key=${encodeURIComponent(photo.key)}`,
      { as: as.company_manager! },
    );
    expect(deleted.status).toBe(409);
    expect(deleted.body.code).toBe('PHOTO_IN_REPAIR');
  });
});

describe('a turbine deleted', () => {
  it('takes its repairs, their findings’ links and after photos with it', async () => {
    const turbineId = await makeTurbine(app.dataSource, home.id);
    const repair = await inProgress(turbineId, [await makeFinding(turbineId)]);
    const photo = await uploadRepairPhoto(turbineId, 'A');
    await complete(repair, crewAs, { note: 'Bitti', after_media_ids: [photo.id] });
    const reply = await call(app, 'DELETE', `/api/turbines/${turbineId}`, { as: as.superadmin! });
    expect(reply.status, reply.text).toBe(200);
    // Hidden at once, purged by its job.
    expect((await get(repair)).status).toBe(404);
    await eventually(
      async () =>
        (await countOf(app.dataSource, `SELECT count(*)::int AS count FROM turbines WHERE id = $1`, [turbineId])) === 0,
      'the turbine purged',
    );
    expect(await repairCount(turbineId)).toBe(0);
    for (const table of ['repair_findings', 'repair_media']) {
      expect(
        await countOf(app.dataSource, `SELECT count(*)::int AS count FROM ${table} WHERE repair_id = $1`, [repair.id]),
        table,
      ).toBe(0);
    }
  });
});

describe('reading repairs', () => {
  let turbineId: number;
  let released: Repair;
  let withDraft: Repair;
  let foreign: Repair;

  beforeAll(async () => {
    turbineId = await makeTurbine(app.dataSource, home.id);
    released = await create(turbineId, {
      finding_ids: [await makeFinding(turbineId)],
      estimated_cost: 700,
      due_date: '2020-01-01',
      status: 'scheduled',
      assignee_id: crew.id,
    });
    withDraft = await create(turbineId, {
      finding_ids: [await makeFinding(turbineId), await makeFinding(turbineId, { stage: 'draft' })],
      priority: 5,
    });
    const foreignTurbine = await makeTurbine(app.dataSource, other.id);
    foreign = await create(
      foreignTurbine,
      { finding_ids: [await makeFinding(foreignTurbine, {}, stranger)] },
      stranger,
    );
  });

  it('shows customers the repairs whose findings are all released, without costs or actions', async () => {
    const seen = await get(released, as.customer);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.data).toMatchObject({
      estimated_cost: null,
      actual_cost: null,
      costs_visible: false,
      allowed_actions: [],
      overdue: true,
    });
    const hidden = await get(withDraft, as.customer);
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('REPAIR_NOT_FOUND');
    const list = await call<ApiPage<Repair>>(app, 'GET', `/api/turbines/${turbineId}/repairs`, { as: as.customer! });
    expect(list.body.data.map((repair) => repair.id)).toEqual([released.id]);
    expect(list.body.total).toBe(1);
    const turbines = await call<{ data: Turbine[] }>(app, 'GET', '/api/turbines', { as: as.customer! });
    expect(turbines.body.data.find((turbine) => turbine.id === turbineId)).toMatchObject({
      open_repairs: 1,
      overdue_repairs: 1,
    });
    const staff = await call<{ data: Turbine[] }>(app, 'GET', '/api/turbines', { as: as.operator! });
    expect(staff.body.data.find((turbine) => turbine.id === turbineId)).toMatchObject({
      open_repairs: 2,
      overdue_repairs: 1,
    });
  });

  it('shows customers costs when REPAIR_COSTS_VISIBLE_TO_CUSTOMERS allows', async () => {
    app.config.repairs.costsVisibleToCustomers = true;
    try {
      expect((await get(released, as.customer)).body.data).toMatchObject({ estimated_cost: 700, costs_visible: true });
    } finally {
      app.config.repairs.costsVisibleToCustomers = false;
    }
  });

  it('answers another company’s repair as a missing turbine, and leaves it out of the fleet', async () => {
    for (const path of [
      `/api/turbines/${foreign.turbine_id}/repairs/${foreign.id}`,
      `/api/turbines/${foreign.turbine_id}/repairs`,
    ] as const) {
      const reply = await call<Failure>(app, 'GET', path, { as: as.company_manager! });
      expect(reply.status, path).toBe(404);
      expect(reply.body.code).toBe('TURBINE_NOT_FOUND');
    }
    // A repair id of another turbine is missing on this one.
    const mixed = await call<Failure>(app, 'GET', `/api/turbines/${turbineId}/repairs/${foreign.id}`, {
      as: as.company_manager!,
    });
    expect(mixed.body.code).toBe('REPAIR_NOT_FOUND');
    for (const [method, suffix] of [
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/cancel'],
      ['POST', '/verify'],
    ] as const) {
      const reply = await call<Failure>(
        app,
        method,
        `/api/turbines/${foreign.turbine_id}/repairs/${foreign.id}${suffix}`,
        {
          as: as.company_manager!,
          body: malformed({}),
        },
      );
      expect(reply.status, `${method}${suffix}`).toBe(404);
    }
    const fleet = await call<ApiPage<Repair>>(app, 'GET', '/api/repairs?limit=1000', { as: as.company_manager! });
    expect(fleet.body.data.some((repair) => repair.id === foreign.id)).toBe(false);
    // company_id is a superadmin's filter; anyone else's is ignored.
    const ignored = await call<ApiPage<Repair>>(app, 'GET', `/api/repairs?company_id=${other.id}&limit=1000`, {
      as: as.company_manager!,
    });
    expect(ignored.body.data.some((repair) => repair.id === foreign.id)).toBe(false);
    const superadmin = await call<ApiPage<Repair>>(app, 'GET', `/api/repairs?company_id=${other.id}`, {
      as: as.superadmin!,
    });
    expect(superadmin.body.data.map((repair) => repair.id)).toContain(foreign.id);
    expect(superadmin.body.data.every((repair) => repair.turbine.company_id === other.id)).toBe(true);
  });

  it('filters and pages the fleet list exactly', async () => {
    const base = `/api/repairs?turbine_id=${turbineId}` as const;
    const ids = async (query: string, caller = as.company_manager!) =>
      (await call<ApiPage<Repair>>(app, 'GET', `${base}${query}`, { as: caller })).body.data.map((repair) => repair.id);
    expect(await ids('&status=scheduled')).toEqual([released.id]);
    expect(await ids('&status=planned,scheduled')).toEqual([withDraft.id, released.id]);
    expect(await ids(`&assignee_id=${crew.id}`)).toEqual([released.id]);
    expect(await ids('&assignee_id=me', crewAs)).toEqual([released.id]);
    expect(await ids('&overdue=true')).toEqual([released.id]);
    expect(await ids('&overdue=false')).toEqual([withDraft.id]);
    expect(await ids('&due_before=2020-01-02')).toEqual([released.id]);
    expect(await ids('&due_before=2020-01-01')).toEqual([]);
    expect(await ids('&priority_min=5')).toEqual([withDraft.id]);

    const pages: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { body: ApiPage<Repair> } = await call<ApiPage<Repair>>(
        app,
        'GET',
        `${base}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        { as: as.company_manager! },
      );
      expect(page.body.total).toBe(2);
      pages.push(...page.body.data.map((repair) => repair.id));
      cursor = page.body.next_cursor;
    }
    expect(pages).toEqual([withDraft.id, released.id]);

    for (const [query, code] of [
      ['&status=open', 'REPAIR_STATUS_INVALID'],
      ['&due_before=2026-13-01', 'REPAIR_DATE_INVALID'],
      ['&overdue=maybe', 'VALIDATION_ERROR'],
      ['&priority_min=9', 'REPAIR_PRIORITY_INVALID'],
      ['&limit=0', 'LIMIT_INVALID'],
      ['&cursor=abc', 'CURSOR_INVALID'],
    ]) {
      const reply = await call<Failure>(app, 'GET', `${base}${query}`, { as: as.company_manager! });
      expect(reply.status, query).toBe(400);
      expect(reply.body.code, query).toBe(code);
    }
    const someone = await call<Failure>(app, 'GET', `${base}&assignee_id=someone`, { as: as.company_manager! });
    expect(someone.status).toBe(422);
    expect(someone.body.code).toBe('REPAIR_ASSIGNEE_INVALID');
  });

  it('sums up the fleet: by status, overdue, due within 30 days, this year’s costs by currency', async () => {
    const company = await makeCompany(app.dataSource);
    const manager = await makeUser(app.dataSource, { role: 'company_manager', companyId: company.id });
    const managerAs = (await signIn(app, manager.email, PASSWORD)).bearer;
    const customer = await makeUser(app.dataSource, { role: 'customer', companyId: company.id });
    const customerAs = (await signIn(app, customer.email, PASSWORD)).bearer;
    const turbine = await makeTurbine(app.dataSource, company.id);
    const today = repairDay(new Date());
    const year = today.slice(0, 4);
    const make = (body: NewRepair) => create(turbine, body, managerAs);
    await make({
      finding_ids: [await makeFinding(turbine, {}, managerAs)],
      due_date: addDays(today, -1),
      status: 'scheduled',
      estimated_cost: 100,
    });
    await make({
      finding_ids: [await makeFinding(turbine, {}, managerAs)],
      due_date: addDays(today, 10),
      status: 'scheduled',
      estimated_cost: 50.25,
      currency: 'EUR',
    });
    await make({
      finding_ids: [await makeFinding(turbine, {}, managerAs)],
      due_date: addDays(today, 40),
      status: 'scheduled',
    });
    const cancelled = await make({ finding_ids: [await makeFinding(turbine, {}, managerAs)], estimated_cost: 999 });
    await step(cancelled, 'cancel', managerAs);
    const done = await make({
      finding_ids: [await makeFinding(turbine, {}, managerAs)],
      status: 'scheduled',
      due_date: `${year}-01-15`,
    });
    await put(done, { status: 'in_progress' }, managerAs);
    await complete(done, managerAs, {
      note: 'ok',
      after_media_ids: [await mediaOf(turbine, { category: 'repair' })],
      actual_cost: 300,
    });

    const summary = await call<{ data: RepairSummary }>(app, 'GET', '/api/repairs/summary', { as: managerAs });
    expect(summary.status, summary.text).toBe(200);
    expect(summary.body.data).toEqual({
      total: 5,
      by_status: { planned: 0, scheduled: 3, in_progress: 0, done: 1, verified: 0, cancelled: 1 },
      overdue: 1,
      due_30_days: 1,
      cost_this_year: {
        estimated: {
          TRY: addDays(today, -1).startsWith(year) ? 100 : 0,
          EUR: addDays(today, 10).startsWith(year) ? 50.25 : 0,
          USD: 0,
        },
        actual: { TRY: 300, EUR: 0, USD: 0 },
      },
    });
    const filtered = await call<{ data: RepairSummary }>(app, 'GET', '/api/repairs/summary?status=done', {
      as: managerAs,
    });
    expect(filtered.body.data.total).toBe(1);
    const forCustomer = await call<{ data: RepairSummary }>(app, 'GET', '/api/repairs/summary', { as: customerAs });
    expect(forCustomer.body.data).toMatchObject({ total: 5, cost_this_year: null });
  });

  it('exports the fleet list as CSV and a workbook for people, in the caller’s language', async () => {
    const turbine = await makeTurbine(app.dataSource, home.id);
    const risky = await create(turbine, {
      finding_ids: [await makeFinding(turbine, { type: 'lightning', severity: 2 })],
      title: '=HYPERLINK("http://evil")',
      note: 'satır 1\nsatır 2',
      estimated_cost: 1234.5,
    });
    const csv = await fetch(`${app.baseUrl}/api/repairs/export.csv?turbine_id=${turbine}`, {
      headers: { Authorization: `Bearer ${(as.company_manager as { token: string }).token}`, 'X-Lang': 'en' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toContain('repairs.csv');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.split('\r\n').length).toBeGreaterThan(2);
    const parsed = Papa.parse<string[]>(text.slice(1), { newline: '\r\n' });
    const [header, row] = parsed.data;
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(header).toContain('Estimated cost');
    expect(cell('Repair no.')).toBe(String(risky.id));
    expect(cell('Title')).toBe(`'=HYPERLINK("http://evil")`);
    expect(cell('Status')).toBe('Planned');
    expect(cell('Method')).toBe('Lightning protection system');
    expect(cell('Estimated cost')).toBe('1234.5');
    expect(cell('Note')).toBe('satır 1\r\nsatır 2');
    expect(cell('Findings')).toBe('Blade A, zone 3: Lightning damage, severity 2 – Moderate');
    expect(cell('Address')).toBe(`${PUBLIC_URL}/dashboard/repairs/${risky.id}?turbine=${turbine}`);

    // A customer's has no cost columns (the Turkish one: the default language).
    const forCustomer = await fetch(`${app.baseUrl}/api/repairs/export.csv?turbine_id=${turbine}`, {
      headers: { Authorization: `Bearer ${(as.customer as { token: string }).token}` },
    });
    const customerHeader = Papa.parse<string[]>(await forCustomer.text()).data[0]!;
    expect(customerHeader).toContain(inTurkish('repairs.export.column.title'));
    expect(customerHeader).not.toContain('Tahmini maliyet');

    const xlsx = await fetch(`${app.baseUrl}/api/repairs/export.xlsx?turbine_id=${turbine}`, {
      headers: { Authorization: `Bearer ${(as.company_manager as { token: string }).token}`, 'X-Lang': 'en' },
    });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.getWorksheet('Repairs')!;
    const names = (sheet.getRow(1).values as unknown[]).slice(1);
    const value = (name: string) => sheet.getRow(2).getCell(names.indexOf(name) + 1).value;
    expect(sheet.rowCount).toBe(2);
    expect(value('Title')).toBe('=HYPERLINK("http://evil")');
    expect(sheet.getRow(2).getCell(names.indexOf('Title') + 1).type).toBe(ExcelJS.ValueType.String);
    expect(value('Estimated cost')).toBe(1234.5);
    expect(value('Created (UTC)')).toBeInstanceOf(Date);
  });
});
