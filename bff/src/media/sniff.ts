import { extname } from 'node:path';
import { type MediaKind } from '@kanat360/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

export type SniffResult =
  | { ok: true; kind: MediaKind; mime: string; ext: string }
  | { ok: false; reason: 'UNKNOWN_TYPE' | 'TYPE_MISMATCH' | 'FORBIDDEN_TYPE' };

export type PdfSniffResult = { ok: true; mime: 'application/pdf'; ext: 'pdf' } | { ok: false; reason: 'NOT_PDF' };

/** Bytes the sniffers want at least; callers may pass more (up to 1 MB helps photos with a large EXIF block). */
export const SNIFF_HEAD_BYTES = 4100;

/**
 * Pixels an uploaded image may have: 200 MP, what real cameras make (45 MP blade photos, 100 MP medium format,
 * 16k × 8k = 134 MP panoramas) with room to spare. Above it an image is refused from its header, before anything
 * decodes it; a small file can declare a huge picture (a 747 KB PNG of 16,000 × 16,000 px made 5,346 tiles), and
 * every pixel costs memory and tiles. sharp enforces the same number while decoding.
 */
export const MAX_IMAGE_PIXELS = 200_000_000;

const PCD_MIME = 'application/x-pcd';

interface AcceptedType {
  kind: MediaKind;
  /** The extension the server's key gets. */
  ext: string;
  /** Extensions a client's name may carry for this type. */
  names: readonly string[];
}

// MP4, M4V and QuickTime are one container family (ISO BMFF); cameras name it either way, so the names are shared.
const ISO_VIDEO_NAMES = ['mp4', 'm4v', 'mov'];

const ACCEPTED: Readonly<Record<string, AcceptedType>> = {
  'image/jpeg': { kind: 'photo', ext: 'jpg', names: ['jpg', 'jpeg'] },
  'image/png': { kind: 'photo', ext: 'png', names: ['png'] },
  'image/webp': { kind: 'photo', ext: 'webp', names: ['webp'] },
  'image/tiff': { kind: 'photo', ext: 'tif', names: ['tif', 'tiff'] },
  'video/mp4': { kind: 'video', ext: 'mp4', names: ISO_VIDEO_NAMES },
  'video/x-m4v': { kind: 'video', ext: 'm4v', names: ISO_VIDEO_NAMES },
  'video/quicktime': { kind: 'video', ext: 'mov', names: ISO_VIDEO_NAMES },
  'video/webm': { kind: 'video', ext: 'webm', names: ['webm'] },
  [PCD_MIME]: { kind: 'pointcloud', ext: 'pcd', names: ['pcd'] },
};

// Types a browser could run or render as a document; refused by name as well as by content.
const FORBIDDEN_NAMES = new Set([
  'svg',
  'svgz',
  'html',
  'htm',
  'xhtml',
  'shtml',
  'xml',
  'xsl',
  'js',
  'mjs',
  'cjs',
  'php',
  'sh',
  'bat',
  'cmd',
  'ps1',
]);

function extensionOf(fileName: string): string {
  return extname(fileName).slice(1).toLowerCase();
}

/** The first characters of the head as text, without a byte-order mark or leading whitespace. */
function leadingText(head: Buffer): string {
  const start = head.subarray(0, 1024);
  let text: string;
  if (start[0] === 0xff && start[1] === 0xfe) text = start.subarray(2).toString('utf16le');
  else if (start[0] === 0xfe && start[1] === 0xff) text = Buffer.from(start.subarray(2)).swap16().toString('utf16le');
  else if (start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf) text = start.subarray(3).toString('latin1');
  else text = start.toString('latin1');
  return text.trimStart();
}

/** Markup (HTML, SVG, XML — anything opening with `<`) or a script with a shebang. No image or video starts so. */
function isMarkupOrScript(head: Buffer): boolean {
  const text = leadingText(head);
  return text.startsWith('<') || text.startsWith('#!');
}

const PCD_KEYWORDS = ['VERSION', 'FIELDS', 'SIZE', 'TYPE', 'COUNT', 'WIDTH', 'HEIGHT', 'VIEWPOINT', 'POINTS', 'DATA'];

/**
 * A PCD header (PCL's point-cloud format): optional `#` comments, VERSION first, FIELDS somewhere, only known
 * keywords, ending with `DATA ascii|binary|binary_compressed`. file-type does not know the format.
 */
function isPcd(head: Buffer): boolean {
  const lines = head
    .subarray(0, 64 * 1024)
    .toString('latin1')
    .split('\n');
  let sawVersion = false;
  let sawFields = false;
  // The last line may be cut by the end of the head; a header that long is not a PCD header anyway.
  for (const raw of lines.slice(0, -1)) {
    const line = raw.replace(/\r$/, '').trim();
    if (line === '' || line.startsWith('#')) continue;
    if (/[^\x20-\x7e\t]/.test(line)) return false;
    const keyword = line.split(/\s+/, 1)[0] ?? '';
    if (!PCD_KEYWORDS.includes(keyword)) return false;
    if (!sawVersion && keyword !== 'VERSION') return false;
    sawVersion = true;
    if (keyword === 'FIELDS') sawFields = true;
    if (keyword === 'DATA') return sawFields && /^DATA\s+(ascii|binary|binary_compressed)$/.test(line);
  }
  return false;
}

/**
 * What an uploaded file really is, from its first bytes and its name: a photo (JPEG, PNG, WebP, TIFF), a video
 * (MP4, MOV, M4V, WebM) or a `.pcd` point cloud. The name's extension must agree with the bytes; markup (SVG, HTML,
 * XML) and scripts are refused whatever the name says.
 */
export async function sniffMedia(head: Buffer, fileName: string): Promise<SniffResult> {
  const nameExt = extensionOf(fileName);
  if (isMarkupOrScript(head) || FORBIDDEN_NAMES.has(nameExt)) return { ok: false, reason: 'FORBIDDEN_TYPE' };

  const detected = await fileTypeFromBuffer(head);
  let mime: string | undefined = detected?.mime;
  if (mime !== undefined && /svg|html|xml|javascript/.test(mime)) return { ok: false, reason: 'FORBIDDEN_TYPE' };
  if (mime === undefined && isPcd(head)) mime = PCD_MIME;

  const accepted = mime === undefined ? undefined : ACCEPTED[mime];
  if (mime === undefined || !accepted) return { ok: false, reason: 'UNKNOWN_TYPE' };
  if (!accepted.names.includes(nameExt)) return { ok: false, reason: 'TYPE_MISMATCH' };
  return { ok: true, kind: accepted.kind, mime, ext: accepted.ext };
}

/** A report: the bytes open with `%PDF-` (a UTF-8 byte-order mark before it is tolerated) and the name ends in `.pdf`. */
export function sniffPdf(head: Buffer, fileName: string): PdfSniffResult {
  const start = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head;
  const isPdf = start.subarray(0, 5).toString('latin1') === '%PDF-';
  if (!isPdf || extensionOf(fileName) !== 'pdf') return { ok: false, reason: 'NOT_PDF' };
  return { ok: true, mime: 'application/pdf', ext: 'pdf' };
}

/** Width and height from a JPEG's SOF marker or a PNG's IHDR; null for other formats and heads cut short. */
function dimensionsFromMarkers(head: Buffer): { width: number; height: number } | null {
  if (head.length >= 24 && head.readUInt32BE(0) === 0x89504e47 && head.toString('latin1', 12, 16) === 'IHDR') {
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  }
  if (head[0] !== 0xff || head[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 <= head.length) {
    if (head[offset] !== 0xff) return null;
    const marker = head[offset + 1] ?? 0;
    // Padding bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: head.readUInt16BE(offset + 7), height: head.readUInt16BE(offset + 5) };
    }
    offset += 2 + head.readUInt16BE(offset + 2);
  }
  return null;
}

/**
 * An image's declared size, read from its header in milliseconds: compare with MAX_IMAGE_PIXELS to refuse a
 * decompression bomb before anything decodes it. Null when the head does not hold the header (a TIFF whose
 * directory sits at the end of the file, say); sharp's pixel limit still stops such a file in the derivative job.
 */
export async function imageDimensions(head: Buffer): Promise<{ width: number; height: number } | null> {
  // A JPEG's SOF marker or a PNG's IHDR says it in a few bytes, read here at once; sharp (the other formats) runs
  // on the thread pool, where it would queue behind the file writes of every upload in progress.
  const fromMarkers = dimensionsFromMarkers(head);
  if (fromMarkers && fromMarkers.width > 0 && fromMarkers.height > 0) return fromMarkers;
  try {
    // No pixel limit here: the point is to learn the size a bomb declares, not to decode it.
    const metadata = await sharp(head, { limitInputPixels: false }).metadata();
    if (metadata.width > 0 && metadata.height > 0) return { width: metadata.width, height: metadata.height };
  } catch {
    // A head cut short of what sharp wants.
  }
  return null;
}

export function exceedsPixelLimit(size: { width: number; height: number }): boolean {
  return size.width * size.height > MAX_IMAGE_PIXELS;
}

/**
 * What a file name promises before any byte arrives (a direct upload is announced by name and size): the kind its
 * extension stands for, 'forbidden' for markup and scripts, null for anything else. The bytes are still sniffed
 * when the upload is confirmed.
 */
export function expectedKindOfName(fileName: string): MediaKind | 'forbidden' | null {
  const ext = extensionOf(fileName);
  if (FORBIDDEN_NAMES.has(ext)) return 'forbidden';
  return Object.values(ACCEPTED).find((type) => type.names.includes(ext))?.kind ?? null;
}
