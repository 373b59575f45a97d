import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type TenantScope } from '@/auth/principal.js';
import { col, expr, type RowOf, rowMapper, scalar, scalars, type SqlType } from '@/database/row-mapper.js';
import { turbineCountOfCompany } from '@/turbines/turbines.repository.js';
import { userCountOfCompany } from '@/users/users.repository.js';
import { CompanyEntity } from './company.entity.js';

export interface CompanyWrite {
  name: string;
  contactEmail: string | null;
  authorizedNumber: string | null;
  phone: string | null;
  address: string | null;
}

export type CompanyWithCounts = CompanyEntity & { userCount: number; turbineCount: number };

/*
 * `companies` in the statements of other repositories: this file is the only one that names the table (STYLE 7a).
 * Function declarations, for the reason users.repository.ts gives.
 */

/** Joins the company that `companyId` (SQL) names, as `alias`. */
export function joinCompany(alias: string, companyId: string): string {
  return `JOIN companies ${alias} ON ${alias}.id = ${companyId}`;
}

// One place counts what hangs off a company: the list's counts and the delete rule both use it.
const USER_COUNT = userCountOfCompany('c.id');
const TURBINE_COUNT = turbineCountOfCompany('c.id');

const c = <T extends SqlType>(name: string, type: T) => col('companies', 'c', name, type);

export const COMPANY_ROW = rowMapper('company', 'FROM companies c', {
  id: c('id', 'integer'),
  name: c('name', 'character varying'),
  contactEmail: c('contact_email', 'character varying').orNull(),
  authorizedNumber: c('authorized_number', 'character varying').orNull(),
  phone: c('phone', 'character varying').orNull(),
  address: c('address', 'character varying').orNull(),
  isSystem: c('is_system', 'boolean'),
  createdAt: c('created_at', 'timestamp with time zone'),
  updatedAt: c('updated_at', 'timestamp with time zone'),
  userCount: expr(USER_COUNT, 'integer'),
  turbineCount: expr(TURBINE_COUNT, 'integer'),
});

const SELECT_COMPANY = `SELECT ${COMPANY_ROW.select} ${COMPANY_ROW.from}`;

/** What still hangs off a company: while anything does, it cannot be deleted. */
const COMPANY_DEPENDENTS_ROW = rowMapper('company dependents', 'FROM companies c', {
  users: expr(USER_COUNT, 'integer'),
  turbines: expr(TURBINE_COUNT, 'integer'),
});
export type CompanyDependents = RowOf<typeof COMPANY_DEPENDENTS_ROW.columns>;

@Injectable()
export class CompaniesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Every partner company, the hidden system company left out. */
  async list(): Promise<CompanyWithCounts[]> {
    const rows = await COMPANY_ROW.all(
      this.dataSource,
      `${SELECT_COMPANY} WHERE NOT c.is_system ORDER BY lower(c.name), c.id`,
    );
    return rows.map((row) => Object.assign(new CompanyEntity(), row));
  }

  /** A partner company by id; the system company answers like a missing one. */
  async findVisible(id: number): Promise<CompanyWithCounts | null> {
    const row = await COMPANY_ROW.one(this.dataSource, `${SELECT_COMPANY} WHERE c.id = $1 AND NOT c.is_system`, [id]);
    return row ? Object.assign(new CompanyEntity(), row) : null;
  }

  /** Whether another company already has this name, compared trimmed and without regard to case. */
  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    const taken = await scalar(
      this.dataSource,
      `SELECT EXISTS (SELECT 1 FROM companies WHERE lower(name) = lower($1) AND id <> $2) AS value`,
      [name.trim(), exceptId ?? 0],
      'boolean',
    );
    return taken === true;
  }

  /**
   * Which of `ids` the scope reaches: AccessService's one query for companies. The hidden system company is a
   * company rows may be assigned to (`assignable`), never one anybody manages as a partner.
   */
  async visibleIds(
    ids: readonly number[],
    scope: TenantScope,
    { assignable }: { assignable: boolean },
  ): Promise<Set<number>> {
    const params: unknown[] = [ids];
    let where = 'id = ANY($1::int[])';
    if (!assignable) where += ' AND NOT is_system';
    if (!scope.all) {
      params.push(scope.companyId);
      where += ' AND id = $2';
    }
    return new Set(
      await scalars(this.dataSource, `SELECT id AS value FROM companies WHERE ${where}`, params, 'integer'),
    );
  }

  /** One statement: the users and the turbines are counted in one snapshot. */
  async dependents(id: number): Promise<CompanyDependents> {
    const row = await COMPANY_DEPENDENTS_ROW.one(
      this.dataSource,
      `SELECT ${COMPANY_DEPENDENTS_ROW.select} ${COMPANY_DEPENDENTS_ROW.from} WHERE c.id = $1`,
      [id],
    );
    return row ?? { users: 0, turbines: 0 };
  }

  async insert(
    input: CompanyWrite & { id?: number; isSystem?: boolean },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<number> {
    const result = await manager.getRepository(CompanyEntity).insert(input);
    return (result.identifiers[0] as { id: number }).id;
  }

  async update(id: number, input: CompanyWrite): Promise<void> {
    await this.dataSource.getRepository(CompanyEntity).update({ id }, input);
  }

  async delete(id: number): Promise<void> {
    await this.dataSource.getRepository(CompanyEntity).delete({ id });
  }
}
