import { AppError } from './app-error.js';

/**
 * A keyset position in a list ordered by (time, id) descending: the last row's sort time (an ISO string in
 * microseconds, as PostgreSQL printed it, so no precision is lost on the way through JavaScript) and its id.
 * Opaque to clients: base64url of a small JSON array.
 */
export interface PagePosition {
  at: string;
  id: number;
}

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');
}

/** The position a cursor names; CURSOR_INVALID for anything this server did not make. */
export function decodeCursor(cursor: string): PagePosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('CURSOR_INVALID');
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    !ISO_MICROS.test(parsed[0]) ||
    Number.isNaN(Date.parse(parsed[0])) ||
    !Number.isSafeInteger(parsed[1]) ||
    (parsed[1] as number) < 1
  ) {
    throw new AppError('CURSOR_INVALID');
  }
  return { at: parsed[0], id: parsed[1] as number };
}

/** SQL that prints a timestamptz the way a cursor holds it. */
export function cursorTime(sql: string): string {
  return `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * A keyset position in a list of a chosen order: the last row's value of each of the order's keys, in the keys'
 * sequence (times as cursorTime prints them).
 */
export type KeysetPosition = readonly (string | number)[];

/** How a key's value is held in a cursor: a cursorTime string, an integer, or text. */
export type KeysetValueType = 'timestamptz' | 'integer' | 'text';

/** The longest text a cursor carries for one key (a name: turbine names are at most 120 characters). */
const KEYSET_TEXT_MAX = 400;

/** A cursor that names its order too: a cursor made for one order is refused by another. */
export function encodeKeysetCursor(order: string, position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([order, ...position])).toString('base64url');
}

/** The position a cursor of `order` names; CURSOR_INVALID for anything this server did not make for that order. */
export function decodeKeysetCursor(cursor: string, order: string, types: readonly KeysetValueType[]): KeysetPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('CURSOR_INVALID');
  }
  if (!Array.isArray(parsed) || parsed.length !== types.length + 1 || parsed[0] !== order) {
    throw new AppError('CURSOR_INVALID');
  }
  const values: unknown[] = parsed.slice(1);
  const valid = types.every((type, index) => {
    const value = values[index];
    switch (type) {
      case 'timestamptz':
        return typeof value === 'string' && ISO_MICROS.test(value) && !Number.isNaN(Date.parse(value));
      case 'integer':
        return Number.isSafeInteger(value);
      case 'text':
        return typeof value === 'string' && value.length <= KEYSET_TEXT_MAX;
    }
  });
  if (!valid) throw new AppError('CURSOR_INVALID');
  return values as (string | number)[];
}
