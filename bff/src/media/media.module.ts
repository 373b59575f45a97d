import { Module } from '@nestjs/common';
import { TurbinesModule } from '../turbines/turbines.module.js';
import { MediaIngest } from './media-ingest.js';
import { MediaController } from './media.controller.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';
import { MediaWorkers } from './media.workers.js';

@Module({
  imports: [TurbinesModule],
  controllers: [MediaController],
  providers: [MediaService, MediaRepository, MediaIngest, MediaWorkers],
  exports: [MediaIngest, MediaRepository, MediaWorkers],
})
export class MediaModule {}
