import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type TenantScope } from '@/access/principal.js';
import { col, expr, type RowOf, rowMapper, scalar, scalars } from '@/database/row-mapper.js';
import { turbineCountOfCompany } from '@/turbines/turbines.sql.js';
import { userCountOfCompany } from '@/users/users.sql.js';
import { CompanyEntity } from './company.entity.js';

export interface CompanyWrite {
  name: string;
  contactEmail: string | null;
  authorizedNumber: string | null;
  phone: string | null;
  address: string | null;
}

/** What still hangs off a company: while anything does, it cannot be deleted. */
const COMPANY_DEPENDENTS_ROW = rowMapper('company dependents', 'FROM companies c', {
  users: expr(userCountOfCompany('c.id'), 'integer'),
  turbines: expr(turbineCountOfCompany('c.id'), 'integer'),
});
export type CompanyDependents = RowOf<typeof COMPANY_DEPENDENTS_ROW.columns>;

const COMPANY_NAME_ROW = rowMapper('company name', 'FROM companies c', {
  id: col('companies', 'c', 'id', 'integer'),
  name: col('companies', 'c', 'name', 'character varying'),
});

@Injectable()
export class CompaniesRepository {
  constructor(private readonly dataSource: DataSource) {}

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

  /**
   * The companies rows may be assigned to (the hidden system company among them) that the scope reaches, by name
   * (lowercased and trimmed, as names are unique) and by id: what a sheet's company column may name.
   */
  async assignableByNameOrId(
    names: readonly string[],
    ids: readonly number[],
    scope: TenantScope,
  ): Promise<{ byName: Map<string, number>; ids: Set<number> }> {
    const params: unknown[] = [names.map((name) => name.trim().toLowerCase()), ids];
    const rows = await COMPANY_NAME_ROW.all(
      this.dataSource,
      `SELECT ${COMPANY_NAME_ROW.select} ${COMPANY_NAME_ROW.from}
        WHERE (lower(c.name) = ANY($1::text[]) OR c.id = ANY($2::int[]))${scope.all ? '' : ' AND c.id = $3'}`,
      scope.all ? params : [...params, scope.companyId],
    );
    return {
      byName: new Map(rows.map((row) => [row.name.trim().toLowerCase(), row.id])),
      ids: new Set(rows.map((row) => row.id)),
    };
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
