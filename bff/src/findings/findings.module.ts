import { Module } from '@nestjs/common';
import { MediaModule } from '@/media/media.module.js';
import { ReportsModule } from '@/reports/reports.module.js';
import { TurbinesModule } from '@/turbines/turbines.module.js';
import { UsersModule } from '@/users/users.module.js';
import { FindingsController } from './findings.controller.js';
import { FindingsRepository } from './findings.repository.js';
import { FindingsService } from './findings.service.js';
import { InspectionReportBuilder } from './inspection-report.builder.js';
import { InspectionReportWorker } from './inspection-report.worker.js';
import { InspectionReportsRepository } from './inspection-reports.repository.js';

@Module({
  imports: [MediaModule, ReportsModule, TurbinesModule, UsersModule],
  controllers: [FindingsController],
  providers: [
    FindingsService,
    FindingsRepository,
    InspectionReportsRepository,
    InspectionReportBuilder,
    InspectionReportWorker,
  ],
  exports: [FindingsRepository],
})
export class FindingsModule {}
