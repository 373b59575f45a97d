import { type EntityManager } from 'typeorm';

/** The PostgreSQL types the repositories read, by the name information_schema gives them. */
export type SqlType =
  | 'integer'
  | 'bigint'
  | 'double precision'
  | 'boolean'
  | 'text'
  | 'character varying'
  | 'character'
  | 'uuid'
  | 'numeric'
  | 'date'
  | 'timestamp with time zone';

/** What a row field holds in TypeScript, by its SQL type. */
export type ValueOf<T extends SqlType> = T extends 'integer' | 'bigint' | 'double precision' | 'numeric'
  ? number
  : T extends 'boolean'
    ? boolean
    : T extends 'timestamp with time zone'
      ? Date
      : string;

/** One field of a row: the SQL that yields it, its SQL type, and the TypeScript value it becomes (`V`). */
export interface RowColumn<V = unknown, N extends boolean = boolean> {
  /** Never set: carries the value's type for RowOf. */
  readonly value?: V;
  /** The SQL of the value (`m.room`, or an expression). */
  sql: string;
  type: SqlType;
  nullable: N;
  /** The table column it reads, for the schema check; none for an expression. */
  source: { table: string; column: string } | null;
  /** Narrows the value's type (a status column holds one of a few words). */
  as<W extends V>(): RowColumn<W, N>;
  /** The field may be null (an outer join's column, a nullable column). */
  orNull(): RowColumn<V, true>;
}

function column<V, N extends boolean>(
  sql: string,
  type: SqlType,
  nullable: N,
  source: RowColumn['source'],
): RowColumn<V, N> {
  return {
    sql,
    type,
    nullable,
    source,
    as: <W extends V>() => column<W, N>(sql, type, nullable, source),
    orNull: () => column<V, true>(sql, type, true, source),
  };
}

/** A column of a table, read through the query's alias for it: `col('media', 'm', 'room', 'integer')`. */
export function col<T extends SqlType>(
  table: string,
  alias: string,
  name: string,
  type: T,
): RowColumn<ValueOf<T>, false> {
  return column<ValueOf<T>, false>(`${alias}.${name}`, type, false, { table, column: name });
}

/**
 * A timestamptz (SQL) as the API writes times, printed by PostgreSQL: `Date#toISOString`'s text (milliseconds,
 * truncated as pg's parsing of the microseconds truncates them), without a Date made and printed again per value.
 */
export function isoTime(sql: string): string {
  return `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A computed value (a count, a COALESCE, a join's concatenation): typed, but not a column the schema has. */
export function expr<T extends SqlType>(sql: string, type: T): RowColumn<ValueOf<T>, false> {
  return column<ValueOf<T>, false>(sql, type, false, null);
}

/** What runs SQL: the DataSource, or the EntityManager of a transaction. */
export type SqlRunner = Pick<EntityManager, 'query'>;

/** A row as pg answers it, before a mapper (or `sqlValue`) has read it. */
export type RawRow = Record<string, unknown>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any column of any value type
type Columns = Record<string, RowColumn<any>>;
export type RowOf<C extends Columns> = {
  [K in keyof C]: C[K]['nullable'] extends true
    ? Exclude<C[K]['value'], undefined> | null
    : Exclude<C[K]['value'], undefined>;
};

/**
 * One way a repository reads rows: the fields, each with the SQL that yields it and its type; the SELECT (or
 * RETURNING) list is made from them, and `map` turns pg's raw values into the typed row (bigints, which pg answers
 * as strings, into numbers); `all` and `one` run a statement and map what it answers. Every mapper is registered,
 * and a test checks each against the migrated schema: the tables and columns exist with these types, and
 * `SELECT … FROM` runs and answers exactly these fields. (A lone value takes `scalar` instead, below.)
 */
export interface RowMapper<C extends Columns> {
  name: string;
  columns: C;
  /** `FROM …` with the joins the columns' aliases need. */
  from: string;
  /** The SELECT list: `m.room AS "room", …`. */
  select: string;
  /** For a mapper that counts or sums: the columns its statements group by (`GROUP BY` takes it as it is). */
  groupBy: string | null;
  map(this: void, raw: RawRow): RowOf<C>;
  /**
   * `map` without the copy: the row pg answered, with the fields pg answers as another type read again where they
   * are (a list of thousands of rows is not copied row by row). Only for a row of exactly these fields (`all` takes it
   * then), or one whose reader copies the fields it answers one by one (a page's row with its sort keys).
   */
  readInPlace(this: void, raw: RawRow): RowOf<C>;
  /** Runs a statement that selects (or returns) this mapper's fields, and maps every row. */
  all(this: void, runner: SqlRunner, sql: string, params?: unknown[]): Promise<RowOf<C>[]>;
  /** The same for the first row only; null when there is none. */
  one(this: void, runner: SqlRunner, sql: string, params?: unknown[]): Promise<RowOf<C> | null>;
}

export const ROW_MAPPERS: RowMapper<Columns>[] = [];

export function rowMapper<C extends Columns>(
  name: string,
  from: string,
  columns: C,
  { groupBy = null }: { groupBy?: string | null } = {},
): RowMapper<C> {
  const entries = Object.entries(columns);
  const map = (raw: RawRow): RowOf<C> => {
    const row: Record<string, unknown> = {};
    for (const [field, column] of entries) row[field] = sqlValue(raw[field], column.type);
    return row as RowOf<C>;
  };
  const reread = entries.filter(([, column]) => REREAD_TYPES.has(column.type));
  const readInPlace = (raw: RawRow): RowOf<C> => {
    for (const [field, column] of reread) raw[field] = sqlValue(raw[field], column.type);
    return raw as RowOf<C>;
  };
  const mapper: RowMapper<C> = {
    name,
    columns,
    from,
    select: entries.map(([field, column]) => `${column.sql} AS "${field}"`).join(', '),
    groupBy,
    map,
    readInPlace,
    all: async (runner, sql, params) => {
      const raw = await queryRows(runner, sql, params);
      const exact = raw[0] !== undefined && Object.keys(raw[0]).length === entries.length;
      const rows = raw.map(exact ? readInPlace : map);
      // The driver's answer stays reachable after the query from what pg keeps of it in the old generation, and every
      // row in it with it: emptied, its rows die young with their mapped copies (a workbook of 20,000 findings
      // otherwise promoted them all, some 25 MB of garbage per export that only a full collection frees).
      raw.length = 0;
      return rows;
    },
    one: async (runner, sql, params) => {
      const rows = await queryRows(runner, sql, params);
      return rows[0] ? map(rows[0]) : null;
    },
  };
  ROW_MAPPERS.push(mapper);
  return mapper;
}

/** The SQL types whose values pg answers as something else than their TypeScript value (see `sqlValue`). */
const REREAD_TYPES = new Set<SqlType>(['bigint', 'double precision', 'numeric', 'date']);

/** TypeORM answers an UPDATE or DELETE as [rows, affected count], and any other statement as its rows. */
function isCounted(answer: unknown): answer is [RawRow[], number] {
  return Array.isArray(answer) && answer.length === 2 && Array.isArray(answer[0]) && typeof answer[1] === 'number';
}

/**
 * Runs a statement and answers its rows untyped, whatever the statement (an UPDATE … RETURNING included). Only for
 * an answer that is more than rows of one mapper (a page with its total): read each row with a mapper's `map`, a
 * lone value with `sqlValue`.
 */
export async function queryRows(runner: SqlRunner, sql: string, params?: unknown[]): Promise<RawRow[]> {
  const answer: unknown = await runner.query(sql, params);
  return isCounted(answer) ? answer[0] : (answer as RawRow[]);
}

/** How many rows an UPDATE or DELETE without RETURNING touched. */
export async function affectedRows(runner: SqlRunner, sql: string, params?: unknown[]): Promise<number> {
  const answer: unknown = await runner.query(sql, params);
  return isCounted(answer) ? answer[1] : (answer as unknown[]).length;
}

/**
 * A value as pg answered it, as the TypeScript value of its SQL type: pg answers bigints and numerics as strings (a
 * numeric here is money or hours, exact to the cent, well inside a double), and a date as a Date at local midnight,
 * which is read back as its `YYYY-MM-DD`.
 */
export function sqlValue<T extends SqlType>(value: unknown, type: T): ValueOf<T> | null {
  if (value === null || value === undefined) return null;
  if (type === 'date' && value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}` as ValueOf<T>;
  }
  const numeric = (type === 'bigint' || type === 'double precision' || type === 'numeric') && typeof value === 'string';
  return (numeric ? Number(value) : value) as ValueOf<T>;
}

/*
 * Scalars. A statement that answers one value (a count, an exists, a RETURNING id), or one value a row (a list of
 * ids), takes no mapper: it names that value `value`, and `scalar` or `scalars` read it as the given type. Every
 * answer with more than one field goes through a registered RowMapper, so a test checks it against the schema.
 */

/** The `value` of the first row a statement answers; null when it answers no row. */
export async function scalar<T extends SqlType>(
  runner: SqlRunner,
  sql: string,
  params: unknown[],
  type: T,
): Promise<ValueOf<T> | null> {
  const rows = await queryRows(runner, sql, params);
  return sqlValue(rows[0]?.value, type);
}

/** The `value` of every row a statement answers, in order (rows whose value is null are left out). */
export async function scalars<T extends SqlType>(
  runner: SqlRunner,
  sql: string,
  params: unknown[],
  type: T,
): Promise<ValueOf<T>[]> {
  const rows = await queryRows(runner, sql, params);
  return rows.flatMap((row) => {
    const value = sqlValue(row.value, type);
    return value === null ? [] : [value];
  });
}
