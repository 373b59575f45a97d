import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
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
const DEPENDENT_COUNTS = `
  (SELECT count(*) FROM users u WHERE u.company_id = c.id)::int AS "userCount",
  (SELECT count(*) FROM turbines t WHERE t.company_id = c.id)::int AS "turbineCount"`;

interface CompanyRow {
  id: number;
  name: string;
  contactEmail: string | null;
  authorizedNumber: string | null;
  phone: string | null;
  address: string | null;
  isSystem: boolean;
  createdAt: Date;
  updatedAt: Date;
  userCount: number;
  turbineCount: number;
}

const SELECT_COMPANY = `
  SELECT c.id, c.name, c.contact_email AS "contactEmail", c.authorized_number AS "authorizedNumber", c.phone,
         c.address, c.is_system AS "isSystem", c.created_at AS "createdAt", c.updated_at AS "updatedAt",
         ${DEPENDENT_COUNTS}
    FROM companies c`;

@Injectable()
export class CompaniesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Every partner company, the hidden system company left out. */
  async list(): Promise<CompanyWithCounts[]> {
    const rows: CompanyRow[] = await this.dataSource.query(
      `${SELECT_COMPANY} WHERE NOT c.is_system ORDER BY lower(c.name), c.id`,
    );
    return rows.map((row) => Object.assign(new CompanyEntity(), row));
  }

  /** A partner company by id; the system company answers like a missing one. */
  async findVisible(id: number): Promise<CompanyWithCounts | null> {
    const rows: CompanyRow[] = await this.dataSource.query(`${SELECT_COMPANY} WHERE c.id = $1 AND NOT c.is_system`, [
      id,
    ]);
    return rows[0] ? Object.assign(new CompanyEntity(), rows[0]) : null;
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
      `SELECT ${DEPENDENT_COUNTS} FROM companies c WHERE c.id = $1`,
      [id],
    );
    return { users: rows[0]?.userCount ?? 0, turbines: rows[0]?.turbineCount ?? 0 };
  }

  async insert(input: CompanyWrite & { id?: number; isSystem?: boolean }): Promise<number> {
    const result = await this.dataSource.getRepository(CompanyEntity).insert(input);
    return (result.identifiers[0] as { id: number }).id;
  }

  async update(id: number, input: CompanyWrite): Promise<void> {
    await this.dataSource.getRepository(CompanyEntity).update({ id }, input);
  }

  async delete(id: number): Promise<void> {
    await this.dataSource.getRepository(CompanyEntity).delete({ id });
  }
}
