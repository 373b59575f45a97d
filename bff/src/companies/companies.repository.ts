import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { col, expr, rowMapper, type SqlType } from '@/database/row-mapper.js';
import { type TenantScope } from '@/auth/principal.js';
import { CompanyEntity } from './company.entity.js';

export interface CompanyWrite {
  name: string;
  contactEmail: string | null;
  authorizedNumber: string | null;
  phone: string | null;
  address: string | null;
}

/** What still hangs off a company: while anything does, it cannot be deleted. */
export interface CompanyDependents {
  users: number;
  turbines: number;
}

export type CompanyWithCounts = CompanyEntity & { userCount: number; turbineCount: number };

// One place counts what hangs off a company: the list's counts and the delete rule both use it.
const USER_COUNT = '(SELECT count(*) FROM users u WHERE u.company_id = c.id)::int';
const TURBINE_COUNT = '(SELECT count(*) FROM turbines t WHERE t.company_id = c.id)::int';

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

@Injectable()
export class CompaniesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Every partner company, the hidden system company left out. */
  async list(): Promise<CompanyWithCounts[]> {
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `${SELECT_COMPANY} WHERE NOT c.is_system ORDER BY lower(c.name), c.id`,
    );
    return rows.map((row) => Object.assign(new CompanyEntity(), COMPANY_ROW.map(row)));
  }

  /** A partner company by id; the system company answers like a missing one. */
  async findVisible(id: number): Promise<CompanyWithCounts | null> {
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `${SELECT_COMPANY} WHERE c.id = $1 AND NOT c.is_system`,
      [id],
    );
    return rows[0] ? Object.assign(new CompanyEntity(), COMPANY_ROW.map(rows[0])) : null;
  }

  /** Whether another company already has this name, compared trimmed and without regard to case. */
  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM companies WHERE lower(name) = lower($1) AND id <> $2`,
      [name.trim(), exceptId ?? 0],
    );
    return rows.length > 0;
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
    const rows: { id: number }[] = await this.dataSource.query(`SELECT id FROM companies WHERE ${where}`, params);
    return new Set(rows.map((row) => row.id));
  }

  async dependents(id: number): Promise<CompanyDependents> {
    const rows: { userCount: number; turbineCount: number }[] = await this.dataSource.query(
      `SELECT ${USER_COUNT} AS "userCount", ${TURBINE_COUNT} AS "turbineCount" FROM companies c WHERE c.id = $1`,
      [id],
    );
    return { users: rows[0]?.userCount ?? 0, turbines: rows[0]?.turbineCount ?? 0 };
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
