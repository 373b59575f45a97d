import exifr from 'exifr';
import { probeTag, type VideoProbe } from './video-probe.js';

/**
 * When, where and with what a photo or video was taken, as its file says. The time is kept as the camera's clock
 * read it (`capturedAtLocal`, no zone: most cameras write none); `capturedOffset` is that clock's offset from UTC
 * when the file tells it (EXIF OffsetTime*, or the GPS clock beside the camera's), and only then is there an
 * instant (`capturedAt`).
 */
export interface CaptureFacts {
  /** `YYYY-MM-DDTHH:mm:ss`, as recorded. */
  capturedAtLocal: string | null;
  /** `+03:00`. */
  capturedOffset: string | null;
  capturedAt: Date | null;
  gpsLat: number | null;
  gpsLng: number | null;
  cameraMake: string | null;
  cameraModel: string | null;
  lensModel: string | null;
  focalLengthMm: number | null;
}

export const NO_CAPTURE_FACTS: CaptureFacts = {
  capturedAtLocal: null,
  capturedOffset: null,
  capturedAt: null,
  gpsLat: null,
  gpsLng: null,
  cameraMake: null,
  cameraModel: null,
  lensModel: null,
  focalLengthMm: null,
};

/** The EXIF tags read, as exifr answers them without reviving values (times stay the camera's text). */
export interface ExifTags {
  DateTimeOriginal?: unknown;
  CreateDate?: unknown;
  OffsetTimeOriginal?: unknown;
  OffsetTimeDigitized?: unknown;
  OffsetTime?: unknown;
  GPSDateStamp?: unknown;
  GPSTimeStamp?: unknown;
  latitude?: unknown;
  longitude?: unknown;
  Make?: unknown;
  Model?: unknown;
  LensModel?: unknown;
  FocalLength?: unknown;
}

const EXIF_TAGS = [
  'DateTimeOriginal',
  'CreateDate',
  'OffsetTimeOriginal',
  'OffsetTimeDigitized',
  'OffsetTime',
  'GPSDateStamp',
  'GPSTimeStamp',
  'GPSLatitude',
  'GPSLatitudeRef',
  'GPSLongitude',
  'GPSLongitudeRef',
  'Make',
  'Model',
  'LensModel',
  'FocalLength',
];

/** A GPS clock this far off a whole quarter hour from the camera's is not the same moment: no offset from it. */
const GPS_CLOCK_TOLERANCE_MINUTES = 5;
/** UTC−12:00 to UTC+14:00: the offsets clocks on Earth use. */
const OFFSET_RANGE_MINUTES = [-12 * 60, 14 * 60] as const;
const TEXT_LIMIT = 100;

/**
 * A photo's capture facts from its EXIF (a file path, or its first bytes: EXIF sits in the first 64 KB). A photo
 * without EXIF, or with EXIF exifr cannot read, simply has none.
 */
export async function readPhotoCapture(source: string | Buffer): Promise<CaptureFacts> {
  let tags: ExifTags | undefined;
  try {
    // The raw text of times: exifr would read a time without offset in the server's own time zone.
    tags = (await exifr.parse(source, { pick: EXIF_TAGS, reviveValues: false })) as ExifTags | undefined;
  } catch {
    return NO_CAPTURE_FACTS;
  }
  return tags ? photoCaptureOf(tags) : NO_CAPTURE_FACTS;
}

/** The capture facts EXIF tags give (see CaptureFacts). */
export function photoCaptureOf(tags: ExifTags): CaptureFacts {
  const local = exifLocalTime(tags.DateTimeOriginal) ?? exifLocalTime(tags.CreateDate);
  const lat = finite(tags.latitude);
  const lng = finite(tags.longitude);
  // Cameras without a fix write 0/0.
  const hasPosition =
    lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0);
  const offset =
    [tags.OffsetTimeOriginal, tags.OffsetTimeDigitized, tags.OffsetTime].map(utcOffset).find(Boolean) ??
    (local ? offsetFromGpsClock(local, tags.GPSDateStamp, tags.GPSTimeStamp) : null);
  const focal = finite(tags.FocalLength);
  return {
    ...captureTime(local, offset ?? null),
    gpsLat: hasPosition ? lat : null,
    gpsLng: hasPosition ? lng : null,
    cameraMake: cleanText(tags.Make),
    cameraModel: cleanText(tags.Model),
    lensModel: cleanText(tags.LensModel),
    focalLengthMm: focal !== null && focal > 0 && focal < 10_000 ? focal : null,
  };
}

/** The local time, offset and instant of a wall-clock time and the offset when known. */
export function captureTime(
  local: string | null,
  offset: string | null,
): Pick<CaptureFacts, 'capturedAtLocal' | 'capturedOffset' | 'capturedAt'> {
  if (!local) return { capturedAtLocal: null, capturedOffset: null, capturedAt: null };
  return {
    capturedAtLocal: local,
    capturedOffset: offset,
    capturedAt: offset ? new Date(`${local}${offset}`) : null,
  };
}

/** EXIF's `YYYY:MM:DD HH:MM:SS` as `YYYY-MM-DDTHH:mm:ss`; null for blanks, zeros and dates that do not exist. */
export function exifLocalTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real =
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  return real ? date.toISOString().slice(0, 19) : null;
}

/** `+03:00` (also `+0300`, `Z`) as `+03:00`, within the offsets clocks use, in whole quarter hours. */
export function utcOffset(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === 'Z') return '+00:00';
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (!match) return null;
  const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  return minutes % 15 === 0 ? offsetText(minutes) : null;
}

function offsetText(minutes: number): string | null {
  if (minutes < OFFSET_RANGE_MINUTES[0] || minutes > OFFSET_RANGE_MINUTES[1]) return null;
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * The camera clock's offset from the GPS clock written beside it (GPSDateStamp + GPSTimeStamp are UTC), to the
 * nearest quarter hour; none when the two are not the same moment give or take a few minutes (a stale fix, a GPS
 * date a day off as some cameras write it) or the difference is no clock's offset.
 */
export function offsetFromGpsClock(local: string, dateStamp: unknown, timeStamp: unknown): string | null {
  if (typeof dateStamp !== 'string' || !Array.isArray(timeStamp) || timeStamp.length !== 3) return null;
  const [hours = null, minutes = null, seconds = null] = timeStamp.map(finite);
  if (hours === null || minutes === null || seconds === null) return null;
  const day = exifLocalTime(`${dateStamp.trim()} 00:00:00`);
  if (!day) return null;
  const gps = Date.parse(`${day}Z`) + ((hours * 60 + minutes) * 60 + seconds) * 1000;
  const difference = (Date.parse(`${local}Z`) - gps) / 60_000;
  const quarters = Math.round(difference / 15) * 15;
  if (!Number.isFinite(difference) || Math.abs(difference - quarters) > GPS_CLOCK_TOLERANCE_MINUTES) return null;
  return offsetText(quarters);
}

/**
 * A video's capture facts from the tags ffprobe reads of its container (and of its streams, for a tag the container
 * lacks: see probeTag): Apple's `com.apple.quicktime.creationdate` carries the camera's local time with its offset;
 * else `creation_time`, which QuickTime and MP4 keep in UTC; the position of an ISO 6709 `location`; make and model.
 */
export function videoCaptureOf(probe: VideoProbe): CaptureFacts {
  const tag = (name: string) => probeTag(probe, name)?.trim();
  const apple = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d+)?([+-]\d{2}:?\d{2}|Z)$/.exec(
    tag('com.apple.quicktime.creationdate') ?? '',
  );
  const utc = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/.exec(tag('creation_time') ?? '');
  const [local, offset] = apple
    ? [exifLocalTime(apple[1]), utcOffset(apple[2])]
    : // A container whose writer set no time says 1904 or 1970 (its zero): no time at all.
      [utc && !/^19(04|70)-01-01/.test(utc[1]!) ? exifLocalTime(utc[1]) : null, '+00:00'];
  const position = /^([+-]\d+(?:\.\d+)?)([+-]\d+(?:\.\d+)?)/.exec(
    tag('com.apple.quicktime.location.ISO6709') ?? tag('location') ?? '',
  );
  const lat = position ? Number(position[1]) : null;
  const lng = position ? Number(position[2]) : null;
  const hasPosition = lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  return {
    ...captureTime(local, local ? offset : null),
    gpsLat: hasPosition ? lat : null,
    gpsLng: hasPosition ? lng : null,
    cameraMake: cleanText(tag('com.apple.quicktime.make') ?? tag('make')),
    cameraModel: cleanText(tag('com.apple.quicktime.model') ?? tag('model')),
    lensModel: null,
    focalLengthMm: null,
  };
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A camera's text: printable, single-spaced, bounded; cameras pad with NULs and spaces. */
function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // EXIF text ends at its first NUL, whatever the field's length says.
  const [ended = ''] = value.split('\u0000', 1);
  const text = ended
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0001-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, TEXT_LIMIT) : null;
}
