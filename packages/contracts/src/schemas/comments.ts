import { z } from 'zod';
import { text } from './fields.js';
import { LIMITS } from '../constants.js';

/** A comment: not blank after trimming, at most 500 characters (spec §5). */
export const commentBody = z.strictObject({
  comment: text({ error: 'COMMENT_REQUIRED' })
    .trim()
    .min(1, { error: 'COMMENT_REQUIRED' })
    .max(LIMITS.commentMaxLength, { error: 'COMMENT_TOO_LONG' }),
});
export type CommentBody = z.infer<typeof commentBody>;

export interface TurbineComment {
  id: number;
  turbine_id: number;
  user_id: number | null;
  user_name: string;
  comment: string;
  created_at: string;
  updated_at: string;
  /** Whether the caller may still edit or delete it (author within 60 minutes, or a superadmin). */
  can_edit: boolean;
}
