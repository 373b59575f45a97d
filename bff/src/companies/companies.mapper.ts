import { type Company } from '@kanat360/contracts';
import { type CompanyWithCounts } from './company-list.query.js';

export function toCompanyDto(company: CompanyWithCounts): Company {
  return {
    id: company.id,
    name: company.name,
    contact_email: company.contactEmail,
    authorized_number: company.authorizedNumber,
    phone: company.phone,
    address: company.address,
    user_count: company.userCount,
    turbine_count: company.turbineCount,
    created_at: company.createdAt.toISOString(),
    updated_at: company.updatedAt.toISOString(),
  };
}
