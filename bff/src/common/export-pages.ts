import { type PagePosition } from './page-cursor.js';

/** One page of an export's rows, in its list's order, and where the next one starts (null: it was the last). */
export interface ExportPage<R> {
  rows: R[];
  next: PagePosition | null;
}

/** Reads the page of an export after `after` (null: the first page). */
export type ExportPages<R> = (after: PagePosition | null) => Promise<ExportPage<R>>;

/**
 * An export's pages one after another. The first is read here, before the answer starts, so a failure then is a
 * proper error answer rather than a cut download. Each next page is read while the caller writes the one before:
 * the database's time hides behind the writing (a workbook of 20,000 findings waited on its 100 page queries one
 * after another, idle half of its time: bench:findings), and an export holds two pages at most.
 */
export async function exportPages<R>(read: ExportPages<R>): Promise<AsyncGenerator<R[], void, undefined>> {
  return (async function* (page: ExportPage<R>) {
    for (;;) {
      const ahead = page.next === null ? null : read(page.next);
      // Awaited below; a caller that stops first (the client left) must not leave it rejected and unhandled.
      ahead?.catch(() => undefined);
      yield page.rows;
      if (!ahead) return;
      page = await ahead;
    }
  })(await read(null));
}
