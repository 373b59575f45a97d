import { extname } from 'node:path';
import { type ByteRange } from './object-storage.js';
import { StorageError } from './storage-errors.js';

/** S3's limits, kept by the local driver too, so code that works on one driver works on the other. */
export const MAX_KEY_BYTES = 1024;
/** The largest single PUT (and the largest part) S3 accepts: 5 GiB. */
export const MAX_PUT_BYTES = 5 * 1024 ** 3;
/** Every part but the last must be at least this big. */
export const MIN_PART_BYTES = 5 * 1024 ** 2;
export const MAX_PART_NUMBER = 10_000;

// Below the usual 255-byte file-name limit with room for the local driver's temporary-file affixes.
const MAX_SEGMENT_BYTES = 200;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Keys are `/`-separated segments, checked the same by both drivers. Refused: an absolute key, empty segments,
 * backslashes, control characters (NUL included), and segments starting with `.` — that covers `.` and `..`,
 * and leaves dot-names to the local driver's own files (temporary files, `.multipart/`), so no key can reach them.
 */
export function checkKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) throw new StorageError('InvalidKey', `Refused object key ${JSON.stringify(key)}: ${problem}`);
}

function keyProblem(key: string): string | undefined {
  if (key === '') return 'empty';
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) return `longer than ${MAX_KEY_BYTES} bytes`;
  if (key.startsWith('/')) return 'absolute';
  if (key.includes('\\')) return 'backslash';
  if (CONTROL_CHARACTERS.test(key)) return 'control character';
  for (const segment of key.split('/')) {
    if (segment === '') return 'empty segment';
    if (segment.startsWith('.')) return 'segment starting with "."';
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) return `segment longer than ${MAX_SEGMENT_BYTES} bytes`;
  }
  return undefined;
}

/** A prefix for list: '' (everything) or the start of a valid key; a key that starts with it must be possible. */
export function checkPrefix(prefix: string): void {
  // Any valid key under the prefix extends it; `prefix + 'x'` is valid exactly when some key can start with it.
  if (keyProblem(`${prefix}x`)) throw new StorageError('InvalidKey', `Refused prefix ${JSON.stringify(prefix)}`);
}

/** A prefix for deletePrefix: a whole folder (ending with `/`), never the whole store. */
export function checkFolderPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new StorageError('InvalidKey', `A folder prefix ends with "/" (got "${prefix}")`);
  checkPrefix(prefix);
}

export function checkRange(range: ByteRange): void {
  if (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end) || range.start < 0) {
    throw new RangeError(`Bad byte range ${range.start}-${range.end}`);
  }
  if (range.end < range.start) throw new RangeError(`Byte range ends before it starts: ${range.start}-${range.end}`);
}

export function rangeNotSatisfiable(key: string, size: number): StorageError {
  return new StorageError('InvalidRange', `The range starts beyond the ${size} bytes of ${key}`, size);
}

export function checkPartNumber(partNumber: number): void {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
    throw new RangeError(`A part number is from 1 to ${MAX_PART_NUMBER} (got ${partNumber})`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.dzi': 'application/xml',
  '.xml': 'application/xml',
  '.json': 'application/json',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

/** The Content-Type of a derivative written by the server (deep-zoom tiles and their descriptor), by extension. */
export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/** S3 quotes ETags; completion accepts them either way. */
export function unquoteEtag(etag: string): string {
  return etag.replace(/^(W\/)?"|"$/g, '');
}
