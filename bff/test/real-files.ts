import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Files from real cameras and scanners, from public sample collections (tests/fixtures/real-files/README.md). */
export const REAL_FILES = fileURLToPath(new URL('../../tests/fixtures/real-files/', import.meta.url));

export function realFile(name: string): Buffer {
  return readFileSync(REAL_FILES + name);
}
