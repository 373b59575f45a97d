import { z } from 'zod';
import { rowId, timestamp } from './api.js';
import { LIMITS } from '../constants.js';
import { pathId, text } from './fields.js';

/** A comment: not blank after trimming, at most 500 characters (spec §5). */
export const commentBody = z.strictObject({
  comment: text({ error: 'COMMENT_REQUIRED' })
    .trim()
    .min(1, { error: 'COMMENT_REQUIRED' })
    .max(LIMITS.commentMaxLength, { error: 'COMMENT_TOO_LONG' }),
});
export type CommentBody = z.infer<typeof commentBody>;

export const turbineComment = z
  .strictObject({
    id: rowId,
    turbine_id: rowId,
    user_id: rowId.nullable().meta({ description: "The author's id; null once that user is deleted" }),
    user_name: z.string(),
    comment: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
    can_edit: z.boolean().meta({
      description: 'Whether the caller may still edit or delete it (author within 60 minutes, or a superadmin)',
    }),
  })
  .meta({ id: 'Comment' });
export type TurbineComment = z.infer<typeof turbineComment>;

/** `/turbines/{id}/comments/{commentId}` */
export const commentPath = z.object({ id: pathId('TURBINE_NOT_FOUND'), commentId: pathId('COMMENT_NOT_FOUND') });
