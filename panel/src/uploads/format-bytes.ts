const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size for people, in binary units as file managers show them (spec §2 shows photo sizes in MB): "4,2 MB" in
 * Turkish, "4.2 MB" in English.
 */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}

/** Spec §2's list column: megabytes with two decimals. */
export function formatMegabytes(bytes: number, locale: string): string {
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bytes / 1024 ** 2)} MB`;
}
