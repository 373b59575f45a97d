import {
  type Blade,
  type FindingStage,
  type FindingStatus,
  type FindingSeverity,
  type FindingSurface,
  type FindingType,
  OPEN_REPAIR_STATUSES,
  type Repair,
  type RepairAction,
  repairActions,
  type RepairFinding,
  type RepairPhoto,
  type RepairStatus,
  type RepairViewer,
} from '@kanat360/contracts';
import { type FileSigner } from '@/files/file-urls.js';
import { turbineDisplayName } from '@/turbines/turbine-name.js';
import { type MailedRepair } from './repair-mails.js';
import { type RepairRow } from './repair-work-orders.repository.js';

/** A photo as media's mediaCard answers it (JSON). */
interface MediaCard {
  id: number;
  blade: Blade | null;
  year: number;
  original_name: string;
  is_panorama: boolean;
  width: number | null;
  height: number | null;
  status: 'pending' | 'ready' | 'failed';
  has_thumb: boolean;
  has_preview: boolean;
  has_tiles: boolean;
}

/** A finding as findings' findingCard answers it (JSON). */
interface FindingCard {
  id: number;
  year: number;
  blade: Blade;
  surface: FindingSurface;
  zone: number;
  type: FindingType;
  severity: FindingSeverity;
  status: FindingStatus;
  stage: FindingStage;
  media_id: number;
  media_version: number;
  target: unknown;
}

/** Who reads a repair: what its actions are worked out for, and whether its costs show. */
export interface RepairReader extends RepairViewer {
  costsVisible: boolean;
  /** The Turkish calendar day overdue is counted against. */
  today: string;
}

/**
 * The actions of a reader on a repair depend on its status and whether the reader is its assignee or its author
 * only: worked out once per such case of a page, not per row (a page of 1,000 repairs has a dozen cases).
 */
const actionsSeen = new WeakMap<RepairReader, Map<string, RepairAction[]>>();

function actionsOf(row: RepairRow, reader: RepairReader): RepairAction[] {
  let cases = actionsSeen.get(reader);
  if (!cases) actionsSeen.set(reader, (cases = new Map<string, RepairAction[]>()));
  const assignee = row.assigneeId === reader.userId;
  const author = row.createdBy === reader.userId;
  const key = `${row.status}:${assignee}:${author}`;
  let actions = cases.get(key);
  if (!actions) {
    // Stand-ins with the same relation to the reader: the rules ask no more of the repair.
    const other = reader.userId + 1;
    actions = repairActions(
      { status: row.status, assignee_id: assignee ? reader.userId : other, created_by: author ? reader.userId : other },
      reader,
    );
    cases.set(key, actions);
  }
  return actions;
}

/** Whether an open repair's due date has passed on `today`. */
export function isOverdue(row: Pick<RepairRow, 'status' | 'dueDate'>, today: string): boolean {
  return (
    (OPEN_REPAIR_STATUSES as readonly RepairStatus[]).includes(row.status) &&
    row.dueDate !== null &&
    row.dueDate < today
  );
}

function toPhoto(card: MediaCard, files: FileSigner): RepairPhoto {
  const url = files.media(card.id);
  return {
    id: card.id,
    blade: card.blade,
    year: card.year,
    original_name: card.original_name,
    is_panorama: card.is_panorama,
    width: card.width,
    height: card.height,
    status: card.status,
    url,
    thumbnail_url: card.has_thumb ? `${url}/thumb.jpg` : null,
    preview_url: card.has_preview ? `${url}/preview.jpg` : null,
    tiles_url: card.has_tiles ? `${url}/tiles/image.dzi` : null,
  };
}

const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** A repair as the API answers it: issue #24's fields, then what the screens need, for this reader. */
export function toRepair(row: RepairRow, files: FileSigner, reader: RepairReader): Repair {
  const findings = (JSON.parse(row.findings) as { finding: FindingCard; photo: MediaCard | null }[]).map(
    ({ finding, photo }): RepairFinding => ({
      id: finding.id,
      year: finding.year,
      blade: finding.blade,
      surface: finding.surface,
      zone: finding.zone,
      type: finding.type,
      severity: finding.severity,
      status: finding.status,
      stage: finding.stage,
      media_id: finding.media_id,
      media_version: finding.media_version,
      target: finding.target,
      photo: photo ? toPhoto(photo, files) : null,
    }),
  );
  const afterPhotos = (JSON.parse(row.afterPhotos) as MediaCard[]).map((card) => toPhoto(card, files));
  return {
    id: row.id,
    turbine_id: row.turbineId,
    finding_ids: findings.map((finding) => finding.id),
    title: row.title,
    method: row.method,
    priority: row.priority,
    status: row.status,
    assignee_id: row.assigneeId,
    due_date: row.dueDate,
    window_start: iso(row.windowStart),
    window_end: iso(row.windowEnd),
    estimated_cost: reader.costsVisible ? row.estimatedCost : null,
    actual_cost: reader.costsVisible ? row.actualCost : null,
    currency: row.currency,
    labour_hours: row.labourHours,
    note: row.note,
    after_media_ids: afterPhotos.map((photo) => photo.id),
    completed_at: iso(row.completedAt),
    completed_by: row.completedBy,
    verified_at: iso(row.verifiedAt),
    verified_by: row.verifiedBy,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    turbine: {
      id: row.turbineId,
      name: turbineDisplayName(row.turbineName, row.turbineCity),
      code: row.turbineCode,
      company_id: row.companyId,
      company_name: row.companyName,
    },
    assignee: person(row.assigneeId, row.assigneeName),
    completed_by_user: person(row.completedBy, row.completedByName),
    verified_by_user: person(row.verifiedBy, row.verifiedByName),
    created_by_user: person(row.createdBy, row.createdByName),
    findings,
    after_photos: afterPhotos,
    overdue: isOverdue(row, reader.today),
    costs_visible: reader.costsVisible,
    allowed_actions: actionsOf(row, reader),
  };
}

/** A repair as the mails and the calendar name it. */
export function toMailedRepair(row: RepairRow): MailedRepair {
  const findings = JSON.parse(row.findings) as { finding: FindingCard }[];
  return {
    id: row.id,
    turbineId: row.turbineId,
    title: row.title,
    status: row.status,
    turbine: turbineDisplayName(row.turbineName, row.turbineCity),
    code: row.turbineCode,
    dueDate: row.dueDate,
    windowStart: row.windowStart,
    windowEnd: row.windowEnd,
    assignee: row.assigneeName,
    findings: findings.map(({ finding }) => finding),
  };
}
