import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkFolderPrefix,
  checkKey,
  checkPartNumber,
  checkPrefix,
  checkRange,
  MIN_PART_BYTES,
  rangeNotSatisfiable,
  unquoteEtag,
} from './object-keys.js';
import {
  type ByteRange,
  type DirectUpload,
  type ObjectBody,
  type ObjectInfo,
  type ObjectStorage,
  type PresignedPut,
  type UploadedPart,
  type UploadGrant,
  type UploadReceiver,
} from './object-storage.js';
import { StorageError } from './storage-errors.js';
import { type UploadUrls } from './upload-urls.js';

/** Unfinished multipart uploads live here, out of reach of keys (no key segment starts with a dot). */
const MULTIPART_DIR = '.multipart';
/**
 * Writes in progress live here until they are renamed into place: one folder on the same file system (so the
 * rename is atomic), named after the key they write (so an abandoned upload's partial writes are found at once),
 * and the one place the sweep reads for partial writes a crash left (no walk over every folder of the store).
 */
const PARTIAL_DIR = '.partial';
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const READ_CHUNK = 1024 * 1024;
/**
 * How much a file write may gather before it waits (the write stream's highWaterMark): the chunks a socket hands
 * over (64 KiB) that arrive while a write is under way go to the file together in the next one, so a file takes
 * far fewer writes than chunks, and the thread pool does less for each byte. Node's default is 64 KiB.
 */
export const WRITE_BATCH_BYTES = 1024 * 1024;

/**
 * Objects as files under `root`, one file per key. Every write goes to a temporary file beside its target and is
 * renamed into place, so a reader sees the old object or the new one, never half of one. Presigned URLs are the
 * BFF's own signed upload URLs (upload-urls.ts), received through `receiver`.
 */
export class LocalStorage implements ObjectStorage, UploadReceiver {
  readonly driver = 'local';
  readonly receiver: UploadReceiver = this;

  constructor(
    readonly root: string,
    readonly uploadUrls: UploadUrls,
  ) {}

  async put(key: string, body: Readable | Buffer, _contentType: string): Promise<{ size: number }> {
    checkKey(key);
    const { size } = await this.writeAtomically(key, this.pathOf(key), body);
    return { size };
  }
  close(): void {
    // Files are opened and closed per call: nothing stays open.
  }

  async get(key: string, range?: ByteRange): Promise<ObjectBody | null> {
    checkKey(key);
    if (range) checkRange(range);
    // Stat and read the same open file: a concurrent overwrite renames a new file in, this one stays whole.
    const file = await openExisting(this.pathOf(key));
    if (!file) return null;
    try {
      const { size } = await file.stat();
      if (!range) return { body: file.createReadStream({ highWaterMark: READ_CHUNK }), length: size, size };
      if (range.start >= size) throw rangeNotSatisfiable(key, size);
      const end = Math.min(range.end, size - 1);
      const body = file.createReadStream({ start: range.start, end, highWaterMark: READ_CHUNK });
      return { body, length: end - range.start + 1, size };
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Buffer | null> {
    checkKey(key);
    const file = await openExisting(this.pathOf(key));
    if (!file) return null;
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    checkKey(key);
    const stats = await stat(this.pathOf(key)).catch(ignoreMissing);
    if (!stats?.isFile()) return null;
    return { key, size: stats.size, lastModified: stats.mtime };
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    // A missing object, or a key that is a folder here (never an object), is nothing to delete.
    await unlink(this.pathOf(key)).catch((error: unknown) => {
      if (!['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    });
  }

  async deletePrefix(prefix: string): Promise<void> {
    checkFolderPrefix(prefix);
    const folder = this.pathOf(prefix);
    // 'a/b.txt/' names what is under a folder 'a/b.txt'; an object 'a/b.txt' is not under it.
    if (!(await stat(folder).catch(ignoreMissing))?.isDirectory()) return;
    await rm(folder, { recursive: true, force: true, maxRetries: 3 });
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    checkPrefix(prefix);
    // Start at the deepest folder the prefix names whole; its last, partial segment filters the entries.
    yield* this.walk(prefix.slice(0, prefix.lastIndexOf('/') + 1), prefix);
  }

  async localCopy(key: string): Promise<{ path: string; release: () => Promise<void> }> {
    checkKey(key);
    const path = this.pathOf(key);
    if (!(await this.head(key))) throw new StorageError('NoSuchKey', `No object ${key}`);
    // The object's own file: nothing was made, so nothing is released.
    return { path, release: () => Promise.resolve() };
  }

  async putFolder(folder: string, prefix: string): Promise<void> {
    checkFolderPrefix(prefix);
    for (const file of await filesUnder(folder)) {
      const key = prefix + relative(folder, file).split(sep).join('/');
      checkKey(key);
      const target = this.pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await rename(file, target).catch(async (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        // Another file system (a tmpfs /tmp): copy, then rename, so no half tile is visible.
        const temp = await this.partialPath(key);
        await copyFile(file, temp);
        await rename(temp, target);
        await unlink(file);
      });
    }
  }

  presignPut(key: string, { size, expiresInSeconds }: DirectUpload): Promise<PresignedPut> {
    // Inside the promise, so a refused key is a rejection, as with the S3 driver.
    return Promise.resolve().then(() => {
      checkKey(key);
      // The receiver enforces the size and writes the object once: no header for the client to carry.
      return { url: this.uploadUrls.url({ key, expiresAt: expiryOf(expiresInSeconds), size }), headers: {} };
    });
  }

  async createMultipartUpload(key: string, _contentType: string): Promise<string> {
    checkKey(key);
    const uploadId = randomUUID();
    await mkdir(this.uploadDir(uploadId), { recursive: true });
    await writeFile(join(this.uploadDir(uploadId), 'key'), key);
    return uploadId;
  }

  async presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    { size, expiresInSeconds }: Omit<DirectUpload, 'contentType'>,
  ): Promise<string> {
    checkPartNumber(partNumber);
    await this.checkUpload(key, uploadId);
    return this.uploadUrls.url({ key, uploadId, partNumber, expiresAt: expiryOf(expiresInSeconds), size });
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<void> {
    await this.checkUpload(key, uploadId);
    if (parts.length === 0) throw new StorageError('InvalidPart', 'A multipart upload needs at least one part');
    parts.forEach((part, index) => {
      checkPartNumber(part.partNumber);
      if (index > 0 && part.partNumber <= parts[index - 1]!.partNumber) {
        throw new StorageError('InvalidPartOrder', 'Part numbers must be ascending');
      }
    });

    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = await this.partialPath(key);
    const output = await open(temp, 'wx');
    try {
      for (const [index, part] of parts.entries()) {
        await appendPart(output, join(this.uploadDir(uploadId), String(part.partNumber)), part, {
          last: index === parts.length - 1,
        });
      }
      await output.close();
      await rename(temp, target);
    } catch (error) {
      await output.close().catch(() => undefined);
      await rm(temp, { force: true });
      throw error;
    }
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    checkKey(key);
    // Unknown, finished, or another key's upload: nothing of this upload is left to drop.
    if (!UPLOAD_ID.test(uploadId) || (await this.uploadKey(uploadId)) !== key) return;
    await rm(this.uploadDir(uploadId), { recursive: true, force: true, maxRetries: 3 });
  }

  async abandonUpload(key: string, multipartUploadId: string | null): Promise<void> {
    if (multipartUploadId) await this.abortMultipartUpload(key, multipartUploadId);
    await this.delete(key);
    // A write cut off by a crash leaves its partial file (of the object, or of a part); nothing else writes to this key.
    const partials = join(this.root, PARTIAL_DIR);
    const prefix = `${partialName(key)}.`;
    for (const name of (await readdir(partials).catch(ignoreMissing)) ?? []) {
      if (name.startsWith(prefix)) await rm(join(partials, name), { force: true });
    }
    await this.removeLegacyPartials(key);
  }

  /**
   * Partial writes no one has written to since `before`: what a crash (`kill -9`, a lost machine) cut off. A write in
   * progress touches its file with every batch of bytes, so only a write that stopped is this old.
   */
  async removeStalePartialWrites(before: Date): Promise<number> {
    const partials = join(this.root, PARTIAL_DIR);
    let removed = 0;
    for (const name of (await readdir(partials).catch(ignoreMissing)) ?? []) {
      const stats = await stat(join(partials, name)).catch(ignoreMissing);
      if (stats && stats.mtime < before) {
        await rm(join(partials, name), { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Releases before `.partial/` wrote beside the target: an upload cut off then is still cleaned when abandoned. */
  private async removeLegacyPartials(key: string): Promise<void> {
    const target = this.pathOf(key);
    const prefix = `.${basename(target)}.`;
    const entries = (await readdir(dirname(target)).catch(ignoreMissing)) ?? [];
    for (const name of entries) {
      if (name.startsWith(prefix) && name.endsWith('.tmp')) await rm(join(dirname(target), name), { force: true });
    }
  }

  verify(token: string): UploadGrant | null {
    return this.uploadUrls.verify(token);
  }

  /**
   * Takes the body of a PUT to an upload URL (a whole object or one part) and answers its ETag. NoSuchUpload for
   * a part of an upload that is gone; a retried part replaces the earlier one (the last PUT wins, as in S3).
   */
  async receive(grant: UploadGrant, body: AsyncIterable<Buffer>): Promise<{ etag: string; size: number }> {
    checkKey(grant.key);
    const source = Readable.from(body, { objectMode: false });
    if (grant.uploadId === undefined || grant.partNumber === undefined) {
      const { size, md5 } = await this.writeAtomically(grant.key, this.pathOf(grant.key), source, {
        exactBytes: grant.size,
        md5: true,
        once: true,
      });
      return { etag: `"${md5}"`, size };
    }
    await this.checkUpload(grant.key, grant.uploadId);
    const uploadId = grant.uploadId;
    // The upload's folder is not made again: a part arriving after an abort must not bring the upload back.
    const part = join(this.uploadDir(uploadId), String(grant.partNumber));
    const { size, md5 } = await this.writeAtomically(grant.key, part, source, {
      exactBytes: grant.size,
      md5: true,
      makeFolder: false,
    }).catch((error: unknown) => {
      // Completed or aborted while the part was arriving.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw noSuchUpload(uploadId);
      throw error;
    });
    return { etag: `"${md5}"`, size };
  }

  private pathOf(key: string): string {
    // checkKey made sure the segments cannot leave the root.
    return join(this.root, ...key.split('/').filter(Boolean));
  }

  private uploadDir(uploadId: string): string {
    return join(this.root, MULTIPART_DIR, uploadId);
  }

  private async uploadKey(uploadId: string): Promise<string | undefined> {
    if (!UPLOAD_ID.test(uploadId)) return undefined;
    const key = await readFile(join(this.uploadDir(uploadId), 'key'), 'utf8').catch(ignoreMissing);
    return key ?? undefined;
  }

  private async checkUpload(key: string, uploadId: string): Promise<void> {
    checkKey(key);
    if ((await this.uploadKey(uploadId)) !== key) throw noSuchUpload(uploadId);
  }

  private async *walk(folderKey: string, prefix: string): AsyncGenerator<ObjectInfo> {
    const entries = await readdir(folderKey ? this.pathOf(folderKey) : this.root, { withFileTypes: true }).catch(
      ignoreMissing,
    );
    if (!entries) return;
    // A folder sorts as its name plus '/', which puts it exactly where its keys fall in byte order ('a-b' < 'a/c').
    const named = entries
      .filter((entry) => !entry.name.startsWith('.') && (entry.isFile() || entry.isDirectory()))
      .map((entry) => ({ entry, key: folderKey + entry.name + (entry.isDirectory() ? '/' : '') }))
      .sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
    for (const { entry, key } of named) {
      if (entry.isDirectory()) {
        if (key.startsWith(prefix) || prefix.startsWith(key)) yield* this.walk(key, prefix);
      } else if (key.startsWith(prefix)) {
        // Gone since the folder was read: not listed.
        const stats = await stat(this.pathOf(key)).catch(ignoreMissing);
        if (stats) yield { key, size: stats.size, lastModified: stats.mtime };
      }
    }
  }

  /** A new partial file of a write for `key` (of the object or of one of its parts). */
  private async partialPath(key: string): Promise<string> {
    const folder = join(this.root, PARTIAL_DIR);
    await mkdir(folder, { recursive: true });
    return join(folder, `${partialName(key)}.${randomUUID()}.tmp`);
  }

  /**
   * Writes `target` (the object of `key`, or one of its parts) through a partial file renamed into place.
   * `exactBytes`: the body must be exactly this long; a longer one is refused as its bytes arrive, a shorter one
   * at its end. `once`: the target is never replaced (PreconditionFailed when it exists).
   */
  private async writeAtomically(
    key: string,
    target: string,
    body: Readable | Buffer,
    {
      exactBytes,
      md5 = false,
      makeFolder = true,
      once = false,
    }: { exactBytes?: number; md5?: boolean; makeFolder?: boolean; once?: boolean } = {},
  ): Promise<{ size: number; md5: string }> {
    if (makeFolder) await mkdir(dirname(target), { recursive: true });
    const temp = await this.partialPath(key);
    const hash = md5 ? createHash('md5') : undefined;
    let size = 0;
    const tooLarge = () => new StorageError('EntityTooLarge', `The body is larger than ${exactBytes} bytes`);
    try {
      if (Buffer.isBuffer(body)) {
        size = body.length;
        if (exactBytes !== undefined && size > exactBytes) throw tooLarge();
        hash?.update(body);
        await writeFile(temp, body, { flag: 'wx' });
      } else {
        // Counted (and hashed) as the chunks pass on their way to the file, by a listener beside the pipe rather
        // than a stream in between: no extra hop for each chunk. A chunk past `exactBytes` fails the write, and the
        // temporary file goes.
        const meter = (chunk: Buffer) => {
          size += chunk.length;
          if (exactBytes !== undefined && size > exactBytes) body.destroy(tooLarge());
          else hash?.update(chunk);
        };
        const written = pipeline(body, createWriteStream(temp, { flags: 'wx', highWaterMark: WRITE_BATCH_BYTES }));
        body.on('data', meter);
        try {
          await written;
        } finally {
          body.off('data', meter);
        }
      }
      if (exactBytes !== undefined && size < exactBytes) {
        throw new StorageError('IncompleteBody', `The body ended after ${size} of ${exactBytes} bytes`);
      }
      if (once) await linkOnce(temp, target);
      else await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { size, md5: hash?.digest('hex') ?? '' };
  }
}

/**
 * Puts a finished file in place unless the target exists: a hard link is made atomically or not at all (EEXIST),
 * so of two writes to one address the first wins and the second cannot replace it.
 */
async function linkOnce(temp: string, target: string): Promise<void> {
  try {
    await link(temp, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new StorageError('PreconditionFailed', 'The object of this address has been written already');
    }
    throw error;
  }
  await unlink(temp);
}

/** Copies one part onto the end of the object being assembled, checking its size rule and its ETag on the way. */
async function appendPart(
  output: Awaited<ReturnType<typeof open>>,
  path: string,
  part: UploadedPart,
  { last }: { last: boolean },
): Promise<void> {
  const stats = await stat(path).catch(ignoreMissing);
  if (!stats) throw new StorageError('InvalidPart', `Part ${part.partNumber} was not uploaded`);
  if (!last && stats.size < MIN_PART_BYTES) {
    throw new StorageError('EntityTooSmall', `Part ${part.partNumber} is below ${MIN_PART_BYTES} bytes`);
  }
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path, { highWaterMark: READ_CHUNK }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    await output.write(chunk);
  }
  if (hash.digest('hex') !== unquoteEtag(part.etag)) {
    throw new StorageError('InvalidPart', `Part ${part.partNumber} is not the one with ETag ${part.etag}`);
  }
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function openExisting(path: string) {
  const file = await open(path, 'r').catch(ignoreMissing);
  if (!file) return null;
  if (!(await file.stat()).isFile()) {
    await file.close();
    return null;
  }
  return file;
}

/** How a key's partial files are named: a fixed-length name for a key of any length. */
function partialName(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

function expiryOf(expiresInSeconds: number): number {
  return Math.floor(Date.now() / 1000) + expiresInSeconds;
}

function noSuchUpload(uploadId: string): StorageError {
  return new StorageError('NoSuchUpload', `No multipart upload ${uploadId}`);
}

/** For `.catch`: a missing file (or a file where a folder was expected) answers null; anything else is thrown. */
function ignoreMissing(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
  throw error;
}
