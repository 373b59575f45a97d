import { Controller } from '@nestjs/common';
import {
  changePasswordBody,
  type ChangePasswordBody,
  createUserBody,
  type CreateUserBody,
  doneAnswer,
  successOf,
  updateUserBody,
  type UpdateUserBody,
  user,
  userPath,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal } from '@/auth/access.decorators.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { Route, RouteGroup, ValidBody, ValidParams } from '@/openapi/route.js';
import { UsersService } from './users.service.js';

const EXAMPLE_MANAGER = {
  id: 38,
  first_name: 'Emre',
  last_name: 'Kaya',
  email: 'emre.kaya@anadolu-ruzgar.com.tr',
  role: 'company_manager',
  company_id: 1000,
  company_name: 'Anadolu Rüzgar Enerji A.Ş.',
  is_active: true,
  is_protected: false,
  created_at: '2024-11-04T09:12:40.000Z',
  updated_at: '2025-02-19T13:05:11.000Z',
} as const;

const EXAMPLE_OPERATOR = {
  ...EXAMPLE_MANAGER,
  id: 44,
  first_name: 'Zeynep',
  last_name: 'Arslan',
  email: 'zeynep.arslan@anadolu-ruzgar.com.tr',
  role: 'operator',
  created_at: '2025-03-03T07:58:22.000Z',
  updated_at: '2025-03-03T07:58:22.000Z',
} as const;

// The seed client's user_id/role/company_id query parameters are ignored: identity comes from the session.
@RouteGroup('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Route('GET', '', {
    summary: 'The users the caller may manage',
    access: 'user.read',
    answers: { 200: successOf(z.array(user)) },
    example: { answer: { success: true, data: [EXAMPLE_MANAGER, EXAMPLE_OPERATOR] } },
  })
  async list(@CurrentPrincipal() actor: Principal) {
    return { success: true as const, data: await this.users.list(actor) };
  }

  @Route('POST', '', {
    summary: 'Adds a user',
    description: 'Nobody gives a role above their own; a company manager adds users to their own company only.',
    access: 'user.create',
    body: createUserBody,
    answers: { 201: successOf(user) },
    errors: ['EMAIL_TAKEN', 'ROLE_NOT_ALLOWED', 'PASSWORD_TOO_COMMON', 'COMPANY_INVALID'],
    example: {
      body: {
        first_name: 'Ayşe',
        last_name: 'Yılmaz',
        email: 'ayse.yilmaz@anadolu-ruzgar.com.tr',
        password: 'kanat-2025-bakim',
        role: 'operator',
        company_id: 1000,
      },
      answer: {
        success: true,
        data: {
          ...EXAMPLE_OPERATOR,
          id: 57,
          first_name: 'Ayşe',
          last_name: 'Yılmaz',
          email: 'ayse.yilmaz@anadolu-ruzgar.com.tr',
          created_at: '2025-06-12T08:45:00.000Z',
          updated_at: '2025-06-12T08:45:00.000Z',
        },
        message: 'Kullanıcı başarıyla eklendi',
      },
    },
  })
  async create(
    @CurrentPrincipal() actor: Principal,
    @ValidBody() body: CreateUserBody,
    @RequestTranslator() t: Translate,
  ) {
    return { success: true as const, data: await this.users.create(actor, body), message: t('api.userCreated') };
  }

  @Route('PUT', ':id', {
    summary: 'Changes a user',
    access: 'user.update',
    params: userPath,
    body: updateUserBody,
    answers: { 200: successOf(user) },
    errors: ['EMAIL_TAKEN', 'ROLE_NOT_ALLOWED', 'PROTECTED_USER', 'COMPANY_INVALID'],
    example: {
      body: {
        first_name: 'Zeynep',
        last_name: 'Arslan',
        email: 'zeynep.arslan@anadolu-ruzgar.com.tr',
        role: 'company_manager',
        company_id: 1000,
        is_active: true,
      },
      answer: {
        success: true,
        data: { ...EXAMPLE_OPERATOR, role: 'company_manager', updated_at: '2025-06-12T09:02:37.000Z' },
        message: 'Kullanıcı başarıyla güncellendi',
      },
    },
  })
  async update(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: z.output<typeof userPath>,
    @ValidBody() body: UpdateUserBody,
    @RequestTranslator() t: Translate,
  ) {
    return { success: true as const, data: await this.users.update(actor, id, body), message: t('api.userUpdated') };
  }

  @Route('PUT', ':id/password', {
    summary: "Sets a user's password",
    description: 'Every session of the user ends.',
    access: 'user.changePassword',
    params: userPath,
    body: changePasswordBody,
    answers: { 200: doneAnswer },
    errors: ['PROTECTED_USER', 'PASSWORD_TOO_COMMON'],
  })
  async changePassword(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: z.output<typeof userPath>,
    @ValidBody() body: ChangePasswordBody,
    @RequestTranslator() t: Translate,
  ) {
    await this.users.changePassword(actor, id, body);
    return { success: true as const, data: null, message: t('api.passwordChanged') };
  }

  @Route('DELETE', ':id', {
    summary: 'Deletes a user',
    description: 'Their sessions end at once.',
    access: 'user.delete',
    params: userPath,
    answers: { 200: doneAnswer },
    errors: ['PROTECTED_USER', 'CANNOT_DELETE_SELF'],
  })
  async delete(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: z.output<typeof userPath>,
    @RequestTranslator() t: Translate,
  ) {
    await this.users.delete(actor, id);
    return { success: true as const, data: null, message: t('api.userDeleted') };
  }
}
