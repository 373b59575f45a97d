import { Global, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { LocalStorage } from './local-storage.js';
import { type ObjectStorage, OBJECT_STORAGE } from './object-storage.js';
import { S3Storage } from './s3-storage.js';
import { UploadUrls } from './upload-urls.js';

/** The driver the config names; also for the CLI, the seed and the benchmarks, which run without Nest. */
export function createObjectStorage(config: Pick<Config, 'storage' | 'sessionSecret'>): ObjectStorage {
  const { storage } = config;
  switch (storage.driver) {
    case 'local':
      return new LocalStorage(storage.root, new UploadUrls(config.sessionSecret));
    case 's3':
      return new S3Storage(storage);
  }
}

/** OBJECT_STORAGE for every module (`@Inject(OBJECT_STORAGE) storage: ObjectStorage`). */
@Global()
@Module({
  providers: [{ provide: OBJECT_STORAGE, inject: [CONFIG], useFactory: createObjectStorage }],
  exports: [OBJECT_STORAGE],
})
export class StorageModule implements OnModuleDestroy {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  onModuleDestroy(): void {
    this.storage.close();
  }
}
