import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { col, expr, rowMapper, type SqlType } from '@/database/row-mapper.js';
import { turbineCountOfCompany } from '@/turbines/turbines.sql.js';
import { userCountOfCompany } from '@/users/users.sql.js';
import { CompanyEntity } from './company.entity.js';

export type CompanyWithCounts = CompanyEntity & { userCount: number; turbineCount: number };

const c = <T extends SqlType>(name: string, type: T) => col('companies', 'c', name, type);

const COMPANY_ROW = rowMapper('company', 'FROM companies c', {
  id: c('id', 'integer'),
  name: c('name', 'character varying'),
  contactEmail: c('contact_email', 'character varying').orNull(),
  authorizedNumber: c('authorized_number', 'character varying').orNull(),
  phone: c('phone', 'character varying').orNull(),
  address: c('address', 'character varying').orNull(),
  isSystem: c('is_system', 'boolean'),
  createdAt: c('created_at', 'timestamp with time zone'),
  updatedAt: c('updated_at', 'timestamp with time zone'),
  userCount: expr(userCountOfCompany('c.id'), 'integer'),
  turbineCount: expr(turbineCountOfCompany('c.id'), 'integer'),
});

const SELECT_COMPANY = `SELECT ${COMPANY_ROW.select} ${COMPANY_ROW.from}`;

/** The companies list and a company's page: each partner company with how many users and turbines it has. */
@Injectable()
export class CompanyListQuery {
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
}
