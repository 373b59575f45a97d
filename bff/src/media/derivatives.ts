import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MediaFailureCode, type MediaKind, type MediaWarningCode } from '@kanat360/contracts';
import sharp, { type FormatEnum, type Sharp } from 'sharp';
import { type ObjectStorage } from '@/storage/object-storage.js';
import { type CaptureFacts, NO_CAPTURE_FACTS, readPhotoCapture } from './capture-facts.js';
import { loopbackSource } from './loopback-source.js';
import { isEquirectangular, panoramaLevels, panoramaTilePath } from './panorama-levels.js';
import { MAX_IMAGE_PIXELS } from './sniff.js';
import { DEEP_ZOOM_TILE, exceedsTileBudget, MAX_TILES } from './tile-budget.js';
import { videoFacts } from './video-poster.js';

export const THUMB_SIZE = 400;
export const PREVIEW_SIZE = 2048;

export interface Derivatives extends CaptureFacts {
  /** The original's size in bytes, as stored. */
  size: number;
  thumbKey: string | null;
  previewKey: string | null;
  /** The deep-zoom descriptor (`…/tiles/image.dzi`); its tiles are in `…/tiles/image_files/{level}/{x}_{y}.jpeg`. */
  tilesKey: string | null;
  /** After EXIF orientation, as a viewer shows the picture. */
  width: number | null;
  height: number | null;
  isPanorama: boolean;
  /** The width the panorama tiles (`…/pano/{level}/{col}_{row}.jpg`) were cut from: see panoramaLevels. */
  panoramaWidth: number | null;
  /** A video's length in seconds, when ffprobe could read it. */
  durationS: number | null;
  /** What was gone past: a JPEG shown as far as its damaged data could be read. */
  processingWarning: MediaWarningCode | null;
}

/**
 * The original cannot be turned into derivatives (corrupt, not an image, over the pixel limit): retrying will not
 * help. `code` is what people are told; the message, with the image library's words, is for the logs only.
 */
export class DerivativeError extends Error {
  override name = 'DerivativeError';

  constructor(
    readonly code: MediaFailureCode,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(detail, options);
  }
}

/**
 * The derivatives of one stored original, written under `prefix` (`turbines/{id}/derivatives/{asset}/`): for a
 * photo a thumbnail (≤ 400 px), a preview (≤ 2048 px) and deep-zoom tiles, plus its size, capture facts (EXIF time,
 * offset, GPS, camera) and whether it is a 2:1 panorama (which also gets equirectangular tiles); for a video its
 * length and capture facts (ffprobe) and a poster frame as thumbnail and preview (ffmpeg), when they can read it;
 * for point clouds only the size. A JPEG with damaged data is shown as far as it can be read, with a warning.
 * Running it again overwrites the same keys. Throws DerivativeError, with a code, for an image that cannot be read.
 */
export async function makeDerivatives(
  storage: ObjectStorage,
  job: { sourceKey: string; prefix: string; kind: MediaKind },
  /** Waits for memory for a photo of this size (read from its header first); answers how to give it back. */
  reserve: (width: number, height: number) => Promise<() => void> = () => Promise.resolve(() => undefined),
): Promise<Derivatives> {
  const info = await storage.head(job.sourceKey);
  if (!info) throw new DerivativeError('MEDIA_ORIGINAL_MISSING', 'the original is missing from storage');
  const result: Derivatives = {
    ...NO_CAPTURE_FACTS,
    size: info.size,
    thumbKey: null,
    previewKey: null,
    tilesKey: null,
    width: null,
    height: null,
    isPanorama: false,
    panoramaWidth: null,
    durationS: null,
    processingWarning: null,
  };
  if (job.kind === 'pointcloud') return result;
  if (job.kind === 'video')
    return { ...result, ...(await videoDerivatives(storage, job.sourceKey, info.size, job.prefix)) };

  const copy = await storage.localCopy(job.sourceKey);
  let folder: string | undefined;
  try {
    folder = await mkdtemp(join(tmpdir(), 'kanat360-tiles-'));
    const { damaged, ...facts } = await photoDerivatives(storage, copy.path, folder, job.prefix, reserve);
    return { ...result, ...facts, processingWarning: damaged ? 'IMAGE_DAMAGED' : null };
  } finally {
    if (folder) await rm(folder, { recursive: true, force: true });
    await copy.release();
  }
}

/**
 * How a photo is decoded. `strict` stops at damaged or missing data. `lenient` goes past it, as browsers do, showing
 * what could be read (grey below a cut): libvips then treats a cut as a warning (`failOn: 'none'`) and, for a JPEG,
 * lifts its cap of 100 warnings, which a few damaged bytes near the end of a real camera's file exceed. The
 * pixel limit holds either way.
 */
function decoder(path: string, format: keyof FormatEnum | undefined) {
  return (mode: 'strict' | 'lenient') => () =>
    sharp(path, {
      limitInputPixels: MAX_IMAGE_PIXELS,
      autoOrient: true,
      failOn: mode === 'strict' ? 'error' : 'none',
      // `unlimited` also lifts PNG, SVG and HEIF safeguards: only a JPEG's warning cap is wanted.
      unlimited: mode === 'lenient' && format === 'jpeg',
    });
}

async function photoDerivatives(
  storage: ObjectStorage,
  path: string,
  folder: string,
  prefix: string,
  reserve: (width: number, height: number) => Promise<() => void>,
) {
  const metadata = await sharp(path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .metadata()
    .catch((error: unknown) => {
      throw readFailure(error);
    });
  const { width, height } = metadata.autoOrient;
  const open = decoder(path, metadata.format);
  // Refused at upload from its header already; here for an image whose header the upload could not read.
  if (exceedsTileBudget({ width, height })) {
    throw new DerivativeError('IMAGE_TOO_MANY_TILES', `it would make more than ${MAX_TILES} tiles`);
  }
  const release = await reserve(width, height);
  try {
    try {
      return { ...(await decodeAll(storage, path, folder, prefix, open('strict'), width, height)), damaged: false };
    } catch (error) {
      if (!(error instanceof DerivativeError) || error.code !== 'IMAGE_CORRUPT') throw error;
    }
    // Only a photo whose data is damaged is decoded a second time: whether it is, is known for certain that way
    // (libvips reports its warnings to the whole process, not to the image that raised them).
    await Promise.all(['tiles', 'pano'].map((part) => rm(join(folder, part), { recursive: true, force: true })));
    return { ...(await decodeAll(storage, path, folder, prefix, open('lenient'), width, height)), damaged: true };
  } finally {
    release();
  }
}

/** The two decodes of a photo (tiles; preview and thumbnail) and its EXIF, stored under `prefix`. */
async function decodeAll(
  storage: ObjectStorage,
  path: string,
  folder: string,
  prefix: string,
  open: () => Sharp,
  width: number,
  height: number,
) {
  const thumbKey = `${prefix}thumb.jpg`;
  const previewKey = `${prefix}preview.jpg`;
  const tilesPrefix = `${prefix}tiles/`;
  const tilesFolder = join(folder, 'tiles');
  // Two decodes run side by side: the tiles need the full image, the preview only a shrink-on-load of it, and
  // the thumbnail is made from the preview rather than from the original a third time.
  const [exif, previews, tiles] = await Promise.allSettled([
    readPhotoCapture(path),
    (async () => {
      const preview = await open()
        .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 82 })
        .toBuffer();
      const thumb = await sharp(preview)
        .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 78 })
        .toBuffer();
      return { preview, thumb };
    })(),
    open()
      .jpeg({ quality: 80 })
      .tile({ ...DEEP_ZOOM_TILE, layout: 'dz' })
      .toFile(join(tilesFolder, 'image')),
  ]);
  // Settled first, so nothing still writes into the folder when the caller removes it.
  if (previews.status === 'rejected') throw readFailure(previews.reason);
  if (tiles.status === 'rejected') throw readFailure(tiles.reason);

  await Promise.all([
    storage.put(previewKey, previews.value.preview, 'image/jpeg'),
    storage.put(thumbKey, previews.value.thumb, 'image/jpeg'),
    // Tiles of an earlier run go first: the same image makes the same tiles, but a run over a replaced original
    // must not leave levels of the old one behind.
    storage.deletePrefix(tilesPrefix).then(() => storage.putFolder(tilesFolder, tilesPrefix)),
  ]);

  const isPanorama = isEquirectangular(width, height);
  // After the other decodes, not beside them: the memory reserved for this photo covers two decodes at once.
  if (isPanorama) await panoramaTiles(storage, open, join(folder, 'pano'), prefix, width);
  const facts = exif.status === 'fulfilled' ? exif.value : NO_CAPTURE_FACTS;
  return {
    thumbKey,
    previewKey,
    tilesKey: `${tilesPrefix}image.dzi`,
    width,
    height,
    ...facts,
    isPanorama,
    panoramaWidth: isPanorama ? width : null,
  };
}

/**
 * The equirectangular tiles of a panorama `width` px wide, level by level (see panoramaLevels): each level is the
 * picture resized to the level's width × half of it and cut into square tiles by libvips, which streams, so one
 * level at a time holds only a few rows of tiles in memory. Stored as `{prefix}pano/{level}/{col}_{row}.jpg`.
 */
export async function panoramaTiles(
  storage: ObjectStorage,
  open: () => Sharp,
  folder: string,
  prefix: string,
  width: number,
) {
  const levels = panoramaLevels(width);
  for (const [index, level] of levels.entries()) {
    const cut = join(folder, `cut-${index}`);
    await open()
      .resize(level.width, level.width / 2, { fit: 'fill' })
      .jpeg({ quality: 80 })
      .tile({ size: level.width / level.cols, overlap: 0, layout: 'dz', depth: 'one' })
      .toFile(join(cut, 'level'))
      .catch((error: unknown) => {
        throw readFailure(error);
      });
    // depth 'one' writes the single level as level_files/{deep-zoom level number}/{col}_{row}.jpeg.
    const [deepZoomLevel] = await readdir(join(cut, 'level_files'));
    const tiles = join(cut, 'level_files', deepZoomLevel!);
    const target = join(folder, 'tiles');
    await mkdir(join(target, 'pano', String(index)), { recursive: true });
    for (const name of await readdir(tiles)) {
      const [col, row] = name.replace(/\.jpeg$/, '').split('_');
      await rename(join(tiles, name), join(target, panoramaTilePath(index, col!, row!)));
    }
  }
  const panoPrefix = `${prefix}pano/`;
  // As with the deep-zoom tiles: levels of an earlier run over another original must not stay behind.
  await storage.deletePrefix(panoPrefix);
  await storage.putFolder(join(folder, 'tiles', 'pano'), panoPrefix);
}

/**
 * A video's length and capture facts (ffprobe), and its poster (a frame near the start, ffmpeg) as preview and
 * thumbnail, when they can read it. Both read the local driver's own file; from S3 they read ranges through a
 * loopback address (the header, and one frame), so a video of many gigabytes is not downloaded for its poster.
 */
async function videoDerivatives(storage: ObjectStorage, sourceKey: string, size: number, prefix: string) {
  const source =
    storage.driver === 's3'
      ? await loopbackSource(storage, sourceKey, size).then(({ url, close }) => ({ path: url, release: close }))
      : await storage.localCopy(sourceKey);
  let folder: string | undefined;
  try {
    folder = await mkdtemp(join(tmpdir(), 'kanat360-tiles-'));
    const facts = await videoFacts(source.path, join(folder, 'poster.png'));
    const read = { durationS: facts.durationS, ...facts.capture };
    if (!facts.poster) return read;
    const thumbKey = `${prefix}thumb.jpg`;
    const previewKey = `${prefix}preview.jpg`;
    const inside = { fit: 'inside', withoutEnlargement: true } as const;
    const poster = sharp(facts.poster);
    const [metadata, preview] = await Promise.all([
      poster.metadata(),
      poster.clone().resize(PREVIEW_SIZE, PREVIEW_SIZE, inside).jpeg({ quality: 82 }).toBuffer(),
    ]);
    const thumb = await sharp(preview).resize(THUMB_SIZE, THUMB_SIZE, inside).jpeg({ quality: 78 }).toBuffer();
    await Promise.all([storage.put(previewKey, preview, 'image/jpeg'), storage.put(thumbKey, thumb, 'image/jpeg')]);
    return { ...read, thumbKey, previewKey, width: metadata.width, height: metadata.height };
  } finally {
    if (folder) await rm(folder, { recursive: true, force: true });
    await source.release();
  }
}

/** What people are told (a code), and for the logs the first line of what sharp said. */
function readFailure(error: unknown): DerivativeError {
  const message = error instanceof Error ? error.message : String(error);
  const detail = message.split('\n', 1)[0]?.slice(0, 300) ?? '';
  const code: MediaFailureCode = /pixel limit/i.test(message)
    ? 'IMAGE_TOO_LARGE'
    : /unsupported image format/i.test(message)
      ? 'IMAGE_UNREADABLE'
      : 'IMAGE_CORRUPT';
  return new DerivativeError(code, detail, { cause: error });
}
