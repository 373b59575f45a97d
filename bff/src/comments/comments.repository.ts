import { Injectable } from '@nestjs/common';
import { LIMITS } from '@kanat360/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { CommentEntity } from './comment.entity.js';
import { affectedRows, col, expr, type RowOf, rowMapper, scalar } from '@/database/row-mapper.js';
import { joinUser } from '@/users/users.sql.js';

// Oldest first: a comment thread reads top to bottom, and a new comment lands next to the box it was typed in.
/** A comment with its author's name (null once the author is deleted) and whether its edit window is still open. */
export const COMMENT_ROW = rowMapper('comment', `FROM comments c ${joinUser('u', 'c.user_id', { left: true })}`, {
  id: col('comments', 'c', 'id', 'integer'),
  turbineId: col('comments', 'c', 'turbine_id', 'integer'),
  userId: col('comments', 'c', 'user_id', 'integer').orNull(),
  firstName: col('users', 'u', 'first_name', 'character varying').orNull(),
  lastName: col('users', 'u', 'last_name', 'character varying').orNull(),
  comment: col('comments', 'c', 'comment', 'text'),
  createdAt: col('comments', 'c', 'created_at', 'timestamp with time zone'),
  updatedAt: col('comments', 'c', 'updated_at', 'timestamp with time zone'),
  // Read from the database clock, the same clock that wrote created_at.
  withinEditWindow: expr(`c.created_at > now() - make_interval(mins => ${LIMITS.commentEditWindowMinutes})`, 'boolean'),
});
export type CommentRow = RowOf<typeof COMMENT_ROW.columns>;

const SELECT_COMMENT = `SELECT ${COMMENT_ROW.select} ${COMMENT_ROW.from}`;

/**
 * Every read and write names the turbine as well as the comment: a comment id of another turbine (and so of
 * another company) finds nothing. Whether the caller may reach the turbine is checked before, by TurbinesService.
 */
@Injectable()
export class CommentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(turbineId: number): Promise<CommentRow[]> {
    return COMMENT_ROW.all(this.dataSource, `${SELECT_COMMENT} WHERE c.turbine_id = $1 ORDER BY c.created_at, c.id`, [
      turbineId,
    ]);
  }

  async find(turbineId: number, id: number): Promise<CommentRow | null> {
    return COMMENT_ROW.one(this.dataSource, `${SELECT_COMMENT} WHERE c.turbine_id = $1 AND c.id = $2`, [turbineId, id]);
  }

  /** Comments with the times they were written and edited (the demo seed's history), in one statement. */
  async insertMany(
    manager: EntityManager,
    rows: { turbineId: number; userId: number; comment: string; createdAt: Date; updatedAt: Date }[],
  ): Promise<void> {
    await manager.getRepository(CommentEntity).insert(rows);
  }

  /** created_at and updated_at get the same now(): a comment reads as edited only after an edit. */
  async insert(turbineId: number, userId: number, comment: string): Promise<number> {
    const id = await scalar(
      this.dataSource,
      `INSERT INTO comments (turbine_id, user_id, comment) VALUES ($1, $2, $3) RETURNING id AS value`,
      [turbineId, userId, comment],
      'integer',
    );
    return id!;
  }

  /** Answers whether the comment was still there. */
  async update(turbineId: number, id: number, comment: string): Promise<boolean> {
    const affected = await affectedRows(
      this.dataSource,
      `UPDATE comments SET comment = $3, updated_at = now() WHERE turbine_id = $1 AND id = $2`,
      [turbineId, id, comment],
    );
    return affected > 0;
  }

  async delete(turbineId: number, id: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM comments WHERE turbine_id = $1 AND id = $2`, [turbineId, id]);
  }
}
