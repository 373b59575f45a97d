import { Module } from '@nestjs/common';
import { DirectUploads } from './direct-uploads.js';
import { UploadLedger } from './upload-ledger.js';
import { StorageQuotaQuery } from './storage-quota.query.js';
import { UploadLedgerRepository } from './upload-ledger.repository.js';
import { UploadReceiverController } from './upload-receiver.controller.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsWorker } from './uploads.worker.js';

/**
 * Uploads, for media and reports: the upload ledger (every blob being written, so nothing is left behind), the
 * storage quota, direct uploads (addresses, parts, cancel, the local driver's receiving route) and the sweep.
 * Multipart request bodies are read with `MultipartBody` (multipart.ts).
 */
@Module({
  controllers: [UploadsController, UploadReceiverController],
  providers: [UploadLedgerRepository, StorageQuotaQuery, UploadLedger, DirectUploads, UploadsWorker],
  exports: [UploadLedger, UploadLedgerRepository, DirectUploads],
})
export class UploadsModule {}
