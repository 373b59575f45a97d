import { Controller, Header, StreamableFile } from '@nestjs/common';
import {
  completeRepairBody,
  type CompleteRepairBody,
  createRepairBody,
  type CreateRepairBody,
  doneAnswer,
  pageOf,
  repair,
  repairAssignee,
  repairCalendarQuery,
  type RepairCalendarQuery,
  repairCalendarToken,
  repairFilterQuery,
  type RepairFilters,
  repairListQuery,
  type RepairListQuery,
  repairPath,
  repairStepBody,
  repairSummary,
  successOf,
  turbinePath,
  updateRepairBody,
  type UpdateRepairBody,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal } from '@/auth/access.decorators.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { contentDisposition } from '@/files/content-disposition.js';
import { fileAnswer, Route, RouteGroup, ValidBody, ValidParams, ValidQuery } from '@/openapi/route.js';
import { RepairCalendar } from './repair-calendar.js';
import { RepairsService } from './repairs.service.js';

type TurbinePath = z.output<typeof turbinePath>;
type RepairPath = z.output<typeof repairPath>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const EXAMPLE_PHOTO_URL = '/api/files/media/5120/1749729600/T0pQm4cZ1aXv8KsE2nWb6g';

/** A scheduled repair of a leading-edge erosion, as a company manager who made it reads it. */
const EXAMPLE_REPAIR = {
  id: 27,
  turbine_id: 12,
  finding_ids: [311],
  title: 'B kanadı hücum kenarı erozyonu: LEP onarımı',
  method: 'leading_edge_protection',
  priority: 3,
  status: 'scheduled',
  assignee_id: 44,
  due_date: '2025-09-15',
  window_start: '2025-09-08T04:00:00.000Z',
  window_end: '2025-09-08T14:00:00.000Z',
  estimated_cost: 85000,
  actual_cost: null,
  currency: 'TRY',
  labour_hours: null,
  note: 'Halat erişim ekibi ve platform gerekli; rüzgâr 12 m/s altındayken çalışılır.',
  after_media_ids: [],
  completed_at: null,
  completed_by: null,
  verified_at: null,
  verified_by: null,
  created_by: 38,
  created_at: '2025-06-12T11:02:45.000Z',
  updated_at: '2025-06-12T11:02:45.000Z',
  turbine: {
    id: 12,
    name: 'İzmir Türbini',
    code: 'ALG-07',
    company_id: 1000,
    company_name: 'Anadolu Rüzgar Enerji A.Ş.',
  },
  assignee: { id: 44, name: 'Zeynep Arslan' },
  completed_by_user: null,
  verified_by_user: null,
  created_by_user: { id: 38, name: 'Emre Kaya' },
  findings: [
    {
      id: 311,
      year: 2025,
      blade: 'B',
      surface: 'leading_edge',
      zone: 7,
      type: 'erosion',
      severity: 3,
      status: 'repair_planned',
      stage: 'released',
      media_id: 5120,
      media_version: 1,
      target: {
        selector: {
          type: 'FragmentSelector',
          conformsTo: 'http://www.w3.org/TR/media-frags/',
          value: 'xywh=pixel:2810,1422,380,210',
        },
      },
      photo: {
        id: 5120,
        blade: 'B',
        year: 2025,
        original_name: 'DJI_20250611140231_0042_B_LE.JPG',
        is_panorama: false,
        width: 8192,
        height: 5460,
        status: 'ready',
        url: EXAMPLE_PHOTO_URL,
        thumbnail_url: `${EXAMPLE_PHOTO_URL}/thumb.jpg`,
        preview_url: `${EXAMPLE_PHOTO_URL}/preview.jpg`,
        tiles_url: `${EXAMPLE_PHOTO_URL}/tiles/image.dzi`,
      },
    },
  ],
  after_photos: [],
  overdue: false,
  costs_visible: true,
  allowed_actions: ['edit', 'schedule', 'assign', 'edit_costs', 'start', 'cancel'],
} as const;

/** A trailing-edge crack's repair, under way. */
const EXAMPLE_REPAIR_IN_PROGRESS = {
  ...EXAMPLE_REPAIR,
  id: 26,
  finding_ids: [298],
  title: 'A kanadı arka kenar çatlağı: laminasyon onarımı',
  method: 'laminate',
  priority: 4,
  status: 'in_progress',
  due_date: '2025-06-30',
  window_start: '2025-06-16T05:00:00.000Z',
  window_end: '2025-06-18T15:00:00.000Z',
  estimated_cost: 4200,
  currency: 'EUR',
  note: null,
  created_at: '2025-06-12T08:20:44.000Z',
  updated_at: '2025-06-16T05:12:30.000Z',
  findings: [
    {
      ...EXAMPLE_REPAIR.findings[0],
      id: 298,
      blade: 'A',
      surface: 'trailing_edge',
      zone: 11,
      type: 'crack',
      severity: 4,
      media_id: 5087,
      target: {
        selector: {
          type: 'FragmentSelector',
          conformsTo: 'http://www.w3.org/TR/media-frags/',
          value: 'xywh=pixel:1904,860,240,520',
        },
      },
      photo: {
        ...EXAMPLE_REPAIR.findings[0].photo,
        id: 5087,
        blade: 'A',
        original_name: 'DJI_20250610114805_0017_A_TE.JPG',
        url: '/api/files/media/5087/1749729600/Jm2Xc9vQ0tLk5RbW7yNa3g',
        thumbnail_url: '/api/files/media/5087/1749729600/Jm2Xc9vQ0tLk5RbW7yNa3g/thumb.jpg',
        preview_url: '/api/files/media/5087/1749729600/Jm2Xc9vQ0tLk5RbW7yNa3g/preview.jpg',
        tiles_url: '/api/files/media/5087/1749729600/Jm2Xc9vQ0tLk5RbW7yNa3g/tiles/image.dzi',
      },
    },
  ],
  allowed_actions: ['edit', 'schedule', 'assign', 'edit_costs', 'postpone', 'complete', 'cancel'],
} as const;

const FILTERS =
  'Filters: company_id (superadmin only; ignored for others), turbine_id, status (one or several, comma-separated), ' +
  'assignee_id (a user id, or `me`), due_before (YYYY-MM-DD: open repairs due before that day), overdue ' +
  '(true/false), priority_min (1–5; 5 is the most urgent). Customers see the repairs whose findings are all ' +
  'released, without costs unless REPAIR_COSTS_VISIBLE_TO_CUSTOMERS is set.';

const ANSWER =
  'A repair answers issue #24’s fields, then `turbine` (name, code, company), the people (`assignee`, ' +
  '`completed_by_user`, `verified_by_user`, `created_by_user`), `findings` (each with the photo it was marked on, ' +
  'the “before”), `after_photos`, `overdue`, `costs_visible` and `allowed_actions`: what the caller may do to it ' +
  'now (contracts’ repairActions) — the panel shows those buttons and no other.';

/**
 * Repairs (work orders) of a turbine and of the fleet. Every turbine route checks the turbine first: another
 * company's answers like a missing one, and so does a repair with a draft finding to a customer.
 */
@RouteGroup('repairs')
@Controller()
export class RepairsController {
  constructor(
    private readonly repairs: RepairsService,
    private readonly calendar: RepairCalendar,
  ) {}

  @Route('GET', 'repairs', {
    summary: "The fleet's repairs, newest first, paged with a cursor",
    description: `${FILTERS} limit (50, at most 1000) and cursor (the next_cursor of the page before). ${ANSWER}`,
    access: 'repair.read',
    query: repairListQuery,
    answers: { 200: pageOf(repair) },
    example: {
      answer: {
        success: true,
        data: [EXAMPLE_REPAIR, EXAMPLE_REPAIR_IN_PROGRESS],
        next_cursor: 'WyIyMDI1LTA2LTEyVDA4OjIwOjQ0LjAwMDAwMFoiLDI2XQ',
        total: 23,
      },
    },
  })
  async fleet(@CurrentPrincipal() actor: Principal, @ValidQuery() query: RepairListQuery) {
    return this.repairs.listOfFleet(actor, query);
  }

  @Route('GET', 'repairs/summary', {
    summary: 'How many repairs match the filters, by status; overdue and due in 30 days; this year’s costs',
    description:
      `The same filters and reach as GET /api/repairs. Costs by currency (TRY, EUR, USD) of this calendar year: ` +
      'estimated over repairs not cancelled whose work falls in it (completed, else the window’s start, else the due ' +
      'date, else created), actual over those completed in it; null for a caller who may not see costs.',
    access: 'repair.read',
    query: repairFilterQuery,
    answers: { 200: successOf(repairSummary) },
  })
  async summary(@CurrentPrincipal() actor: Principal, @ValidQuery() query: RepairFilters) {
    return { success: true as const, data: await this.repairs.summary(actor, query) };
  }

  @Route('GET', 'repairs/export.csv', {
    summary: 'The fleet list as CSV for people (UTF-8 with a byte-order mark, the caller’s language)',
    description: `The same filters as GET /api/repairs, every matching repair, the list’s order. Streamed.`,
    access: 'repair.read',
    query: repairFilterQuery,
    answers: { 200: fileAnswer('repairs.csv, as an attachment', ['text/csv']) },
  })
  async exportCsv(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery() query: RepairFilters,
    @RequestTranslator() t: Translate,
  ) {
    return new StreamableFile(await this.repairs.exportCsv(actor, query, t), {
      type: 'text/csv; charset=utf-8',
      disposition: contentDisposition('attachment', 'repairs.csv'),
    });
  }

  @Route('GET', 'repairs/export.xlsx', {
    summary: 'The fleet list as an Excel workbook (the caller’s language)',
    description: `The same filters as GET /api/repairs, every matching repair, the list’s order. Streamed.`,
    access: 'repair.read',
    query: repairFilterQuery,
    answers: { 200: fileAnswer('repairs.xlsx, as an attachment', [XLSX]) },
  })
  async exportXlsx(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery() query: RepairFilters,
    @RequestTranslator() t: Translate,
  ) {
    return new StreamableFile(await this.repairs.exportXlsx(actor, query, t), {
      type: XLSX,
      disposition: contentDisposition('attachment', 'repairs.xlsx'),
    });
  }

  @Route('GET', 'repairs/calendar.ics', {
    summary: 'The caller’s repairs as an iCalendar feed (RFC 5545), for calendar clients',
    description:
      'Behind the token of GET /api/repairs/calendar-token (calendar clients cannot send a session). Work windows ' +
      'are timed events, due dates all-day events; each has a stable UID, the turbine and findings in its ' +
      'description and the repair’s address. Operators get the repairs assigned to them; managers, admins, ' +
      'customers and superadmins every repair they may read. Open repairs, and the others of the last 90 days. ' +
      'An unknown or rotated token answers 404.',
    access: 'public',
    query: repairCalendarQuery,
    answers: { 200: fileAnswer('The feed, inline (kanat360-repairs.ics)', ['text/calendar']) },
    errors: ['NOT_FOUND'],
  })
  @Header('Cache-Control', 'private, no-cache')
  async feed(@ValidQuery() query: RepairCalendarQuery) {
    return new StreamableFile(Buffer.from(await this.calendar.feed(query.token), 'utf8'), {
      type: 'text/calendar; charset=utf-8',
      disposition: contentDisposition('inline', 'kanat360-repairs.ics'),
    });
  }

  @Route('GET', 'repairs/calendar-token', {
    summary: 'The address of the caller’s calendar feed (made on first asking)',
    description: 'Answers `url` (and `webcal_url`, the same for webcal clients) to paste into a calendar client.',
    access: 'repair.read',
    answers: { 200: successOf(repairCalendarToken) },
  })
  async calendarToken(@CurrentPrincipal() actor: Principal) {
    return { success: true as const, data: await this.calendar.address(actor, { rotate: false }) };
  }

  @Route('POST', 'repairs/calendar-token', {
    summary: 'Makes a new address of the caller’s calendar feed; the old one stops working at once',
    access: 'repair.read',
    body: repairStepBody,
    answers: { 200: successOf(repairCalendarToken) },
  })
  async rotateCalendarToken(
    @CurrentPrincipal() actor: Principal,
    @ValidBody() _body: unknown,
    @RequestTranslator() t: Translate,
  ) {
    return {
      success: true as const,
      data: await this.calendar.address(actor, { rotate: true }),
      message: t('api.calendarTokenRotated'),
    };
  }

  @Route('GET', 'turbines/:id/repairs', {
    summary: "A turbine's repairs, newest first, paged with a cursor (filters as the fleet list's)",
    description: `${ANSWER} company_id and turbine_id are ignored here.`,
    access: 'repair.read',
    params: turbinePath,
    query: repairListQuery,
    answers: { 200: pageOf(repair) },
    example: {
      answer: { success: true, data: [EXAMPLE_REPAIR, EXAMPLE_REPAIR_IN_PROGRESS], next_cursor: null, total: 2 },
    },
  })
  async list(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: TurbinePath,
    @ValidQuery() query: RepairListQuery,
  ) {
    return this.repairs.listOfTurbine(actor, id, query);
  }

  @Route('POST', 'turbines/:id/repairs', {
    summary: 'Makes a repair (work order) covering findings of the turbine',
    description:
      'Findings in it read `repair_planned`; a finding is in one open repair at most (409 REPAIR_FINDING_TAKEN). ' +
      'Left out: the title (the worst finding’s type and place), the method (what its damage takes), the ' +
      'priority (the worst severity), the currency (TRY). Assigning, scheduling (status `scheduled` needs a window ' +
      'or due date) and an estimated cost need repair.manage. The assignee is mailed.',
    access: 'repair.create',
    params: turbinePath,
    body: createRepairBody,
    answers: { 201: successOf(repair) },
    errors: [
      'REPAIR_FINDING_TAKEN',
      'REPAIR_FINDINGS_INVALID',
      'REPAIR_ASSIGNEE_INVALID',
      'REPAIR_SCHEDULE_REQUIRED',
      'REPAIR_WINDOW_INVALID',
    ],
    example: {
      body: {
        finding_ids: [311],
        title: EXAMPLE_REPAIR.title,
        method: 'leading_edge_protection',
        status: 'scheduled',
        assignee_id: 44,
        due_date: '2025-09-15',
        window_start: '2025-09-08T07:00:00+03:00',
        window_end: '2025-09-08T17:00:00+03:00',
        estimated_cost: 85000,
        currency: 'TRY',
        note: EXAMPLE_REPAIR.note,
      },
      answer: { success: true, data: EXAMPLE_REPAIR, message: 'İş emri oluşturuldu' },
    },
  })
  async create(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: TurbinePath,
    @ValidBody() body: CreateRepairBody,
    @RequestTranslator() t: Translate,
  ) {
    return {
      success: true as const,
      data: await this.repairs.create(actor, id, body),
      message: t('api.repairCreated'),
    };
  }

  @Route('GET', 'turbines/:id/repairs/:repairId', {
    summary: 'A repair',
    description: ANSWER,
    access: 'repair.read',
    params: repairPath,
    answers: { 200: successOf(repair) },
  })
  async get(@CurrentPrincipal() actor: Principal, @ValidParams() { id, repairId }: RepairPath) {
    return { success: true as const, data: await this.repairs.get(actor, id, repairId) };
  }

  @Route('PUT', 'turbines/:id/repairs/:repairId', {
    summary:
      'Saves the fields given (those left out stay) and makes the status steps schedule, start, postpone, reopen',
    description:
      'What may change in each status and by whom is contracts’ REPAIR_FIELD_RULES (409 REPAIR_FIELD_LOCKED, 403 ' +
      'FORBIDDEN with the field); `status` follows REPAIR_TRANSITIONS: planned ↔ scheduled (repair.manage; needs ' +
      'a window or due date), scheduled → in_progress (the assignee or repair.manage), in_progress → scheduled and ' +
      'done → in_progress (repair.manage). Any other step answers 409 REPAIR_STATUS_CONFLICT.',
    access: 'repair.create',
    params: repairPath,
    body: updateRepairBody,
    answers: { 200: successOf(repair) },
    errors: [
      'REPAIR_FIELD_LOCKED',
      'REPAIR_STATUS_CONFLICT',
      'REPAIR_NOT_ASSIGNEE',
      'REPAIR_FINDING_TAKEN',
      'REPAIR_FINDINGS_INVALID',
      'REPAIR_ASSIGNEE_INVALID',
      'REPAIR_SCHEDULE_REQUIRED',
      'REPAIR_WINDOW_INVALID',
    ],
  })
  async update(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id, repairId }: RepairPath,
    @ValidBody() body: UpdateRepairBody,
    @RequestTranslator() t: Translate,
  ) {
    return {
      success: true as const,
      data: await this.repairs.update(actor, id, repairId, body),
      message: t('api.repairUpdated'),
    };
  }

  @Route('DELETE', 'turbines/:id/repairs/:repairId', {
    summary: 'Deletes a planned repair (made by mistake): its author or repair.manage',
    description:
      'Its findings get back the status they had. Later repairs are cancelled instead (409 REPAIR_NOT_DELETABLE).',
    access: 'repair.create',
    params: repairPath,
    answers: { 200: doneAnswer },
    errors: ['REPAIR_NOT_DELETABLE'],
  })
  async delete(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id, repairId }: RepairPath,
    @RequestTranslator() t: Translate,
  ) {
    await this.repairs.delete(actor, id, repairId);
    return { success: true as const, data: null, message: t('api.repairDeleted') };
  }

  @Route('POST', 'turbines/:id/repairs/:repairId/complete', {
    summary: 'The work is done: a note and after-repair photos (the assignee or repair.manage, from in progress)',
    description:
      'after_media_ids: photos uploaded through the normal upload routes with category `repair`, on a blade of ' +
      'the repair’s findings (422 REPAIR_MEDIA_INVALID otherwise). The findings read `repaired`. Two completions ' +
      'at once: one wins, the other answers 409 REPAIR_STATUS_CONFLICT.',
    access: 'repair.complete',
    params: repairPath,
    body: completeRepairBody,
    answers: { 200: successOf(repair) },
    errors: ['REPAIR_STATUS_CONFLICT', 'REPAIR_NOT_ASSIGNEE', 'REPAIR_MEDIA_INVALID'],
  })
  async complete(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id, repairId }: RepairPath,
    @ValidBody() body: CompleteRepairBody,
    @RequestTranslator() t: Translate,
  ) {
    return {
      success: true as const,
      data: await this.repairs.complete(actor, id, repairId, body),
      message: t('api.repairCompleted'),
    };
  }

  @Route('POST', 'turbines/:id/repairs/:repairId/verify', {
    summary: 'Checked at the next inspection: from done; the findings are closed',
    access: 'repair.manage',
    params: repairPath,
    body: repairStepBody,
    answers: { 200: successOf(repair) },
    errors: ['REPAIR_STATUS_CONFLICT'],
  })
  async verify(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id, repairId }: RepairPath,
    @ValidBody() _body: unknown,
    @RequestTranslator() t: Translate,
  ) {
    return {
      success: true as const,
      data: await this.repairs.verify(actor, id, repairId),
      message: t('api.repairVerified'),
    };
  }

  @Route('POST', 'turbines/:id/repairs/:repairId/cancel', {
    summary: 'Calls off an open repair: each finding gets back the status it had',
    access: 'repair.manage',
    params: repairPath,
    body: repairStepBody,
    answers: { 200: successOf(repair) },
    errors: ['REPAIR_STATUS_CONFLICT'],
  })
  async cancel(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id, repairId }: RepairPath,
    @ValidBody() _body: unknown,
    @RequestTranslator() t: Translate,
  ) {
    return {
      success: true as const,
      data: await this.repairs.cancel(actor, id, repairId),
      message: t('api.repairCancelled'),
    };
  }

  @Route('GET', 'turbines/:id/repair-assignees', {
    summary: 'Who a repair of the turbine may be assigned to: active users of its company who may carry out repairs',
    access: 'repair.manage',
    params: turbinePath,
    answers: { 200: successOf(z.array(repairAssignee)) },
  })
  async assignees(@CurrentPrincipal() actor: Principal, @ValidParams() { id }: TurbinePath) {
    return { success: true as const, data: await this.repairs.assignees(actor, id) };
  }
}
