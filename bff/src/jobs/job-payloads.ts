import { z } from 'zod';

const id = z.number().int().positive();

/**
 * Every queue the app uses, with the schema of its jobs' data: one map that types both who sends a job and who works
 * it, and checks each job's data as it is taken (a job written by an older release, or by hand, that does not
 * match fails loudly instead of doing something half). Each job is idempotent: running it twice does no harm.
 */
export const JOB_PAYLOADS = {
  'mail.send': z.object({
    to: z.string().min(1),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    replyTo: z.string().optional(),
  }),
  /** Thumbnail, preview, deep-zoom tiles and EXIF of one media row. */
  'media.derivatives': z.object({ mediaId: id }),
  /** Capture facts read again for photos processed before they were read as now, those after row `afterId`. */
  'media.recapture': z.object({ afterId: z.number().int().min(0) }),
  /** A deleted turbine's blobs, then its row (media, reports, comments and intents go with it). */
  'turbine.purge': z.object({ turbineId: id }),
  /** Blobs whose rows are gone (deleted photos and reports). */
  'storage.delete': z.object({ keys: z.array(z.string()), prefixes: z.array(z.string()) }),
  /** A password reset asked for `email`, which may or may not be an account's: the job finds out (see AuthService). */
  'auth.passwordReset': z.object({ email: z.string() }),
  /** An inspection report too big for a request: made, stored as a report of its year, its request marked. */
  'findings.inspectionReport': z.object({ requestId: z.uuid() }),
  /**
   * Expired upload intents and their blobs, and partial writes a crash left; scheduled with `{}`. A schedule saved
   * without data (by an older release) sends null, which means the same.
   */
  'uploads.sweep': z.object({}).nullable(),
  /**
   * The daily mail of overdue and due repairs, for the Turkish calendar `day` (`YYYY-MM-DD`; left out: today, as
   * the schedule sends it). A schedule saved without data sends null, which means the same.
   */
  'repairs.digest': z.preprocess(
    (data) => data ?? {},
    z.object({
      day: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
    }),
  ),
} as const;

export type QueueName = keyof typeof JOB_PAYLOADS;
export type JobPayload<Q extends QueueName> = z.output<(typeof JOB_PAYLOADS)[Q]>;

/** The queues by what they do, for readable call sites (`QUEUES.mediaDerivatives`). */
export const QUEUES = {
  sendMail: 'mail.send',
  mediaDerivatives: 'media.derivatives',
  recaptureMedia: 'media.recapture',
  purgeTurbine: 'turbine.purge',
  deleteBlobs: 'storage.delete',
  sweepUploads: 'uploads.sweep',
  inspectionReport: 'findings.inspectionReport',
  passwordReset: 'auth.passwordReset',
  repairDigest: 'repairs.digest',
} as const satisfies Record<string, QueueName>;
