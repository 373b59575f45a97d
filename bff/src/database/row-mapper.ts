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
  | 'timestamp with time zone';

/** What a row field holds in TypeScript, by its SQL type. */
type ValueOf<T extends SqlType> = T extends 'integer' | 'bigint' | 'double precision'
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

/** A computed value (a count, a COALESCE, a join's concatenation): typed, but not a column the schema has. */
export function expr<T extends SqlType>(sql: string, type: T): RowColumn<ValueOf<T>, false> {
  return column<ValueOf<T>, false>(sql, type, false, null);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any column of any value type
type Columns = Record<string, RowColumn<any, boolean>>;
export type RowOf<C extends Columns> = {
  [K in keyof C]: C[K]['nullable'] extends true
    ? Exclude<C[K]['value'], undefined> | null
    : Exclude<C[K]['value'], undefined>;
};

/**
 * One way a repository reads rows: the fields, each with the SQL that yields it and its type; the SELECT list is made
 * from them, and `map` turns pg's raw values into the typed row (bigints, which pg answers as strings, into
 * numbers). Every mapper is registered, and a test checks each against the migrated schema: the tables and
 * columns exist with these types, and `SELECT … FROM` runs and answers exactly these fields.
 */
export interface RowMapper<C extends Columns> {
  name: string;
  columns: C;
  /** `FROM …` with the joins the columns' aliases need. */
  from: string;
  /** The SELECT list: `m.room AS "room", …`. */
  select: string;
  map(this: void, raw: Record<string, unknown>): RowOf<C>;
}

export const ROW_MAPPERS: RowMapper<Columns>[] = [];

export function rowMapper<C extends Columns>(name: string, from: string, columns: C): RowMapper<C> {
  const entries = Object.entries(columns);
  const mapper: RowMapper<C> = {
    name,
    columns,
    from,
    select: entries.map(([field, column]) => `${column.sql} AS "${field}"`).join(', '),
    map(raw) {
      const row: Record<string, unknown> = {};
      for (const [field, column] of entries) {
        const value = raw[field];
        row[field] =
          value === null || value === undefined
            ? null
            : (column.type === 'bigint' || column.type === 'double precision') && typeof value === 'string'
              ? Number(value)
              : value;
      }
      return row as RowOf<C>;
    },
  };
  ROW_MAPPERS.push(mapper);
  return mapper;
}
