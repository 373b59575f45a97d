import { type Repair, type RepairCalendarToken, type Role } from '@kanat360/contracts';
import ICAL from 'ical.js';
import nodeIcal, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeCompany,
  makeFinding as makeFindingThrough,
  makeMedia,
  makeTurbine,
  makeUser,
  type MadeUser,
  PASSWORD,
} from './factories.js';
import { api, call, type Credentials, type RequestBody, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

// The repairs' iCalendar feed (issue #24 item 6): read by two parsers (ical.js, strict about the grammar, and
// node-ical, what many Node tools use), line by line against RFC 5545's framing, and fetched as a calendar client
// would: with the token of its address, no session.

const PUBLIC_URL = 'https://kanat360.example.com';

let app: TestApp;
const people: Partial<Record<Role, MadeUser>> = {};
const as: Partial<Record<Role, Credentials>> = {};
let assignee: MadeUser;
let assigneeAs: Credentials;
let turbineId: number;
/** Scheduled with a window and a due date, assigned to `assignee`. */
let windowed: Repair;
/** Planned, a due date only, nobody assigned. */
let dueOnly: Repair;
/** With a draft finding: not a customer's. */
let drafted: Repair;
/** Cancelled: in nobody's calendar. */
let cancelled: Repair;

/** A released (or draft) bond-line finding of severity 4 on blade C, zone 9, on a photo of its own. */
async function makeFinding(stage: 'draft' | 'released' = 'released'): Promise<number> {
  const mediaId = await makeMedia(app, turbineId, { blade: 'C' });
  const finding = await makeFindingThrough(app, as.company_manager!, turbineId, {
    media_id: mediaId,
    blade: 'C',
    surface: 'trailing_edge',
    zone: 9,
    type: 'bond_line',
    severity: 4,
    stage,
  });
  return finding.id;
}

async function create(body: RequestBody<'post', '/turbines/{id}/repairs'>): Promise<Repair> {
  const reply = await api(app, 'post', '/turbines/{id}/repairs', {
    path: { id: turbineId },
    as: as.company_manager!,
    body,
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.data;
}

async function address(caller: Credentials, method: 'GET' | 'POST' = 'GET'): Promise<RepairCalendarToken> {
  const reply =
    method === 'POST'
      ? await api(app, 'post', '/repairs/calendar-token', { as: caller, body: {} })
      : await api(app, 'get', '/repairs/calendar-token', { as: caller });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data;
}

/** Fetches a feed address as a calendar client does: the address as given (on this server), no session. */
async function fetchFeed(url: string): Promise<Response> {
  expect(url.startsWith(`${PUBLIC_URL}/api/repairs/calendar.ics?token=`)).toBe(true);
  return fetch(app.baseUrl + url.slice(PUBLIC_URL.length));
}

interface Parsed {
  text: string;
  /** Each VEVENT by UID, as ical.js reads it. */
  events: Map<string, ICAL.Event>;
  /** The same VEVENTs as node-ical reads them. */
  nodeEvents: Map<string, VEvent>;
}

async function feedOf(caller: Credentials): Promise<Parsed> {
  const response = await fetchFeed((await address(caller)).url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const text = await response.text();
  // RFC 5545 §3.1: CRLF line ends, content lines folded at 75 octets.
  expect(text.endsWith('END:VCALENDAR')).toBe(true);
  for (const line of text.split('\r\n')) {
    expect(line.includes('\n') || line.includes('\r'), line).toBe(false);
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
  }
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  const events = new Map(
    calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return [event.uid, event] as const;
    }),
  );
  const parsed = nodeIcal.sync.parseICS(text);
  const nodeEvents = new Map(
    Object.values(parsed)
      .filter((component): component is VEvent => component?.type === 'VEVENT')
      .map((event) => [event.uid, event] as const),
  );
  expect([...nodeEvents.keys()].sort()).toEqual([...events.keys()].sort());
  return { text, events, nodeEvents };
}

const uid = (repair: Repair, kind: 'window' | 'due') => `repair-${repair.id}-${kind}@kanat360.example.com`;

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL });
  const company = await makeCompany(app.dataSource);
  for (const role of ['superadmin', 'company_manager', 'operator', 'customer'] as const) {
    people[role] = await makeUser(app.dataSource, { role, companyId: company.id });
    as[role] = (await signIn(app, people[role].email, PASSWORD)).bearer;
  }
  assignee = await makeUser(app.dataSource, { role: 'operator', companyId: company.id });
  assigneeAs = (await signIn(app, assignee.email, PASSWORD)).bearer;
  turbineId = await makeTurbine(app.dataSource, company.id);
  windowed = await create({
    finding_ids: [await makeFinding()],
    title: 'Firar kenarı yapıştırma; hat: “B”, 9. bölge',
    status: 'scheduled',
    assignee_id: assignee.id,
    due_date: '2026-05-08',
    window_start: '2026-05-04T08:00:00+03:00',
    window_end: '2026-05-06T17:30:00+03:00',
  });
  dueOnly = await create({ finding_ids: [await makeFinding()], due_date: '2026-06-15' });
  drafted = await create({ finding_ids: [await makeFinding('draft')], due_date: '2026-06-20' });
  cancelled = await create({ finding_ids: [await makeFinding()], due_date: '2026-06-21' });
  await call(app, 'POST', `/api/turbines/${turbineId}/repairs/${cancelled.id}/cancel`, {
    as: as.company_manager!,
    body: {},
  });
});
afterAll(async () => {
  await app?.close();
});

describe('the calendar feed', () => {
  it('holds a manager’s work windows as timed events and due dates as all-day events, with stable UIDs', async () => {
    const { events, nodeEvents } = await feedOf(as.company_manager!);
    expect([...events.keys()].sort()).toEqual(
      [uid(windowed, 'window'), uid(windowed, 'due'), uid(dueOnly, 'due'), uid(drafted, 'due')].sort(),
    );
    const window = events.get(uid(windowed, 'window'))!;
    expect(window.startDate.isDate).toBe(false);
    expect(window.startDate.toJSDate().toISOString()).toBe('2026-05-04T05:00:00.000Z');
    expect(window.endDate.toJSDate().toISOString()).toBe('2026-05-06T14:30:00.000Z');
    expect(window.summary).toBe(`Onarım: ${windowed.title} – ${windowed.turbine.name}`);
    expect(window.description).toContain(`Türbin: ${windowed.turbine.name} (${windowed.turbine.code})`);
    expect(window.description).toContain('C kanadı, bölge 9: Firar kenarı yapıştırma hattı hasarı, önem derecesi 4');
    expect(window.description).toContain(`Atanan: Test operator`);
    const link = `${PUBLIC_URL}/dashboard/repairs/${windowed.id}?turbine=${turbineId}`;
    expect(window.component.getFirstPropertyValue('url')).toBe(link);
    expect(window.component.getFirstPropertyValue('status')).toBe('CONFIRMED');

    const due = events.get(uid(windowed, 'due'))!;
    expect(due.startDate.isDate).toBe(true);
    expect(due.startDate.toString()).toBe('2026-05-08');
    expect(due.endDate.toString()).toBe('2026-05-09');
    expect(events.get(uid(dueOnly, 'due'))!.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    // node-ical reads the same days: an all-day event is a date, not a time.
    expect(nodeEvents.get(uid(windowed, 'due'))!.datetype).toBe('date');
    expect(nodeEvents.get(uid(windowed, 'window'))!.datetype).toBe('date-time');
    expect(nodeEvents.get(uid(windowed, 'window'))!.start.toISOString()).toBe('2026-05-04T05:00:00.000Z');
    expect(nodeEvents.get(uid(windowed, 'window'))!.summary).toBe(window.summary);

    // Asked again, the same events by the same UIDs (a calendar client updates, never duplicates).
    expect([...(await feedOf(as.company_manager!)).events.keys()].sort()).toEqual([...events.keys()].sort());
  });

  it('gives an operator the repairs assigned to them, and a customer the released ones', async () => {
    expect([...(await feedOf(assigneeAs)).events.keys()].sort()).toEqual(
      [uid(windowed, 'due'), uid(windowed, 'window')].sort(),
    );
    expect([...(await feedOf(as.operator!)).events.keys()]).toEqual([]);
    expect([...(await feedOf(as.customer!)).events.keys()].sort()).toEqual(
      [uid(windowed, 'window'), uid(windowed, 'due'), uid(dueOnly, 'due')].sort(),
    );
  });

  it('keeps one address per user until it is rotated; the old one then answers 404', async () => {
    const first = await address(as.customer!);
    expect((await address(as.customer!)).url).toBe(first.url);
    expect(first.webcal_url).toBe(first.url.replace('https:', 'webcal:'));
    const rotated = await address(as.customer!, 'POST');
    expect(rotated.url).not.toBe(first.url);
    const old = await fetchFeed(first.url);
    expect(old.status).toBe(404);
    expect(await old.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await fetchFeed(rotated.url)).status).toBe(200);
    // The token is stored as its hash only.
    const token = new URL(rotated.url).searchParams.get('token')!;
    const stored: { token_hash: string }[] = await app.dataSource.query(
      `SELECT token_hash FROM repair_calendar_tokens WHERE user_id = $1`,
      [people.customer!.id],
    );
    expect(stored[0]!.token_hash).not.toContain(token);
  });

  it('answers 404 alike for an unknown, missing or malformed token and a deactivated user’s', async () => {
    const valid = await address(as.superadmin!);
    await app.dataSource.query(`UPDATE users SET is_active = false WHERE id = $1`, [people.superadmin!.id]);
    try {
      for (const url of [
        `${PUBLIC_URL}/api/repairs/calendar.ics?token=${'A'.repeat(43)}`,
        `${PUBLIC_URL}/api/repairs/calendar.ics?token=`,
        `${PUBLIC_URL}/api/repairs/calendar.ics?token=${'x'.repeat(300)}`,
        valid.url,
      ]) {
        const reply = await fetchFeed(url);
        expect(reply.status, url).toBe(404);
        expect(((await reply.json()) as { code: string }).code).toBe('NOT_FOUND');
      }
    } finally {
      await app.dataSource.query(`UPDATE users SET is_active = true WHERE id = $1`, [people.superadmin!.id]);
    }
    expect((await fetchFeed(valid.url)).status).toBe(200);
  });
});
