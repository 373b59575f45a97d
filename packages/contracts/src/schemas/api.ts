import { z } from 'zod';

/*
 * The shapes of the API's answers. Each answer has a zod schema (what the OpenAPI document says the route answers)
 * and its TS type is inferred from it, so a mapper that drifts from the document fails the type check. The envelopes'
 * types (ApiSuccess, ApiPage) are in ../api.ts, apart from zod, for clients that take the types alone.
 */

/** The schema of `ApiSuccess<data>`. */
export function successOf<T extends z.ZodType>(data: T) {
  return z.strictObject({
    success: z.literal(true),
    data,
    message: z.string().optional().meta({ description: "What happened, in the caller's language" }),
  });
}

/** The answer of a call that changes something and has nothing to give back: `data` is null. */
export const doneAnswer = successOf(z.null());

/** The schema of `ApiPage<item>`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.strictObject({
    success: z.literal(true),
    data: z.array(item),
    next_cursor: z.string().nullable().meta({ description: 'The `cursor` of the next page; null on the last page' }),
    total: z.int().min(0).meta({ description: 'How many items match the filters, over every page' }),
  });
}

/** An instant as ISO 8601 text (what every `…_at` field holds). */
export const timestamp = z.iso.datetime({ offset: true });

/** A row id: a positive 32-bit integer. */
export const rowId = z.int().min(1).max(2_147_483_647);
