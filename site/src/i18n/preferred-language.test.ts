import { readFileSync } from 'node:fs';
import { resolveLanguage } from '@kanat360/i18n';
import { describe, expect, it } from 'vitest';

type Preferred = (stored: string | null, browserLanguage: string | undefined) => string;

// The inline copy is evaluated as the browser would run it.
const source = readFileSync(new URL('./preferred-language.inline.js', import.meta.url), 'utf8');
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const load = new Function(`${source}; return kanat360PreferredLanguage;`) as () => Preferred;
const preferred = load();

describe('the inline language choice of the Turkish pages', () => {
  it.each([
    [null, 'tr-TR', 'tr'],
    [null, 'tr', 'tr'],
    [null, 'TR-tr', 'tr'],
    [null, 'en-US', 'en'],
    [null, 'de-DE', 'en'],
    [null, 'fr', 'en'],
    [null, undefined, 'tr'],
    [null, '', 'tr'],
    [null, '*', 'tr'],
    [null, '123', 'tr'],
    ['en', 'tr-TR', 'en'],
    ['tr', 'en-US', 'tr'],
    ['de', 'en-GB', 'en'],
    ['garbage', 'tr-TR', 'tr'],
  ])('stored %s, browser %s → %s, as resolveLanguage answers', (stored, browser, expected) => {
    expect(preferred(stored, browser)).toBe(expected);
    expect(resolveLanguage(stored, browser)).toBe(expected);
  });
});
