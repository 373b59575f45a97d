import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type ApiSuccess, commentBody, type CommentBody, type TurbineComment } from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal, RequirePermission } from '@/auth/access.decorators.js';
import { IdPipe } from '@/common/id.pipe.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { ValidBody } from '@/common/zod-validation.js';
import { CommentsService } from './comments.service.js';

// Edit and delete are open to everyone who may comment: who may change which comment (the author within the
// window, a moderator always) depends on the comment, so the service decides.
@ApiTags('comments')
@Controller('turbines/:id/comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  @RequirePermission('comment.read')
  async list(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<TurbineComment[]>> {
    return { success: true, data: await this.comments.list(actor, turbineId, t) };
  }

  @Post()
  @RequirePermission('comment.create')
  async create(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidBody(commentBody) body: CommentBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<TurbineComment>> {
    return {
      success: true,
      data: await this.comments.create(actor, turbineId, body, t),
      message: t('api.commentCreated'),
    };
  }

  @Put(':commentId')
  @RequirePermission('comment.create')
  async update(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @Param('commentId', new IdPipe('COMMENT_NOT_FOUND')) id: number,
    @ValidBody(commentBody) body: CommentBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<TurbineComment>> {
    return {
      success: true,
      data: await this.comments.update(actor, turbineId, id, body, t),
      message: t('api.commentUpdated'),
    };
  }

  @Delete(':commentId')
  @HttpCode(200)
  @RequirePermission('comment.create')
  async delete(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @Param('commentId', new IdPipe('COMMENT_NOT_FOUND')) id: number,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<null>> {
    await this.comments.delete(actor, turbineId, id);
    return { success: true, data: null, message: t('api.commentDeleted') };
  }
}
