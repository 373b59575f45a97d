import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import { skippedFile } from './media.js';

/** The body of every failed API call: an answer, so not named `…Body` as the request schemas are (text-fields.test). */
export const errorAnswer = z
  .strictObject({
    success: z.literal(false),
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string().meta({ description: "What went wrong, in the caller's language" }),
    field: z.string().optional().meta({ description: 'Which field an input error is about, when there is one' }),
    skipped: z
      .array(skippedFile)
      .optional()
      .meta({ description: 'An upload where every file was skipped: each file and why' }),
    correlationId: z
      .string()
      .optional()
      .meta({ description: 'The request id of an unexpected failure: quote it to find the failure in the logs' }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorAnswer>;
