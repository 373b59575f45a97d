import { type MediaItem } from '@kanat360/contracts';
import { type FileSigner } from '@/files/file-urls.js';
import { type MediaRow } from './media.repository.js';
import { panoramaLevels, panoramaTilePath } from './panorama-levels.js';

/**
 * Spec §3's photo shape plus what the derivatives job found, with addresses signed for this row only (its
 * derivatives sit below its own address).
 */
export function toMediaItem(row: MediaRow, files: FileSigner): MediaItem {
  const url = files.media(row.id);
  const derivative = (key: string | null, path: string) => (key ? `${url}/${path}` : null);
  const uploader = row.uploaderName ?? row.uploaderEmail;
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    key: row.storageKey,
    _originalKey: row.originalKey,
    originalName: row.originalName,
    kind: row.kind,
    mime: row.mime,
    room: String(row.room),
    blade: row.blade,
    category: row.category === 'blade' ? '' : row.category,
    year: row.year,
    month: row.month,
    size: row.size,
    status: row.status,
    failure_code: row.failureCode,
    processing_warning: row.processingWarning,
    width: row.width,
    height: row.height,
    captured_at_local: row.capturedAtLocal,
    captured_offset: row.capturedOffset,
    captured_at: row.capturedAt?.toISOString() ?? null,
    camera:
      row.cameraMake === null && row.cameraModel === null && row.lensModel === null
        ? null
        : { make: row.cameraMake, model: row.cameraModel, lens: row.lensModel },
    focal_length_mm: row.focalLengthMm,
    gps: row.gpsLat !== null && row.gpsLng !== null ? { lat: row.gpsLat, lng: row.gpsLng } : null,
    is_panorama: row.isPanorama,
    version: row.version,
    is_edited: row.originalId !== null,
    upload_date: createdAt,
    createdAt,
    lastModified: row.updatedAt.toISOString(),
    url,
    file_path: row.storageKey,
    download_url: `${url}?download=1`,
    thumbnail_url: derivative(row.thumbKey, 'thumb.jpg'),
    preview_url: derivative(row.previewKey, 'preview.jpg'),
    tiles_url: derivative(row.tilesKey, 'tiles/image.dzi'),
    panorama_tiles:
      row.panoramaWidth === null
        ? null
        : {
            levels: panoramaLevels(row.panoramaWidth),
            tile_url: `${url}/${panoramaTilePath('{level}', '{col}', '{row}')}`,
          },
    duration_s: row.durationS,
    uploadedBy: uploader ? { id: row.uploadedBy, name: uploader } : null,
    uploader_name: row.uploaderName,
    uploader_email: row.uploaderEmail,
  };
}
