import { randomUUID } from 'node:crypto';
import { type Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { DataSource, type EntityManager } from 'typeorm';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { MetricsService } from '@/metrics/metrics.service.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { SkipFile } from './skipped-files.js';
import { type NewUploadIntent, type UploadIntent, UploadLedgerRepository } from './upload-ledger.repository.js';

/** How long a streamed upload's entry outlives a crash before the sweep removes what it wrote. */
const STREAM_ENTRY_MS = 60 * 60 * 1000;
/** Expired entries handled per sweep run; the next run (5 minutes later) takes the rest. */
const SWEEP_BATCH = 500;
/**
 * A partial write untouched this long was cut off (a write in progress touches its file with every batch of bytes):
 * as long as a streamed upload's entry outlives a crash.
 */
const STALE_PARTIAL_MS = STREAM_ENTRY_MS;

/** When an upload reached each step (`performance.now()`), for the debug line `upload stored`. */
interface StoreSteps {
  arrived: number;
  start: number;
  entered: number;
  written: number;
}

/** The steps of an upload so far: its part of the request arrived (or now), and its storing starts now. */
function stepsFrom(entry: StreamEntry): StoreSteps {
  const start = performance.now();
  return { arrived: entry.arrivedAt ?? start, start, entered: 0, written: 0 };
}

/** A blob in the store that its entry still holds: owned by a row (`own`) or removed (`discard`) next. */
export interface HeldBlob {
  intentId: string;
  key: string;
  originalName: string;
  size: number;
}

/** A blob about to stream through the BFF, and whose it is. */
export interface StreamEntry {
  turbineId: number;
  key: string;
  originalName: string;
  userId: number;
  /** The most bytes it may bring (the request's length): held against the quota while it flows. */
  reserveBytes: number;
  /** When its part of the request arrived (`performance.now()`), for the timings of the debug line `upload stored`. */
  arrivedAt?: number;
}

/**
 * The upload ledger, for media and reports alike: every blob is written under an entry, so a failure, a cancel or
 * a crash never leaves a blob that no row owns (the sweep removes what expired entries name, partial writes
 * included). Entries count against the company's storage quota (STORAGE_QUOTA_GB_PER_COMPANY) until a row owns
 * their blob or they go.
 */
@Injectable()
export class UploadLedger {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly dataSource: DataSource,
    private readonly ledger: UploadLedgerRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly logger: PinoLogger,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Adds entries of one turbine, in one transaction with the quota check: entries are taken in order while the
   * company's bytes (stored, and pending in the ledger) stay within its quota; the others are answered refused.
   */
  async register(
    turbineId: number,
    intents: NewUploadIntent[],
  ): Promise<{ registered: NewUploadIntent[]; refused: NewUploadIntent[] }> {
    const quota = this.config.storageQuotaBytes;
    if (quota === null) {
      // No quota to check: one INSERT, atomic by itself (a transaction around it would only add round trips).
      await this.ledger.insert(this.dataSource.manager, intents);
      return { registered: intents, refused: [] };
    }
    return this.dataSource.transaction(async (manager) => {
      let used = await this.ledger.lockCompanyUsage(manager, turbineId);
      const registered: NewUploadIntent[] = [];
      const refused: NewUploadIntent[] = [];
      for (const intent of intents) {
        if (used + intent.size > quota) refused.push(intent);
        else {
          used += intent.size;
          registered.push(intent);
        }
      }
      await this.ledger.insert(manager, registered);
      return { registered, refused };
    });
  }

  /**
   * Streams one blob into the store under a new entry. Refused past the quota (STORAGE_QUOTA_EXCEEDED) before a
   * byte is written; any failure while writing removes what was written, and the entry.
   */
  async receiveStream(entry: StreamEntry, body: Readable, mime: string): Promise<HeldBlob> {
    const steps = stepsFrom(entry);
    const blob = await this.streamIn(entry, body, mime, { held: true, steps });
    this.logStored(blob, steps);
    return blob;
  }

  /**
   * `held`: the blob waits for its row (a report until the request's other files are in), so its entry counts
   * its real size from now on. Otherwise a row owns it at once (`streamOwned`), and the entry goes in the same
   * breath: it keeps counting the (larger) reservation meanwhile, which saves a commit after every file.
   */
  private async streamIn(
    entry: StreamEntry,
    body: Readable,
    mime: string,
    { held, steps }: { held: boolean; steps: StoreSteps },
  ): Promise<HeldBlob> {
    const intentId = randomUUID();
    const { registered } = await this.register(entry.turbineId, [
      {
        id: intentId,
        turbineId: entry.turbineId,
        kind: 'stream',
        storageKey: entry.key,
        originalName: entry.originalName,
        size: entry.reserveBytes,
        target: null,
        multipartUploadId: null,
        partSize: null,
        userId: entry.userId,
        expiresAt: new Date(Date.now() + STREAM_ENTRY_MS),
      },
    ]);
    if (registered.length === 0) {
      body.resume();
      throw new SkipFile(entry.originalName, 'STORAGE_QUOTA_EXCEEDED');
    }
    steps.entered = performance.now();
    try {
      const { size } = await this.storage.put(entry.key, body, mime);
      steps.written = performance.now();
      this.metrics.countUpload('stream', size);
      // Held until a row owns it, the blob counts with its real size from now on, not the request's.
      if (held) await this.ledger.setSize(intentId, size);
      return { intentId, key: entry.key, originalName: entry.originalName, size };
    } catch (error) {
      await this.discard({ id: intentId, storageKey: entry.key, multipartUploadId: null });
      throw error;
    }
  }

  /**
   * A streamed blob and the rows that own it: streamed in as `receiveStream` does, then `own`; a failure of either
   * removes the blob.
   */
  async streamOwned<T>(
    entry: StreamEntry,
    body: Readable,
    mime: string,
    write: (manager: EntityManager, blob: HeldBlob) => Promise<T>,
  ): Promise<T> {
    const steps = stepsFrom(entry);
    const blob = await this.streamIn(entry, body, mime, { held: false, steps });
    try {
      const owned = await this.own([blob], (manager) => write(manager, blob));
      this.logStored(blob, steps, performance.now());
      return owned;
    } catch (error) {
      await this.discard({ id: blob.intentId, storageKey: blob.key, multipartUploadId: null });
      throw error;
    }
  }

  /**
   * One debug line per stored blob, with the milliseconds of each step: the caller's checks before the entry
   * (`before`: names, sniffing), the ledger entry, the write to the store, and the row that owns it (`row`).
   */
  private logStored(blob: HeldBlob, steps: StoreSteps, owned?: number): void {
    const ms = (from: number, to: number) => Math.round((to - from) * 10) / 10;
    this.logger.debug(
      {
        key: blob.key,
        bytes: blob.size,
        ms: {
          before: ms(steps.arrived, steps.start),
          entry: ms(steps.start, steps.entered),
          write: ms(steps.entered, steps.written),
          ...(owned === undefined ? {} : { row: ms(steps.written, owned) }),
        },
      },
      'upload stored',
    );
  }

  /**
   * Replaces entries by the rows `write` makes, in one transaction: the rows become visible exactly when their
   * blobs are complete and owned. An entry no longer live (cancelled, expired, or owned by a racing call) fails the
   * whole call with UPLOAD_NOT_FOUND and nothing is written.
   */
  async own<T>(
    entries: readonly Pick<HeldBlob, 'intentId' | 'originalName'>[],
    write: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const live = await this.ledger.deleteLive(
        manager,
        entries.map((entry) => entry.intentId),
      );
      if (live !== entries.length) {
        throw new SkipFile(entries.map((entry) => entry.originalName).join(', '), 'UPLOAD_NOT_FOUND');
      }
      return write(manager);
    });
  }

  /**
   * Removes a live entry and what it wrote; false when the entry was no longer live (owned by a row, cancelled, or
   * expired and so the sweep's). The entry is expired first: from then on nothing can own its blob, and if the
   * removal fails half-way the sweep finishes it.
   */
  async discard(intent: Pick<UploadIntent, 'id' | 'storageKey' | 'multipartUploadId'>): Promise<boolean> {
    if ((await this.ledger.expire([intent.id])) === 0) return false;
    try {
      await this.storage.abandonUpload(intent.storageKey, intent.multipartUploadId);
      await this.ledger.delete([intent.id]);
    } catch (error) {
      this.logger.warn({ key: intent.storageKey, err: error }, 'discarding an upload failed; the sweep retries');
    }
    return true;
  }

  /**
   * Expired entries: whatever each wrote goes (open multipart uploads, the object, a write cut off by a crash),
   * then the entry. The blob goes first here, so a failure half-way is retried by the next run. Then partial writes
   * no entry names any more (a crashed write whose retry was confirmed, a derivative job's): those gone stale.
   * Answers how many entries went.
   */
  async sweep(): Promise<number> {
    const expired = await this.ledger.expired(SWEEP_BATCH);
    for (const intent of expired) {
      await this.storage.abandonUpload(intent.storageKey, intent.multipartUploadId);
      await this.ledger.delete([intent.id]);
    }
    if (expired.length > 0) this.logger.info({ count: expired.length }, 'expired uploads swept');
    const partials = await this.storage.removeStalePartialWrites(new Date(Date.now() - STALE_PARTIAL_MS));
    if (partials > 0) this.logger.info({ count: partials }, 'stale partial writes removed');
    return expired.length;
  }
}
