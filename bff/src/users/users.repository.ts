import { Injectable } from '@nestjs/common';
import { type Role } from '@kanat360/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { type TenantScope } from '@/access/principal.js';
import { joinCompany } from '@/companies/companies.sql.js';
import { col, rowMapper, scalar, scalars, type SqlRunner, type SqlType } from '@/database/row-mapper.js';
import { UserEntity } from './user.entity.js';

const u = <T extends SqlType>(name: string, type: T) => col('users', 'u', name, type);

/** A user's columns and its company's name. */
const USER_ROW = rowMapper('user', `FROM users u ${joinCompany('c', 'u.company_id')}`, {
  id: u('id', 'integer'),
  firstName: u('first_name', 'character varying'),
  lastName: u('last_name', 'character varying'),
  email: u('email', 'character varying'),
  passwordHash: u('password_hash', 'character varying'),
  role: u('role', 'character varying').as<Role>(),
  companyId: u('company_id', 'integer'),
  isActive: u('is_active', 'boolean'),
  isProtected: u('is_protected', 'boolean'),
  language: u('language', 'character varying').as<'tr' | 'en'>(),
  createdAt: u('created_at', 'timestamp with time zone'),
  updatedAt: u('updated_at', 'timestamp with time zone'),
  companyName: col('companies', 'c', 'name', 'character varying'),
});

const SELECT_USER = `SELECT ${USER_ROW.select} ${USER_ROW.from}`;

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

  private async read(runner: SqlRunner, where: string, params: unknown[]): Promise<UserWithCompany[]> {
    const rows = await USER_ROW.all(runner, `${SELECT_USER} ${where}`, params);
    return rows.map((row) => Object.assign(new UserEntity(), row));
  }

  async list(scope: TenantScope): Promise<UserWithCompany[]> {
    return scope.all
      ? this.read(this.dataSource, 'ORDER BY u.id', [])
      : this.read(this.dataSource, 'WHERE u.company_id = $1 ORDER BY u.id', [scope.companyId]);
  }

  /** A user by id; whether the caller may see it is AccessService's question, asked first. */
  async findById(id: number): Promise<UserWithCompany | null> {
    return (await this.read(this.dataSource, 'WHERE u.id = $1', [id]))[0] ?? null;
  }

  /** Which of `ids` the scope reaches: AccessService's one query for users. */
  async visibleIds(ids: readonly number[], scope: TenantScope): Promise<Set<number>> {
    const params: unknown[] = [ids];
    if (!scope.all) params.push(scope.companyId);
    const visible = await scalars(
      this.dataSource,
      `SELECT id AS value FROM users WHERE id = ANY($1::int[])${scope.all ? '' : ' AND company_id = $2'}`,
      params,
      'integer',
    );
    return new Set(visible);
  }

  async findByEmail(email: string, manager: EntityManager = this.dataSource.manager): Promise<UserWithCompany | null> {
    return (await this.read(manager, 'WHERE lower(u.email) = lower($1)', [email]))[0] ?? null;
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
    const protectedExists = await scalar(
      this.dataSource,
      `SELECT EXISTS (SELECT 1 FROM users WHERE is_protected) AS value`,
      [],
      'boolean',
    );
    const taken = await scalar(
      this.dataSource,
      `SELECT EXISTS (SELECT 1 FROM users WHERE id = $1) AS value`,
      [id],
      'boolean',
    );
    return { protectedExists: protectedExists === true, idFree: taken !== true };
  }

  async delete(id: number): Promise<void> {
    await this.dataSource.getRepository(UserEntity).delete({ id });
  }
}
