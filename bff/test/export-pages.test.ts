import { describe, expect, it } from 'vitest';
import { type ExportPages, exportPages } from '@/common/export-pages.js';

const at = '2025-06-01T00:00:00.000000Z';

/** Three pages of one row each, recording which pages were asked for. */
function threePages(asked: (number | null)[], failAt?: number): ExportPages<number> {
  return (after) => {
    asked.push(after?.id ?? null);
    const index = after === null ? 1 : after.id + 1;
    if (index === failAt) return Promise.reject(new Error('connection lost'));
    return Promise.resolve({ rows: [index], next: index < 3 ? { at, id: index } : null });
  };
}

describe('exportPages', () => {
  it('reads the first page before it returns, and each next one only once the one before was taken', async () => {
    const asked: (number | null)[] = [];
    const pages = await exportPages(threePages(asked));
    expect(asked).toEqual([null]);
    const seen: number[][] = [];
    for await (const rows of pages) {
      seen.push(rows);
      // Nothing read ahead: an export holds one page.
      expect(asked).toHaveLength(seen.length);
    }
    expect(seen).toEqual([[1], [2], [3]]);
    expect(asked).toEqual([null, 1, 2]);
  });

  it('fails where the page that failed would come', async () => {
    const pages = await exportPages(threePages([], 3));
    const seen: number[][] = [];
    await expect(
      (async () => {
        for await (const rows of pages) seen.push(rows);
      })(),
    ).rejects.toThrow('connection lost');
    expect(seen).toEqual([[1], [2]]);
  });

  it('reads no more once the writer stops (the client left)', async () => {
    const asked: (number | null)[] = [];
    const pages = await exportPages(threePages(asked));
    for await (const rows of pages) {
      expect(rows).toEqual([1]);
      break;
    }
    expect(asked).toEqual([null]);
  });
});
