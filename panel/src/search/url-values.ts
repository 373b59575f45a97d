/*
 * What the panel reads from its addresses (search and path values; STYLE 9: checked at the route). Small checks
 * written out rather than zod: every route's are in the first load, and any zod there brings most of zod's core,
 * which the forms' schemas share (16 KB of the first load's 160 KB budget). A value that does not parse is dropped
 * (undefined) rather than failing the page.
 */

/** The largest id a PostgreSQL integer column holds. */
const ID_MAX = 2_147_483_647;

/** A route's search, read by `read` from what the router parsed out of the address. */
export function searchReader<T>(read: (search: Readonly<Record<string, unknown>>) => T): {
  parse: (search: unknown) => T;
} {
  return { parse: (search) => read(typeof search === 'object' && search !== null ? { ...search } : {}) };
}

/** A whole number from `min` to `max`, as an address holds it: digits, or the number the router read them as. */
export function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

/** A row id in an address. */
export function idValue(value: unknown): number | undefined {
  return wholeNumber(value, 1, ID_MAX);
}

/** A campaign year in an address. */
export function yearValue(value: unknown): number | undefined {
  return wholeNumber(value, 2000, 9999);
}

/** One of `values`. */
export function oneOf<const T extends string>(value: unknown, values: readonly T[]): T | undefined {
  return values.find((candidate) => candidate === value);
}

/**
 * A search text kept in the URL as `q`, at most 200 characters. A hand-typed `?q=2018` arrives as a number (the
 * router parses JSON values), so a number is taken as its text.
 */
export function searchText(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && text.length <= 200 ? text : undefined;
}
