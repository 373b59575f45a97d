import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { parseRange } from '@/files/content-disposition.js';
import { type ObjectStorage } from '@/storage/object-storage.js';

/**
 * One stored object on a loopback HTTP address with Range, for a tool that reads a few parts of a big file (ffprobe
 * seeks to a video's header, ffmpeg to one frame): with S3, the object is read in ranges from the store instead of
 * being downloaded whole (a video may be 50 GB). The address carries a random token and lives for one job.
 */
export async function loopbackSource(
  storage: ObjectStorage,
  key: string,
  size: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const path = `/${randomBytes(16).toString('hex')}`;
  const server = createServer((request, response) => {
    void (async () => {
      if (request.url !== path || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404).end();
        return;
      }
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        response.writeHead(416, { 'Content-Range': `bytes */${size}` }).end();
        return;
      }
      const object = await storage.get(key, range ?? undefined);
      if (!object) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(range ? 206 : 200, {
        'Accept-Ranges': 'bytes',
        'Content-Length': String(object.length),
        'Content-Type': 'application/octet-stream',
        ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${size}` } : {}),
      });
      if (request.method === 'HEAD') {
        object.body.destroy();
        response.end();
        return;
      }
      await pipeline(object.body, response);
    })().catch(() => {
      // ffprobe and ffmpeg drop a connection when they seek elsewhere; a store error ends the answer short, which
      // they see.
      response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
