import { z } from 'zod';
import { yearField } from './media.js';

export const reportListQuery = z.object({ year: yearField.optional() });

export interface Report {
  id: number;
  turbine_id: number;
  year: number;
  original_filename: string;
  /** original_filename without a leading `digits-digits-` prefix (spec §3). */
  display_name: string;
  file_size_bytes: number;
  uploaded_at: string;
  first_name: string | null;
  last_name: string | null;
  /** A short-lived signed address that downloads the PDF. */
  report_url: string;
}

/** The display name of a report: a leading `digits-digits-` prefix is stripped. */
export function reportDisplayName(originalFilename: string): string {
  return originalFilename.replace(/^\d+-\d+-/, '');
}
