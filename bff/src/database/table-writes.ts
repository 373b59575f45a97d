/**
 * Writes to chosen tables, told in this process the moment a statement that made one has completed on the app's
 * pools (database/data-source.ts). PostgreSQL's own notice of a change (LISTEN/NOTIFY) comes a moment later on
 * another connection: what this process wrote itself must not wait for it (auth/session-cache.ts: a request right
 * after a logout must not find the session still kept).
 */

/** The tables an UPDATE, DELETE or TRUNCATE names (a TRUNCATE may name several), lower-cased. */
const WRITE = /\b(?:update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?((?:"?\w+"?\s*,\s*)*"?\w+"?)/gi;

const listeners: { tables: ReadonlySet<string>; written: () => void }[] = [];

/** Calls `written` after each statement of this process that writes one of `tables`; answers how to stop. */
export function onTablesWritten(tables: readonly string[], written: () => void): () => void {
  const listener = { tables: new Set(tables), written };
  listeners.push(listener);
  return () => {
    const index = listeners.indexOf(listener);
    if (index >= 0) listeners.splice(index, 1);
  };
}

/** The tables a statement writes (UPDATE, DELETE, TRUNCATE; an INSERT changes nothing kept). */
export function writtenTables(sql: string): string[] {
  const tables: string[] = [];
  for (const match of sql.matchAll(WRITE)) {
    for (const name of match[1]!.split(',')) tables.push(name.trim().replaceAll('"', '').toLowerCase());
  }
  return tables;
}

/** A statement has completed: tells the listeners of the tables it wrote. */
export function statementCompleted(sql: string): void {
  if (listeners.length === 0) return;
  const tables = writtenTables(sql);
  if (tables.length === 0) return;
  for (const listener of listeners) {
    if (tables.some((table) => listener.tables.has(table))) listener.written();
  }
}
