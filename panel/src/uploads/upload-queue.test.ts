import { type MediaItem } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import { type FailureReading, type UploadItem, UploadQueue, type UploadTransport, totals } from './upload-queue';

const destination = {
  target: 'media' as const,
  turbineId: 7,
  category: 'blade' as const,
  blade: 'A' as const,
  room: 2,
  year: 2026,
};

function file(name: string, size = 100): File {
  return new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
}

/** A transport the test drives: each send waits until the test answers it. */
function manualTransport() {
  const pending: {
    name: string;
    signal: AbortSignal;
    progress: (loaded: number) => void;
    resolve: (media: MediaItem) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const transport: UploadTransport = {
    send: (item, signal, progress) =>
      new Promise<MediaItem>((resolve, reject) => {
        pending.push({ name: item.file.name, signal, progress, resolve, reject });
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  };
  return { transport, pending };
}

/** A failure the transport meets: the network's, a name taken meanwhile, or a file of a type the server refuses. */
class Refusal extends Error {
  constructor(readonly kind: 'network' | 'taken' | 'type') {
    super(kind);
  }
}
const CODES = { network: 'NETWORK_ERROR', taken: 'DUPLICATE_FILE_NAME', type: 'FILE_TYPE_MISMATCH' } as const;
const readFailure = (error: unknown): FailureReading => {
  const kind = error instanceof Refusal ? error.kind : 'network';
  return { code: CODES[kind], message: kind, transient: kind === 'network', final: kind === 'type' };
};

const media = (id: number) => ({ id, status: 'pending' }) as MediaItem;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const statusOf = (queue: UploadQueue) => queue.snapshot().map((item) => [item.file.name, item.status]);

describe('the upload queue', () => {
  it('sends a few files at once and starts the next as one finishes', async () => {
    const { transport, pending } = manualTransport();
    const queue = new UploadQueue(transport, readFailure, { concurrency: 2 });
    queue.add('blade-A', destination, [file('a.jpg'), file('b.jpg'), file('c.jpg')]);
    await flush();
    expect(pending.map((send) => send.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(statusOf(queue)).toEqual([
      ['a.jpg', 'sending'],
      ['b.jpg', 'sending'],
      ['c.jpg', 'queued'],
    ]);
    pending[1]!.resolve(media(11));
    await flush();
    expect(pending.map((send) => send.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(queue.snapshot()[1]).toMatchObject({ status: 'done', loaded: 100, result: { id: 11 } });
    expect(queue.hasActiveUploads()).toBe(true);
    pending[0]!.resolve(media(10));
    pending[2]!.resolve(media(12));
    await flush();
    expect(queue.hasActiveUploads()).toBe(false);
  });

  it('keeps each file’s progress, and the section’s total over the files not cancelled', async () => {
    const { transport, pending } = manualTransport();
    const queue = new UploadQueue(transport, readFailure);
    queue.add('drone', destination, [file('a.jpg', 1000), file('b.jpg', 3000), file('c.jpg', 500)]);
    await flush();
    pending[0]!.progress(400);
    pending[1]!.progress(3000);
    await flush();
    expect(queue.snapshot().map((item) => item.loaded)).toEqual([400, 3000, 0]);
    queue.cancel(queue.snapshot()[2]!.id);
    expect(totals(queue.snapshot())).toEqual({ loaded: 3400, total: 4000 });
  });

  it('cancels a file on its way (its request is aborted) and sends it again on retry', async () => {
    const { transport, pending } = manualTransport();
    const queue = new UploadQueue(transport, readFailure);
    const [id] = queue.add('blade-A', destination, [file('a.jpg')]);
    await flush();
    queue.cancel(id!);
    expect(pending[0]!.signal.aborted).toBe(true);
    await flush();
    expect(statusOf(queue)).toEqual([['a.jpg', 'cancelled']]);
    queue.retry(id!);
    await flush();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(media(5));
    await flush();
    expect(statusOf(queue)).toEqual([['a.jpg', 'done']]);
  });

  it('stops every file still waiting or on its way at once (logging out), and leaves the finished ones be', async () => {
    const { transport, pending } = manualTransport();
    const queue = new UploadQueue(transport, readFailure, { concurrency: 1 });
    queue.add('blade-A', destination, [file('a.jpg'), file('b.jpg'), file('c.jpg')]);
    await flush();
    pending[0]!.resolve(media(1));
    await flush();
    expect(statusOf(queue).map(([, status]) => status)).toEqual(['done', 'sending', 'queued']);
    expect(queue.activeCount()).toBe(2);
    queue.cancelAll();
    expect(pending[1]!.signal.aborted).toBe(true);
    await flush();
    expect(statusOf(queue)).toEqual([
      ['a.jpg', 'done'],
      ['b.jpg', 'cancelled'],
      ['c.jpg', 'cancelled'],
    ]);
    expect(queue.activeCount()).toBe(0);
    // The one that was still queued never started.
    expect(pending.map((send) => send.name)).toEqual(['a.jpg', 'b.jpg']);
  });

  it('fails a refused file with the server’s reason while the others go on, and tells the listeners', async () => {
    const { transport, pending } = manualTransport();
    const queue = new UploadQueue(transport, readFailure);
    const failed: UploadItem[] = [];
    const batches: { done: number; failed: number }[] = [];
    queue.on({
      failed: (item) => failed.push(item),
      batchSettled: (_section, outcome) => batches.push({ done: outcome.done.length, failed: outcome.failed.length }),
    });
    queue.add('blade-B', destination, [file('taken.jpg'), file('bad.jpg'), file('good.jpg')]);
    await flush();
    pending[0]!.reject(new Refusal('taken'));
    pending[1]!.reject(new Refusal('type'));
    pending[2]!.resolve(media(3));
    await flush();
    expect(statusOf(queue)).toEqual([
      ['taken.jpg', 'failed'],
      ['bad.jpg', 'failed'],
      ['good.jpg', 'done'],
    ]);
    expect(failed.map((item) => [item.file.name, item.error?.code])).toEqual([
      ['taken.jpg', 'DUPLICATE_FILE_NAME'],
      ['bad.jpg', 'FILE_TYPE_MISMATCH'],
    ]);
    expect(batches).toEqual([{ done: 1, failed: 2 }]);
    // Retrying a failed file needs no new choice of it; a file refused for what it is is not sent again.
    queue.retry(failed[1]!.id);
    queue.retry(failed[0]!.id);
    await flush();
    expect(pending.map((send) => send.name)).toEqual(['taken.jpg', 'bad.jpg', 'good.jpg', 'taken.jpg']);
  });

  it('sends a file again by itself after a network failure, then leaves it to the user', async () => {
    const { transport, pending } = manualTransport();
    const queue = new UploadQueue(transport, readFailure, { retryDelaysMs: [0, 0] });
    queue.add('robot', destination, [file('a.jpg')]);
    await flush();
    pending[0]!.reject(new Refusal('network'));
    await flush();
    await flush();
    expect(pending).toHaveLength(2);
    expect(statusOf(queue)).toEqual([['a.jpg', 'sending']]);
    pending[1]!.reject(new Refusal('network'));
    await flush();
    await flush();
    pending[2]!.reject(new Refusal('network'));
    await flush();
    expect(pending).toHaveLength(3);
    expect(queue.snapshot()[0]).toMatchObject({ status: 'failed', error: { code: 'NETWORK_ERROR' } });
  });

  it('forgets settled files on dismiss, never those still on their way', async () => {
    const { transport, pending } = manualTransport();
    const queue = new UploadQueue(transport, readFailure, { concurrency: 1 });
    queue.add('drone', destination, [file('a.jpg'), file('b.jpg')]);
    await flush();
    pending[0]!.resolve(media(1));
    await flush();
    queue.dismiss('drone');
    expect(statusOf(queue)).toEqual([['b.jpg', 'sending']]);
  });

  it('tells subscribers once per burst of changes', async () => {
    const { transport, pending } = manualTransport();
    const queue = new UploadQueue(transport, readFailure);
    let calls = 0;
    queue.subscribe(() => (calls += 1));
    queue.add('drone', destination, [file('a.jpg', 1000)]);
    await flush();
    calls = 0;
    for (let loaded = 100; loaded <= 1000; loaded += 100) pending[0]!.progress(loaded);
    await flush();
    expect(calls).toBe(1);
    expect(queue.snapshot()[0]!.loaded).toBe(1000);
  });
});
