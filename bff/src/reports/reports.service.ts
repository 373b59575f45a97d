import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type ErrorCode,
  isValidFileName,
  LIMITS,
  type Report,
  type reportListQuery,
  yearField,
} from '@kanat360/contracts';
import { type Language } from '@kanat360/i18n';
import { type Request } from 'express';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { type Principal } from '../auth/principal.js';
import { AppError } from '../common/app-error.js';
import { validationError } from '../common/zod-validation.js';
import { FileUrls } from '../files/file-urls.js';
import { JobQueue, QUEUES } from '../jobs/job-queue.js';
import { MediaIngest } from '../media/media-ingest.js';
import { reportKey } from '../media/media-keys.js';
import { MediaRepository } from '../media/media.repository.js';
import { sniffPdf } from '../media/sniff.js';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.js';
import { TurbinesService } from '../turbines/turbines.service.js';
import { readMultipart } from '../uploads/multipart.js';
import { peek } from '../uploads/peek.js';
import { allSkippedError, SkipFile, type UploadOutcome } from '../uploads/skipped-files.js';
import { toReport } from './reports.mapper.js';
import { ReportsRepository } from './reports.repository.js';

/** Enough of a file to see `%PDF-` behind a byte-order mark. */
const PDF_HEAD_BYTES = 1024;
/** How long a streamed report's ledger entry outlives a crash before the sweep removes its blob. */
const STREAM_LEDGER_MS = 60 * 60 * 1000;
const MAX_FILES = 200;
/** Spec §5 words the non-PDF files first, then the badly named ones. */
const SKIP_ORDER: readonly ErrorCode[] = ['REPORT_NOT_PDF', 'REPORT_NAME_INVALID'];

/** The form's `year`: the current year when missing or blank, YEAR_INVALID when it is not a campaign year. */
const uploadFields = z.object({
  year: z.preprocess((value) => (value === '' ? undefined : value), yearField.optional()),
});

/** A stored blob waiting for its row: the ledger entry (an upload intent) keeps it until the row exists. */
interface Pending {
  intentId: string;
  key: string;
  fileName: string;
  size: number;
}

@Injectable()
export class ReportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reports: ReportsRepository,
    private readonly media: MediaRepository,
    private readonly ingest: MediaIngest,
    private readonly turbines: TurbinesService,
    private readonly urls: FileUrls,
    private readonly jobs: JobQueue,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async list(actor: Principal, turbineId: number, query: z.output<typeof reportListQuery>): Promise<Report[]> {
    await this.turbines.assertVisible(actor, turbineId);
    const prefix = this.urls.prefix(turbineId);
    return (await this.reports.list(turbineId, query.year)).map((row) => toReport(row, prefix));
  }

  /**
   * Multipart upload of PDFs for one year (spec §7). Each file streams to the store under a ledger entry; a file
   * that is not a PDF by its bytes, or whose name breaks the rule, is skipped. The rows appear together once the
   * whole body has arrived: a request that fails (too large, malformed, the client gone) leaves no report and,
   * once its blobs are discarded or swept, no blob.
   */
  async upload(
    actor: Principal,
    turbineId: number,
    request: Request,
    language: Language,
  ): Promise<UploadOutcome<Report>> {
    await this.turbines.assertVisible(actor, turbineId);
    const pending: Pending[] = [];
    const skipped: SkipFile[] = [];
    let year: number | undefined;
    let files = 0;
    let failed = false;
    let fields: Record<string, string>;
    try {
      fields = await readMultipart(
        request,
        { maxBytes: LIMITS.multipartMaxBytes, maxFiles: MAX_FILES },
        async (file) => {
          files += 1;
          // Text fields come before the files (FormData keeps the order they were appended in); one year per request.
          year ??= parseYear(file.fields);
          const { head, body } = await peek(file.stream, PDF_HEAD_BYTES);
          const problem: ErrorCode | null = !sniffPdf(head, file.fileName).ok
            ? 'REPORT_NOT_PDF'
            : !isValidFileName(file.fileName)
              ? 'REPORT_NAME_INVALID'
              : null;
          if (problem) {
            skipped.push(new SkipFile(file.fileName, problem));
            // Read the skipped file away, so the parts after it can come.
            body.resume();
            return;
          }
          const key = reportKey(turbineId, year, randomUUID());
          const intentId = randomUUID();
          await this.media.insertIntent({
            id: intentId,
            turbineId,
            storageKey: key,
            originalName: file.fileName,
            size: 0,
            // The ledger only needs the key; these columns are media's and mean nothing for a report.
            category: 'blade',
            blade: null,
            room: 1,
            year,
            multipartUploadId: null,
            userId: actor.userId,
            expiresAt: new Date(Date.now() + STREAM_LEDGER_MS),
          });
          try {
            const { size } = await this.storage.put(key, body, 'application/pdf');
            // The request may have failed while this file was finishing: then nothing of it stays.
            if (failed) await this.ingest.discard(intentId, key);
            else pending.push({ intentId, key, fileName: file.fileName, size });
          } catch (error) {
            await this.ingest.discard(intentId, key);
            throw error;
          }
        },
      );
    } catch (error) {
      failed = true;
      await this.discardAll(pending);
      throw error;
    }
    if (files === 0) {
      parseYear(fields);
      throw new AppError('NO_FILES');
    }
    skipped.sort((a, b) => SKIP_ORDER.indexOf(a.code) - SKIP_ORDER.indexOf(b.code));
    if (pending.length === 0 || year === undefined) throw allSkippedError(language, skipped);
    const ids = await this.commit(actor, turbineId, year, pending);
    const prefix = this.urls.prefix(turbineId);
    const rows = await this.reports.findByIds(turbineId, ids);
    return { items: rows.map((row) => toReport(row, prefix)), skipped };
  }

  /** Deletes a report; its blob goes through a job queued in the same transaction. */
  async delete(actor: Principal, turbineId: number, reportId: number): Promise<void> {
    await this.turbines.assertVisible(actor, turbineId);
    await this.dataSource.transaction(async (manager) => {
      const key = await this.reports.delete(manager, turbineId, reportId);
      if (key === null) throw new AppError('REPORT_NOT_FOUND');
      await this.jobs.send(QUEUES.deleteBlobs, { keys: [key], prefixes: [] }, manager);
    });
  }

  /** Replaces the ledger entries by report rows, all in one transaction. */
  private async commit(actor: Principal, turbineId: number, year: number, pending: Pending[]): Promise<number[]> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const ids: number[] = [];
        for (const file of pending) {
          await this.media.deleteIntent(manager, file.intentId);
          ids.push(
            await this.reports.insert(manager, {
              turbineId,
              year,
              originalFilename: file.fileName,
              storageKey: file.key,
              fileSizeBytes: file.size,
              uploadedBy: actor.userId,
            }),
          );
        }
        return ids;
      });
    } catch (error) {
      await this.discardAll(pending);
      throw error;
    }
  }

  private async discardAll(pending: Pending[]): Promise<void> {
    for (const file of pending) await this.ingest.discard(file.intentId, file.key);
  }
}

function parseYear(fields: Record<string, string>): number {
  const parsed = uploadFields.safeParse({ year: fields.year });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data.year ?? new Date().getFullYear();
}
