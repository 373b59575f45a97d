import { type MediaCategory, type MediaItem, ROOM_LABELS } from '@kanat360/contracts';
import { intlLocale, type Language, type Translate } from '@kanat360/i18n/core';

/** The type a media item is listed under: its category, or "blade" for a blade room's photo. */
export function mediaType(item: Pick<MediaItem, 'category'>): MediaCategory {
  return item.category === '' ? 'blade' : item.category;
}

/** Spec §2's "month and year" of the campaign a photo belongs to: "Haziran 2026" / "June 2026". */
export function campaignMonth(item: Pick<MediaItem, 'month' | 'year'>, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), { month: 'long', year: 'numeric' }).format(
    new Date(item.year, Math.min(Math.max(item.month, 1), 12) - 1, 1),
  );
}

/** Where a photo was taken: "Kanat A · 1 Root-WW" for a blade room, the category otherwise. */
export function mediaPlace(item: Pick<MediaItem, 'category' | 'blade' | 'room'>, t: Translate): string {
  const type = mediaType(item);
  if (type !== 'blade') return t(`panel.photos.type.${type}`);
  const room = Number(item.room);
  const label = ROOM_LABELS[room] ? `${room} ${ROOM_LABELS[room]}` : t('panel.turbine.room', { n: room });
  return item.blade ? `${t('panel.turbine.blade', { blade: item.blade })} · ${label}` : label;
}

/** A video's length as players write it: 0:07, 12:30, 1:02:03. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const [hours, minutes, secs] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(secs)}` : `${minutes}:${two(secs)}`;
}

/**
 * What a media item is besides a flat photo: a video (with its length once the server has read it), a point cloud
 * or a 360° panorama; null for a flat photo.
 */
export function mediaKindLabel(
  item: Pick<MediaItem, 'kind' | 'is_panorama'> & Partial<Pick<MediaItem, 'duration_s'>>,
  t: Translate,
): string | null {
  if (item.kind === 'video') {
    const kind = t('panel.media.kind.video');
    return item.duration_s ? `${kind} · ${formatDuration(item.duration_s)}` : kind;
  }
  if (item.kind === 'pointcloud') return t('panel.media.kind.pointcloud');
  return item.is_panorama ? t('panel.media.kind.panorama') : null;
}

/** Who uploaded it, as the list shows it. */
export function uploaderName(item: Pick<MediaItem, 'uploader_name' | 'uploader_email'>): string {
  return item.uploader_name ?? item.uploader_email ?? '—';
}
