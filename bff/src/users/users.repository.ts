import { Injectable } from '@nestjs/common';
import { type Role } from '@kanat360/contracts';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { type TenantScope } from '@/auth/principal.js';
import { UserEntity } from './user.entity.js';

/** A user row with its company's name, as every answer about users needs it. */
export type UserWithCompany = UserEntity & { companyName: string };

export interface UserWrite {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  companyId: number;
  isActive: boolean;
}

@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  private query(manager: EntityManager = this.dataSource.manager): SelectQueryBuilder<UserEntity> {
    return manager
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .innerJoin('user.company', 'company')
      .addSelect('company.name', 'company_name');
  }

  private static withCompany(raw: { company_name: string }[], entities: UserEntity[]): UserWithCompany[] {
    return entities.map((entity, index) => Object.assign(entity, { companyName: raw[index]?.company_name ?? '' }));
  }

  private static scoped(builder: SelectQueryBuilder<UserEntity>, scope: TenantScope) {
    return scope.all
      ? builder
      : builder.andWhere('user.company_id = :scopeCompanyId', { scopeCompanyId: scope.companyId });
  }

  async list(scope: TenantScope): Promise<UserWithCompany[]> {
    const builder = UsersRepository.scoped(this.query(), scope).orderBy('user.id', 'ASC');
    const { raw, entities } = await builder.getRawAndEntities<{ company_name: string }>();
    return UsersRepository.withCompany(raw, entities);
  }

  /** A user by id; whether the caller may see it is AccessService's question, asked first. */
  async findById(id: number): Promise<UserWithCompany | null> {
    const { raw, entities } = await this.query()
      .where('user.id = :id', { id })
      .getRawAndEntities<{ company_name: string }>();
    return UsersRepository.withCompany(raw, entities)[0] ?? null;
  }

  /** Which of `ids` the scope reaches: AccessService's one query for users. */
  async visibleIds(ids: readonly number[], scope: TenantScope): Promise<Set<number>> {
    const params: unknown[] = [ids];
    if (!scope.all) params.push(scope.companyId);
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM users WHERE id = ANY($1::int[])${scope.all ? '' : ' AND company_id = $2'}`,
      params,
    );
    return new Set(rows.map((row) => row.id));
  }

  async findByEmail(email: string, manager: EntityManager = this.dataSource.manager): Promise<UserWithCompany | null> {
    const builder = this.query(manager).where('lower(user.email) = lower(:email)', { email });
    const { raw, entities } = await builder.getRawAndEntities<{ company_name: string }>();
    return UsersRepository.withCompany(raw, entities)[0] ?? null;
  }

  async insert(
    input: UserWrite & { passwordHash: string; id?: number; isProtected?: boolean },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<number> {
    const result = await manager.getRepository(UserEntity).insert(input);
    const id = (result.identifiers[0] as { id: number }).id;
    // An explicit id (the protected root, 35) must not be handed out again by the identity sequence.
    if (input.id !== undefined) {
      await manager.query(
        `SELECT setval(pg_get_serial_sequence('users', 'id'), GREATEST((SELECT max(id) FROM users), 1))`,
      );
    }
    return id;
  }

  async update(id: number, input: UserWrite, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.getRepository(UserEntity).update({ id }, input);
  }

  async setPassword(id: number, passwordHash: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.getRepository(UserEntity).update({ id }, { passwordHash });
  }

  async setLanguage(id: number, language: 'tr' | 'en'): Promise<void> {
    await this.dataSource.query(`UPDATE users SET language = $2 WHERE id = $1 AND language <> $2`, [id, language]);
  }

  /** Whether the protected root user exists already, and whether `id` is still free for it. */
  async protectedRootState(id: number): Promise<{ protectedExists: boolean; idFree: boolean }> {
    const rows: { protectedExists: boolean; idFree: boolean }[] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM users WHERE is_protected) AS "protectedExists",
              NOT EXISTS (SELECT 1 FROM users WHERE id = $1) AS "idFree"`,
      [id],
    );
    return rows[0] ?? { protectedExists: false, idFree: true };
  }

  async delete(id: number): Promise<void> {
    await this.dataSource.getRepository(UserEntity).delete({ id });
  }
}
