/**
 * Text folded for searching: Turkish lowercase ("İ" → "i", "Ş" → "ş"), the dotless "ı" taken as "i" (so "ADMIN"
 * typed on an English keyboard, which Turkish lowercases to "admın", still finds "admin"), runs of spaces as one.
 */
export function foldForSearch(text: string): string {
  return text.toLocaleLowerCase('tr-TR').replaceAll('ı', 'i').replace(/\s+/g, ' ').trim();
}

/** Whether `query` occurs in any of `fields` (empty fields skipped); a blank query matches everything. */
export function matchesSearch(fields: readonly (string | null | undefined)[], query: string): boolean {
  const needle = foldForSearch(query);
  if (!needle) return true;
  return fields.some((field) => field && foldForSearch(field).includes(needle));
}
