import { Controller } from '@nestjs/common';
import {
  commentBody,
  type CommentBody,
  commentPath,
  doneAnswer,
  successOf,
  turbineComment,
  turbinePath,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal } from '@/auth/access.decorators.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { Route, RouteGroup, ValidBody, ValidParams } from '@/openapi/route.js';
import { CommentsService } from './comments.service.js';

const EXAMPLE_COMMENT = {
  id: 903,
  turbine_id: 12,
  user_id: 38,
  user_name: 'Emre Kaya',
  comment: 'B kanadındaki hücum kenarı erozyonu geçen yıla göre ilerlemiş; eylül bakımında ele alınmalı.',
  created_at: '2025-06-11T15:20:03.000Z',
  updated_at: '2025-06-11T15:20:03.000Z',
  can_edit: false,
} as const;

const EXAMPLE_NEW_COMMENT = {
  id: 917,
  turbine_id: 12,
  user_id: 44,
  user_name: 'Zeynep Arslan',
  comment: 'Onarım ekibi 8 Eylül’de sahada olacak; vinç kiralaması onaylandı.',
  created_at: '2025-06-12T10:41:27.000Z',
  updated_at: '2025-06-12T10:41:27.000Z',
  can_edit: true,
} as const;

// Edit and delete are open to everyone who may comment: who may change which comment (the author within the
// window, a moderator always) depends on the comment, so the service decides.
@RouteGroup('comments')
@Controller('turbines/:id/comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Route('GET', '', {
    summary: "A turbine's comments, oldest first",
    access: 'comment.read',
    params: turbinePath,
    answers: { 200: successOf(z.array(turbineComment)) },
    example: { answer: { success: true, data: [EXAMPLE_COMMENT, EXAMPLE_NEW_COMMENT] } },
  })
  async list(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: z.output<typeof turbinePath>,
    @RequestTranslator() t: Translate,
  ) {
    return { success: true as const, data: await this.comments.list(actor, id, t) };
  }

  @Route('POST', '', {
    summary: 'Comments on a turbine',
    access: 'comment.create',
    params: turbinePath,
    body: commentBody,
    answers: { 201: successOf(turbineComment) },
    example: {
      body: { comment: EXAMPLE_NEW_COMMENT.comment },
      answer: { success: true, data: EXAMPLE_NEW_COMMENT, message: 'Yorum eklendi' },
    },
  })
  async create(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: z.output<typeof turbinePath>,
    @ValidBody() body: CommentBody,
    @RequestTranslator() t: Translate,
  ) {
    return {
      success: true as const,
      data: await this.comments.create(actor, id, body, t),
      message: t('api.commentCreated'),
    };
  }

  @Route('PUT', ':commentId', {
    summary: 'Changes a comment',
    description: 'Its author within 60 minutes of writing it; a superadmin always (else COMMENT_EDIT_WINDOW_PASSED).',
    access: 'comment.create',
    params: commentPath,
    body: commentBody,
    answers: { 200: successOf(turbineComment) },
    errors: ['COMMENT_EDIT_WINDOW_PASSED'],
  })
  async update(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id, commentId }: z.output<typeof commentPath>,
    @ValidBody() body: CommentBody,
    @RequestTranslator() t: Translate,
  ) {
    return {
      success: true as const,
      data: await this.comments.update(actor, id, commentId, body, t),
      message: t('api.commentUpdated'),
    };
  }

  @Route('DELETE', ':commentId', {
    summary: 'Deletes a comment',
    description: 'Its author within 60 minutes of writing it; a superadmin always (else COMMENT_EDIT_WINDOW_PASSED).',
    access: 'comment.create',
    params: commentPath,
    answers: { 200: doneAnswer },
    errors: ['COMMENT_EDIT_WINDOW_PASSED'],
  })
  async delete(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id, commentId }: z.output<typeof commentPath>,
    @RequestTranslator() t: Translate,
  ) {
    await this.comments.delete(actor, id, commentId);
    return { success: true as const, data: null, message: t('api.commentDeleted') };
  }
}
