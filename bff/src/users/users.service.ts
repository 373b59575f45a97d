import { Injectable } from '@nestjs/common';
import {
  type ChangePasswordBody,
  type CreateUserBody,
  isRoleAtMost,
  type Permission,
  type Role,
  type UpdateUserBody,
  type User,
  type UserRowAction,
  userRowRefusal,
} from '@kanat360/contracts';
import { DataSource } from 'typeorm';
import { AccessService } from '@/access/access.service.js';
import { type Principal, tenantScope } from '@/access/principal.js';
import { hashNewPassword } from '@/auth/passwords.js';
import { SessionsRepository } from '@/auth/sessions.repository.js';
import { AppError } from '@/common/app-error.js';
import { isUniqueViolation } from '@/common/database-errors.js';
import { toUserDto } from './users.mapper.js';
import { UsersRepository, type UserWithCompany } from './users.repository.js';

const ROW_PERMISSION = {
  update: 'user.update',
  changePassword: 'user.changePassword',
  delete: 'user.delete',
} as const satisfies Record<UserRowAction, Permission>;

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: AccessService,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
  ) {}

  async list(actor: Principal): Promise<User[]> {
    return (await this.users.list(tenantScope(actor))).map(toUserDto);
  }

  async create(actor: Principal, body: CreateUserBody): Promise<User> {
    this.assertMayGrant(actor, body.role);
    await this.access.requireAssignableCompany(actor, body.company_id);
    const passwordHash = await hashNewPassword(body.password);
    const id = await this.withUniqueEmail(() =>
      this.users.insert({
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        role: body.role,
        companyId: body.company_id,
        isActive: body.is_active,
        passwordHash,
      }),
    );
    return toUserDto(await this.mustFind(id));
  }

  async update(actor: Principal, id: number, body: UpdateUserBody): Promise<User> {
    const target = await this.editableTarget(actor, id, 'update');
    const role = body.role ?? target.role;
    this.assertMayGrant(actor, role);
    await this.access.requireAssignableCompany(actor, body.company_id);
    const isActive = body.is_active ?? target.isActive;
    await this.withUniqueEmail(() =>
      this.dataSource.transaction(async (manager) => {
        await this.users.update(
          id,
          {
            firstName: body.first_name,
            lastName: body.last_name,
            email: body.email,
            role,
            companyId: body.company_id,
            isActive,
          },
          manager,
        );
        // A deactivated user is signed out everywhere at once.
        if (!isActive) await this.sessions.revokeAllForUser(id, manager);
      }),
    );
    return toUserDto(await this.mustFind(id));
  }

  async changePassword(actor: Principal, id: number, body: ChangePasswordBody): Promise<void> {
    await this.editableTarget(actor, id, 'changePassword');
    const passwordHash = await hashNewPassword(body.password);
    await this.dataSource.transaction(async (manager) => {
      await this.users.setPassword(id, passwordHash, manager);
      await this.sessions.revokeAllForUser(id, manager);
    });
  }

  async delete(actor: Principal, id: number): Promise<void> {
    await this.editableTarget(actor, id, 'delete');
    // Sessions and reset tokens go with the row (ON DELETE CASCADE): the user is signed out at once.
    await this.users.delete(id);
  }

  /**
   * A user the actor may change: visible to them (else USER_NOT_FOUND), and allowed by the row rules the panel's
   * buttons follow too (protected user, own row, stronger roles).
   */
  private async editableTarget(actor: Principal, id: number, action: UserRowAction): Promise<UserWithCompany> {
    await this.access.requireAccess(actor, ROW_PERMISSION[action], id);
    const target = await this.mustFind(id);
    const refusal = userRowRefusal(
      { id: actor.userId, role: actor.role },
      { id: target.id, role: target.role, is_protected: target.isProtected },
      action,
    );
    if (refusal) throw new AppError(refusal);
    return target;
  }

  private async mustFind(id: number): Promise<UserWithCompany> {
    const user = await this.users.findById(id);
    if (!user) throw new AppError('USER_NOT_FOUND');
    return user;
  }

  private assertMayGrant(actor: Principal, role: Role): void {
    if (!isRoleAtMost(role, actor.role)) throw new AppError('ROLE_NOT_ALLOWED', { field: 'role' });
  }

  private async withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'UQ_users_email_lower')) throw new AppError('EMAIL_TAKEN', { field: 'email' });
      throw error;
    }
  }
}
