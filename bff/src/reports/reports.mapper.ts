import { type Report, reportDisplayName } from '@kanat360/contracts';
import { type ReportRow } from './reports.repository.js';

/** The answer shape of spec §3 Report; `filesPrefix` is the turbine's signed file address (FileUrls.prefix). */
export function toReport(row: ReportRow, filesPrefix: string): Report {
  return {
    id: row.id,
    turbine_id: row.turbineId,
    year: row.year,
    original_filename: row.originalFilename,
    display_name: reportDisplayName(row.originalFilename),
    file_size_bytes: row.fileSizeBytes,
    uploaded_at: row.uploadedAt.toISOString(),
    first_name: row.firstName,
    last_name: row.lastName,
    report_url: `${filesPrefix}/reports/${row.id}`,
  };
}
