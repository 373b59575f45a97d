import { Injectable } from '@nestjs/common';
import { LIMITS } from '@kanat360/contracts';
import { DataSource } from 'typeorm';

/** A comment with its author's name (null once the author is deleted) and whether its edit window is still open. */
export interface CommentRow {
  id: number;
  turbineId: number;
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
  comment: string;
  createdAt: Date;
  updatedAt: Date;
  /** Read from the database clock, the same clock that wrote created_at. */
  withinEditWindow: boolean;
}

// Oldest first: a comment thread reads top to bottom, and a new comment lands next to the box it was typed in.
const SELECT_COMMENT = `
  SELECT c.id, c.turbine_id AS "turbineId", c.user_id AS "userId", u.first_name AS "firstName",
         u.last_name AS "lastName", c.comment, c.created_at AS "createdAt", c.updated_at AS "updatedAt",
         c.created_at > now() - make_interval(mins => ${LIMITS.commentEditWindowMinutes}) AS "withinEditWindow"
    FROM comments c
    LEFT JOIN users u ON u.id = c.user_id`;

/**
 * Every read and write names the turbine as well as the comment: a comment id of another turbine (and so of
 * another company) finds nothing. Whether the caller may reach the turbine is checked before, by TurbinesService.
 */
@Injectable()
export class CommentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(turbineId: number): Promise<CommentRow[]> {
    return this.dataSource.query(`${SELECT_COMMENT} WHERE c.turbine_id = $1 ORDER BY c.created_at, c.id`, [turbineId]);
  }

  async find(turbineId: number, id: number): Promise<CommentRow | null> {
    const rows: CommentRow[] = await this.dataSource.query(`${SELECT_COMMENT} WHERE c.turbine_id = $1 AND c.id = $2`, [
      turbineId,
      id,
    ]);
    return rows[0] ?? null;
  }

  /** created_at and updated_at get the same now(): a comment reads as edited only after an edit. */
  async insert(turbineId: number, userId: number, comment: string): Promise<number> {
    const rows: { id: number }[] = await this.dataSource.query(
      `INSERT INTO comments (turbine_id, user_id, comment) VALUES ($1, $2, $3) RETURNING id`,
      [turbineId, userId, comment],
    );
    return rows[0]!.id;
  }

  /** Answers whether the comment was still there. */
  async update(turbineId: number, id: number, comment: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE comments SET comment = $3, updated_at = now() WHERE turbine_id = $1 AND id = $2`,
      [turbineId, id, comment],
    );
    return affected > 0;
  }

  async delete(turbineId: number, id: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM comments WHERE turbine_id = $1 AND id = $2`, [turbineId, id]);
  }
}
