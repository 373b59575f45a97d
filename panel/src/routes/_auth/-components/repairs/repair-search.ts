import {
  isCalendarDate,
  REPAIR_STATUSES,
  type RepairFilters,
  type RepairStatus,
  type SessionUser,
} from '@kanat360/contracts';
import { idValue, oneOf, searchReader, wholeNumber } from '@/search/url-values';
import { hasPermission } from '@/session/session-user';

/** The repairs page's three ways of showing the same filtered repairs. */
export const REPAIR_VIEWS = ['list', 'board', 'calendar'] as const;
export type RepairView = (typeof REPAIR_VIEWS)[number];

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * The repairs page's filters, its view and the calendar's month, kept in the URL (STYLE 9, 12c) so a filtered board
 * or month survives reload and can be shared. A value that does not parse is dropped rather than failing the page.
 */
export const repairSearchSchema = searchReader((search): RepairSearch => ({
  view: oneOf(search.view, REPAIR_VIEWS),
  company: idValue(search.company),
  turbine: idValue(search.turbine),
  status: statusList(search.status),
  assignee: search.assignee === 'me' ? 'me' : idValue(search.assignee),
  due: typeof search.due === 'string' && isCalendarDate(search.due) ? search.due : undefined,
  overdue: search.overdue === true || search.overdue === 'true' ? true : undefined,
  priority: wholeNumber(search.priority, 1, 5),
  month: typeof search.month === 'string' && MONTH.test(search.month) ? search.month : undefined,
}));
export interface RepairSearch {
  view?: RepairView;
  company?: number;
  turbine?: number;
  /** One status or several, comma-separated in the URL as in the API. */
  status?: string;
  /** A user id, or `me`. */
  assignee?: number | 'me';
  /** Open repairs due before this day (`YYYY-MM-DD`). */
  due?: string;
  overdue?: true;
  /** This priority or more urgent. */
  priority?: number;
  /** The calendar's month (`YYYY-MM`); none is the current one. */
  month?: string;
}

/** A comma-separated list of known statuses, in the graph's order, each once; anything else is dropped. */
function statusList(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const asked = new Set(value.split(',').map((part) => part.trim()));
  const known = REPAIR_STATUSES.filter((status) => asked.has(status));
  return known.length > 0 ? known.join(',') : undefined;
}

/** The statuses a search names, as a list. */
export function statusesOf(search: RepairSearch): RepairStatus[] {
  return search.status ? (search.status.split(',') as RepairStatus[]) : [];
}

/**
 * What the server is asked for: the URL's filters as the API names them, the company only for who sees every
 * company (the server would ignore it). Unset filters are left out, so equal filters make equal query keys.
 */
export function repairFiltersOf(search: RepairSearch, seesEveryCompany: boolean): RepairFilters {
  const statuses = statusesOf(search);
  const filters: RepairFilters = {
    company_id: seesEveryCompany ? search.company : undefined,
    turbine_id: search.turbine,
    status: statuses.length > 0 ? statuses : undefined,
    assignee_id: search.assignee,
    due_before: search.due,
    overdue: search.overdue,
    priority_min: search.priority,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

/** Whether any filter is set (the view and the month are not filters). */
export function hasRepairFilters(search: RepairSearch): boolean {
  const { view: _view, month: _month, ...filters } = search;
  return Object.values(filters).some((value) => value !== undefined);
}

/**
 * "Assigned to me" is offered to who can be a repair's assignee: the assignees are the people who start and complete
 * the work (repair.complete), which a customer never does, so for one the filter could only show nothing.
 */
export function offersAssignedToMe(user: Pick<SessionUser, 'permissions'>): boolean {
  return hasPermission(user, 'repair.complete');
}
