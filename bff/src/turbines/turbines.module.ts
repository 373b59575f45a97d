import { Module } from '@nestjs/common';
import { CompaniesModule } from '@/companies/companies.module.js';
import { MediaModule } from '@/media/media.module.js';
import { UploadsModule } from '@/uploads/uploads.module.js';
import { CoverageController } from './coverage.controller.js';
import { CoverageQuery } from './coverage.query.js';
import { CoverageService } from './coverage.service.js';
import { MapController } from './map.controller.js';
import { TurbineImportService } from './turbine-import.service.js';
import { TurbineListQuery } from './turbine-list.query.js';
import { TurbinePurgeWorker } from './turbine-purge.worker.js';
import { TurbinesController } from './turbines.controller.js';
import { TurbinesRepository } from './turbines.repository.js';
import { TurbinesService } from './turbines.service.js';

@Module({
  imports: [UploadsModule, MediaModule, CompaniesModule],
  controllers: [TurbinesController, CoverageController, MapController],
  providers: [
    TurbinesService,
    TurbinesRepository,
    TurbineListQuery,
    TurbinePurgeWorker,
    CoverageService,
    CoverageQuery,
    TurbineImportService,
  ],
  exports: [TurbinesRepository, TurbineListQuery],
})
export class TurbinesModule {}
