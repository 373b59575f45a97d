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
