import { type TurbineComment } from '@kanat360/contracts';
import { type CommentRow } from './comments.repository.js';

/**
 * The answer shape of spec §3 Comment. `deletedUser` names the author of a comment whose user is gone (in the
 * caller's language); `canEdit` is what the caller may do with it now.
 */
export function toCommentDto(row: CommentRow, canEdit: boolean, deletedUser: string): TurbineComment {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  return {
    id: row.id,
    turbine_id: row.turbineId,
    user_id: row.userId,
    user_name: row.userId === null || !name ? deletedUser : name,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    can_edit: canEdit,
  };
}
