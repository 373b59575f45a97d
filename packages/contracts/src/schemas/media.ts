import { z } from 'zod';
import { rowId, successOf, timestamp } from './api.js';
import { MEDIA_FAILURE_CODES } from '../errors.js';
import {
  BLADES,
  type Blade,
  MEDIA_CATEGORIES,
  MEDIA_KINDS,
  MEDIA_STATUSES,
  MEDIA_WARNING_CODES,
  REPAIR_PHOTO_CATEGORY,
  UPLOAD_CATEGORIES,
  type MediaCamera,
  type MediaCategory,
  PHOTO_PAGE,
} from '../media.js';
import { DIGITS, readsNumericText, text } from './fields.js';

const FIRST_YEAR = 2000;

/** A campaign year: from 2000 to next year; a numeric string from a form is fine. */
export const yearField = readsNumericText(
  z.preprocess(
    (value) => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : value),
    z
      .number({ error: 'YEAR_INVALID' })
      .int({ error: 'YEAR_INVALID' })
      .min(FIRST_YEAR, { error: 'YEAR_INVALID' })
      .refine((year) => year <= new Date().getFullYear() + 1, { error: 'YEAR_INVALID' }),
  ),
  DIGITS,
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
const uploadTargetShape = {
  room: readsNumericText(
    roomField.meta({ description: 'Room number; 1 when missing or invalid', type: 'integer' }),
    DIGITS,
  ),
  year: z
    .preprocess(optionalBlank, yearField.optional())
    .meta({ description: 'Campaign year; the current one when missing' }),
  blade: z
    .preprocess(
      optionalBlank,
      text({ error: 'BLADE_INVALID' })
        .trim()
        .toUpperCase()
        .regex(/^(A|B|C|CATEGORY-(DRONE|OPERATOR|ROBOT))$/, { error: 'BLADE_INVALID' })
        .optional(),
    )
    .meta({ description: 'A, B or C; or `category-drone` and the like, as a category page sends it' }),
  category: z.preprocess(optionalBlank, z.enum(UPLOAD_CATEGORIES, { error: 'CATEGORY_INVALID' }).optional()),
};

export const uploadTargetFields = z
  .object(uploadTargetShape)
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

/** A file part of a multipart body. */
export const uploadedFile = text().meta({ format: 'binary' });

/** POST /turbines/{id}/photos (multipart): where the files go, then the files (the fields come first). */
export const photoUploadForm = z.object({
  ...uploadTargetShape,
  photos: z.array(uploadedFile).meta({ description: 'Photos, videos or point clouds, at most 55 MB in all' }),
});

/** POST /turbines/{id}/save-edited-photo (multipart): which photo, then the JPEG with the drawing burnt in. */
export const editedPhotoForm = z.object({
  photoId: text().optional(),
  photoKey: text().meta({ description: 'The key of the photo (any of its versions) the drawing was made on' }),
  turbineId: text().optional(),
  replaceOriginal: text().optional().meta({ description: 'Ignored: the edit is a new version; the original stays' }),
  photo: uploadedFile.meta({ description: 'The edited photo as JPEG, at full resolution' }),
});

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
  ids: z
    .preprocess(
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
    )
    // One comma-separated value (`ids=4,8,15`), not the parameter repeated.
    .meta({ param: { style: 'form', explode: false } }),
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
export const mediaPlaceCount = z
  .strictObject({
    year: z.int(),
    category: z.enum(UPLOAD_CATEGORIES),
    blade: z.enum(BLADES).nullable(),
    room: z.int(),
    count: z.int().min(1),
  })
  .meta({ id: 'MediaPlaceCount' });
export type MediaPlaceCount = z.infer<typeof mediaPlaceCount>;

/** The camera that made a photo or video, as its metadata names it (any part may be missing). */
export const mediaCamera = z
  .strictObject({ make: z.string().nullable(), model: z.string().nullable(), lens: z.string().nullable() })
  .meta({ id: 'MediaCamera' }) satisfies z.ZodType<MediaCamera>;

/** A camera that made current media of a turbine, with how many (GET /turbines/{id}/photos/cameras). */
export const mediaCameraCount = z
  .strictObject({
    id: z.string().meta({ description: "The value of the photo list's `camera` filter that finds its media" }),
    make: z.string().nullable(),
    model: z.string().nullable(),
    count: z.int().min(1),
  })
  .meta({ id: 'MediaCameraCount' });
export type MediaCameraCount = z.infer<typeof mediaCameraCount>;

export const mediaKeyQuery = z.object({
  key: text({ error: 'MEDIA_NOT_FOUND' })
    .min(1, { error: 'MEDIA_NOT_FOUND' })
    .max(1024)
    .meta({ description: 'The storage key of the photo (any of its versions)' }),
});

/** The address of one part of a multipart direct upload; its PUT must carry exactly `size` bytes. */
export const uploadPartAddress = z
  .strictObject({ partNumber: z.int().min(1), presignedUrl: z.string(), size: z.int().min(1) })
  .meta({ id: 'UploadPartAddress' });
export type UploadPartAddress = z.infer<typeof uploadPartAddress>;

/**
 * One accepted file of a presigned-upload call. Up to 5 GB: one address (`presignedUrl`) for a single PUT of exactly
 * `size` bytes with `headers`; it takes one body and refuses any PUT after that. Above 5 GB: a multipart upload
 * (`upload_id`) of `part_count` parts of `part_size` bytes (the last one smaller), the first addresses in `parts`
 * and the rest from `POST …/upload-parts`; confirm-upload sends every part's ETag.
 */
export const presignedUpload = z
  .strictObject({
    key: z.string(),
    originalName: z.string(),
    size: z.int().min(1),
    presignedUrl: z.string().nullable().meta({ description: 'The one PUT address; null for a multipart upload' }),
    headers: z
      .record(z.string(), z.string())
      .meta({ description: 'Headers the PUT must send as given (they are part of the signature)' }),
    upload_id: z.string().optional(),
    part_size: z.int().optional(),
    part_count: z.int().optional(),
    parts: z.array(uploadPartAddress).optional(),
    expires_at: timestamp,
  })
  .meta({ id: 'PresignedUpload' });
export type PresignedUpload = z.infer<typeof presignedUpload>;

/** A batch of part addresses of a multipart direct upload (`POST …/upload-parts`). */
export const uploadParts = z
  .strictObject({
    key: z.string(),
    upload_id: z.string(),
    part_size: z.int(),
    part_count: z.int(),
    parts: z.array(uploadPartAddress),
    expires_at: timestamp,
  })
  .meta({ id: 'UploadParts' });
export type UploadParts = z.infer<typeof uploadParts>;

/** A file an upload call skipped, and why (the message is in the caller's language). */
export const skippedFile = z
  .strictObject({ name: z.string(), code: z.string(), message: z.string() })
  .meta({ id: 'SkippedFile' });
export type SkippedFile = z.infer<typeof skippedFile>;

/** One resolution of a panorama's tiles: the sphere's full width in pixels, cut into `cols` × `rows` square tiles. */
const panoramaLevel = z.strictObject({ width: z.int(), cols: z.int(), rows: z.int() });
export type PanoramaLevel = z.infer<typeof panoramaLevel>;

/**
 * A panorama's tiles. `levels` go from low to high resolution; `tile_url` is a signed address with the literal
 * placeholders `{level}` (an index into `levels`), `{col}` and `{row}`.
 */
const panoramaTiles = z.strictObject({ levels: z.array(panoramaLevel), tile_url: z.string() });
export type PanoramaTiles = z.infer<typeof panoramaTiles>;

/** Spec §3 Photo/video, plus what the derivatives job found. */
export const mediaItem = z
  .strictObject({
    id: rowId,
    key: z.string(),
    _originalKey: z.string().meta({
      description: 'The key of the first version: the same as `key` unless this is an edited version',
    }),
    originalName: z.string(),
    kind: z.enum(MEDIA_KINDS),
    mime: z.string(),
    room: z.string(),
    blade: z.enum(BLADES).nullable(),
    category: z.enum(['', ...MEDIA_CATEGORIES, REPAIR_PHOTO_CATEGORY]).meta({
      description: "'' for a blade room's photo, else its category (`repair`: an after-repair photo)",
    }),
    year: z.int(),
    month: z.int(),
    size: z.int(),
    status: z.enum(MEDIA_STATUSES),
    failure_code: z
      .enum(MEDIA_FAILURE_CODES)
      .nullable()
      .meta({ description: 'Why processing failed (status `failed`): a code with its `errors.<CODE>` message' }),
    processing_warning: z.enum(MEDIA_WARNING_CODES).nullable().meta({
      description: 'What processing went past (a damaged end shown as far as it could be read); null when nothing',
    }),
    width: z.int().nullable(),
    height: z.int().nullable(),
    captured_at_local: z.string().nullable().meta({
      description:
        "When it was taken, as the camera's clock read (`YYYY-MM-DDTHH:mm:ss`, no zone): what people are shown",
    }),
    captured_offset: z.string().nullable().meta({
      description:
        "The camera clock's offset from UTC (`+03:00`), from the file's offset tags or its GPS time; null unknown",
    }),
    captured_at: timestamp
      .nullable()
      .meta({ description: 'The instant it was taken (UTC); only when the offset is known' }),
    camera: mediaCamera.nullable(),
    focal_length_mm: z
      .number()
      .nullable()
      .meta({ description: "The lens's focal length in millimetres (not the 35 mm equivalent)" }),
    gps: z.strictObject({ lat: z.number(), lng: z.number() }).nullable(),
    is_panorama: z.boolean(),
    version: z.int(),
    is_edited: z.boolean(),
    upload_date: timestamp,
    createdAt: timestamp,
    lastModified: timestamp,
    url: z
      .string()
      .meta({ description: "The original's bytes, inline (images and videos): a short-lived signed address" }),
    file_path: z.string(),
    download_url: z.string(),
    thumbnail_url: z.string().nullable(),
    preview_url: z.string().nullable(),
    tiles_url: z.string().nullable().meta({ description: 'The deep-zoom descriptor (.dzi) for OpenSeadragon' }),
    panorama_tiles: panoramaTiles.nullable().meta({
      description:
        "Equirectangular tiles of a panorama for Photo Sphere Viewer's EquirectangularTilesAdapter; null for other " +
        'media and until the tiles exist',
    }),
    duration_s: z
      .number()
      .nullable()
      .meta({ description: "A video's length in seconds; null for other media or when it cannot be read" }),
    uploadedBy: z.strictObject({ id: rowId.nullable(), name: z.string() }).nullable(),
    uploader_name: z.string().nullable(),
    uploader_email: z.string().nullable(),
  })
  .meta({ id: 'MediaItem' });
export type MediaItem = z.infer<typeof mediaItem>;

/** What an upload call answers: the files it stored, and those it skipped with why. */
export function uploadAnswerOf<T extends z.ZodType>(item: T) {
  return z.strictObject({
    success: z.literal(true),
    data: z.array(item),
    skipped: z.array(skippedFile),
    message: z.string().meta({ description: "What was stored and what was skipped, in the caller's language" }),
  });
}

/** POST …/photos/check-names: the names that would be skipped, and why. */
export const checkNamesAnswer = successOf(z.strictObject({ skipped: z.array(skippedFile) }));

/** POST …/presigned-upload: an address per accepted file (`presignedUrls` repeats `data`, as spec §7 reads it). */
export const presignedUploadAnswer = uploadAnswerOf(presignedUpload).extend({
  presignedUrls: z.array(presignedUpload).meta({ description: 'The same as `data` (spec §7 reads this name)' }),
});

/** POST …/cancel-upload: the keys it cancelled. */
export const cancelUploadAnswer = successOf(z.strictObject({ cancelled: z.array(z.string()) }));

/** PUT /storage/uploads/{token}: the ETag of what arrived (also the `ETag` header). */
export const receivedUploadAnswer = successOf(z.strictObject({ etag: z.string() }));
