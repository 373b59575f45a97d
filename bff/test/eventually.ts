/** Waits `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks `check` again and again until it answers something other than undefined or false (work a job does in the
 * background), and answers that; fails naming `what` once `timeoutMs` have passed. The tests' one polling loop.
 */
export async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  { timeoutMs = 20_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** The number a counting query answers (`SELECT count(*)::int AS count …`). */
export async function countOf(
  dataSource: { query: (sql: string, params?: unknown[]) => Promise<unknown> },
  sql: string,
  params: unknown[] = [],
): Promise<number> {
  const rows = (await dataSource.query(sql, params)) as { count: number | string }[];
  return Number(rows[0]?.count ?? 0);
}
