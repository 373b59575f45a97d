import { Injectable } from '@nestjs/common';
import {
  type ChangePasswordBody,
  type CreateUserBody,
  isRoleAtMost,
  type Role,
  type UpdateUserBody,
  type User,
} from '@kanat360/contracts';
import { DataSource } from 'typeorm';
import { hashPassword } from '../auth/passwords.js';
import { type Principal, tenantScope } from '../auth/principal.js';
import { SessionsRepository } from '../auth/sessions.repository.js';
import { CompaniesRepository } from '../companies/companies.repository.js';
import { AppError } from '../common/app-error.js';
import { isUniqueViolation } from '../common/database-errors.js';
import { toUserDto } from './users.mapper.js';
import { UsersRepository, type UserWithCompany } from './users.repository.js';

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly companies: CompaniesRepository,
  ) {}

  async list(actor: Principal): Promise<User[]> {
    return (await this.users.list(tenantScope(actor))).map(toUserDto);
  }

  async create(actor: Principal, body: CreateUserBody): Promise<User> {
    this.assertMayGrant(actor, body.role);
    await this.assertCompany(actor, body.company_id);
    const passwordHash = await hashPassword(body.password);
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
    return toUserDto(await this.mustFind(actor, id));
  }

  async update(actor: Principal, id: number, body: UpdateUserBody): Promise<User> {
    const target = await this.editableTarget(actor, id);
    const role = body.role ?? target.role;
    this.assertMayGrant(actor, role);
    await this.assertCompany(actor, body.company_id);
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
    return toUserDto(await this.mustFind(actor, id));
  }

  async changePassword(actor: Principal, id: number, body: ChangePasswordBody): Promise<void> {
    await this.editableTarget(actor, id);
    const passwordHash = await hashPassword(body.password);
    await this.dataSource.transaction(async (manager) => {
      await this.users.setPassword(id, passwordHash, manager);
      await this.sessions.revokeAllForUser(id, manager);
    });
  }

  async delete(actor: Principal, id: number): Promise<void> {
    if (id === actor.userId) {
      // Still answer "not found" for an id the caller could not see; their own id they always can.
      throw new AppError('CANNOT_DELETE_SELF');
    }
    await this.editableTarget(actor, id);
    // Sessions and reset tokens go with the row (ON DELETE CASCADE): the user is signed out at once.
    await this.users.delete(id);
  }

  /** A user the actor may change: visible to them, not protected, and not stronger than they are. */
  private async editableTarget(actor: Principal, id: number): Promise<UserWithCompany> {
    const target = await this.mustFind(actor, id);
    if (target.isProtected) throw new AppError('PROTECTED_USER');
    if (!isRoleAtMost(target.role, actor.role)) throw new AppError('ROLE_NOT_ALLOWED');
    return target;
  }

  private async mustFind(actor: Principal, id: number): Promise<UserWithCompany> {
    const user = await this.users.findScoped(id, tenantScope(actor));
    if (!user) throw new AppError('USER_NOT_FOUND');
    return user;
  }

  private assertMayGrant(actor: Principal, role: Role): void {
    if (!isRoleAtMost(role, actor.role)) throw new AppError('ROLE_NOT_ALLOWED', { field: 'role' });
  }

  private async assertCompany(actor: Principal, companyId: number): Promise<void> {
    if (!(await this.companies.assignable(companyId, tenantScope(actor)))) {
      throw new AppError('COMPANY_INVALID', { field: 'company_id' });
    }
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
