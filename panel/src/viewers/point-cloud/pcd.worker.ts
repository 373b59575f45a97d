// Fetches and reads one `.pcd` off the main thread; the viewer starts one worker per file and terminates it when
// the file changes or the viewer goes, which also aborts its download.
import { parsePcd, PcdError } from './pcd';
import { type LoadRequest, type WorkerMessage } from './point-cloud-worker-messages';
import { pointColours } from './point-colours';
import { progressiveOrder } from './progressive-order';

function post(message: WorkerMessage, transfer: Transferable[] = []) {
  self.postMessage(message, { transfer });
}

/** The whole body, read as it streams in (with progress), into one buffer when the size is known up front. */
async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length'));
  const total = Number.isFinite(declared) && declared > 0 ? declared : null;
  const reader = response.body.getReader();
  let buffer = new Uint8Array(total ?? 1 << 20);
  let loaded = 0;
  let lastReport = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (loaded + value.length > buffer.length) {
      const grown = new Uint8Array(Math.max(buffer.length * 2, loaded + value.length));
      grown.set(buffer.subarray(0, loaded));
      buffer = grown;
    }
    buffer.set(value, loaded);
    loaded += value.length;
    const now = performance.now();
    if (now - lastReport > 100) {
      lastReport = now;
      post({ type: 'progress', phase: 'download', loaded, total });
    }
  }
  return buffer.subarray(0, loaded);
}

self.onmessage = async (event: MessageEvent<LoadRequest>) => {
  const { url, budget } = event.data;
  let bytes: Uint8Array;
  try {
    bytes = await download(url);
  } catch (error) {
    post({ type: 'failed', code: 'FETCH_FAILED', detail: error instanceof Error ? error.message : String(error) });
    return;
  }
  try {
    const cloud = parsePcd(bytes, {
      budget,
      onProgress: (share) => post({ type: 'progress', phase: 'parse', loaded: share, total: 1 }),
    });
    const coloured = pointColours(cloud);
    const { positions, colours } = progressiveOrder(cloud.positions, coloured.colours, cloud.pointsShown);
    post(
      {
        type: 'loaded',
        cloud: {
          positions,
          colours,
          source: coloured.source,
          min: cloud.min,
          max: cloud.max,
          pointsInFile: cloud.pointsInFile,
          pointsShown: cloud.pointsShown,
          decimated: cloud.decimated,
        },
      },
      [positions.buffer, colours.buffer],
    );
  } catch (error) {
    if (error instanceof PcdError) post({ type: 'failed', code: error.code, detail: error.message });
    else post({ type: 'failed', code: 'DATA_INVALID', detail: error instanceof Error ? error.message : String(error) });
  }
};
