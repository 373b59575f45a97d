import { Module } from '@nestjs/common';
import { CompaniesController } from './companies.controller.js';
import { CompaniesRepository } from './companies.repository.js';
import { CompaniesService } from './companies.service.js';
import { CompanyListQuery } from './company-list.query.js';

@Module({
  controllers: [CompaniesController],
  providers: [CompaniesService, CompaniesRepository, CompanyListQuery],
  exports: [CompaniesRepository],
})
export class CompaniesModule {}
