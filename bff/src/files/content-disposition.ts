/**
 * An RFC 6266 Content-Disposition: an ASCII `filename` for old clients and the exact name, UTF-8 percent-encoded
 * (RFC 8187), in `filename*`.
 */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * One byte range of `Range: bytes=…` against an object of `size` bytes: null when the header is absent or asks for
 * several ranges (the whole object is sent), 'unsatisfiable' for a range past the end.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  let start: number;
  let end: number;
  if (from === '') {
    // A suffix: the last `to` bytes.
    const length = Number(to);
    if (length === 0) return 'unsatisfiable';
    start = Math.max(0, size - length);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
