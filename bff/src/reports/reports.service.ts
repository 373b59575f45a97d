import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type ErrorCode,
  isValidFileName,
  LIMITS,
  type Report,
  type reportListQuery,
  yearField,
} from '@kanat360/contracts';
import { type Language } from '@kanat360/i18n';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { AccessService } from '@/access/access.service.js';
import { type Principal } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { validationError } from '@/common/zod-validation.js';
import { FileUrls } from '@/files/file-urls.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { reportKey } from '@/media/media-keys.js';
import { sniffPdf } from '@/media/sniff.js';
import { MAX_MULTIPART_FILES, type MultipartForm } from '@/uploads/multipart.js';
import { peek } from '@/uploads/peek.js';
import { allSkippedError, SkipFile, type UploadOutcome } from '@/uploads/skipped-files.js';
import { type HeldBlob, UploadLedger } from '@/uploads/upload-ledger.js';
import { toReport } from './reports.mapper.js';
import { ReportsRepository } from './reports.repository.js';

/** Enough of a file to see `%PDF-` behind a byte-order mark. */
const PDF_HEAD_BYTES = 1024;
/** Spec §5 words the non-PDF files first, then the badly named ones. */
const SKIP_ORDER: readonly ErrorCode[] = ['REPORT_NOT_PDF', 'REPORT_NAME_INVALID'];

/** The form's `year`: the current year when missing or blank, YEAR_INVALID when it is not a campaign year. */
const uploadFields = z.object({
  year: z.preprocess((value) => (value === '' ? undefined : value), yearField.optional()),
});

@Injectable()
export class ReportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: AccessService,
    private readonly reports: ReportsRepository,
    private readonly ledger: UploadLedger,
    private readonly urls: FileUrls,
    private readonly jobs: JobQueue,
  ) {}

  async list(actor: Principal, turbineId: number, query: z.output<typeof reportListQuery>): Promise<Report[]> {
    await this.access.requireAccess(actor, 'report.read', turbineId);
    const files = this.urls.signer();
    return (await this.reports.list(turbineId, query.year)).map((row) => toReport(row, files));
  }

  /**
   * Multipart upload of PDFs for one year (spec §7). Each file streams to the store under an upload ledger entry;
   * a file that is not a PDF by its bytes, or whose name breaks the rule, is skipped. The rows appear together once
   * the whole body has arrived: a request that fails (too large, malformed, the client gone) leaves no report and,
   * once its blobs are discarded or swept, no blob.
   */
  async upload(
    actor: Principal,
    turbineId: number,
    form: MultipartForm,
    language: Language,
  ): Promise<UploadOutcome<Report>> {
    await this.access.requireAccess(actor, 'report.upload', turbineId);
    const held: HeldBlob[] = [];
    const skipped: SkipFile[] = [];
    let year: number | undefined;
    let files = 0;
    let failed = false;
    let fields: Record<string, string>;
    try {
      fields = await form.read({ maxBytes: LIMITS.multipartMaxBytes, maxFiles: MAX_MULTIPART_FILES }, async (file) => {
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
        const entry = {
          turbineId,
          key: reportKey(turbineId, year, randomUUID()),
          originalName: file.fileName,
          userId: actor.userId,
          reserveBytes: form.maxBytes,
        };
        let blob: HeldBlob;
        try {
          blob = await this.ledger.receiveStream(entry, body, 'application/pdf');
        } catch (error) {
          if (!(error instanceof SkipFile)) throw error;
          skipped.push(error);
          return;
        }
        // The request may have failed while this file was finishing: then nothing of it stays.
        if (failed) await this.discard([blob]);
        else held.push(blob);
      });
    } catch (error) {
      failed = true;
      await this.discard(held);
      throw error;
    }
    if (files === 0) {
      parseYear(fields);
      throw new AppError('NO_FILES');
    }
    skipped.sort((a, b) => SKIP_ORDER.indexOf(a.code) - SKIP_ORDER.indexOf(b.code));
    if (held.length === 0 || year === undefined) throw allSkippedError(language, skipped);
    const ids = await this.commit(actor, turbineId, year, held);
    const reportFiles = this.urls.signer();
    const rows = await this.reports.findByIds(turbineId, ids);
    return { items: rows.map((row) => toReport(row, reportFiles)), skipped };
  }

  /** Deletes a report; its blob goes through a job queued in the same transaction. */
  async delete(actor: Principal, turbineId: number, reportId: number): Promise<void> {
    await this.access.requireAccess(actor, 'report.delete', turbineId);
    await this.dataSource.transaction(async (manager) => {
      const key = await this.reports.delete(manager, turbineId, reportId);
      if (key === null) throw new AppError('REPORT_NOT_FOUND');
      await this.jobs.send(QUEUES.deleteBlobs, { keys: [key], prefixes: [] }, manager);
    });
  }

  /** Replaces the ledger entries by report rows, all in one transaction. */
  private async commit(actor: Principal, turbineId: number, year: number, held: HeldBlob[]): Promise<number[]> {
    try {
      return await this.ledger.own(held, async (manager) => {
        const ids: number[] = [];
        for (const blob of held) {
          ids.push(
            await this.reports.insert(manager, {
              turbineId,
              year,
              originalFilename: blob.originalName,
              storageKey: blob.key,
              fileSizeBytes: blob.size,
              uploadedBy: actor.userId,
            }),
          );
        }
        return ids;
      });
    } catch (error) {
      await this.discard(held);
      throw error;
    }
  }

  private async discard(held: HeldBlob[]): Promise<void> {
    for (const blob of held) {
      await this.ledger.discard({ id: blob.intentId, storageKey: blob.key, multipartUploadId: null });
    }
  }
}

function parseYear(fields: Record<string, string>): number {
  const parsed = uploadFields.safeParse({ year: fields.year });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data.year ?? new Date().getFullYear();
}
