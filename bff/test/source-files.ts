import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** bff/src, where the paths below start. */
export const SRC = fileURLToPath(new URL('../src', import.meta.url));

export interface SourceFile {
  /** From bff/src: `media/media.repository.ts`. */
  path: string;
  text: string;
}

/** Every TypeScript file under bff/src (or `dir`), read, for the tests of house rules. */
export function sourceFiles(dir = SRC): SourceFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [{ path: relative(SRC, path), text: readFileSync(path, 'utf8') }] : [];
  });
}

/**
 * The code of a source without its comments (prose says "from media" too), lines kept where they were; strings,
 * SQL among them, stay.
 */
export function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}
