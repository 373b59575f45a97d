import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { TurbinesModule } from '../turbines/turbines.module.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

@Module({
  imports: [TurbinesModule, MediaModule],
  controllers: [ReportsController],
  providers: [ReportsService, ReportsRepository],
})
export class ReportsModule {}
