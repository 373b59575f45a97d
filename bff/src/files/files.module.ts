import { Global, Module } from '@nestjs/common';
import { MediaModule } from '@/media/media.module.js';
import { ReportsModule } from '@/reports/reports.module.js';
import { FileUrls } from './file-urls.js';
import { FilesController } from './files.controller.js';

/** Signed addresses, and the route that serves them: each object's row is read from its own repository. */
@Global()
@Module({
  imports: [MediaModule, ReportsModule],
  controllers: [FilesController],
  providers: [FileUrls],
  exports: [FileUrls],
})
export class FilesModule {}
