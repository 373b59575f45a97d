import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { turkishCatalog } from '@kanat360/i18n';
import { describe, expect, it } from 'vitest';

// .astro files are not type-checked, so a mistyped message key would only show up as raw text on the page.
const root = fileURLToPath(new URL('..', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.(astro|ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.test.ts')
        ? [join(dir, entry.name)]
        : [],
  );

describe('message keys in the site sources', () => {
  it('all exist in the catalogs', () => {
    const used = new Set<string>();
    for (const file of sources(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/['"`]((?:site|common|errors|auth|api)\.[\w.]+)['"`]/g)) {
        used.add(match[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].filter((key) => !Object.hasOwn(turkishCatalog, key));
    expect(missing).toEqual([]);
  });
});
