import { Module } from '@nestjs/common';
import { MediaModule } from '@/media/media.module.js';
import { UploadsModule } from '@/uploads/uploads.module.js';
import { TurbineListQuery } from './turbine-list.query.js';
import { TurbinePurgeWorker } from './turbine-purge.worker.js';
import { TurbinesController } from './turbines.controller.js';
import { TurbinesRepository } from './turbines.repository.js';
import { TurbinesService } from './turbines.service.js';

@Module({
  imports: [UploadsModule, MediaModule],
  controllers: [TurbinesController],
  providers: [TurbinesService, TurbinesRepository, TurbineListQuery, TurbinePurgeWorker],
  exports: [TurbinesRepository, TurbineListQuery],
})
export class TurbinesModule {}
