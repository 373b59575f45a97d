import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module.js';
import { TurbinePurgeWorker } from './turbine-purge.worker.js';
import { TurbinesController } from './turbines.controller.js';
import { TurbinesRepository } from './turbines.repository.js';
import { TurbinesService } from './turbines.service.js';

@Module({
  imports: [CompaniesModule],
  controllers: [TurbinesController],
  providers: [TurbinesService, TurbinesRepository, TurbinePurgeWorker],
  exports: [TurbinesService],
})
export class TurbinesModule {}
