import { z } from 'zod';
import { type MediaFailureCode } from '../errors.js';
import {
  BLADES,
  type Blade,
  REPAIR_PHOTO_CATEGORY,
  UPLOAD_CATEGORIES,
  type MediaCamera,
  type MediaCategory,
  type MediaKind,
  type MediaStatus,
  type MediaWarningCode,
  PHOTO_PAGE,
} from '../media.js';
import { text } from './fields.js';

const FIRST_YEAR = 2000;

/** A campaign year: from 2000 to next year; a numeric string from a form is fine. */
export const yearField = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'YEAR_INVALID' })
    .int({ error: 'YEAR_INVALID' })
    .min(FIRST_YEAR, { error: 'YEAR_INVALID' })
    .refine((year) => year <= new Date().getFullYear() + 1, { error: 'YEAR_INVALID' }),
);

/** Spec §3: the room is a number; missing or invalid gives room 1 (never an error). */
export const roomField = z
  .unknown()
  .optional()
  .transform((value) => {
    const room = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
    return Number.isInteger(room) && room >= 1 && room <= 1000 ? room : 1;
  });

const optionalBlank = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * Where an upload goes. The seed client sends `blade` (A/B/C) for blade rooms; a category page sends `category`
 * (or a blade of the form `category-drone`, as its keys read).
 */
export const uploadTargetFields = z
  .object({
    room: roomField,
    year: z.preprocess(optionalBlank, yearField.optional()),
    blade: z.preprocess(
      optionalBlank,
      text({ error: 'BLADE_INVALID' })
        .trim()
        .toUpperCase()
        .regex(/^(A|B|C|CATEGORY-(DRONE|OPERATOR|ROBOT))$/, { error: 'BLADE_INVALID' })
        .optional(),
    ),
    category: z.preprocess(optionalBlank, z.enum(UPLOAD_CATEGORIES, { error: 'CATEGORY_INVALID' }).optional()),
  })
  .superRefine(({ blade, category }, ctx) => {
    // A repair photo is placed on the blade it shows: the repair's completion checks it against its findings.
    if (category === REPAIR_PHOTO_CATEGORY && (blade === undefined || blade.startsWith('CATEGORY-'))) {
      ctx.addIssue({ code: 'custom', message: 'REPAIR_PHOTO_BLADE_REQUIRED', path: ['blade'] });
    }
  })
  .transform(({ room, year, blade, category }) => {
    const now = new Date();
    const fromBlade = blade?.startsWith('CATEGORY-') ? (blade.slice(9).toLowerCase() as MediaCategory) : undefined;
    const resolvedCategory: MediaCategory = category ?? fromBlade ?? 'blade';
    return {
      room,
      year: year ?? now.getFullYear(),
      // Category photos may still name a blade (the category pages have a blade picker).
      blade: blade && !blade.startsWith('CATEGORY-') ? (blade as Blade) : null,
      category: resolvedCategory,
    };
  });
export type UploadTarget = z.output<typeof uploadTargetFields>;

const fileSize = z
  .number({ error: 'VALIDATION_ERROR' })
  .int({ error: 'VALIDATION_ERROR' })
  .min(1, { error: 'VALIDATION_ERROR' });

/**
 * Direct uploads (presign → PUT → confirm) are bounded per call, and a multipart upload's part addresses are handed
 * out in batches as the upload proceeds (`POST …/upload-parts`), never all at once.
 */
export const DIRECT_UPLOAD = {
  /** Files per presigned-upload, confirm-upload or cancel-upload call. */
  maxFiles: 100,
  /** Part addresses answered with a multipart upload, and by default per upload-parts call. */
  partBatch: 20,
  /** Part addresses one upload-parts call may ask for. */
  maxPartBatch: 100,
} as const;

const uploadKey = text({ error: 'VALIDATION_ERROR' }).min(1, { error: 'VALIDATION_ERROR' }).max(1024);

export const presignedUploadBody = z
  .object({
    files: z
      .array(
        z.object({
          name: text({ error: 'VALIDATION_ERROR' })
            .min(1, { error: 'VALIDATION_ERROR' })
            .max(255, { error: 'VALUE_TOO_LONG' }),
          size: fileSize,
          type: text().max(255).optional(),
        }),
        { error: 'NO_FILES' },
      )
      .min(1, { error: 'NO_FILES' })
      .max(DIRECT_UPLOAD.maxFiles, { error: 'TOO_MANY_DIRECT_UPLOADS' }),
  })
  .and(uploadTargetFields);
export type PresignedUploadBody = z.output<typeof presignedUploadBody>;

/**
 * The names a client is about to upload, checked before any byte is sent (spec §5: the naming rule, and names the
 * turbine already has).
 */
export const checkNamesBody = z.strictObject({
  names: z
    .array(text({ error: 'VALIDATION_ERROR' }).max(255, { error: 'VALUE_TOO_LONG' }), { error: 'NO_FILES' })
    .min(1, { error: 'NO_FILES' })
    .max(1000, { error: 'TOO_MANY_FILES' }),
});
export type CheckNamesBody = z.output<typeof checkNamesBody>;

export const confirmUploadBody = z.object({
  uploads: z
    .array(
      z.object({
        key: uploadKey,
        originalName: text().max(255).optional(),
        size: fileSize.optional(),
        type: text().max(255).optional(),
        /** For a multipart upload: the ETag each part's PUT answered. */
        parts: z
          .array(z.object({ partNumber: z.number().int().min(1).max(10_000), etag: text().min(1).max(200) }))
          .max(10_000)
          .optional(),
      }),
      { error: 'NO_FILES' },
    )
    .min(1, { error: 'NO_FILES' })
    .max(DIRECT_UPLOAD.maxFiles, { error: 'TOO_MANY_DIRECT_UPLOADS' }),
  // Sent again by the seed client; the intent made at presign time already says where the files go.
  room: z.unknown().optional(),
  year: z.unknown().optional(),
  blade: z.unknown().optional(),
  category: z.unknown().optional(),
});
export type ConfirmUploadBody = z.output<typeof confirmUploadBody>;

/** The next part addresses of a multipart direct upload: `count` parts from part number `from`. */
export const uploadPartsBody = z.strictObject({
  key: uploadKey,
  from: z.number({ error: 'VALIDATION_ERROR' }).int().min(1).max(10_000).default(1),
  count: z
    .number({ error: 'VALIDATION_ERROR' })
    .int()
    .min(1)
    .max(DIRECT_UPLOAD.maxPartBatch, { error: 'VALIDATION_ERROR' })
    .default(DIRECT_UPLOAD.partBatch),
});
export type UploadPartsBody = z.output<typeof uploadPartsBody>;

/** Direct uploads the client gives up (the user cancelled them): their addresses die and their bytes go. */
export const cancelUploadBody = z.strictObject({
  keys: z
    .array(uploadKey, { error: 'NO_FILES' })
    .min(1, { error: 'NO_FILES' })
    .max(DIRECT_UPLOAD.maxFiles, { error: 'TOO_MANY_DIRECT_UPLOADS' }),
});
export type CancelUploadBody = z.output<typeof cancelUploadBody>;

export const photoListQuery = z.object({
  room: z.preprocess(optionalBlank, z.coerce.number({ error: 'VALIDATION_ERROR' }).int().min(1).max(1000).optional()),
  view: z.preprocess(optionalBlank, z.enum(['all'], { error: 'VALIDATION_ERROR' }).optional()),
  year: z.preprocess(optionalBlank, yearField.optional()),
  blade: z.preprocess(optionalBlank, z.enum(BLADES, { error: 'BLADE_INVALID' }).optional()),
  /** Left out: every category but `repair` (after-repair photos are listed when asked for, or by their ids). */
  category: z.preprocess(optionalBlank, z.enum(UPLOAD_CATEGORIES, { error: 'CATEGORY_INVALID' }).optional()),
  /** One camera: `make|model` as `GET …/photos/cameras` offers it (cameraFilterValue). */
  camera: z.preprocess(
    optionalBlank,
    text({ error: 'VALIDATION_ERROR' })
      .max(250, { error: 'VALUE_TOO_LONG' })
      .regex(/^[^|]*\|.*$/s, { error: 'CAMERA_INVALID' })
      .transform((value) => {
        const bar = value.indexOf('|');
        return { make: value.slice(0, bar) || null, model: value.slice(bar + 1) || null };
      })
      .refine((camera) => camera.make !== null || camera.model !== null, { error: 'CAMERA_INVALID' })
      .optional(),
  ),
  /** Part of the file name, or a room (number, "oda 5", or its label such as "Root-WW"). */
  q: z.preprocess(optionalBlank, text().trim().max(100, { error: 'VALUE_TOO_LONG' }).optional()),
  limit: z.preprocess(
    optionalBlank,
    z.coerce
      .number({ error: 'LIMIT_INVALID' })
      .int({ error: 'LIMIT_INVALID' })
      .min(1, { error: 'LIMIT_INVALID' })
      .max(PHOTO_PAGE.maxLimit, { error: 'LIMIT_INVALID' })
      .default(PHOTO_PAGE.defaultLimit),
  ),
  /**
   * Only these media (comma-separated ids, at most 200): how a client follows photos still being processed. The id
   * of an older version answers the photo's current version (a finding names the version it was marked on).
   */
  ids: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.split(',') : undefined),
    z
      .array(
        z.coerce
          .number({ error: 'VALIDATION_ERROR' })
          .int({ error: 'VALIDATION_ERROR' })
          .positive({ error: 'VALIDATION_ERROR' }),
      )
      .max(PHOTO_PAGE.maxIds, { error: 'VALIDATION_ERROR' })
      .optional(),
  ),
  /** The `next_cursor` of the page before, as it was answered. */
  cursor: z.preprocess(
    optionalBlank,
    text({ error: 'CURSOR_INVALID' })
      .max(200, { error: 'CURSOR_INVALID' })
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'CURSOR_INVALID' })
      .optional(),
  ),
  noCache: z.unknown().optional(),
});
export type PhotoListQuery = z.output<typeof photoListQuery>;

/**
 * Where a turbine's media are (GET /turbines/{id}/photos/summary): how many current media each campaign year has
 * per category, blade and room. Screens mark the rooms, years and galleries that hold something with it.
 */
export interface MediaPlaceCount {
  year: number;
  category: MediaCategory;
  blade: Blade | null;
  room: number;
  count: number;
}

/** A camera that made current media of a turbine, with how many (GET /turbines/{id}/photos/cameras). */
export interface MediaCameraCount {
  /** The value of the photo list's `camera` filter that finds its media. */
  id: string;
  make: string | null;
  model: string | null;
  count: number;
}

export const mediaKeyQuery = z.object({
  key: text({ error: 'MEDIA_NOT_FOUND' }).min(1, { error: 'MEDIA_NOT_FOUND' }).max(1024),
});

/** The address of one part of a multipart direct upload; its PUT must carry exactly `size` bytes. */
export interface UploadPartAddress {
  partNumber: number;
  presignedUrl: string;
  size: number;
}

/**
 * One accepted file of a presigned-upload call. Up to 5 GB: one address (`presignedUrl`) for a single PUT of exactly
 * `size` bytes with `headers`; it takes one body and refuses any PUT after that. Above 5 GB: a multipart upload
 * (`upload_id`) of `part_count` parts of `part_size` bytes (the last one smaller), the first addresses in `parts`
 * and the rest from `POST …/upload-parts`; confirm-upload sends every part's ETag.
 */
export interface PresignedUpload {
  key: string;
  originalName: string;
  size: number;
  presignedUrl: string | null;
  /** Headers the PUT must send as given (they are part of the signature). */
  headers: Record<string, string>;
  upload_id?: string;
  part_size?: number;
  part_count?: number;
  parts?: UploadPartAddress[];
  expires_at: string;
}

/** A batch of part addresses of a multipart direct upload (`POST …/upload-parts`). */
export interface UploadParts {
  key: string;
  upload_id: string;
  part_size: number;
  part_count: number;
  parts: UploadPartAddress[];
  expires_at: string;
}

/** A page of a list: spec §7's `success` and `data`, the cursor of the next page (null on the last) and the total. */
export interface ApiPage<T> {
  success: true;
  data: T[];
  next_cursor: string | null;
  /** How many items match the filters, over every page. */
  total: number;
}

/** A file an upload call skipped, and why (the message is in the caller's language). */
export interface SkippedFile {
  name: string;
  code: string;
  message: string;
}

/** One resolution of a panorama's tiles: the sphere's full width in pixels, cut into `cols` × `rows` square tiles. */
export interface PanoramaLevel {
  width: number;
  cols: number;
  rows: number;
}

/**
 * A panorama's tiles. `levels` go from low to high resolution; `tile_url` is a signed address with the literal
 * placeholders `{level}` (an index into `levels`), `{col}` and `{row}`.
 */
export interface PanoramaTiles {
  levels: PanoramaLevel[];
  tile_url: string;
}

/** Spec §3 Photo/video, plus what the derivatives job found. */
export interface MediaItem {
  id: number;
  key: string;
  /** The key of the first version (spec `_originalKey`): the same as `key` unless this is an edited version. */
  _originalKey: string;
  originalName: string;
  kind: MediaKind;
  mime: string;
  room: string;
  blade: Blade | null;
  category: '' | Exclude<MediaCategory, 'blade'>;
  year: number;
  month: number;
  size: number;
  status: MediaStatus;
  /** Why processing failed (status `failed`): a code with its `errors.<CODE>` message. */
  failure_code: MediaFailureCode | null;
  /** What processing went past (a damaged end that was shown as far as it could be read); null when nothing. */
  processing_warning: MediaWarningCode | null;
  width: number | null;
  height: number | null;
  /** When it was taken, as the camera's clock read (`YYYY-MM-DDTHH:mm:ss`, no zone): what people are shown. */
  captured_at_local: string | null;
  /** The camera clock's offset from UTC (`+03:00`), from the file's own offset tags or its GPS time; null unknown. */
  captured_offset: string | null;
  /** The instant it was taken (ISO 8601, UTC); only when the offset is known. */
  captured_at: string | null;
  camera: MediaCamera | null;
  /** The lens's focal length in millimetres (not the 35 mm equivalent). */
  focal_length_mm: number | null;
  gps: { lat: number; lng: number } | null;
  is_panorama: boolean;
  version: number;
  is_edited: boolean;
  upload_date: string;
  createdAt: string;
  lastModified: string;
  /** The original's bytes, inline (images and videos) — short-lived signed address. */
  url: string;
  file_path: string;
  download_url: string;
  thumbnail_url: string | null;
  preview_url: string | null;
  /** The deep-zoom descriptor (.dzi) for OpenSeadragon. */
  tiles_url: string | null;
  /**
   * Equirectangular tiles of a panorama for Photo Sphere Viewer's EquirectangularTilesAdapter; null for other media
   * and until the tiles exist.
   */
  panorama_tiles: PanoramaTiles | null;
  /** A video's length in seconds; null for other media, before it is read or when it cannot be read. */
  duration_s: number | null;
  uploadedBy: { id: number | null; name: string } | null;
  uploader_name: string | null;
  uploader_email: string | null;
}
