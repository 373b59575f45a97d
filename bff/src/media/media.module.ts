import { Module } from '@nestjs/common';
import { UploadsModule } from '@/uploads/uploads.module.js';
import { MediaIngest } from './media-ingest.js';
import { MediaController } from './media.controller.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';
import { MediaWorkers } from './media.workers.js';

@Module({
  imports: [UploadsModule],
  controllers: [MediaController],
  providers: [MediaService, MediaRepository, MediaIngest, MediaWorkers],
  exports: [MediaRepository],
})
export class MediaModule {}
