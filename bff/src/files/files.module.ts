import { Global, Module } from '@nestjs/common';
import { FileUrls } from './file-urls.js';
import { FilesController } from './files.controller.js';
import { FilesRepository } from './files.repository.js';

@Global()
@Module({ controllers: [FilesController], providers: [FileUrls, FilesRepository], exports: [FileUrls] })
export class FilesModule {}
