import { Readable } from 'node:stream';

/**
 * Reads the first `bytes` of a stream (fewer if it ends sooner) without losing them: `body` replays the head and
 * then the rest of the stream, with backpressure intact. The head is put back into the stream itself (unshift), so
 * `body` is the stream, not a copy of it behind another stream: no extra hop for each of the file's chunks.
 */
export function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; body: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      stream.off('data', onData);
      stream.off('end', finish);
      stream.off('error', reject);
      stream.pause();
      const head = Buffer.concat(chunks);
      if (stream.readableEnded) {
        // Nothing is left to read, and an ended stream takes nothing back: the head alone is the body.
        resolve({ head, body: Readable.from(head.length > 0 ? [head] : [], { objectMode: false }) });
        return;
      }
      // The head goes back as one chunk; the chunks it was read in are garbage at once.
      stream.unshift(head);
      resolve({ head, body: stream });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= bytes) finish();
    };
    stream.on('data', onData);
    stream.once('end', finish);
    stream.once('error', reject);
  });
}
