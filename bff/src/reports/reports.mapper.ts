import { type Report, reportDisplayName } from '@kanat360/contracts';
import { type FileSigner } from '@/files/file-urls.js';
import { type ReportRow } from './reports.repository.js';

/** The answer shape of spec §3 Report, with an address signed for this report only. */
export function toReport(row: ReportRow, files: FileSigner): Report {
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
    report_url: files.reports(row.id),
  };
}
