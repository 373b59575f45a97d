import { Global, Module } from '@nestjs/common';
import { CompaniesModule } from '@/companies/companies.module.js';
import { TurbinesModule } from '@/turbines/turbines.module.js';
import { UsersModule } from '@/users/users.module.js';
import { AccessService } from './access.service.js';

/**
 * The access check, for every module. It reads the tables tenant data hangs from (turbines, users, companies)
 * through the repositories their own modules export.
 */
@Global()
@Module({
  imports: [TurbinesModule, UsersModule, CompaniesModule],
  providers: [AccessService],
  exports: [AccessService],
})
export class AccessModule {}
