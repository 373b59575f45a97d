import { type Repair, repairActions, type RepairStatus, type Role } from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { describe, expect, it } from 'vitest';
import { cropStyle } from './repair-crop';
import {
  afterPhotoPlace,
  completeBody,
  editableFields,
  editBody,
  editValuesOf,
  pageActions,
  repairHistory,
  stepTarget,
} from './repair-page';

/** Messages as their keys: what a test can compare. */
const t = ((key: string) => key) as Translate;

const ASSIGNEE = 7;
const AUTHOR = 8;

/** A repair as the server answers it to `role` (user `userId`): allowed_actions by the contracts' own rules. */
function repairFor(role: Role, status: RepairStatus, userId = 99, fields: Partial<Repair> = {}): Repair {
  const base = {
    id: 5,
    turbine_id: 3,
    title: 'Erosion repair – blade A, zone 2',
    method: 'leading_edge_protection',
    priority: 4,
    status,
    assignee_id: ASSIGNEE,
    due_date: '2026-06-01',
    window_start: null,
    window_end: null,
    estimated_cost: 1200,
    actual_cost: null,
    currency: 'EUR',
    labour_hours: null,
    note: null,
    created_by: AUTHOR,
    created_at: '2026-05-01T08:00:00.000Z',
    updated_at: '2026-05-02T08:00:00.000Z',
    completed_at: null,
    completed_by_user: null,
    verified_at: null,
    verified_by_user: null,
    created_by_user: { id: AUTHOR, name: 'Ayşe Operatör' },
    costs_visible: role !== 'customer',
    findings: [
      { id: 11, blade: 'A', year: 2025 },
      { id: 12, blade: 'C', year: 2026 },
    ],
    ...fields,
  } as Repair;
  return { ...base, allowed_actions: repairActions(base, { role, userId }) };
}

describe('what a repair’s page offers', () => {
  it('gives a manager the edit form and, while planned, cancel and delete', () => {
    expect(pageActions(repairFor('company_manager', 'planned'))).toEqual({ edit: true, steps: ['cancel', 'delete'] });
  });

  it('gives the assignee (an operator) start, then complete, and a customer nothing', () => {
    expect(pageActions(repairFor('operator', 'scheduled', ASSIGNEE)).steps).toEqual(['start']);
    expect(pageActions(repairFor('operator', 'in_progress', ASSIGNEE)).steps).toEqual(['complete']);
    expect(pageActions(repairFor('operator', 'in_progress', 1234)).steps).toEqual([]);
    expect(pageActions(repairFor('customer', 'in_progress'))).toEqual({ edit: false, steps: [] });
    expect(pageActions(repairFor('customer', 'done'))).toEqual({ edit: false, steps: [] });
  });

  it('offers verify and reopen on a done repair to a manager, nothing on a verified one but nothing to edit', () => {
    expect(pageActions(repairFor('admin', 'done')).steps).toEqual(['reopen', 'verify']);
    expect(pageActions(repairFor('admin', 'verified'))).toEqual({ edit: false, steps: [] });
  });

  it('finds the status each put step leads to, and none for the steps with routes of their own', () => {
    expect(stepTarget('scheduled', 'start')).toBe('in_progress');
    expect(stepTarget('in_progress', 'postpone')).toBe('scheduled');
    expect(stepTarget('done', 'reopen')).toBe('in_progress');
    expect(stepTarget('done', 'verify')).toBeNull();
    expect(stepTarget('planned', 'start')).toBeNull();
  });
});

describe('the edit form', () => {
  it('shows a manager every field of an open repair but the costs of the work not done yet', () => {
    expect(editableFields(repairFor('company_manager', 'planned'))).toEqual([
      'title',
      'method',
      'priority',
      'note',
      'assignee_id',
      'due_date',
      'window_start',
      'window_end',
      'estimated_cost',
      'currency',
    ]);
    expect(editableFields(repairFor('company_manager', 'in_progress'))).toContain('labour_hours');
  });

  it('shows an operator the texts only, and no cost field to one who may not read costs', () => {
    expect(editableFields(repairFor('operator', 'planned'))).toEqual(['title', 'method', 'priority', 'note']);
    const hidden = { ...repairFor('company_manager', 'in_progress'), costs_visible: false };
    expect(editableFields(hidden)).not.toContain('estimated_cost');
    expect(editableFields(hidden)).not.toContain('actual_cost');
  });

  it('sends only what changed, numbers as numbers and a cleared date as null', () => {
    const repair = repairFor('company_manager', 'scheduled');
    const fields = editableFields(repair);
    const values = { ...editValuesOf(repair), estimated_cost: '1500,50', due_date: '', assignee_id: '9' };
    const checked = editBody(repair, fields, values, t);
    expect(checked).toEqual({ ok: true, data: { assignee_id: 9, due_date: null, estimated_cost: 1500.5 } });
    expect(editBody(repair, fields, editValuesOf(repair), t)).toEqual({ ok: true, data: {} });
  });

  it('sends a window whole when one end changed, and refuses one that ends before it starts', () => {
    const repair = repairFor('company_manager', 'scheduled', 99, {
      window_start: '2026-06-01T06:00:00.000Z',
      window_end: '2026-06-01T14:00:00.000Z',
    });
    const fields = editableFields(repair);
    const values = editValuesOf(repair);
    const later = editBody(repair, fields, { ...values, window_end: '2026-06-01T23:00' }, t);
    expect(later.ok && Object.keys(later.data).sort()).toEqual(['window_end', 'window_start']);
    const backwards = editBody(repair, fields, { ...values, window_end: '2026-06-01T00:00' }, t);
    expect(backwards).toEqual({ ok: false, errors: { window_end: 'errors.REPAIR_WINDOW_INVALID' } });
  });

  it('refuses what is not a cost with the server’s code, and an empty title', () => {
    const repair = repairFor('company_manager', 'planned');
    const fields = editableFields(repair);
    const checked = editBody(repair, fields, { ...editValuesOf(repair), estimated_cost: 'abc', title: ' ' }, t);
    expect(checked).toEqual({
      ok: false,
      errors: { estimated_cost: 'errors.REPAIR_COST_INVALID', title: 'errors.REPAIR_TITLE_REQUIRED' },
    });
  });
});

describe('completing', () => {
  const typed = { note: 'Filled and coated', afterMediaIds: [41, 41, 42], actualCost: '980', labourHours: '6,5' };

  it('needs a note and at least one after photo, as the server does', () => {
    expect(completeBody({ ...typed, note: '  ' }, t)).toEqual({
      ok: false,
      errors: { note: 'errors.REPAIR_NOTE_REQUIRED' },
    });
    expect(completeBody({ ...typed, afterMediaIds: [] }, t)).toEqual({
      ok: false,
      errors: { after_media_ids: 'errors.REPAIR_AFTER_PHOTOS_REQUIRED' },
    });
  });

  it('sends the photos once each, the cost and hours as numbers, none when left empty', () => {
    expect(completeBody(typed, t)).toEqual({
      ok: true,
      data: { note: 'Filled and coated', after_media_ids: [41, 42], actual_cost: 980, labour_hours: 6.5 },
    });
    expect(completeBody({ ...typed, actualCost: '', labourHours: '' }, t)).toMatchObject({
      ok: true,
      data: { actual_cost: null, labour_hours: null },
    });
  });

  it('uploads after photos on a blade of the findings, of their latest year or this one', () => {
    const place = afterPhotoPlace(repairFor('operator', 'in_progress'));
    expect(place.blades).toEqual(['A', 'C']);
    expect(place.year).toBe(Math.max(2026, new Date().getFullYear()));
  });
});

describe('the history', () => {
  it('tells made, completed and verified with who, and the findings’ other repairs, oldest first, once each', () => {
    const repair = repairFor('admin', 'verified', 99, {
      completed_at: '2026-06-03T10:00:00.000Z',
      completed_by_user: { id: ASSIGNEE, name: 'Oğuz Usta' },
      verified_at: '2026-07-01T10:00:00.000Z',
      verified_by_user: { id: 2, name: 'Mehmet Yönetici' },
    });
    const earlier = { id: 2, title: 'First try', status: 'cancelled' as const, created_at: '2026-03-01T00:00:00.000Z' };
    const self = { id: 5, title: repair.title, status: 'verified' as const, created_at: repair.created_at };
    const events = repairHistory(repair, [earlier, self, earlier]);
    expect(events.map((event) => [event.kind, event.by])).toEqual([
      ['earlier', null],
      ['created', 'Ayşe Operatör'],
      ['completed', 'Oğuz Usta'],
      ['verified', 'Mehmet Yönetici'],
    ]);
    expect(events[0]!.repair).toEqual({ id: 2, title: 'First try', status: 'cancelled' });
  });

  it('tells a cancellation at the repair’s last change', () => {
    const events = repairHistory(repairFor('admin', 'cancelled'), []);
    expect(events.at(-1)).toEqual({ kind: 'cancelled', at: '2026-05-02T08:00:00.000Z', by: null });
  });
});

describe('the before crop', () => {
  it('frames a finding’s rectangle in the middle of a 4:3 tile, twice its size', () => {
    const target = { selector: { type: 'FragmentSelector', value: 'xywh=pixel:1900,1400,200,150' } };
    // A 400 × 300 frame around the box's centre (2000, 1475): left 1800, top 1325 of a 4000 × 3000 photo.
    expect(cropStyle(target, { width: 4000, height: 3000 })).toEqual({
      image: { width: '1000.000%', height: '1000.000%', left: '-450.000%', top: '-441.667%' },
      region: { width: '50.000%', height: '50.000%', left: '25.000%', top: '25.000%' },
    });
  });

  it('keeps the frame on the photo at its edge, and shows the whole photo for a panorama direction', () => {
    const corner = { selector: { type: 'FragmentSelector', value: 'xywh=pixel:0,0,100,75' } };
    expect(cropStyle(corner, { width: 4000, height: 3000 })).toMatchObject({
      image: { left: '0.000%', top: '0.000%' },
      region: { left: '0.000%', top: '0.000%' },
    });
    const direction = { selector: { type: 'PanoramaSelector', value: 'yaw=10,pitch=5' } };
    expect(cropStyle(direction, { width: 8000, height: 4000 })).toBeNull();
    expect(cropStyle(corner, { width: null, height: null })).toBeNull();
  });
});
