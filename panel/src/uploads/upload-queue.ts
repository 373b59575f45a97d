import { type Blade, type MediaCategory, type MediaItem, type Report } from '@kanat360/contracts';

/** Where a photo, video or point cloud goes: the fields spec §7's upload calls carry. */
export interface MediaDestination {
  target: 'media';
  turbineId: number;
  category: MediaCategory;
  blade: Blade | null;
  room: number;
  year: number;
}

/** Where a PDF report goes: its turbine and campaign year. */
export interface ReportDestination {
  target: 'report';
  turbineId: number;
  year: number;
}

export type UploadDestination = MediaDestination | ReportDestination;

/** What the server made of a file: the media row, or the report. */
export type UploadResult = MediaItem | Report;

export type UploadStatus = 'queued' | 'sending' | 'done' | 'failed' | 'cancelled';

/** One file in the queue, as every screen reads it. Replaced (never mutated) on each change. */
export interface UploadItem {
  id: number;
  /** Which part of which screen queued it (`turbine-12/blade-A`): each shows its own files and total. */
  section: string;
  file: File;
  destination: UploadDestination;
  status: UploadStatus;
  /** Bytes sent so far; `file.size` once the server has the file. */
  loaded: number;
  /** The server's refusal or the network's failure, ready to show; `final` when the same bytes would be refused again. */
  error: { code: string; message: string; final: boolean } | null;
  /** What the server made of it. */
  result: UploadResult | null;
}

/** How bytes reach the server; the queue does not care which path a file takes. */
export interface UploadTransport {
  send(
    item: Pick<UploadItem, 'file' | 'destination'>,
    signal: AbortSignal,
    onProgress: (loaded: number) => void,
  ): Promise<UploadResult>;
}

/**
 * What a failure means to the queue: worth trying again by itself (network, 5xx), refused as things stand (a name
 * taken, a quota reached: the user may retry once that changed), or refused for what the file is (`final`: its type,
 * its pixels, its size; no retry can help).
 */
export interface FailureReading {
  code: string;
  message: string;
  transient: boolean;
  final: boolean;
}

export interface UploadQueueEvents {
  /** A file the server now holds. */
  uploaded?: (item: UploadItem) => void;
  /** A file that failed for good (after its automatic retries). */
  failed?: (item: UploadItem) => void;
  /** Every file a section queued together has settled: how many made it and how many did not. */
  batchSettled?: (section: string, outcome: { done: UploadItem[]; failed: UploadItem[] }) => void;
}

/** Several files at once keep the line busy; more only split the same bandwidth and the server's disk. */
export const UPLOAD_CONCURRENCY = 4;
/** A file that fails on the way (network, 5xx) is sent again by itself after these pauses, then left for the user. */
export const AUTOMATIC_RETRY_DELAYS_MS = [1000, 4000] as const;

const ACTIVE: readonly UploadStatus[] = ['queued', 'sending'];

/**
 * The panel's one upload engine (DESIGN "Uploads"): a queue outside every route, so uploads go on while the user
 * moves between screens. A few files go at once, each with its own progress; any file can be cancelled, and a
 * failed or cancelled one sent again without choosing it again. Screens read it; they do not own it.
 */
export class UploadQueue {
  private items: readonly UploadItem[] = [];
  private readonly controllers = new Map<number, AbortController>();
  private readonly listeners = new Set<() => void>();
  private readonly events: UploadQueueEvents[] = [];
  /** The ids each section queued together, until every one of them has settled. */
  private readonly batches = new Map<string, Set<number>>();
  private nextId = 1;
  private notifyScheduled = false;

  constructor(
    private readonly transport: UploadTransport,
    private readonly readFailure: (error: unknown) => FailureReading,
    private readonly options: { concurrency?: number; retryDelaysMs?: readonly number[] } = {},
  ) {}

  /** Every file, oldest first (a stable array between changes, for useSyncExternalStore). */
  snapshot = (): readonly UploadItem[] => this.items;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Listens to what happens to files; answers the function that stops listening. */
  on(events: UploadQueueEvents): () => void {
    this.events.push(events);
    return () => this.events.splice(this.events.indexOf(events), 1);
  }

  /** Whether any file is still waiting or on its way (leaving the panel would lose it). */
  hasActiveUploads(): boolean {
    return this.activeCount() > 0;
  }

  /** How many files are still waiting or on their way. */
  activeCount(): number {
    return this.items.filter((item) => ACTIVE.includes(item.status)).length;
  }

  /** Stops every file still waiting or on its way (the user chose to leave). */
  cancelAll(): void {
    // The waiting ones first: stopping a file on its way would start the next one waiting.
    const waiting = this.items.filter((item) => item.status === 'queued');
    const sending = this.items.filter((item) => item.status === 'sending');
    for (const item of [...waiting, ...sending]) this.cancel(item.id);
  }

  add(section: string, destination: UploadDestination, files: readonly File[]): number[] {
    const added = files.map((file): UploadItem => ({
      id: this.nextId++,
      section,
      file,
      destination,
      status: 'queued',
      loaded: 0,
      error: null,
      result: null,
    }));
    const batch = this.batches.get(section) ?? new Set<number>();
    for (const item of added) batch.add(item.id);
    this.batches.set(section, batch);
    this.items = [...this.items, ...added];
    this.changed();
    this.pump();
    return added.map((item) => item.id);
  }

  cancel(id: number): void {
    const item = this.find(id);
    if (!item || !ACTIVE.includes(item.status)) return;
    this.controllers.get(id)?.abort();
    this.update(id, { status: 'cancelled', loaded: 0 });
    this.settle(id);
    this.pump();
  }

  /** Sends a failed or cancelled file again, from the start (not one the server refuses for what it is). */
  retry(id: number): void {
    const item = this.find(id);
    if (!item || (item.status !== 'failed' && item.status !== 'cancelled') || item.error?.final) return;
    this.batches.set(item.section, (this.batches.get(item.section) ?? new Set()).add(id));
    this.update(id, { status: 'queued', loaded: 0, error: null });
    this.pump();
  }

  /** Forgets the settled files (done, failed, cancelled) of a section. */
  dismiss(section: string): void {
    const next = this.items.filter((item) => item.section !== section || ACTIVE.includes(item.status));
    if (next.length === this.items.length) return;
    this.items = next;
    this.changed();
  }

  private find(id: number): UploadItem | undefined {
    return this.items.find((item) => item.id === id);
  }

  private update(id: number, patch: Partial<UploadItem>): void {
    this.items = this.items.map((item) => (item.id === id ? { ...item, ...patch } : item));
    this.changed();
  }

  /** Starts queued files while fewer than the concurrency are on their way. */
  private pump(): void {
    const limit = this.options.concurrency ?? UPLOAD_CONCURRENCY;
    let sending = this.items.filter((item) => item.status === 'sending').length;
    for (const item of this.items) {
      if (sending >= limit) break;
      if (item.status !== 'queued') continue;
      sending += 1;
      void this.run(item.id);
    }
  }

  private async run(id: number): Promise<void> {
    const controller = new AbortController();
    this.controllers.set(id, controller);
    this.update(id, { status: 'sending', loaded: 0, error: null });
    const delays = this.options.retryDelaysMs ?? AUTOMATIC_RETRY_DELAYS_MS;
    for (let attempt = 0; ; attempt += 1) {
      const item = this.find(id);
      if (!item || controller.signal.aborted) break;
      try {
        const result = await this.transport.send(item, controller.signal, (loaded) => {
          if (!controller.signal.aborted) this.update(id, { loaded: Math.min(loaded, item.file.size) });
        });
        if (controller.signal.aborted) break;
        this.update(id, { status: 'done', loaded: item.file.size, result });
        const done = this.find(id);
        if (done) for (const events of this.events) events.uploaded?.(done);
        break;
      } catch (error) {
        if (controller.signal.aborted) break;
        const failure = this.readFailure(error);
        const delay = delays[attempt];
        if (failure.transient && delay !== undefined) {
          this.update(id, { loaded: 0 });
          await new Promise((resolve) => setTimeout(resolve, delay));
          continue;
        }
        this.update(id, {
          status: 'failed',
          error: { code: failure.code, message: failure.message, final: failure.final },
        });
        const failed = this.find(id);
        if (failed) for (const events of this.events) events.failed?.(failed);
        break;
      }
    }
    // A cancel and a retry may have started a new run of this file meanwhile: leave its controller alone.
    if (this.controllers.get(id) === controller) this.controllers.delete(id);
    this.settle(id);
    this.pump();
  }

  /** Once every file a section queued together has settled, says how the batch went. */
  private settle(id: number): void {
    const item = this.find(id);
    if (!item) return;
    const batch = this.batches.get(item.section);
    if (!batch?.has(id)) return;
    const members = this.items.filter((member) => batch.has(member.id));
    if (members.some((member) => ACTIVE.includes(member.status))) return;
    this.batches.delete(item.section);
    const outcome = {
      done: members.filter((member) => member.status === 'done'),
      failed: members.filter((member) => member.status === 'failed'),
    };
    for (const events of this.events) events.batchSettled?.(item.section, outcome);
  }

  /** Listeners hear of changes once per microtask: progress events of several files make one render. */
  private changed(): void {
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    queueMicrotask(() => {
      this.notifyScheduled = false;
      for (const listener of this.listeners) listener();
    });
  }
}

/** Bytes sent and in all, over some files (a section's total bar). */
export function totals(items: readonly UploadItem[]): { loaded: number; total: number } {
  let loaded = 0;
  let total = 0;
  for (const item of items) {
    if (item.status === 'cancelled') continue;
    loaded += item.loaded;
    total += item.file.size;
  }
  return { loaded, total };
}
