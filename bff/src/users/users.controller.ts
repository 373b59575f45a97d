import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  type ApiSuccess,
  changePasswordBody,
  type ChangePasswordBody,
  createUserBody,
  type CreateUserBody,
  updateUserBody,
  type UpdateUserBody,
  type User,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal, RequirePermission } from '@/auth/access.decorators.js';
import { IdPipe } from '@/common/id.pipe.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { ValidBody } from '@/common/zod-validation.js';
import { UsersService } from './users.service.js';

// The seed client's user_id/role/company_id query parameters are ignored: identity comes from the session.
@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @RequirePermission('user.read')
  async list(@CurrentPrincipal() actor: Principal): Promise<ApiSuccess<User[]>> {
    return { success: true, data: await this.users.list(actor) };
  }

  @Post()
  @RequirePermission('user.create')
  async create(
    @CurrentPrincipal() actor: Principal,
    @ValidBody(createUserBody) body: CreateUserBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<User>> {
    return { success: true, data: await this.users.create(actor, body), message: t('api.userCreated') };
  }

  @Put(':id')
  @RequirePermission('user.update')
  async update(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('USER_NOT_FOUND')) id: number,
    @ValidBody(updateUserBody) body: UpdateUserBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<User>> {
    return { success: true, data: await this.users.update(actor, id, body), message: t('api.userUpdated') };
  }

  @Put(':id/password')
  @RequirePermission('user.changePassword')
  async changePassword(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('USER_NOT_FOUND')) id: number,
    @ValidBody(changePasswordBody) body: ChangePasswordBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<null>> {
    await this.users.changePassword(actor, id, body);
    return { success: true, data: null, message: t('api.passwordChanged') };
  }

  @Delete(':id')
  @HttpCode(200)
  @RequirePermission('user.delete')
  async delete(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('USER_NOT_FOUND')) id: number,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<null>> {
    await this.users.delete(actor, id);
    return { success: true, data: null, message: t('api.userDeleted') };
  }
}
