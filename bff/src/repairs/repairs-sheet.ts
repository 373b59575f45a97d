import { REPAIR_NAME_KEYS } from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { type SheetColumn } from '@/common/sheet-export.js';
import { turbineDisplayName } from '@/turbines/turbine-name.js';
import { findingLine, repairLink } from './repair-mails.js';
import { type RepairRow } from './repair-work-orders.repository.js';
import { isOverdue, toMailedRepair } from './repairs.mapper.js';

/**
 * The repairs as a table for people (the CSV and the workbook): headers and labels in the caller's language, names
 * instead of ids, each repair's address; its findings one per line. Costs are columns only for a caller who may see
 * them. `today` decides what is overdue.
 */
export function repairSheet(
  t: Translate,
  publicUrl: string,
  costsVisible: boolean,
  today: string,
): SheetColumn<RepairRow>[] {
  const money: SheetColumn<RepairRow>[] = costsVisible
    ? [
        { header: 'repairs.export.column.estimatedCost', kind: 'number', width: 14, value: (row) => row.estimatedCost },
        { header: 'repairs.export.column.actualCost', kind: 'number', width: 14, value: (row) => row.actualCost },
        { header: 'repairs.export.column.currency', kind: 'text', width: 9, value: (row) => row.currency },
      ]
    : [];
  return [
    {
      header: 'repairs.export.column.address',
      kind: 'link',
      width: 30,
      value: (row) => repairLink(publicUrl, { id: row.id, turbineId: row.turbineId }),
    },
    { header: 'repairs.export.column.id', kind: 'number', width: 10, value: (row) => row.id },
    {
      header: 'repairs.export.column.turbine',
      kind: 'text',
      width: 22,
      value: (row) => turbineDisplayName(row.turbineName, row.turbineCity),
    },
    { header: 'repairs.export.column.turbineCode', kind: 'text', width: 14, value: (row) => row.turbineCode },
    { header: 'repairs.export.column.company', kind: 'text', width: 24, value: (row) => row.companyName },
    { header: 'repairs.export.column.title', kind: 'text', width: 36, value: (row) => row.title },
    {
      header: 'repairs.export.column.method',
      kind: 'text',
      width: 22,
      value: (row) => t(REPAIR_NAME_KEYS.method(row.method)),
    },
    { header: 'repairs.export.column.priority', kind: 'number', width: 9, value: (row) => row.priority },
    {
      header: 'repairs.export.column.status',
      kind: 'text',
      width: 14,
      value: (row) => t(REPAIR_NAME_KEYS.status(row.status)),
    },
    {
      header: 'repairs.export.column.overdue',
      kind: 'text',
      width: 9,
      value: (row) => t(isOverdue(row, today) ? 'repairs.export.yes' : 'repairs.export.no'),
    },
    { header: 'repairs.export.column.assignee', kind: 'text', width: 20, value: (row) => row.assigneeName },
    { header: 'repairs.export.column.dueDate', kind: 'date', width: 12, value: (row) => row.dueDate },
    { header: 'repairs.export.column.windowStart', kind: 'time', width: 17, value: (row) => row.windowStart },
    { header: 'repairs.export.column.windowEnd', kind: 'time', width: 17, value: (row) => row.windowEnd },
    ...money,
    { header: 'repairs.export.column.labourHours', kind: 'number', width: 10, value: (row) => row.labourHours },
    {
      header: 'repairs.export.column.findings',
      kind: 'text',
      width: 48,
      value: (row) =>
        toMailedRepair(row)
          .findings.map((finding) => findingLine(finding, t))
          .join('\n') || null,
    },
    { header: 'repairs.export.column.note', kind: 'text', width: 40, value: (row) => row.note },
    {
      header: 'repairs.export.column.afterPhotos',
      kind: 'number',
      width: 10,
      value: (row) => (JSON.parse(row.afterPhotos) as unknown[]).length,
    },
    { header: 'repairs.export.column.completedAt', kind: 'time', width: 17, value: (row) => row.completedAt },
    { header: 'repairs.export.column.completedBy', kind: 'text', width: 20, value: (row) => row.completedByName },
    { header: 'repairs.export.column.verifiedAt', kind: 'time', width: 17, value: (row) => row.verifiedAt },
    { header: 'repairs.export.column.verifiedBy', kind: 'text', width: 20, value: (row) => row.verifiedByName },
    { header: 'repairs.export.column.createdBy', kind: 'text', width: 20, value: (row) => row.createdByName },
    { header: 'repairs.export.column.createdAt', kind: 'time', width: 17, value: (row) => row.createdAt },
    { header: 'repairs.export.column.updatedAt', kind: 'time', width: 17, value: (row) => row.updatedAt },
  ];
}
