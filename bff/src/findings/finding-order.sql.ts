import { type FindingSort } from '@kanat360/contracts';

// The orders a findings list is read in (GET …/findings?sort=), as SQL over the findings row `f`: a leaf that
// imports nothing of the app (STYLE 7a). Each order ends in the row's time and id, so it is total and a keyset
// cursor (the last row's value of every key) continues it exactly.

/** One key of an order. */
export interface FindingOrderKey {
  /** The key's SQL over `f`. */
  sql: string;
  /** The column of the page's row that answers it (the keyset cursor holds its value). */
  alias: string;
  descending: boolean;
  type: 'timestamptz' | 'integer' | 'text';
}

/** Newest first: the tie-break of every order. */
const NEWEST_FIRST: readonly FindingOrderKey[] = [
  // `sortAt` is the time as a cursor prints it (cursorTime): it sorts as the time does.
  { sql: 'f.created_at', alias: 'sortAt', descending: true, type: 'timestamptz' },
  { sql: 'f.id', alias: 'id', descending: true, type: 'integer' },
];

/**
 * The keys of `sort`; `turbineName` is the SQL of the finding's turbine's name as a sort key (the turbines' own
 * fragment, handed in so this file stays a leaf), answered as the page row's `turbineSortName`.
 */
export function findingOrderKeys(sort: FindingSort, turbineName: string): readonly FindingOrderKey[] {
  switch (sort) {
    case 'date_desc':
      return NEWEST_FIRST;
    case 'date_asc':
      return NEWEST_FIRST.map((key) => ({ ...key, descending: false }));
    case 'severity_desc':
    case 'severity_asc':
      return [
        { sql: 'f.severity', alias: 'severity', descending: sort === 'severity_desc', type: 'integer' },
        ...NEWEST_FIRST,
      ];
    case 'turbine_asc':
    case 'turbine_desc': {
      const descending = sort === 'turbine_desc';
      return [
        { sql: turbineName, alias: 'turbineSortName', descending, type: 'text' },
        // Two turbines of one name stay apart.
        { sql: 'f.turbine_id', alias: 'turbineId', descending, type: 'integer' },
        ...NEWEST_FIRST,
      ];
    }
  }
}

/** A key as it is compared: text in byte order ("C"), the same on every PostgreSQL, whatever the database's own. */
function compared(key: FindingOrderKey, sql = key.sql): string {
  return key.type === 'text' ? `(${sql}) COLLATE "C"` : sql;
}

/** `ORDER BY` of the keys, each key's SQL given by `column` (its own SQL, or its alias outside the query). */
export function orderByKeys(keys: readonly FindingOrderKey[], column: (key: FindingOrderKey) => string): string {
  const terms = keys.map((key) => `${compared(key, column(key))} ${key.descending ? 'DESC' : 'ASC'}`);
  return `ORDER BY ${terms.join(', ')}`;
}

/**
 * The rows after `position` in the keys' order (SQL), its values bound through `param`. Keys all one way compare as
 * one row value, which an index on them answers; mixed ways expand to "earlier keys equal, this one past".
 */
export function afterPosition(
  keys: readonly FindingOrderKey[],
  position: readonly (string | number)[],
  param: (value: unknown) => string,
): string {
  const values = keys.map((key, index) => `${param(position[index])}::${key.type === 'integer' ? 'int' : key.type}`);
  const past = (key: FindingOrderKey) => (key.descending ? '<' : '>');
  if (keys.every((key) => key.descending === keys[0]!.descending)) {
    return `(${keys.map((key) => compared(key)).join(', ')}) ${past(keys[0]!)} (${values.join(', ')})`;
  }
  const branches = keys.map((key, index) => {
    const equal = keys.slice(0, index).map((earlier, e) => `${compared(earlier)} = ${values[e]}`);
    return [...equal, `${compared(key)} ${past(key)} ${values[index]}`].join(' AND ');
  });
  return `(${branches.map((branch) => `(${branch})`).join(' OR ')})`;
}
