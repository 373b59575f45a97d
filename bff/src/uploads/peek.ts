import { PassThrough, type Readable } from 'node:stream';

/**
 * Reads the first `bytes` of a stream (fewer if it ends sooner) without losing them: `body` replays the head and
 * then the rest of the stream, with backpressure intact.
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
      const body = new PassThrough();
      body.write(head);
      if (stream.readableEnded) body.end();
      else {
        stream.on('error', (error) => body.destroy(error));
        stream.pipe(body);
      }
      resolve({ head, body });
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
