import { Controller, Delete, Get, Header, HttpCode, Param, Post, Put, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  type ApiPage,
  type ApiSuccess,
  completeRepairBody,
  type CompleteRepairBody,
  createRepairBody,
  type CreateRepairBody,
  type Repair,
  type RepairAssignee,
  repairCalendarQuery,
  type RepairCalendarQuery,
  type RepairCalendarToken,
  repairFilterQuery,
  type RepairFilters,
  repairListQuery,
  type RepairListQuery,
  repairStepBody,
  type RepairSummary,
  updateRepairBody,
  type UpdateRepairBody,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal, Public, RequirePermission } from '@/auth/access.decorators.js';
import { IdPipe } from '@/common/id.pipe.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { ValidBody, ValidQuery } from '@/common/zod-validation.js';
import { contentDisposition } from '@/files/content-disposition.js';
import { RepairCalendar } from './repair-calendar.js';
import { RepairsService } from './repairs.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
@ApiTags('repairs')
@Controller()
export class RepairsController {
  constructor(
    private readonly repairs: RepairsService,
    private readonly calendar: RepairCalendar,
  ) {}

  @Get('repairs')
  @RequirePermission('repair.read')
  @ApiOperation({
    summary: "The fleet's repairs, newest first, paged with a cursor",
    description: `${FILTERS} limit (50, at most 1000) and cursor (the next_cursor of the page before). ${ANSWER}`,
  })
  async fleet(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery(repairListQuery) query: RepairListQuery,
  ): Promise<ApiPage<Repair>> {
    return this.repairs.listOfFleet(actor, query);
  }

  @Get('repairs/summary')
  @RequirePermission('repair.read')
  @ApiOperation({
    summary: 'How many repairs match the filters, by status; overdue and due in 30 days; this year’s costs',
    description:
      `The same filters and reach as GET /api/repairs. Costs by currency (TRY, EUR, USD) of this calendar year: ` +
      'estimated over repairs not cancelled whose work falls in it (completed, else the window’s start, else the due ' +
      'date, else created), actual over those completed in it; null for a caller who may not see costs.',
  })
  async summary(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery(repairFilterQuery) query: RepairFilters,
  ): Promise<ApiSuccess<RepairSummary>> {
    return { success: true, data: await this.repairs.summary(actor, query) };
  }

  @Get('repairs/export.csv')
  @RequirePermission('repair.read')
  @ApiProduces('text/csv')
  @ApiOperation({
    summary: 'The fleet list as CSV for people (UTF-8 with a byte-order mark, the caller’s language)',
    description: `The same filters as GET /api/repairs, every matching repair, the list’s order. Streamed.`,
  })
  async exportCsv(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery(repairFilterQuery) query: RepairFilters,
    @RequestTranslator() t: Translate,
  ): Promise<StreamableFile> {
    return new StreamableFile(await this.repairs.exportCsv(actor, query, t), {
      type: 'text/csv; charset=utf-8',
      disposition: contentDisposition('attachment', 'repairs.csv'),
    });
  }

  @Get('repairs/export.xlsx')
  @RequirePermission('repair.read')
  @ApiProduces(XLSX)
  @ApiOperation({
    summary: 'The fleet list as an Excel workbook (the caller’s language)',
    description: `The same filters as GET /api/repairs, every matching repair, the list’s order. Streamed.`,
  })
  async exportXlsx(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery(repairFilterQuery) query: RepairFilters,
    @RequestTranslator() t: Translate,
  ): Promise<StreamableFile> {
    return new StreamableFile(await this.repairs.exportXlsx(actor, query, t), {
      type: XLSX,
      disposition: contentDisposition('attachment', 'repairs.xlsx'),
    });
  }

  @Get('repairs/calendar.ics')
  @Public()
  @Header('Cache-Control', 'private, no-cache')
  @ApiProduces('text/calendar')
  @ApiOperation({
    summary: 'The caller’s repairs as an iCalendar feed (RFC 5545), for calendar clients',
    description:
      'Behind the token of GET /api/repairs/calendar-token (calendar clients cannot send a session). Work windows ' +
      'are timed events, due dates all-day events; each has a stable UID, the turbine and findings in its ' +
      'description and the repair’s address. Operators get the repairs assigned to them; managers, admins, ' +
      'customers and superadmins every repair they may read. Open repairs, and the others of the last 90 days. ' +
      'An unknown or rotated token answers 404.',
  })
  async feed(@ValidQuery(repairCalendarQuery) query: RepairCalendarQuery): Promise<StreamableFile> {
    return new StreamableFile(Buffer.from(await this.calendar.feed(query.token), 'utf8'), {
      type: 'text/calendar; charset=utf-8',
      disposition: contentDisposition('inline', 'kanat360-repairs.ics'),
    });
  }

  @Get('repairs/calendar-token')
  @RequirePermission('repair.read')
  @ApiOperation({
    summary: 'The address of the caller’s calendar feed (made on first asking)',
    description: 'Answers `url` (and `webcal_url`, the same for webcal clients) to paste into a calendar client.',
  })
  async calendarToken(@CurrentPrincipal() actor: Principal): Promise<ApiSuccess<RepairCalendarToken>> {
    return { success: true, data: await this.calendar.address(actor, { rotate: false }) };
  }

  @Post('repairs/calendar-token')
  @HttpCode(200)
  @RequirePermission('repair.read')
  @ApiOperation({
    summary: 'Makes a new address of the caller’s calendar feed; the old one stops working at once',
  })
  async rotateCalendarToken(
    @CurrentPrincipal() actor: Principal,
    @ValidBody(repairStepBody) _body: unknown,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<RepairCalendarToken>> {
    return {
      success: true,
      data: await this.calendar.address(actor, { rotate: true }),
      message: t('api.calendarTokenRotated'),
    };
  }

  @Get('turbines/:id/repairs')
  @RequirePermission('repair.read')
  @ApiOperation({
    summary: "A turbine's repairs, newest first, paged with a cursor (filters as the fleet list's)",
    description: ANSWER,
  })
  async list(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidQuery(repairListQuery) query: RepairListQuery,
  ): Promise<ApiPage<Repair>> {
    return this.repairs.listOfTurbine(actor, turbineId, query);
  }

  @Post('turbines/:id/repairs')
  @RequirePermission('repair.create')
  @ApiOperation({
    summary: 'Makes a repair (work order) covering findings of the turbine',
    description:
      'Findings in it read `repair_planned`; a finding is in one open repair at most (409 REPAIR_FINDING_TAKEN). ' +
      'Left out: the title (the worst finding’s type and place), the method (what its damage takes), the ' +
      'priority (the worst severity), the currency (TRY). Assigning, scheduling (status `scheduled` needs a window or due date) and an ' +
      'estimated cost need repair.manage. The assignee is mailed.',
  })
  async create(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidBody(createRepairBody) body: CreateRepairBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<Repair>> {
    return { success: true, data: await this.repairs.create(actor, turbineId, body), message: t('api.repairCreated') };
  }

  @Get('turbines/:id/repairs/:repairId')
  @RequirePermission('repair.read')
  @ApiOperation({ summary: 'A repair', description: ANSWER })
  async get(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @Param('repairId', new IdPipe('REPAIR_NOT_FOUND')) id: number,
  ): Promise<ApiSuccess<Repair>> {
    return { success: true, data: await this.repairs.get(actor, turbineId, id) };
  }

  @Put('turbines/:id/repairs/:repairId')
  @RequirePermission('repair.create')
  @ApiOperation({
    summary:
      'Saves the fields given (those left out stay) and makes the status steps schedule, start, postpone, reopen',
    description:
      'What may change in each status and by whom is contracts’ REPAIR_FIELD_RULES (409 REPAIR_FIELD_LOCKED, 403 ' +
      'FORBIDDEN with the field); `status` follows REPAIR_TRANSITIONS: planned ↔ scheduled (repair.manage; needs ' +
      'a window or due date), scheduled → in_progress (the assignee or repair.manage), in_progress → scheduled and ' +
      'done → in_progress (repair.manage). Any other step answers 409 REPAIR_STATUS_CONFLICT.',
  })
  async update(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @Param('repairId', new IdPipe('REPAIR_NOT_FOUND')) id: number,
    @ValidBody(updateRepairBody) body: UpdateRepairBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<Repair>> {
    return {
      success: true,
      data: await this.repairs.update(actor, turbineId, id, body),
      message: t('api.repairUpdated'),
    };
  }

  @Delete('turbines/:id/repairs/:repairId')
  @HttpCode(200)
  @RequirePermission('repair.create')
  @ApiOperation({
    summary: 'Deletes a planned repair (made by mistake): its author or repair.manage',
    description:
      'Its findings get back the status they had. Later repairs are cancelled instead (409 REPAIR_NOT_DELETABLE).',
  })
  async delete(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @Param('repairId', new IdPipe('REPAIR_NOT_FOUND')) id: number,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<null>> {
    await this.repairs.delete(actor, turbineId, id);
    return { success: true, data: null, message: t('api.repairDeleted') };
  }

  @Post('turbines/:id/repairs/:repairId/complete')
  @HttpCode(200)
  @RequirePermission('repair.complete')
  @ApiOperation({
    summary: 'The work is done: a note and after-repair photos (the assignee or repair.manage, from in progress)',
    description:
      'after_media_ids: photos uploaded through the normal upload routes with category `repair`, on a blade of ' +
      'the repair’s findings (422 REPAIR_MEDIA_INVALID otherwise). The findings read `repaired`. Two completions ' +
      'at once: one wins, the other answers 409 REPAIR_STATUS_CONFLICT.',
  })
  async complete(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @Param('repairId', new IdPipe('REPAIR_NOT_FOUND')) id: number,
    @ValidBody(completeRepairBody) body: CompleteRepairBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<Repair>> {
    return {
      success: true,
      data: await this.repairs.complete(actor, turbineId, id, body),
      message: t('api.repairCompleted'),
    };
  }

  @Post('turbines/:id/repairs/:repairId/verify')
  @HttpCode(200)
  @RequirePermission('repair.manage')
  @ApiOperation({ summary: 'Checked at the next inspection: from done; the findings are closed' })
  async verify(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @Param('repairId', new IdPipe('REPAIR_NOT_FOUND')) id: number,
    @ValidBody(repairStepBody) _body: unknown,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<Repair>> {
    return { success: true, data: await this.repairs.verify(actor, turbineId, id), message: t('api.repairVerified') };
  }

  @Post('turbines/:id/repairs/:repairId/cancel')
  @HttpCode(200)
  @RequirePermission('repair.manage')
  @ApiOperation({ summary: 'Calls off an open repair: each finding gets back the status it had' })
  async cancel(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @Param('repairId', new IdPipe('REPAIR_NOT_FOUND')) id: number,
    @ValidBody(repairStepBody) _body: unknown,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<Repair>> {
    return { success: true, data: await this.repairs.cancel(actor, turbineId, id), message: t('api.repairCancelled') };
  }

  @Get('turbines/:id/repair-assignees')
  @RequirePermission('repair.manage')
  @ApiOperation({
    summary: 'Who a repair of the turbine may be assigned to: active users of its company who may carry out repairs',
  })
  async assignees(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
  ): Promise<ApiSuccess<RepairAssignee[]>> {
    return { success: true, data: await this.repairs.assignees(actor, turbineId) };
  }
}
