import {
  completeRepairBody,
  type CompleteRepairBody,
  REPAIR_FIELD_ACTION,
  REPAIR_FIELD_RULES,
  REPAIR_TRANSITIONS,
  type Repair,
  type RepairAction,
  type RepairEditableField,
  type RepairStatus,
  updateRepairBody,
  type UpdateRepairBody,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { validateWith, type Validation } from '@/forms/form-feedback';

/*
 * A repair's page (issue #24): which buttons it shows, what its edit form holds and sends, what completing sends, and
 * the timeline it tells. The server decides what the caller may do (`allowed_actions`); these only read it.
 */

/** The status steps a button makes on the page, in the order they are offered. */
export const STEP_BUTTONS = ['start', 'postpone', 'reopen', 'complete', 'verify', 'cancel', 'delete'] as const;
export type StepButton = (typeof STEP_BUTTONS)[number];

/** The actions that open the edit form (each shows its own fields). */
const EDIT_ACTIONS: readonly RepairAction[] = ['edit', 'schedule', 'assign', 'edit_costs'];

/** What the page offers the caller: the edit form when any field may change, then the status steps. */
export function pageActions(repair: Pick<Repair, 'allowed_actions'>): { edit: boolean; steps: StepButton[] } {
  return {
    edit: repair.allowed_actions.some((action) => EDIT_ACTIONS.includes(action)),
    steps: STEP_BUTTONS.filter((action) => repair.allowed_actions.includes(action)),
  };
}

/** The status a put step leads to from the repair's status (start → in progress, postpone → scheduled, …). */
export function stepTarget(status: RepairStatus, action: StepButton): RepairStatus | null {
  const step = REPAIR_TRANSITIONS.find(
    (transition) => transition.action === action && (transition.from as readonly RepairStatus[]).includes(status),
  );
  return step?.via === 'put' ? step.to : null;
}

/** The fields of the edit form (finding_ids are changed from the findings' screens, not here). */
export type EditField = Exclude<RepairEditableField, 'finding_ids'>;
const EDIT_FIELDS = (Object.keys(REPAIR_FIELD_RULES) as RepairEditableField[]).filter(
  (field): field is EditField => field !== 'finding_ids',
);

/** The fields the caller may change now: allowed in the repair's status, and their action allowed to the caller. */
export function editableFields(repair: Pick<Repair, 'status' | 'allowed_actions' | 'costs_visible'>): EditField[] {
  return EDIT_FIELDS.filter(
    (field) =>
      (REPAIR_FIELD_RULES[field].statuses as readonly RepairStatus[]).includes(repair.status) &&
      repair.allowed_actions.includes(REPAIR_FIELD_ACTION[field]) &&
      // Costs one may not read are not offered to be written either.
      (repair.costs_visible || (field !== 'estimated_cost' && field !== 'actual_cost')),
  );
}

/** The edit form's values, as its inputs hold them (text; '' for none). */
export type EditValues = Record<EditField, string>;

const two = (value: number) => String(value).padStart(2, '0');

/** An instant as a datetime-local input shows it: the browser's own wall clock, to the minute. */
export function toLocalInput(instant: string | null): string {
  if (instant === null) return '';
  const date = new Date(instant);
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** A datetime-local input's value as an instant with its offset (the server takes any offset). */
export function fromLocalInput(value: string): string | null {
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The form's values of a repair. */
export function editValuesOf(repair: Repair): EditValues {
  const text = (value: number | string | null) => (value === null ? '' : String(value));
  return {
    title: repair.title,
    method: repair.method,
    priority: String(repair.priority),
    note: repair.note ?? '',
    assignee_id: text(repair.assignee_id),
    due_date: text(repair.due_date),
    window_start: toLocalInput(repair.window_start),
    window_end: toLocalInput(repair.window_end),
    estimated_cost: text(repair.estimated_cost),
    currency: repair.currency,
    actual_cost: text(repair.actual_cost),
    labour_hours: text(repair.labour_hours),
  };
}

/** A number field: '' is none; what does not read as a number is sent as text, for the schema to refuse by code. */
const numberOrNull = (value: string): number | string | null => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed.replace(',', '.'));
  return Number.isFinite(number) ? number : trimmed;
};

function fieldValue(field: EditField, values: EditValues): unknown {
  const value = values[field];
  switch (field) {
    // Texts and choices as typed: the schema checks them.
    case 'title':
    case 'note':
    case 'method':
    case 'currency':
      return value;
    case 'priority':
    case 'assignee_id':
    case 'estimated_cost':
    case 'actual_cost':
    case 'labour_hours':
      return numberOrNull(value);
    case 'due_date':
      return value === '' ? null : value;
    case 'window_start':
    case 'window_end':
      return fromLocalInput(value);
  }
}

/**
 * The PUT body of an edit: the fields the caller may change whose value differs from the repair's, checked with the
 * server's own schema. A window is sent whole (both ends) when either end changed: the server checks them together.
 */
export function editBody(
  repair: Repair,
  fields: readonly EditField[],
  values: EditValues,
  t: Translate,
): Validation<UpdateRepairBody> {
  const before = editValuesOf(repair);
  const changed = fields.filter((field) => values[field] !== before[field]);
  if (changed.some((field) => field === 'window_start' || field === 'window_end')) {
    for (const end of ['window_start', 'window_end'] as const) {
      if (!changed.includes(end)) changed.push(end);
    }
  }
  const body = Object.fromEntries(changed.map((field) => [field, fieldValue(field, values)]));
  return validateWith(updateRepairBody, body, t);
}

/** What the complete form holds: the note, the uploaded after photos, and the cost and hours as typed. */
export interface CompleteValues {
  note: string;
  afterMediaIds: readonly number[];
  actualCost: string;
  labourHours: string;
}

/** The completion's body, checked with the server's schema (a note and at least one after photo). */
export function completeBody(values: CompleteValues, t: Translate): Validation<CompleteRepairBody> {
  return validateWith(
    completeRepairBody,
    {
      note: values.note,
      after_media_ids: values.afterMediaIds,
      actual_cost: numberOrNull(values.actualCost),
      labour_hours: numberOrNull(values.labourHours),
    },
    t,
  );
}

/** Where an after photo of the repair is uploaded: a blade of its findings, the latest year among them. */
export function afterPhotoPlace(repair: Pick<Repair, 'findings'>): {
  blades: Repair['findings'][number]['blade'][];
  year: number;
} {
  const blades = [...new Set(repair.findings.map((finding) => finding.blade))].sort();
  const year = Math.max(new Date().getFullYear(), ...repair.findings.map((finding) => finding.year));
  return { blades, year };
}

/** One line of a repair's timeline. */
export interface HistoryEvent {
  kind: 'created' | 'completed' | 'verified' | 'cancelled' | 'earlier';
  at: string;
  by: string | null;
  /** For `earlier`: the other repair of the same finding. */
  repair?: { id: number; title: string; status: RepairStatus };
}

/**
 * The repair's timeline from what the server keeps (it has no event log): made, completed and verified (by whom),
 * cancelled (its last change), and the other repairs of its findings (each finding's own repair history), oldest
 * first.
 */
export function repairHistory(
  repair: Repair,
  earlier: readonly { id: number; title: string; status: RepairStatus; created_at: string }[],
): HistoryEvent[] {
  const events: HistoryEvent[] = [{ kind: 'created', at: repair.created_at, by: repair.created_by_user?.name ?? null }];
  if (repair.completed_at) {
    events.push({ kind: 'completed', at: repair.completed_at, by: repair.completed_by_user?.name ?? null });
  }
  if (repair.verified_at) {
    events.push({ kind: 'verified', at: repair.verified_at, by: repair.verified_by_user?.name ?? null });
  }
  if (repair.status === 'cancelled') events.push({ kind: 'cancelled', at: repair.updated_at, by: null });
  const seen = new Set<number>([repair.id]);
  for (const other of earlier) {
    if (seen.has(other.id)) continue;
    seen.add(other.id);
    events.push({
      kind: 'earlier',
      at: other.created_at,
      by: null,
      repair: { id: other.id, title: other.title, status: other.status },
    });
  }
  return events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
