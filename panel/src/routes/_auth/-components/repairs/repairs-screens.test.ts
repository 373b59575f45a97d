import { type Repair } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import { boardColumns, boardMove, boardTargets } from './repair-board';
import { addMonths, monthGrid } from './repair-month';
import { hasRepairFilters, repairFiltersOf, repairSearchSchema } from './repair-search';

/** A repair with what the screens read of it; the rest of the row does not matter here. */
function repair(fields: Partial<Repair>): Repair {
  return {
    id: 1,
    status: 'planned',
    allowed_actions: [],
    due_date: null,
    window_start: null,
    window_end: null,
    ...fields,
  } as Repair;
}

describe('the board', () => {
  it('moves a card only along the graph and only where the server allows the action', () => {
    const planned = repair({ status: 'planned', allowed_actions: ['edit', 'schedule', 'assign', 'cancel'] });
    expect(boardMove(planned, 'scheduled')).toMatchObject({ action: 'schedule', via: 'put' });
    expect(boardMove(planned, 'cancelled')).toMatchObject({ action: 'cancel', via: 'cancel' });
    expect(boardMove(planned, 'done')).toBeNull();
    expect(boardMove(planned, 'planned')).toBeNull();
    expect(boardTargets(planned)).toEqual(['scheduled', 'cancelled']);
  });

  it('gives an operator who may only start and complete those two moves, and a customer none', () => {
    const scheduled = repair({ status: 'scheduled', allowed_actions: ['start'] });
    expect(boardTargets(scheduled)).toEqual(['in_progress']);
    const inProgress = repair({ status: 'in_progress', allowed_actions: ['complete'] });
    expect(boardMove(inProgress, 'done')).toMatchObject({ action: 'complete', via: 'complete' });
    expect(boardMove(inProgress, 'scheduled')).toBeNull();
    expect(boardTargets(repair({ status: 'done', allowed_actions: [] }))).toEqual([]);
  });

  it('reopens and verifies a done repair for a manager, and nothing leaves verified or cancelled', () => {
    const done = repair({ status: 'done', allowed_actions: ['verify', 'reopen'] });
    expect(boardTargets(done)).toEqual(['in_progress', 'verified']);
    const everything = ['schedule', 'start', 'postpone', 'complete', 'verify', 'reopen', 'cancel'] as const;
    expect(boardTargets(repair({ status: 'verified', allowed_actions: [...everything] }))).toEqual([]);
    expect(boardTargets(repair({ status: 'cancelled', allowed_actions: [...everything] }))).toEqual([]);
  });

  it('puts each repair in its status column, keeping the order', () => {
    const columns = boardColumns([
      repair({ id: 1, status: 'done' }),
      repair({ id: 2, status: 'planned' }),
      repair({ id: 3, status: 'done' }),
    ]);
    expect(columns.done.map((r) => r.id)).toEqual([1, 3]);
    expect(columns.planned.map((r) => r.id)).toEqual([2]);
    expect(columns.verified).toEqual([]);
  });
});

describe('the URL filters', () => {
  it('reads the filters, keeps known statuses in the graph order and drops what does not parse', () => {
    const search = repairSearchSchema.parse({
      view: 'board',
      company: '3',
      turbine: 7,
      status: 'done,planned,lost,planned',
      assignee: 'me',
      due: '2026-13-01',
      overdue: 'true',
      priority: 9,
      month: '2026-11',
    });
    expect(search).toEqual({
      view: 'board',
      company: 3,
      turbine: 7,
      status: 'planned,done',
      assignee: 'me',
      due: undefined,
      overdue: true,
      priority: undefined,
      month: '2026-11',
    });
    expect(repairSearchSchema.parse({ view: 'gantt', month: '2026-13' })).toMatchObject({
      view: undefined,
      month: undefined,
    });
  });

  it('asks the server with the API names, the company only for who sees every company', () => {
    const search = repairSearchSchema.parse({ company: 3, status: 'scheduled', due: '2026-12-01', priority: 4 });
    expect(repairFiltersOf(search, true)).toEqual({
      company_id: 3,
      status: ['scheduled'],
      due_before: '2026-12-01',
      priority_min: 4,
    });
    expect(repairFiltersOf(search, false)).toEqual({
      status: ['scheduled'],
      due_before: '2026-12-01',
      priority_min: 4,
    });
  });

  it('does not count the view and the month as filters', () => {
    expect(hasRepairFilters(repairSearchSchema.parse({ view: 'calendar', month: '2026-11' }))).toBe(false);
    expect(hasRepairFilters(repairSearchSchema.parse({ assignee: '12' }))).toBe(true);
  });
});

describe('the calendar month', () => {
  it('steps months across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 0)).toBe('2026-11');
  });

  it('lays the month out in whole weeks from Monday', () => {
    // November 2026 starts on a Sunday and ends on a Monday: six weeks, 26 October to 6 December.
    const weeks = monthGrid('2026-11', []);
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]![0]!.day).toBe('2026-10-26');
    expect(weeks[0]![6]).toMatchObject({ day: '2026-11-01', inMonth: true });
    expect(weeks[5]![6]).toMatchObject({ day: '2026-12-06', inMonth: false });
    // February 2027 starts on a Monday and fills four weeks exactly.
    expect(monthGrid('2027-02', [])).toHaveLength(4);
  });

  it('shows a window on each Turkish day it covers and a due date on its day', () => {
    const windowed = repair({ id: 1, window_start: '2026-11-09T21:30:00Z', window_end: '2026-11-11T14:00:00Z' });
    const due = repair({ id: 2, due_date: '2026-11-30' });
    const days = monthGrid('2026-11', [windowed, due]).flat();
    const windowDays = days.filter((day) => day.windows.length > 0).map((day) => day.day);
    // 21:30 UTC on the 9th is already the 10th in Istanbul (UTC+3).
    expect(windowDays).toEqual(['2026-11-10', '2026-11-11']);
    expect(days.filter((day) => day.due.length > 0).map((day) => day.day)).toEqual(['2026-11-30']);
  });
});
