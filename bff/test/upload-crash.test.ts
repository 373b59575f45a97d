import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PresignedUpload } from '@kanat360/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UploadLedger } from '@/uploads/upload-ledger.js';
import { makeCompany, makeTurbine, makeUser, PASSWORD } from './factories.js';
import { eventually, sleep } from './eventually.js';
import { requireBuiltServer, signInToken, startServer } from './server-process.js';
import { startTestApp, TEST_SECRET, type TestApp } from './test-app.js';

// The built server (bff/dist) in a process of its own, so it can be killed with SIGKILL in the middle of uploads.
const MB = 1024 * 1024;
const BOUNDARY = 'kanat360crash';

/** A request written by hand on a socket of its own: the body goes out as the test says, and may never end. */
async function openRequest(port: number, head: string): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(head);
  return socket;
}

async function send(socket: Socket, bytes: number): Promise<void> {
  const chunk = Buffer.alloc(MB, 0x5a);
  for (let sent = 0; sent < bytes; sent += MB) {
    if (!socket.write(chunk)) await new Promise((resolve) => socket.once('drain', resolve));
  }
}

/** Every file under a folder, dot-files (partial writes) included. */
function filesUnder(folder: string): { path: string; size: number }[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, size: statSync(path).size };
    });
}

let dataDir: string;
let app: TestApp;
beforeAll(async () => {
  requireBuiltServer();
  dataDir = mkdtempSync(join(tmpdir(), 'kanat360-crash-'));
  chmodSync(dataDir, 0o755);
  // The same database and the same DATA_DIR as the server below, with no job running on its own.
  app = await startTestApp({ DATA_DIR: dataDir, WORKER: 'off' });
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('uploads cut off', () => {
  it('by kill -9 of the server leave nothing once swept; a client that hangs up is a warning', async () => {
    const companyId = (await makeCompany(app.dataSource)).id;
    const operator = await makeUser(app.dataSource, { role: 'operator', companyId });
    const turbine = await makeTurbine(app.dataSource, companyId);
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: inject('databaseUrl'),
        SESSION_SECRET: TEST_SECRET,
        WORKER: 'off',
        LOG_LEVEL: 'warn',
      },
      { timeoutMs: 60_000 },
    );
    const { base } = server;
    try {
      const token = await signInToken(base, operator.email, PASSWORD);
      const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#468' } })
        .jpeg()
        .toBuffer();
      const multipartHead = (name: string, length: number) =>
        `POST /api/turbines/${turbine}/photos HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="${name}"\r\n` +
        `Content-Type: image/jpeg\r\n\r\n`;

      // A client that hangs up half-way through a multipart upload.
      const quitter = await openRequest(server.port, multipartHead('vazgecti.jpg', 50 * MB));
      quitter.write(photo);
      await send(quitter, 5 * MB);
      quitter.destroy();

      // Two uploads in flight when the server dies: a multipart one and a direct PUT.
      const streaming = await openRequest(server.port, multipartHead('yarim.jpg', 50 * MB));
      streaming.write(photo);
      await send(streaming, 20 * MB);
      const presigned = await fetch(`${base}/api/turbines/${turbine}/presigned-upload`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ files: [{ name: 'dogrudan.jpg', size: 40 * MB }], room: '1', year: 2025 }),
      });
      const [direct] = ((await presigned.json()) as { presignedUrls: PresignedUpload[] }).presignedUrls;
      const putting = await openRequest(
        server.port,
        `PUT ${direct!.presignedUrl} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${40 * MB}\r\n\r\n`,
      );
      await send(putting, 20 * MB);

      const storage = join(dataDir, 'storage', 'turbines', String(turbine));
      const partial = () => filesUnder(join(dataDir, 'storage', '.partial'));
      await eventually(
        () => partial().length === 2 && partial().every((file) => file.size >= 15 * MB),
        'two partial files',
        { timeoutMs: 30_000 },
      );
      // The line about the client that hung up is written by now.
      await sleep(1000);
      server.child.kill('SIGKILL');
      await server.exited;
      streaming.destroy();
      putting.destroy();

      // What the crash left: the partial files, and the ledger entries that name them.
      expect(partial()).toHaveLength(2);
      const entries: unknown[] = await app.dataSource.query(`SELECT 1 FROM upload_intents WHERE turbine_id = $1`, [
        turbine,
      ]);
      expect(entries).toHaveLength(2);

      // Once the entries expire, the sweep leaves nothing: no partial file, no blob, no entry.
      await app.dataSource.query(
        `UPDATE upload_intents SET expires_at = now() - interval '1 minute' WHERE turbine_id = $1`,
        [turbine],
      );
      expect(await app.app.get(UploadLedger).sweep()).toBeGreaterThanOrEqual(2);
      expect(filesUnder(storage)).toEqual([]);
      expect(partial()).toEqual([]);
      expect(await app.dataSource.query(`SELECT 1 FROM upload_intents WHERE turbine_id = $1`, [turbine])).toEqual([]);

      // The client that hung up: one warning line without a stack, and no error line at all.
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
      const warning = lines.find((line) => line.msg === 'client went away during the request');
      expect(warning).toMatchObject({ level: 40, url: `/api/turbines/${turbine}/photos` });
      expect(JSON.stringify(warning)).not.toContain('stack');
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);

  it('by kill -9 in the middle of a direct PUT, retried and confirmed: the sweep leaves only the photo', async () => {
    const companyId = (await makeCompany(app.dataSource)).id;
    const operator = await makeUser(app.dataSource, { role: 'operator', companyId });
    const turbine = await makeTurbine(app.dataSource, companyId);
    const settings = {
      DATA_DIR: dataDir,
      DATABASE_URL: inject('databaseUrl'),
      SESSION_SECRET: TEST_SECRET,
      WORKER: 'off',
      LOG_LEVEL: 'warn',
    };
    // A real JPEG, padded after its end to 20 MB (what follows the end-of-image marker is not the picture's).
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#864' } })
      .jpeg()
      .toBuffer();
    const body = Buffer.concat([photo, Buffer.alloc(20 * MB - photo.length, 0x5a)]);
    const partial = () => filesUnder(join(dataDir, 'storage', '.partial'));

    const first = await startServer(settings, { timeoutMs: 60_000 });
    let second: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      const token = await signInToken(first.base, operator.email, PASSWORD);
      const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
      const presigned = await fetch(`${first.base}/api/turbines/${turbine}/presigned-upload`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ files: [{ name: 'tekrar.jpg', size: body.length }], room: '1', year: 2025 }),
      });
      const [direct] = ((await presigned.json()) as { presignedUrls: PresignedUpload[] }).presignedUrls;
      const putting = await openRequest(
        first.port,
        `PUT ${direct!.presignedUrl} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      putting.write(body.subarray(0, 10 * MB));
      await eventually(() => partial()[0]?.size === 10 * MB, 'half of the file written', { timeoutMs: 30_000 });
      first.child.kill('SIGKILL');
      await first.exited;
      putting.destroy();

      // The client tries the same address again, on the server started again, and confirms the upload.
      second = await startServer(settings, { timeoutMs: 60_000 });
      const retried = await fetch(new URL(direct!.presignedUrl!, second.base), {
        method: 'PUT',
        headers: direct!.headers,
        body: new Uint8Array(body),
      });
      expect(retried.status).toBe(200);
      const confirmed = await fetch(`${second.base}/api/turbines/${turbine}/confirm-upload`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ uploads: [{ key: direct!.key }] }),
      });
      expect(confirmed.status, await confirmed.clone().text()).toBe(201);

      // The first attempt's partial file: no entry names it any more. A sweep leaves it while it could still be a
      // write in progress; once no byte has come for over an hour, the sweep removes it.
      const [cutOff] = partial();
      expect(cutOff?.size).toBe(10 * MB);
      await app.app.get(UploadLedger).sweep();
      expect(partial()).toEqual([cutOff]);
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      utimesSync(cutOff!.path, twoHoursAgo, twoHoursAgo);
      await app.app.get(UploadLedger).sweep();
      expect(partial()).toEqual([]);

      // What stays is the photo, whole, and its row.
      const stored = filesUnder(join(dataDir, 'storage', 'turbines', String(turbine)));
      expect(stored.map((file) => file.size)).toEqual([body.length]);
      expect(await app.dataSource.query(`SELECT original_name FROM media WHERE turbine_id = $1`, [turbine])).toEqual([
        { original_name: 'tekrar.jpg' },
      ]);
    } finally {
      first.child.kill('SIGKILL');
      second?.child.kill('SIGKILL');
    }
  }, 120_000);
});
