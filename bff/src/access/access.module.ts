import { Global, Module } from '@nestjs/common';
import { CompaniesRepository } from '@/companies/companies.repository.js';
import { TurbinesRepository } from '@/turbines/turbines.repository.js';
import { UsersRepository } from '@/users/users.repository.js';
import { AccessService } from './access.service.js';

/**
 * The access check, for every module. It also provides the repositories of the tables tenant data hangs from
 * (turbines, users, companies): the access check reads them, and so do their own modules.
 */
@Global()
@Module({
  providers: [AccessService, TurbinesRepository, UsersRepository, CompaniesRepository],
  exports: [AccessService, TurbinesRepository, UsersRepository, CompaniesRepository],
})
export class AccessModule {}
