import { Injectable } from '@nestjs/common';
import { can, type CommentBody, type TurbineComment } from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { AccessService } from '@/access/access.service.js';
import { type Principal } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { toCommentDto } from './comments.mapper.js';
import { type CommentRow, CommentsRepository } from './comments.repository.js';

/**
 * Comments on a turbine (spec §6): anyone who can see the turbine reads and writes them; the author may edit or
 * delete one within 60 minutes of writing it, a moderator (superadmin) any comment at any time.
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly access: AccessService,
    private readonly comments: CommentsRepository,
  ) {}

  async list(actor: Principal, turbineId: number, t: Translate): Promise<TurbineComment[]> {
    await this.access.requireAccess(actor, 'comment.read', turbineId);
    const rows = await this.comments.list(turbineId);
    return rows.map((row) => this.toDto(actor, row, t));
  }

  async create(actor: Principal, turbineId: number, body: CommentBody, t: Translate): Promise<TurbineComment> {
    await this.access.requireAccess(actor, 'comment.create', turbineId);
    const id = await this.comments.insert(turbineId, actor.userId, body.comment);
    return this.toDto(actor, await this.mustFind(turbineId, id), t);
  }

  async update(
    actor: Principal,
    turbineId: number,
    id: number,
    body: CommentBody,
    t: Translate,
  ): Promise<TurbineComment> {
    await this.access.requireAccess(actor, 'comment.create', turbineId);
    this.assertMayChange(actor, await this.mustFind(turbineId, id));
    if (!(await this.comments.update(turbineId, id, body.comment))) throw new AppError('COMMENT_NOT_FOUND');
    return this.toDto(actor, await this.mustFind(turbineId, id), t);
  }

  async delete(actor: Principal, turbineId: number, id: number): Promise<void> {
    await this.access.requireAccess(actor, 'comment.create', turbineId);
    this.assertMayChange(actor, await this.mustFind(turbineId, id));
    await this.comments.delete(turbineId, id);
  }

  /** A comment of another turbine answers like a missing one (and another company's turbine is already 404). */
  private async mustFind(turbineId: number, id: number): Promise<CommentRow> {
    const row = await this.comments.find(turbineId, id);
    if (!row) throw new AppError('COMMENT_NOT_FOUND');
    return row;
  }

  /**
   * Someone else's comment is 403, not 404: the caller can read it in the list, so hiding it would hide nothing.
   * The author past the window gets the reason, so the panel can say why.
   */
  private assertMayChange(actor: Principal, row: CommentRow): void {
    if (can(actor.role, 'comment.moderate')) return;
    if (row.userId !== actor.userId) throw new AppError('FORBIDDEN');
    if (!row.withinEditWindow) throw new AppError('COMMENT_EDIT_WINDOW_PASSED');
  }

  private toDto(actor: Principal, row: CommentRow, t: Translate): TurbineComment {
    const canEdit = can(actor.role, 'comment.moderate') || (row.userId === actor.userId && row.withinEditWindow);
    return toCommentDto(row, canEdit, t('common.deletedUser'));
  }
}
