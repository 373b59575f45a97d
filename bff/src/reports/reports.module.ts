import { Module } from '@nestjs/common';
import { UploadsModule } from '@/uploads/uploads.module.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

@Module({
  imports: [UploadsModule],
  controllers: [ReportsController],
  providers: [ReportsService, ReportsRepository],
  exports: [ReportsRepository],
})
export class ReportsModule {}
