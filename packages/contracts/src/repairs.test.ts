import { describe, expect, it } from 'vitest';
import {
  addDays,
  FINDING_STATUS_OF_REPAIR,
  isCalendarDate,
  REPAIR_FIELD_RULES,
  REPAIR_STATUSES,
  REPAIR_TRANSITIONS,
  repairActions,
  repairDay,
  repairTransition,
} from './repairs.js';
import { completeRepairBody, createRepairBody, repairListQuery, updateRepairBody } from './schemas/repairs.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('the repair status graph', () => {
  it('runs planned → scheduled → in_progress → done → verified, cancels only open repairs, verifies only done ones', () => {
    expect(repairTransition('planned', 'scheduled')?.action).toBe('schedule');
    expect(repairTransition('scheduled', 'in_progress')?.action).toBe('start');
    expect(repairTransition('in_progress', 'done')?.action).toBe('complete');
    expect(repairTransition('done', 'verified')?.action).toBe('verify');
    for (const from of ['planned', 'scheduled', 'in_progress'] as const) {
      expect(repairTransition(from, 'cancelled')?.action).toBe('cancel');
    }
    for (const from of ['done', 'verified', 'cancelled'] as const)
      expect(repairTransition(from, 'cancelled')).toBeNull();
    for (const from of REPAIR_STATUSES.filter((status) => status !== 'done')) {
      expect(repairTransition(from, 'verified'), from).toBeNull();
    }
    // Nothing leaves verified or cancelled, and nothing skips a step.
    expect(REPAIR_TRANSITIONS.filter((step) => (step.from as readonly string[]).includes('verified'))).toEqual([]);
    expect(repairTransition('planned', 'in_progress')).toBeNull();
    expect(repairTransition('planned', 'done')).toBeNull();
  });

  it('gives findings the status of their repair', () => {
    expect(FINDING_STATUS_OF_REPAIR).toEqual({
      planned: 'repair_planned',
      scheduled: 'repair_planned',
      in_progress: 'repair_planned',
      done: 'repaired',
      verified: 'closed',
    });
  });

  it('freezes a repair once verified or cancelled', () => {
    for (const rule of Object.values(REPAIR_FIELD_RULES)) {
      expect(rule.statuses).not.toContain('verified');
      expect(rule.statuses).not.toContain('cancelled');
    }
  });
});

describe('repairActions', () => {
  const repair = (
    status: (typeof REPAIR_STATUSES)[number],
    assignee: number | null = 7,
    author: number | null = 8,
  ) => ({
    status,
    assignee_id: assignee,
    created_by: author,
  });

  it('offers each role the buttons the server allows', () => {
    expect(repairActions(repair('planned'), { role: 'company_manager', userId: 1 })).toEqual([
      'edit',
      'schedule',
      'assign',
      'edit_costs',
      'cancel',
      'delete',
    ]);
    expect(repairActions(repair('planned'), { role: 'operator', userId: 8 })).toEqual(['edit', 'delete']);
    expect(repairActions(repair('planned'), { role: 'operator', userId: 9 })).toEqual(['edit']);
    expect(repairActions(repair('scheduled'), { role: 'operator', userId: 7 })).toEqual(['edit', 'start']);
    expect(repairActions(repair('scheduled'), { role: 'operator', userId: 9 })).toEqual(['edit']);
    expect(repairActions(repair('in_progress'), { role: 'operator', userId: 7 })).toEqual(['edit', 'complete']);
    expect(repairActions(repair('done'), { role: 'admin', userId: 1 })).toEqual([
      'edit',
      'edit_costs',
      'verify',
      'reopen',
    ]);
    expect(repairActions(repair('verified'), { role: 'superadmin', userId: 1 })).toEqual([]);
    expect(repairActions(repair('in_progress'), { role: 'customer', userId: 7 })).toEqual([]);
  });
});

describe('repair payloads', () => {
  it('answer the repairs’ codes', () => {
    expect(firstMessage(createRepairBody.safeParse({}))).toBe('REPAIR_FINDINGS_REQUIRED');
    expect(firstMessage(createRepairBody.safeParse({ finding_ids: [1], priority: 0 }))).toBe('REPAIR_PRIORITY_INVALID');
    expect(firstMessage(createRepairBody.safeParse({ finding_ids: [1], due_date: '2026-02-29' }))).toBe(
      'REPAIR_DATE_INVALID',
    );
    expect(
      firstMessage(
        createRepairBody.safeParse({
          finding_ids: [1],
          window_start: '2026-05-04T10:00:00Z',
          window_end: '2026-05-04T09:00:00Z',
        }),
      ),
    ).toBe('REPAIR_WINDOW_INVALID');
    expect(firstMessage(updateRepairBody.safeParse({ labour_hours: 1.001 }))).toBe('REPAIR_HOURS_INVALID');
    expect(firstMessage(completeRepairBody.safeParse({ note: 'x', after_media_ids: [] }))).toBe(
      'REPAIR_AFTER_PHOTOS_REQUIRED',
    );
    expect(firstMessage(repairListQuery.safeParse({ status: 'planned,open' }))).toBe('REPAIR_STATUS_INVALID');
  });

  it('fill a new repair’s defaults and keep ids once', () => {
    expect(createRepairBody.parse({ finding_ids: [3, 1, 3] })).toMatchObject({
      finding_ids: [3, 1],
      status: 'planned',
      currency: 'TRY',
      assignee_id: null,
      window_start: null,
    });
    expect(
      createRepairBody.parse({
        finding_ids: [1],
        window_start: '2026-05-04T08:00:00+03:00',
        window_end: '2026-05-04T17:00:00+03:00',
      }).window_start,
    ).toBe('2026-05-04T05:00:00.000Z');
    expect(repairListQuery.parse({ status: 'planned,scheduled', overdue: 'true', assignee_id: 'me' })).toMatchObject({
      status: ['planned', 'scheduled'],
      overdue: true,
      assignee_id: 'me',
      limit: 50,
    });
  });
});

describe('repair days', () => {
  it('are Turkish calendar days', () => {
    expect(repairDay(new Date('2026-03-01T21:30:00Z'))).toBe('2026-03-02');
    expect(repairDay(new Date('2026-03-01T20:30:00Z'))).toBe('2026-03-01');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
  });
});
