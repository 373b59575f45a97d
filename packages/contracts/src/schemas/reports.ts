import { z } from 'zod';
import { rowId, timestamp } from './api.js';
import { pathId } from './fields.js';
import { uploadedFile, yearField } from './media.js';

export const reportListQuery = z.object({ year: yearField.optional() });

export const report = z
  .strictObject({
    id: rowId,
    turbine_id: rowId,
    year: z.int(),
    original_filename: z.string(),
    display_name: z
      .string()
      .meta({ description: 'original_filename without a leading `digits-digits-` prefix (spec §3)' }),
    file_size_bytes: z.int().min(0),
    uploaded_at: timestamp,
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    report_url: z.string().meta({ description: 'A short-lived signed address that downloads the PDF' }),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof report>;

/** The display name of a report: a leading `digits-digits-` prefix is stripped. */
export function reportDisplayName(originalFilename: string): string {
  return originalFilename.replace(/^\d+-\d+-/, '');
}

/** `/turbines/{id}/reports/{reportId}` */
export const reportPath = z.object({ id: pathId('TURBINE_NOT_FOUND'), reportId: pathId('REPORT_NOT_FOUND') });

/** POST /turbines/{id}/reports (multipart): the year first, then the PDFs. */
export const reportUploadForm = z.object({
  year: yearField
    .optional()
    .meta({ description: 'Campaign year, sent before the files; the current year when missing' }),
  reports: z.array(uploadedFile).meta({ description: 'PDF files, at most 55 MB in all' }),
});
