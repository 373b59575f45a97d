import { intlLocale, type Language } from '@kanat360/i18n/core';

const DEFAULT_OPTIONS: Intl.DateTimeFormatOptions = { dateStyle: 'long' };

/**
 * The panel's one date formatter: tr-TR or en-GB through Intl (spec §9). Returns an empty string for a value that
 * is not a date, so a bad server value shows nothing rather than "Invalid Date".
 */
export function formatDate(
  value: Date | string | number,
  language: Language,
  options: Intl.DateTimeFormatOptions = DEFAULT_OPTIONS,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(language), options).format(date);
}

/**
 * A time as a camera's clock read it (`YYYY-MM-DDTHH:mm:ss`, no zone), shown as it was read wherever the viewer is:
 * read and formatted as UTC, so neither the browser's zone nor its summer-time gaps move it. Empty for a value
 * that is not such a time.
 */
export function formatCameraTime(
  local: string,
  language: Language,
  options: Intl.DateTimeFormatOptions = DEFAULT_OPTIONS,
): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(local)) return '';
  return formatDate(`${local}Z`, language, { ...options, timeZone: 'UTC' });
}
