import { Injectable } from '@nestjs/common';
import { type Company, type CompanyBody } from '@kanat360/contracts';
import { AccessService } from '@/access/access.service.js';
import { type Principal } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { isForeignKeyViolation, isUniqueViolation } from '@/common/database-errors.js';
import { toCompanyDto } from './companies.mapper.js';
import { CompaniesRepository, type CompanyWrite } from './companies.repository.js';
import { CompanyListQuery } from './company-list.query.js';

function toWrite(body: CompanyBody): CompanyWrite {
  return {
    name: body.name,
    contactEmail: body.contact_email,
    authorizedNumber: body.authorized_number,
    phone: body.phone,
    address: body.address,
  };
}

@Injectable()
export class CompaniesService {
  constructor(
    private readonly access: AccessService,
    private readonly companies: CompaniesRepository,
    private readonly companyList: CompanyListQuery,
  ) {}

  async list(): Promise<Company[]> {
    return (await this.companyList.list()).map(toCompanyDto);
  }

  async create(body: CompanyBody): Promise<Company> {
    await this.assertNameFree(body.name);
    const id = await this.withUniqueName(body.name, () => this.companies.insert(toWrite(body)));
    return toCompanyDto(await this.mustFind(id));
  }

  async update(actor: Principal, id: number, body: CompanyBody): Promise<Company> {
    await this.access.requireAccess(actor, 'company.update', id);
    await this.assertNameFree(body.name, id);
    await this.withUniqueName(body.name, () => this.companies.update(id, toWrite(body)));
    return toCompanyDto(await this.mustFind(id));
  }

  async delete(actor: Principal, id: number): Promise<void> {
    await this.access.requireAccess(actor, 'company.delete', id);
    const dependents = await this.companies.dependents(id);
    if (dependents.users > 0 || dependents.turbines > 0) {
      throw new AppError('COMPANY_HAS_DEPENDENTS', { params: { ...dependents } });
    }
    try {
      await this.companies.delete(id);
    } catch (error) {
      // A user or turbine arrived between the check and the delete.
      if (!isForeignKeyViolation(error)) throw error;
      const now = await this.companies.dependents(id);
      throw new AppError('COMPANY_HAS_DEPENDENTS', { params: { ...now } });
    }
  }

  private async mustFind(id: number) {
    const company = await this.companyList.findVisible(id);
    if (!company) throw new AppError('COMPANY_NOT_FOUND');
    return company;
  }

  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    if (await this.companies.nameTaken(name, exceptId)) {
      throw new AppError('COMPANY_NAME_TAKEN', { params: { name }, field: 'name' });
    }
  }

  /** The unique index settles a race between two requests that both passed the check. */
  private async withUniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'UQ_companies_name_lower')) {
        throw new AppError('COMPANY_NAME_TAKEN', { params: { name }, field: 'name' });
      }
      throw error;
    }
  }
}
